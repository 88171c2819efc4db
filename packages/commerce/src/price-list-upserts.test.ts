import { DEMO_STORE } from '@catalog/demo-store';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PriceRecordWrite } from './price-list-types';
import { startTestStore } from './test-support';
import type { TestStore } from './test-support';
import { sleep } from './timing';

describe('upserting price records in the demo store', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await startTestStore({ products: 400, seed: 'price-upserts' });
  });
  beforeEach(() => store.demo.store.reset());
  afterAll(() => store.close());

  const pricing = () => store.demo.store.account(DEMO_STORE.hash)!.pricing;
  const variantIds = () => store.demo.store.catalog().variants().map((v) => v.id);
  const write = (priceListId: number, variantId: number, currency: string, priceCents: number, more: Partial<PriceRecordWrite> = {}): PriceRecordWrite => ({
    priceListId, variantId, currency, priceCents, salePriceCents: null, retailPriceCents: null, mapPriceCents: null, ...more,
  });
  /** 4 records per variant (2 lists x 2 currencies) until `n`. */
  const manyWrites = (n: number, cents = 1000): PriceRecordWrite[] =>
    variantIds().slice(0, Math.ceil(n / 4)).flatMap((id, i) => [
      write(1, id, 'USD', cents + i), write(1, id, 'EUR', cents + i), write(2, id, 'USD', cents + i), write(2, id, 'EUR', cents + i),
    ]).slice(0, n);

  /** A fetch that holds every batch upsert 30 ms in flight and records the most at once. */
  function measured() {
    const stats = { inFlight: 0, most: 0, batches: [] as number[] };
    const fetchFn: typeof fetch = async (url, init) => {
      const upsert = init?.method === 'PUT' && String(url).endsWith('/pricelists/records');
      if (!upsert) return fetch(url, init);
      stats.inFlight++;
      stats.most = Math.max(stats.most, stats.inFlight);
      stats.batches.push((JSON.parse(String(init.body)) as unknown[]).length);
      try {
        await sleep(30);
        return await fetch(url, init);
      } finally {
        stats.inFlight--;
      }
    };
    return { stats, fetchFn };
  }

  it('sends 2,500 records in exactly 3 requests of at most 1,000, and the store has them all', async () => {
    const writes = manyWrites(2500);
    const { stats, fetchFn } = measured();
    const client = store.client({ fetch: fetchFn });
    const result = await client.upsertPriceRecords(writes);
    expect(result.failed).toEqual([]);
    expect(result.applied).toHaveLength(2500);
    expect(stats.batches).toEqual([1000, 1000, 500]);
    expect(client.counters).toMatchObject({ total: 3, writes: 3, retries: 0 });
    const last = writes[2499]!;
    expect(pricing().record(last.priceListId, last.variantId, last.currency)?.price).toBe(last.priceCents / 100);
  });

  it('never has two batch upserts of one store in flight, whichever client sends them', async () => {
    const { stats, fetchFn } = measured();
    const [a, b] = [store.client({ fetch: fetchFn }), store.client({ fetch: fetchFn, priority: 'foreground' })];
    const results = await Promise.all([
      a.upsertPriceRecords(manyWrites(1500, 1000)),
      b.upsertPriceRecords(manyWrites(1200, 2000)),
      a.upsertPriceRecords(manyWrites(10, 3000)),
    ]);
    expect(results.map((r) => [r.applied.length, r.failed.length])).toEqual([[1500, 0], [1200, 0], [10, 0]]);
    expect(stats.batches.length).toBe(5);
    expect(stats.most).toBe(1);
    expect(a.counters.rateLimited + b.counters.rateLimited).toBe(0);
  });

  it('writes every price: an unset (null) sale, retail or MAP price is left out, so the store unsets it', async () => {
    const [id] = variantIds();
    const client = store.client();
    await client.upsertPriceRecords([write(1, id!, 'usd', 2599, { salePriceCents: 1999, retailPriceCents: 3000, mapPriceCents: 2500 })]);
    expect(pricing().record(1, id!, 'USD')).toMatchObject({ price: 25.99, sale_price: 19.99, retail_price: 30, map_price: 25 });
    await client.upsertPriceRecords([write(1, id!, 'USD', 2599)]);
    const record = pricing().record(1, id!, 'USD');
    expect(record).toMatchObject({ price: 25.99 });
    expect(record?.sale_price).toBeUndefined();
    const [read] = await client.getPriceRecords(1, { variantIds: [id!], currency: 'USD' });
    expect(read).toMatchObject({ priceCents: 2599, salePriceCents: null, retailPriceCents: null, mapPriceCents: null });
  });

  it('applies the valid items of a batch the store answers 422 with batch_errors, failing each refused one with its reason', async () => {
    const [a, b, c] = variantIds();
    const writes = [write(1, a!, 'USD', 1000), write(1, 999_999, 'USD', 1000), write(2, b!, 'XYZ', 1000), write(77, c!, 'USD', 1000), write(2, c!, 'EUR', 1500)];
    const client = store.client();
    const result = await client.upsertPriceRecords(writes);
    expect(result.applied).toEqual([writes[0], writes[4]]);
    expect(result.failed).toEqual([
      { write: writes[1], reason: expect.stringContaining('variant'), permanent: true },
      { write: writes[2], reason: expect.stringContaining('XYZ'), permanent: true },
      { write: writes[3], reason: expect.stringContaining('price list'), permanent: true },
    ]);
    expect(pricing().record(1, a!, 'USD')?.price).toBe(10);
    expect(pricing().record(2, c!, 'EUR')?.price).toBe(15);
    expect(client.counters.writes).toBe(1);
  });

  it('fails a write it cannot send (negative or fractional cents) without sending it', async () => {
    const [a, b] = variantIds();
    const client = store.client();
    const result = await client.upsertPriceRecords([write(1, a!, 'USD', -5), write(1, a!, 'USD', 10.5), write(1, b!, 'USD', 700)]);
    expect(result.failed.map((f) => [f.write.priceCents, f.permanent])).toEqual([[-5, true], [10.5, true]]);
    expect(result.applied.map((w) => w.variantId)).toEqual([b]);
    expect(client.counters.writes).toBe(1);
  });

  it('retries a batch answered 500 and then applies it', async () => {
    store.demo.store.failNext('500');
    const client = store.client();
    const result = await client.upsertPriceRecords(manyWrites(8));
    expect(result).toMatchObject({ applied: expect.any(Array), failed: [] });
    expect(result.applied).toHaveLength(8);
    expect(client.counters).toMatchObject({ writes: 2, retries: 1 });
  });

  it('fails the batch and the ones after it, not permanently, when the store keeps failing, without throwing', async () => {
    store.demo.store.failNext('500', '500');
    const client = store.client({ maxAttempts: 2 });
    const writes = manyWrites(1200);
    const result = await client.upsertPriceRecords(writes);
    expect(result.applied).toEqual([]);
    expect(result.failed).toHaveLength(1200);
    expect(result.failed.every((f) => !f.permanent && f.reason.includes('500'))).toBe(true);
    expect(client.counters.writes).toBe(2);
    // The lock was let go: the next upsert goes through.
    expect((await client.upsertPriceRecords(writes.slice(0, 3))).applied).toHaveLength(3);
  });

  it('throws when the caller aborts, also while waiting for another batch of the store', async () => {
    const { fetchFn } = measured();
    const client = store.client({ fetch: fetchFn });
    const running = client.upsertPriceRecords(manyWrites(20));
    const controller = new AbortController();
    const waiting = client.upsertPriceRecords(manyWrites(4), { signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ kind: 'aborted' });
    expect((await running).applied).toHaveLength(20);
    await expect(client.upsertPriceRecords(manyWrites(4), { signal: AbortSignal.abort() })).rejects.toMatchObject({ kind: 'aborted' });
  });
});
