/**
 * The app's services: the service worker is registered (with its update notice) in a page of its
 * own, never in a frame (BigCommerce's control panel, issue 34), where it would be a third-party one.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, type Rendered } from '../testing/render';
import { AppServices } from './app-services';

const frame = vi.hoisted(() => ({ framed: false }));
vi.mock('../lib/framed', () => ({ isFramed: () => frame.framed }));

/** Stands for the registration (virtual:pwa-register/react, which only the build provides). */
const registered = vi.hoisted(() => vi.fn());
vi.mock('./pwa-update-notice', () => ({
  PwaUpdateNotice: () => {
    registered();
    return null;
  },
}));

let rendered: Rendered | undefined;

afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  frame.framed = false;
  registered.mockClear();
});

describe('AppServices', () => {
  it('registers the service worker in a page of its own', async () => {
    rendered = await render(<AppServices />);
    expect(registered).toHaveBeenCalled();
  });

  it('registers none in a frame', async () => {
    frame.framed = true;
    rendered = await render(<AppServices />);
    expect(registered).not.toHaveBeenCalled();
  });
});
