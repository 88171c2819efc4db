import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BigCommerceError } from './errors';
import { startTestStore } from './test-support';
import type { TestStore } from './test-support';

async function failureOf(promise: Promise<unknown>): Promise<BigCommerceError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof BigCommerceError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

describe('the client against a failing or busy store', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await startTestStore({ products: 30 });
  });
  afterEach(() => {
    store.demo.store.configure({ latencyMs: 0, quota: 150, windowMs: 30_000, faults: { rate429: 0, rate500: 0, drop: 0 } });
    store.demo.store.resetRateLimits();
  });
  afterAll(() => store.close());

  it('waits X-Rate-Limit-Time-Reset-Ms after a 429 and then succeeds', async () => {
    store.demo.store.configure({ quota: 3, windowMs: 1_000 });
    // A second client of the same store, with its own limiter, spends the window's quota first
    // (foreground: a background client would leave a request of the window to foreground ones).
    const other = store.client({ rateLimitReserve: 0, priority: 'foreground' });
    const opened = Date.now(); // the window opens with the other client's first request
    for (let i = 0; i < 3; i++) await other.getProduct(101);
    const client = store.client();
    const started = Date.now();
    const product = await client.getProduct(101);
    const waited = Date.now() - started;
    expect(product?.id).toBe(101);
    expect(client.counters.rateLimited).toBe(1);
    // It waited for the reset the 429 announced (what was left of the window), not a guess.
    expect(waited).toBeGreaterThanOrEqual(1_000 - (started - opened) - 20);
    expect(waited).toBeLessThan(2_500);
  });

  it('slows down before the quota is spent, so a long run sees no 429 and runs near the quota', async () => {
    store.demo.store.configure({ quota: 6, windowMs: 250 });
    const client = store.client({ rateLimitReserve: 1 });
    const refusedBefore = store.demo.store.stats.rateLimited;
    const started = Date.now();
    for (let i = 0; i < 20; i++) await client.getProduct(101 + (i % 5));
    const elapsed = Date.now() - started;
    expect(client.counters.rateLimited).toBe(0);
    expect(store.demo.store.stats.rateLimited).toBe(refusedBefore);
    expect(client.counters.quotaWaits).toBeGreaterThanOrEqual(3);
    // 5 usable requests per 250 ms window: 20 requests need 3 waits, about 750 ms, not much more.
    expect(elapsed).toBeGreaterThanOrEqual(700);
    expect(elapsed).toBeLessThan(2_000);
  });

  it('waits out an injected 429 (another app spent the quota) and then succeeds', async () => {
    store.demo.store.configure({ windowMs: 200 });
    store.demo.store.failNext('429');
    const client = store.client();
    expect((await client.getProduct(103))?.id).toBe(103);
    expect(client.counters).toMatchObject({ rateLimited: 1, retries: 1, reads: 2 });
  });

  it('retries a 500 and then succeeds', async () => {
    store.demo.store.failNext('500', '500');
    const client = store.client();
    const product = await client.getProduct(102);
    expect(product?.id).toBe(102);
    expect(client.counters.retries).toBe(2);
    expect(client.counters.reads).toBe(3);
  });

  it('gives up on 5xx after maxAttempts with kind server and the store\'s error body', async () => {
    store.demo.store.failNext('500', '500', '500');
    const err = await failureOf(store.client({ maxAttempts: 3 }).getProduct(102));
    expect(err).toMatchObject({ kind: 'server', status: 500, title: expect.stringContaining('Internal Server Error') });
  });

  it('retries a dropped connection and then succeeds', async () => {
    store.demo.store.failNext('drop', 'drop');
    const client = store.client();
    const products = await client.getProducts([101, 102]);
    expect(products.map((p) => p.id)).toEqual([101, 102]);
    expect(client.counters.retries).toBe(2);
  });

  it('reports kind network when every attempt is dropped', async () => {
    store.demo.store.failNext('drop', 'drop');
    const err = await failureOf(store.client({ maxAttempts: 2 }).getProduct(101));
    expect(err.kind).toBe('network');
    expect(err.status).toBeNull();
  });

  it('rejects with kind timeout when the store answers slower than the timeout', async () => {
    store.demo.store.configure({ latencyMs: 300 });
    const client = store.client({ timeoutMs: 80, maxAttempts: 2 });
    const err = await failureOf(client.getProduct(101));
    expect(err.kind).toBe('timeout');
    expect(client.counters.reads).toBe(2);
  });

  it('rejects promptly with kind aborted when the caller aborts a request in flight', async () => {
    store.demo.store.configure({ latencyMs: 1_000 });
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 50);
    const err = await failureOf(store.client().getProduct(101, { signal: controller.signal }));
    expect(err.kind).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('rejects promptly with kind aborted while waiting out a backoff', async () => {
    store.demo.store.failNext('500');
    const controller = new AbortController();
    const client = store.client({ retryBaseMs: 5_000, retryMaxMs: 5_000, random: () => 0.99 });
    const started = Date.now();
    setTimeout(() => controller.abort(), 100);
    const err = await failureOf(client.getProduct(101, { signal: controller.signal }));
    expect(err.kind).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('never sends a request with an already aborted signal', async () => {
    const client = store.client();
    const err = await failureOf(client.getProducts([101], { signal: AbortSignal.abort() }));
    expect(err.kind).toBe('aborted');
    expect(client.counters.total).toBe(0);
  });

  it('tells a wrong token (auth) from an unknown store hash (not_found) from an unreachable store (network)', async () => {
    const wrongToken = await store.client({ accessToken: 'nope' }).checkCredentials();
    const unknownStore = await store.client({ storeHash: 'no-such-store' }).checkCredentials();
    const unreachable = await store.client({ baseUrl: 'http://127.0.0.1:9', maxAttempts: 1 }).checkCredentials();
    const fine = await store.client().checkCredentials();
    expect(wrongToken).toMatchObject({ ok: false, kind: 'auth', error: { status: 401 } });
    expect(unknownStore).toMatchObject({ ok: false, kind: 'not_found', error: { status: 404 } });
    expect(unreachable).toMatchObject({ ok: false, kind: 'network' });
    expect(fine).toEqual({ ok: true, productCount: 30 });
  });

  it('throws kind auth, with the status and title BigCommerce sent, for a wrong token', async () => {
    const err = await failureOf(store.client({ accessToken: 'nope' }).getProducts([101]));
    expect(err).toMatchObject({ kind: 'auth', status: 401, title: expect.any(String), type: expect.any(String) });
  });
});
