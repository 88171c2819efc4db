/**
 * The store's pacer as a scheduler: the order queued requests leave in at a window's reset
 * (foreground first, FIFO within a priority, no more than the quota allows), the share of each
 * window kept for foreground requests, waits in the caller's own sleep, a 429 of one client
 * pausing every client of the store, abort while queued, and stores that do not hold each other
 * up. A manual clock keeps it exact.
 */
import { describe, expect, it } from 'vitest';
import { BigCommerceClient } from './client';
import type { BigCommerceClientOptions } from './client';
import { BigCommerceError } from './errors';
import { StoreRateLimiter, readRateLimitHeaders, sharedRateLimiter } from './rate-limiter';
import type { RequestPriority } from './rate-limiter';
import type { Sleep } from './timing';

/** A clock that moves only when the test says; sleeps end when it passes their time. */
function manualClock() {
  let t = 1_000;
  const timers = new Set<{ at: number; done: () => void }>();
  const sleep: Sleep = (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      const timer = { at: t + ms, done: resolve };
      timers.add(timer);
      signal?.addEventListener('abort', () => {
        timers.delete(timer);
        reject(signal.reason);
      }, { once: true });
    });
  return {
    now: () => t,
    sleep,
    timers: () => timers.size,
    async advance(ms: number) {
      t += ms;
      for (const timer of [...timers].filter((x) => x.at <= t)) {
        timers.delete(timer);
        timer.done();
      }
      await settled();
    },
  };
}

/** Lets every pending promise callback run. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

const headers = (left: number, resetMs: number, quota = 150) =>
  readRateLimitHeaders(new Headers({
    'X-Rate-Limit-Requests-Left': String(left),
    'X-Rate-Limit-Time-Reset-Ms': String(resetMs),
    'X-Rate-Limit-Requests-Quota': String(quota),
    'X-Rate-Limit-Time-Window-Ms': '30000',
  }));

/** A pacer that has learned `left` of `quota` remain until a reset 1 s away, and a log of who got a turn. */
function pacerAt(left: number, quota: number, reserve = 2) {
  const clock = manualClock();
  const limiter = new StoreRateLimiter();
  const released: string[] = [];
  const ask = (name: string, priority: RequestPriority, signal?: AbortSignal) =>
    limiter.acquire({ ...clock, reserve, priority, signal }).then(() => void released.push(name));
  return {
    clock, limiter, released, ask,
    async start() {
      await ask('first', 'foreground');
      released.length = 0;
      limiter.settle(headers(left, 1_000, quota), clock.now());
    },
  };
}

