import { DEMO_STORE } from '@catalog/demo-store';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BigCommerceError } from './errors';
import { RECORD_READS_AT_ONCE } from './price-list-records';
import { startTestStore } from './test-support';
import type { TestStore } from './test-support';

/** A fetch that counts the GETs of list records in flight at once (every client given it counts together). */
function countingFetch() {
  const seen = { now: 0, most: 0, sent: 0 };
  const wrapped: typeof fetch = async (input, init) => {
    const reading = (init?.method ?? 'GET') === 'GET' && /\/pricelists\/\d+\/records/.test(String(input));
    if (!reading) return fetch(input, init);
    seen.sent++;
    seen.most = Math.max(seen.most, ++seen.now);
    try {
      return await fetch(input, init);
    } finally {
      seen.now--;
    }
  };
  return { seen, fetch: wrapped };
}

describe('reading the records of many variants several requests at once', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await startTestStore({ products: 400, seed: 'price-record-reads' });
  });
  beforeEach(() => {
    store.demo.store.reset();
    store.demo.store.configure({ latencyMs: 10, quota: 10_000, windowMs: 30_000, faults: { rate429: 0, rate500: 0, drop: 0 } });
    store.demo.store.resetRateLimits();
  });
  afterAll(() => store.close());

  const pricing = () => store.demo.store.account(DEMO_STORE.hash)!.pricing;
  /** 3,000 variant ids (those the store has, then unknown ones): 12 chunks of 250. */
  const ids = () => {
    const known = store.demo.store.catalog().variants().map((v) => v.id);
    return [...known, ...Array.from({ length: 3000 - known.length }, (_, i) => 900_000 + i)];
  };
  const expected = () => pricing().records(1).map((r) => `${r.variant_id}:${r.currency}:${Math.round(r.price * 100)}`).sort();
  const keys = (records: Array<{ variantId: number; currency: string; priceCents: number }>) => records.map((r) => `${r.variantId}:${r.currency}:${r.priceCents}`).sort();

  it(`sends up to ${RECORD_READS_AT_ONCE} reads at once, never more, and reads every record once`, async () => {
    expect(ids().length).toBe(3000);
    const counting = countingFetch();
    const client = store.client({ fetch: counting.fetch });
    const records = await client.getPriceRecords(1, { variantIds: ids() });
    expect(keys(records)).toEqual(expected());
    expect(records.map((r) => r.variantId)).toEqual([...records.map((r) => r.variantId)].sort((a, b) => a - b));
    expect(counting.seen.sent).toBe(12);
    expect(client.counters.reads).toBe(12);
    expect(counting.seen.most).toBe(RECORD_READS_AT_ONCE);
  });

  it(`keeps every client of the store within ${RECORD_READS_AT_ONCE} reads at once: two orders' reads and a sync's pages together`, async () => {
    const counting = countingFetch();
    const [a, b, sync] = [store.client({ fetch: counting.fetch }), store.client({ fetch: counting.fetch }), store.client({ fetch: counting.fetch })];
    const paging = (async () => {
      let n = 0;
      for await (const page of sync.priceRecordPages(1, { limit: 100 })) n += page.records.length;
      return n;
    })();
    const [ra, rb, paged] = await Promise.all([a.getPriceRecords(1, { variantIds: ids() }), b.getPriceRecords(1, { variantIds: ids() }), paging]);
    expect(keys(ra)).toEqual(expected());
    expect(keys(rb)).toEqual(expected());
    expect(paged).toBe(pricing().records(1).length);
    expect(counting.seen.most).toBe(RECORD_READS_AT_ONCE);
  }, 15_000);

  it('waits out a 429 answered to one of the reads in flight and sends that read again: every record read, no error', async () => {
    store.demo.store.configure({ windowMs: 300 });
    const counting = countingFetch();
    const client = store.client({ fetch: counting.fetch });
    store.demo.store.failNext('429');
    const records = await client.getPriceRecords(1, { variantIds: ids() });
    expect(keys(records)).toEqual(expected());
    expect(client.counters.rateLimited).toBe(1);
    expect(client.counters.retries).toBe(1);
    expect(counting.seen.sent).toBe(13);
    expect(counting.seen.most).toBeLessThanOrEqual(RECORD_READS_AT_ONCE);
  });

  it('sends a read that met a 500 again, the other reads going on meanwhile', async () => {
    const client = store.client();
    store.demo.store.failNext('500', '500');
    const records = await client.getPriceRecords(1, { variantIds: ids() });
    expect(keys(records)).toEqual(expected());
    expect(client.counters.retries).toBe(2);
    expect(client.counters.reads).toBe(14);
  });

  it('stops the other reads when one fails for good, and throws that failure (not their abort)', async () => {
    const counting = countingFetch();
    const client = store.client({ fetch: counting.fetch, maxAttempts: 1 });
    store.demo.store.failNext('500');
    const failure = await client.getPriceRecords(1, { variantIds: ids() }).then(() => null, (err: unknown) => err);
    expect(failure).toBeInstanceOf(BigCommerceError);
    expect((failure as BigCommerceError).kind).toBe('server');
    // The first wave was on its way; nothing after it was sent.
    expect(counting.seen.sent).toBe(RECORD_READS_AT_ONCE);
  });

  it('stops when the caller aborts: the reads in flight end, no more are sent, the call rejects as aborted', async () => {
    store.demo.store.configure({ latencyMs: 200 });
    const counting = countingFetch();
    const client = store.client({ fetch: counting.fetch });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const failure = await client.getPriceRecords(1, { variantIds: ids() }, { signal: controller.signal }).then(() => null, (err: unknown) => err);
    expect((failure as BigCommerceError).kind).toBe('aborted');
    expect(counting.seen.sent).toBe(RECORD_READS_AT_ONCE);
    // The gate is free again: a new read goes at once.
    store.demo.store.configure({ latencyMs: 0 });
    expect(await client.getPriceRecords(1, { variantIds: ids().slice(0, 3) })).toHaveLength(pricing().records(1).filter((r) => ids().slice(0, 3).includes(r.variant_id)).length);
  });
});
