import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { canInstallNow, promptInstall } from './install-prompt';

const frame = vi.hoisted(() => ({ framed: false }));
vi.mock('../lib/framed', () => ({ isFramed: () => frame.framed }));

function offer(outcome: 'accepted' | 'dismissed' = 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: () => Promise<void>;
    userChoice: Promise<{ outcome: string }>;
  };
  event.prompt = vi.fn(async () => {});
  event.userChoice = Promise.resolve({ outcome });
  window.dispatchEvent(event);
  return event;
}

describe('install prompt', () => {
  // First: the other test ends with the app installed, which hides the button for good.
  it("offers no installation inside another page's frame (BigCommerce's control panel)", async () => {
    window.matchMedia ??= (() => ({ matches: false })) as unknown as typeof window.matchMedia;
    frame.framed = true;
    offer();
    expect(canInstallNow()).toBe(false);
    frame.framed = false;
    expect(canInstallNow()).toBe(true); // the same offer, in a page of its own
    await act(async () => {
      await promptInstall();
    });
    expect(canInstallNow()).toBe(false);
  });

  it('holds the browser offer (no mini-infobar), prompts once, then hides until offered again, and for good once installed', async () => {
    window.matchMedia ??= (() => ({ matches: false })) as unknown as typeof window.matchMedia;
    expect(canInstallNow()).toBe(false);

    const first = offer();
    expect(first.defaultPrevented).toBe(true);
    expect(canInstallNow()).toBe(true);
    await act(async () => {
      await expect(promptInstall()).resolves.toBe('dismissed');
    });
    expect(first.prompt).toHaveBeenCalledTimes(1);
    expect(canInstallNow()).toBe(false);
    await expect(promptInstall()).resolves.toBe('unavailable');

    offer();
    expect(canInstallNow()).toBe(true);
    window.dispatchEvent(new Event('appinstalled'));
    expect(canInstallNow()).toBe(false);
    offer();
    expect(canInstallNow()).toBe(false);
  });
});