describe('the order queued requests leave the store\'s pacer in', () => {
  it('lets foreground and background requests go at once while the quota allows', async () => {
    const p = pacerAt(100, 150);
    await p.start();
    await Promise.all([p.ask('sync', 'background'), p.ask('order', 'foreground')]);
    expect(p.released).toEqual(['sync', 'order']);
    expect(p.clock.timers()).toBe(0);
  });

  it('lets every waiting foreground request out before any background one, FIFO within each', async () => {
    // 4 a window with 3 kept in reserve: one request a window, so the order they leave in shows.
    const p = pacerAt(1, 4, 3);
    await p.start();
    const all = ['page 1', 'page 2'].map((n) => p.ask(n, 'background'));
    all.push(p.ask('order write 1', 'foreground'), p.ask('page 3', 'background'), p.ask('order write 2', 'foreground'));
    await settled();
    expect(p.released).toEqual([]);
    expect(p.limiter.snapshot().waiting).toEqual({ foreground: 2, background: 3 });
    for (let window = 1; window <= 5; window++) {
      await p.clock.advance(1_010);
      expect(p.released).toHaveLength(window);
      p.limiter.settle(headers(3, 990, 4), p.clock.now());
    }
    await Promise.all(all);
    expect(p.released).toEqual(['order write 1', 'order write 2', 'page 1', 'page 2', 'page 3']);
  });

  it('lets out no more than the quota allows at the reset, then as answers tell the count', async () => {
    const p = pacerAt(1, 5, 1);
    await p.start();
    const waiting = Array.from({ length: 8 }, (_, i) => p.ask(`page ${i + 1}`, 'foreground'));
    await p.clock.advance(1_010);
    // A window of 5 with 1 kept in reserve: 4 go, the other 4 wait for the answers.
    expect(p.released).toEqual(['page 1', 'page 2', 'page 3', 'page 4']);
    expect(p.limiter.snapshot()).toMatchObject({ inFlight: 4, waiting: { foreground: 4 } });
    // The answers say 2 are left: with 1 in reserve, one more goes once none is in flight.
    p.limiter.settle(headers(3, 900, 5), p.clock.now());
    p.limiter.settle(headers(2, 900, 5), p.clock.now());
    await settled();
    expect(p.released).toHaveLength(4);
    p.limiter.settle(headers(2, 900, 5), p.clock.now());
    p.limiter.settle(headers(2, 900, 5), p.clock.now());
    await settled();
    expect(p.released).toEqual(['page 1', 'page 2', 'page 3', 'page 4', 'page 5']);
    await p.clock.advance(910);
    await Promise.all(waiting);
    expect(p.released).toHaveLength(8);
  });

  it('keeps a share of each window for foreground requests: an order arriving mid-window does not wait for the reset', async () => {
    const p = pacerAt(4, 20);
    await p.start();
    // 20 a window, 2 in reserve, 2 (10%) kept for foreground: background stops at 4 left.
    const page = p.ask('page', 'background');
    await p.ask('order', 'foreground');
    expect(p.released).toEqual(['order']);
    await p.clock.advance(1_010);
    await page;
    expect(p.released).toEqual(['order', 'page']);
  });

  it('still lets background requests through each window of a tiny quota', async () => {
    const p = pacerAt(0, 3);
    await p.start();
    const pages = [p.ask('page 1', 'background'), p.ask('page 2', 'background')];
    await p.clock.advance(1_010);
    expect(p.released).toEqual(['page 1']);
    p.limiter.settle(headers(2, 1_000, 3), p.clock.now());
    await p.clock.advance(1_010);
    await Promise.all(pages);
    expect(p.released).toEqual(['page 1', 'page 2']);
  });

  it('pauses each queued request in its caller\'s own sleep, so a wrapper around sleep sees every wait', async () => {
    const p = pacerAt(2, 150);
    await p.start();
    const asleep = { sync: 0, order: 0 };
    const sleepOf = (who: keyof typeof asleep): Sleep => async (ms, signal) => {
      asleep[who]++;
      try {
        await p.clock.sleep(ms, signal);
      } finally {
        asleep[who]--;
      }
    };
    const sync = p.limiter.acquire({ ...p.clock, sleep: sleepOf('sync'), reserve: 2, priority: 'background' });
    const order = p.limiter.acquire({ ...p.clock, sleep: sleepOf('order'), reserve: 2, priority: 'foreground' });
    await settled();
    expect(asleep).toEqual({ sync: 1, order: 1 });
    await p.clock.advance(1_010);
    await Promise.all([sync, order]);
    expect(asleep).toEqual({ sync: 0, order: 0 });
  });

  it('drops an aborted waiter from the queue at once, and stops waiting when nobody is left', async () => {
    const p = pacerAt(2, 150);
    await p.start();
    const controller = new AbortController();
    const aborted = p.ask('page', 'background', controller.signal);
    await settled();
    expect(p.clock.timers()).toBe(1);
    controller.abort(new Error('the sync was cancelled'));
    await expect(aborted).rejects.toThrow('the sync was cancelled');
    expect(p.limiter.snapshot().waiting).toEqual({ foreground: 0, background: 0 });
    expect(p.clock.timers()).toBe(0);
  });
});

