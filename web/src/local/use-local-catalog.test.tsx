/**
 * The signed-in shell's hook (use-local-catalog.ts) opens the user's catalog and starts the
 * device's price lists following it (issue 35), whatever screen is shown, so a screen opened
 * offline later finds them; without a user it starts neither.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../testing/render';
import { deviceCatalog } from './device-catalog';
import { devicePriceLists } from './device-price-lists';
import { useLocalCatalog } from './use-local-catalog';

let signedIn: { uid: string } | null = null;
vi.mock(import('../lib/session'), async (importOriginal) => ({ ...(await importOriginal()), useAuth: () => ({ user: signedIn }) as ReturnType<typeof import('../lib/session').useAuth> }));
vi.mock('./outbox-hooks', () => {
  const outbox = { flush: async () => {} };
  return { useOutbox: () => outbox };
});

function Shell() {
  useLocalCatalog();
  return null;
}

afterEach(() => {
  vi.restoreAllMocks();
  devicePriceLists.stop();
  deviceCatalog.close();
});

describe('the signed-in shell', () => {
  it('opens the user\u2019s catalog and starts the price lists following it; signed out, neither', async () => {
    const start = vi.spyOn(devicePriceLists, 'start');
    // No pull reaches the network here: the device is offline for the catalog's and the lists' pulls.
    vi.spyOn(deviceCatalog, 'pullNow').mockResolvedValue(undefined);
    signedIn = null;
    const out = await render(<Shell />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(start).not.toHaveBeenCalled();
    out.unmount();

    signedIn = { uid: `shell-${Date.now()}` };
    const shown = await render(<Shell />);
    await vi.waitFor(() => expect(start).toHaveBeenCalled());
    expect(deviceCatalog.status().uid).toBe(signedIn.uid);
    await vi.waitFor(() => expect(devicePriceLists.status().uid).toBe(signedIn!.uid));
    shown.unmount();
  });
});
