import { encodeSyncEvent, type SyncEvent } from '@catalog/contracts/sync';
import { notifications } from '@mantine/notifications';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearApiQueries } from '../../../lib/api-query';
import { OFFLINE_ACTION_MESSAGE } from '../../../lib/use-online';
import { AuthProvider } from '../../../lib/session';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { SyncControls } from './sync-controls';

let rendered: Rendered | undefined;
let respond: Record<string, () => Response>;
let requests: Array<{ url: string; method: string; authorization: string | null }>;
let toasts: Array<{ title?: unknown; message?: unknown; color?: unknown; autoClose?: unknown }>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A sync stream the test writes to, block by block. */
function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: () => new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: async (event: SyncEvent) => act(async () => controller.enqueue(encoder.encode(encodeSyncEvent(event)))),
    /** Ends the stream (unless the reader already let go of it after the outcome). */
    end: async () =>
      act(async () => {
        try {
          controller.close();
        } catch {
          // cancelled by the reader
        }
      }),
    fail: async () => act(async () => controller.error(new TypeError('network error'))),
  };
}

const progress = (stage: 'starting' | 'products' | 'complete' | 'cancelled', percentage: number, message: string): SyncEvent => ({
  kind: 'progress',
  progress: { stage, percentage, message },
});

beforeEach(() => {
  localStorage.clear();
  clearApiQueries();
  requests = [];
  toasts = [];
  respond = {};
  vi.spyOn(notifications, 'show').mockImplementation((toast) => {
    toasts.push(toast);
    return 'toast';
  });
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    requests.push({ url: input, method: init.method ?? 'GET', authorization: headers.Authorization ?? null });
    const handler = respond[input];
    return handler ? handler() : json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderControls(onSynced = vi.fn()) {
  const identity = fakeIdentity();
  rendered = await render(
    <AuthProvider connect={identity.connect}>
      <MemoryRouter>
        <SyncControls onSynced={onSynced} lastSyncAt={null} />
      </MemoryRouter>
    </AuthProvider>,
  );
  await waitFor(() => identity.connections() > 0);
  await act(async () => identity.emit(fakeUser()));
  return { container: rendered.container, onSynced };
}

const button = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
const bar = (container: HTMLElement) => container.querySelector<HTMLElement>('[role="progressbar"]');
const titles = () => toasts.map((t) => t.title);

describe('SyncControls', () => {
  it('shows the streamed progress, then resets 1 second after success and refreshes the list', async () => {
    const stream = controlledStream();
    respond['/api/sync'] = stream.response;
    const { container, onSynced } = await renderControls();
    expect(container.textContent).toContain('Last sync: never');
    expect(bar(container)).toBeNull();

    await act(async () => button(container, 'Sync Products')!.click());
    await waitFor(() => bar(container) !== null);
    expect(requests.find((r) => r.url === '/api/sync')).toMatchObject({ method: 'POST', authorization: 'Bearer fake-token' });
    expect(button(container, 'Sync Products')!.disabled).toBe(true);

    await stream.send(progress('starting', 0, 'Connecting to your store'));
    await stream.send(progress('products', 46, 'Fetching products (page 1 of 1)'));
    await waitFor(() => bar(container)?.getAttribute('aria-valuenow') === '46');
    expect(bar(container)!.getAttribute('aria-label')).toBe('Sync progress');
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Fetching products (page 1 of 1)');
    expect(container.textContent).toContain('46%');
    expect(button(container, 'Cancel sync')).toBeDefined();

    await stream.send(progress('complete', 100, 'Synced 5 products and 0 variants'));
    await stream.send({ kind: 'result', result: { message: 'Synced 5 products and 0 variants' } });
    await stream.end();
    await waitFor(() => onSynced.mock.calls.length === 1);
    expect(bar(container)?.getAttribute('aria-valuenow')).toBe('100');
    expect(titles()).toEqual(['Sync Complete']);

    await waitFor(() => bar(container) === null, 2000);
    expect(button(container, 'Sync Products')!.disabled).toBe(false);
  });

  it('shows the bar of a sync running elsewhere (GET /api/sync/status), offers its Cancel, and refreshes when it ends', async () => {
    let status: unknown = {
      running: true, stage: 'products', percentage: 37, message: 'Fetching products (page 2 of 5)', startedAt: '2026-01-01T10:00:00.000Z',
    };
    respond['/api/sync/status'] = () => json(status);
    respond['/api/sync/cancel'] = () => json({ message: 'Cancelling the sync' });
    const { container, onSynced } = await renderControls();
    await waitFor(() => bar(container)?.getAttribute('aria-valuenow') === '37');
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Fetching products (page 2 of 5)');
    expect(button(container, 'Sync Products')!.disabled).toBe(true);

    status = { running: false };
    await act(async () => button(container, 'Cancel sync')!.click());
    await waitFor(() => requests.some((r) => r.url === '/api/sync/cancel' && r.method === 'POST'));
    await waitFor(() => bar(container) === null);
    expect(onSynced).toHaveBeenCalledTimes(1);
    expect(button(container, 'Sync Products')!.disabled).toBe(false);
  });

  it("shows the plan's warning as a red 8-second 'Plan Limit Reached' toast 1 second after success", async () => {
    const stream = controlledStream();
    respond['/api/sync'] = stream.response;
    const { container } = await renderControls();
    await act(async () => button(container, 'Sync Products')!.click());
    const warning = 'Your Trial plan allows 5 products; 1,195 more in your store were not synced. Upgrade to sync more.';
    await stream.send({ kind: 'result', result: { message: 'Synced 5 products', warning } });
    await stream.end();
    await waitFor(() => titles().includes('Sync Complete'));
    const completedAt = Date.now();
    expect(titles()).not.toContain('Plan Limit Reached');
    await waitFor(() => titles().includes('Plan Limit Reached'), 2000);
    expect(Date.now() - completedAt).toBeGreaterThanOrEqual(900);
    expect(toasts.find((t) => t.title === 'Plan Limit Reached')).toMatchObject({ color: 'red', autoClose: 8000, message: warning });
  });

  it("says why a sync could not start: the server's message, else 'Failed to start sync'", async () => {
    respond['/api/sync'] = () => json({ error: { code: 'CONFLICT', message: 'A sync is already running for this store' } }, 409);
    const { container } = await renderControls();
    await act(async () => button(container, 'Sync Products')!.click());
    await waitFor(() => toasts.length === 1);
    expect(toasts[0]).toMatchObject({ color: 'red', title: 'Error', message: 'A sync is already running for this store' });
    expect(bar(container)).toBeNull();
    expect(button(container, 'Sync Products')!.disabled).toBe(false);

    respond['/api/sync'] = () => new Response(null, { status: 500, statusText: 'Internal Server Error' });
    await act(async () => button(container, 'Sync Products')!.click());
    await waitFor(() => toasts.length === 2);
    expect(toasts[1]!.message).toBe('500: Internal Server Error');
  });

  it("reports 'No response stream available' for an answer without a body", async () => {
    respond['/api/sync'] = () => new Response(null, { status: 200 });
    const { container } = await renderControls();
    await act(async () => button(container, 'Sync Products')!.click());
    await waitFor(() => toasts.length === 1);
    expect(toasts[0]).toMatchObject({ title: 'Error', message: 'No response stream available' });
    expect(bar(container)).toBeNull();
  });

  it("shows an error block's message, and 'Failed to sync products' for a broken stream", async () => {
    const first = controlledStream();
    respond['/api/sync'] = first.response;
    const { container, onSynced } = await renderControls();
    await act(async () => button(container, 'Sync Products')!.click());
    await first.send(progress('products', 20, 'Fetching products (page 1 of 5)'));
    await first.send({ kind: 'error', error: { message: 'The store rejected the access token (HTTP 401). Check the access token in Settings.' } });
    await waitFor(() => toasts.length === 1);
    expect(toasts[0]).toMatchObject({ title: 'Error', message: expect.stringContaining('rejected the access token') });
    expect(bar(container)).toBeNull();

    const second = controlledStream();
    respond['/api/sync'] = second.response;
    await act(async () => button(container, 'Sync Products')!.click());
    await second.send(progress('products', 20, 'Fetching products (page 1 of 5)'));
    await second.fail();
    await waitFor(() => toasts.length === 2);
    expect(toasts[1]).toMatchObject({ title: 'Error', message: 'Failed to sync products' });
    expect(bar(container)).toBeNull();
    expect(onSynced).not.toHaveBeenCalled();
  });

  it('cancels a running sync, and says so when the cancel fails', async () => {
    const stream = controlledStream();
    respond['/api/sync'] = stream.response;
    respond['/api/sync/cancel'] = () => json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } }, 500);
    const { container, onSynced } = await renderControls();
    await act(async () => button(container, 'Sync Products')!.click());
    await stream.send(progress('products', 30, 'Fetching products (page 2 of 5)'));
    await waitFor(() => button(container, 'Cancel sync') !== undefined);

    await act(async () => button(container, 'Cancel sync')!.click());
    await waitFor(() => toasts.length === 1);
    expect(toasts[0]).toMatchObject({ color: 'red', title: 'Cancel Failed', message: 'Something went wrong on our side. Please try again.' });
    expect(bar(container)).not.toBeNull();

    respond['/api/sync/cancel'] = () => json({ message: 'Cancelling the sync' });
    await act(async () => button(container, 'Cancel sync')!.click());
    await waitFor(() => requests.filter((r) => r.url === '/api/sync/cancel').length === 2);
    await stream.send(progress('cancelled', 30, 'Sync cancelled; 250 products were updated before it stopped'));
    await waitFor(() => bar(container) === null);
    expect(toasts[1]).toMatchObject({ title: 'Sync Cancelled', message: 'Sync cancelled; 250 products were updated before it stopped' });
    expect(onSynced).not.toHaveBeenCalled();
  });

  it('waits while offline, saying that it needs a connection', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const { container } = await renderControls();
    const sync = button(container, 'Sync Products')!;
    await waitFor(() => sync.getAttribute('aria-disabled') === 'true');
    expect(document.getElementById(sync.getAttribute('aria-describedby')!)?.textContent).toBe(OFFLINE_ACTION_MESSAGE);
    await act(async () => sync.click());
    expect(requests.some((r) => r.url === '/api/sync')).toBe(false);

    onLine.mockReturnValue(true);
    await act(async () => window.dispatchEvent(new Event('online')));
    await waitFor(() => !sync.hasAttribute('aria-disabled'));
  });
});