/** Clients of one store (or of two) with a scripted network and the manual clock. */
function scriptedStore(clock: ReturnType<typeof manualClock>) {
  const sent: string[] = [];
  const answers: Array<() => Response> = [];
  const client = (name: string, options: Partial<BigCommerceClientOptions> = {}) =>
    new BigCommerceClient({
      baseUrl: 'https://api.example.test', storeHash: 'store-a', accessToken: 't', random: () => 0.5,
      now: clock.now, sleep: clock.sleep,
      fetch: async () => {
        sent.push(name);
        const next = answers.shift();
        if (!next) throw new Error('no scripted answer left');
        return next();
      },
      ...options,
    });
  return { sent, answers, client };
}

const ok = () => new Response(JSON.stringify({ data: [], meta: {} }), { status: 200 });
const tooMany = () => new Response('{}', { status: 429, headers: { 'X-Rate-Limit-Requests-Left': '0', 'X-Rate-Limit-Time-Reset-Ms': '1000' } });

describe('one pacer for every client of a store', () => {
  it('pauses every client of the store after one of them got a 429; then the order, then the refused read, then later reads', async () => {
    const clock = manualClock();
    const store = scriptedStore(clock);
    const limiter = new StoreRateLimiter();
    const sync = store.client('sync', { rateLimiter: limiter });
    const refresh = store.client('refresh', { rateLimiter: limiter });
    const order = store.client('order', { rateLimiter: limiter, priority: 'foreground' });
    store.answers.push(tooMany);
    const syncRead = sync.getProducts([1]);
    await settled();
    const refreshRead = refresh.getProducts([2]);
    const orderRead = order.getProducts([3]);
    await settled();
    expect(store.sent).toEqual(['sync']);
    store.answers.push(ok, ok, ok);
    await clock.advance(1_010);
    await Promise.all([syncRead, refreshRead, orderRead]);
    expect(store.sent).toEqual(['sync', 'order', 'sync', 'refresh']);
    expect(order.counters).toMatchObject({ rateLimited: 0, quotaWaits: 1, quotaWaitMs: 1_010 });
    expect(refresh.counters).toMatchObject({ rateLimited: 0, quotaWaits: 1 });
    expect(sync.counters).toMatchObject({ rateLimited: 1, retries: 1, quotaWaits: 0 });
  });

  it('rejects a queued request with kind aborted, without sending it', async () => {
    const clock = manualClock();
    const store = scriptedStore(clock);
    const limiter = new StoreRateLimiter();
    store.answers.push(tooMany);
    const first = store.client('sync', { rateLimiter: limiter, maxRateLimitRetries: 0 }).getProducts([1]);
    await expect(first).rejects.toMatchObject({ kind: 'rate_limited' });
    const controller = new AbortController();
    const queued = store.client('order', { rateLimiter: limiter }).getProducts([2], { signal: controller.signal });
    await settled();
    controller.abort();
    const err: unknown = await queued.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BigCommerceError);
    expect(err).toMatchObject({ kind: 'aborted' });
    expect(store.sent).toEqual(['sync']);
  });

  it('keeps stores apart: a 429 of one store does not hold up another', async () => {
    const clock = manualClock();
    const store = scriptedStore(clock);
    const baseUrl = `https://pacer-${crypto.randomUUID()}.example.test`;
    expect(sharedRateLimiter(baseUrl, 'store-a')).toBe(sharedRateLimiter(baseUrl, 'store-a'));
    expect(sharedRateLimiter(baseUrl, 'store-a')).not.toBe(sharedRateLimiter(baseUrl, 'store-b'));
    store.answers.push(tooMany, ok);
    const a = store.client('a', { baseUrl }).getProducts([1]);
    await settled();
    await store.client('b', { baseUrl, storeHash: 'store-b' }).getProducts([2]);
    expect(store.sent).toEqual(['a', 'b']);
    store.answers.push(ok);
    await clock.advance(1_010);
    await a;
    expect(store.sent).toEqual(['a', 'b', 'a']);
  });
});
