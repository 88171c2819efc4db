import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiFetch, NETWORK_ERROR_MESSAGE } from './api-client';
import { checkConnectionNow, HEALTH_PATH, isOnline, onReconnect, reportAnswer, reportNoAnswer, subscribeConnectivity } from './connectivity';

let serverUp = false;
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  if (!serverUp) throw new TypeError('Failed to fetch');
  return new Response(JSON.stringify({ status: 'ok', path: String(input) }), { status: 200 });
});

beforeEach(() => {
  vi.useFakeTimers();
  serverUp = false;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('connectivity', () => {
  it('goes offline when a request gets no answer, probes the server, and comes back once it answers', async () => {
    const changes = vi.fn();
    const reconnects = vi.fn();
    subscribeConnectivity(changes);
    onReconnect(reconnects);
    expect(isOnline()).toBe(true);

    reportNoAnswer();
    expect(isOnline()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(1);
    reportNoAnswer(); // a second failure changes nothing and schedules no second probe
    expect(changes).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe(HEALTH_PATH);
    expect(isOnline()).toBe(false);

    // Backing off: the next probe comes 4 s later, not 2.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    serverUp = true;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(isOnline()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(2);
    expect(reconnects).toHaveBeenCalledTimes(1);

    // Nothing is probed while reachable.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never probes more rarely than every 10 s while the browser has a network', async () => {
    reportNoAnswer();
    await vi.advanceTimersByTimeAsync(2_000 + 4_000 + 8_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('asks the server at once when something waits for it, only while it seems gone', async () => {
    checkConnectionNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).not.toHaveBeenCalled(); // reachable: nothing to ask
    reportNoAnswer();
    serverUp = true;
    checkConnectionNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(isOnline()).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(1); // the scheduled probe was dropped
  });

  it('follows the browser: offline without a network, and a probe at once when it says online', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const reconnects = vi.fn();
    onReconnect(reconnects);
    window.dispatchEvent(new Event('offline'));
    expect(isOnline()).toBe(false);
    reportNoAnswer();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).not.toHaveBeenCalled(); // no network: no probes

    onLine.mockReturnValue(true);
    serverUp = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(isOnline()).toBe(true);
    expect(reconnects).toHaveBeenCalledTimes(1);
  });

  it('counts the browser coming back as a reconnect when the server was never lost', () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
    const reconnects = vi.fn();
    onReconnect(reconnects);
    onLine.mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(reconnects).toHaveBeenCalledTimes(1);
    reportAnswer();
    expect(reconnects).toHaveBeenCalledTimes(1);
    // An online event the app saw no offline before (it missed it, or the network changed): once more.
    window.dispatchEvent(new Event('online'));
    expect(reconnects).toHaveBeenCalledTimes(2);
  });
});

describe('apiFetch and connectivity', () => {
  it('a request without an answer sets the app offline; any answer, even an error status, sets it online', async () => {
    let answer: 'none' | 500 = 'none';
    const apiFetch = createApiFetch({
      getToken: async () => 't',
      fetch: async () => {
        if (answer === 'none') throw new TypeError('Failed to fetch');
        return new Response('{}', { status: answer, headers: { 'Content-Type': 'application/json' } });
      },
    });
    await expect(apiFetch('/api/dashboard')).rejects.toThrow(NETWORK_ERROR_MESSAGE);
    expect(isOnline()).toBe(false);
    answer = 500;
    // A read is not asked while the server has not answered (api-client.ts); a write is.
    await expect(apiFetch('/api/dashboard')).rejects.toThrow(NETWORK_ERROR_MESSAGE);
    await expect(apiFetch('/api/work-orders', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 500 });
    expect(isOnline()).toBe(true);
  });

  it('an aborted request says nothing about the connection', async () => {
    const controller = new AbortController();
    const apiFetch = createApiFetch({
      getToken: async () => 't',
      fetch: async () => {
        controller.abort();
        throw new DOMException('aborted', 'AbortError');
      },
    });
    await expect(apiFetch('/api/products', { signal: controller.signal })).rejects.toThrow('aborted');
    expect(isOnline()).toBe(true);
  });
});
