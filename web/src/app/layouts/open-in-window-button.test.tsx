/**
 * "Open in its own window" (issue 34): absent in a top-level page; in a frame it opens a window in
 * the press itself, asks POST /api/bigcommerce/window-code (as the signed-in user) and sends the
 * window to the one-time sign-in page, its opener cleared. A failure closes the window and says
 * why in a red toast; a blocked window says so without asking the API.
 */
import { Notifications, notifications } from '@mantine/notifications';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { isFramed } from '../../lib/framed';
import { AuthProvider } from '../../lib/session';
import { fakeIdentity, fakeUser } from '../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../testing/render';
import { json, stubApi, type ApiRoutes, type StubbedRequest } from '../../testing/stub-api';
import { OPEN_IN_WINDOW, OpenInWindowButton } from './open-in-window-button';

const frame = vi.hoisted(() => ({ framed: true }));
vi.mock('../../lib/framed', () => ({ isFramed: () => frame.framed }));

const PATH = `/sign-in/code#code=${'B'.repeat(43)}`;

let rendered: Rendered | undefined;
let routes: ApiRoutes;
const requests: StubbedRequest[] = [];
let headers: Array<Record<string, string>>;

interface FakeWindow {
  opener: unknown;
  document: { title: string; body: { textContent: string } };
  location: { replace: ReturnType<typeof vi.fn> };
  close: ReturnType<typeof vi.fn>;
}
const fakeWindow = (): FakeWindow => ({
  opener: window,
  document: { title: '', body: { textContent: '' } },
  location: { replace: vi.fn() },
  close: vi.fn(),
});

beforeEach(() => {
  localStorage.clear();
  frame.framed = true;
  requests.length = 0;
  headers = [];
  routes = { 'POST /api/bigcommerce/window-code': () => json({ path: PATH }) };
  stubApi(() => routes, requests);
  const stubbed = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    headers.push({ ...(init.headers as Record<string, string>) });
    return stubbed(url, init);
  });
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => notifications.clean());
});

async function show() {
  const identity = fakeIdentity();
  rendered = await render(
    <AuthProvider connect={identity.connect}>
      <Notifications />
      <OpenInWindowButton />
    </AuthProvider>,
  );
  await waitFor(() => identity.connections() > 0);
  await act(async () => identity.emit(fakeUser({ uid: 'bc:abc123:1001', email: null })));
  return rendered.container;
}

const button = () => document.querySelector<HTMLButtonElement>(`button[aria-label="${OPEN_IN_WINDOW.label}"]`);
const text = () => document.body.textContent ?? '';

describe('OpenInWindowButton', () => {
  it('is not there in a page of its own (not framed)', async () => {
    frame.framed = false;
    await show();
    expect(button()).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it("opens a window in the press, then sends it to the API's sign-in page for the same user", async () => {
    const popup = fakeWindow();
    const open = vi.spyOn(window, 'open').mockImplementation(() => {
      // In the press itself: nothing asked of the API yet.
      expect(requests).toHaveLength(0);
      return popup as unknown as Window;
    });
    await show();
    expect(button()).not.toBeNull();
    await act(async () => button()!.click());
    await waitFor(() => popup.location.replace.mock.calls.length > 0);

    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(requests).toEqual([{ method: 'POST', url: '/api/bigcommerce/window-code', body: undefined }]);
    expect(headers[0]?.Authorization).toBe('Bearer fake-token');
    expect(popup.location.replace).toHaveBeenCalledWith(new URL(PATH, window.location.origin).href);
    // As noopener: the new window cannot reach this one.
    expect(popup.opener).toBeNull();
    expect(popup.close).not.toHaveBeenCalled();
  });

  it("closes the window and shows the server's reason in a red toast when the API refuses", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const show_ = vi.spyOn(notifications, 'show');
    routes = { 'POST /api/bigcommerce/window-code': () => json({ error: { code: 'NOT_FOUND', message: 'Not set up for BigCommerce' } }, 404) };
    const popup = fakeWindow();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    await show();
    await act(async () => button()!.click());
    await waitFor(() => text().includes('Not set up for BigCommerce'));
    expect(text()).toContain(OPEN_IN_WINDOW.failedTitle);
    expect(show_).toHaveBeenCalledWith(expect.objectContaining({ color: 'red' }));
    expect(popup.close).toHaveBeenCalledTimes(1);
    expect(popup.location.replace).not.toHaveBeenCalled();
  });

  it('says the browser blocked the window, without asking the API', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await show();
    await act(async () => button()!.click());
    await waitFor(() => text().includes(OPEN_IN_WINDOW.blocked));
    expect(requests).toHaveLength(0);
  });
});

describe('isFramed', () => {
  it('is false in a top-level page', async () => {
    const actual = await vi.importActual<{ isFramed: typeof isFramed }>('../../lib/framed');
    expect(actual.isFramed()).toBe(false);
  });
});
