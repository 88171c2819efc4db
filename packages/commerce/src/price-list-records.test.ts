import { DEMO_STORE } from '@catalog/demo-store';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PriceRecordPage } from './price-list-types';
import { startTestStore } from './test-support';
import type { TestStore } from './test-support';

describe('reading and deleting price records in the demo store', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await startTestStore({ products: 400, seed: 'price-records' });
  });
  beforeEach(() => store.demo.store.reset());
  afterAll(() => store.close());

  const pricing = () => store.demo.store.account(DEMO_STORE.hash)!.pricing;
  const variants = () => store.demo.store.catalog().variants();

  it('pages a whole list 250 records at a time: ceil(n / 250) requests, every record once', async () => {
    const n = pricing().records(1).length;
    expect(n).toBeGreaterThan(500);
    const client = store.client();
    const pages: PriceRecordPage[] = [];
    for await (const page of client.priceRecordPages(1)) pages.push(page);

    const expected = Math.ceil(n / 250);
    expect(pages.map((p) => `${p.page}/${p.totalPages}`)).toEqual(Array.from({ length: expected }, (_, i) => `${i + 1}/${expected}`));
    expect(client.counters.reads).toBe(expected);
    const records = pages.flatMap((p) => p.records);
    expect(records).toHaveLength(n);
    expect(new Set(records.map((r) => r.variantId)).size).toBe(n);
    const wire = pricing().records(1)[0]!;
    expect(records[0]).toEqual({
      priceListId: 1, variantId: wire.variant_id, productId: wire.product_id, sku: wire.sku, currency: 'USD',
      priceCents: Math.round(wire.price * 100), salePriceCents: wire.sale_price === undefined ? null : Math.round(wire.sale_price * 100),
      retailPriceCents: null, mapPriceCents: null, dateModified: '2024-07-01T09:00:00.000Z',
    });
  });

  it('takes a smaller page when asked, and stops between pages when the caller breaks', async () => {
    const n = pricing().records(2).length;
    const client = store.client();
    let count = 0;
    for await (const page of client.priceRecordPages(2, { limit: 100 })) {
      count += page.records.length;
      expect(page.totalPages).toBe(Math.ceil(n / 100));
    }
    expect(count).toBe(n);
    expect(client.counters.reads).toBe(Math.ceil(n / 100));

    const stopping = store.client();
    for await (const page of stopping.priceRecordPages(2, { limit: 100 })) if (page.page === 2) break;
    expect(stopping.counters.reads).toBe(2);
  });

  it('reads only the records modified since a time with date_modified:min (an incremental sync)', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const [a, b, c] = variants();
    pricing().upsert(1, { variant_id: a!.id, currency: 'USD', price: 12.5 });
    pricing().upsert(1, { variant_id: b!.id, currency: 'EUR', price: 9, sale_price: 8.1 });
    pricing().upsert(2, { variant_id: c!.id, currency: 'EUR', price: 7 });
    const seen: string[] = [];
    const client = store.client({ fetch: (url, init) => (seen.push(String(url)), fetch(url, init)) });
    const changed = [];
    for await (const page of client.priceRecordPages(1, { dateModifiedMin: since })) changed.push(...page.records);
    expect(changed.map((r) => [r.variantId, r.currency, r.priceCents, r.salePriceCents])).toEqual([
      [a!.id, 'USD', 1250, null],
      [b!.id, 'EUR', 900, 810],
    ]);
    expect(seen[0]).toContain(`date_modified:min=${since.replace(/\.\d{3}Z$/, 'Z')}`);

    const euros = [];
    for await (const page of client.priceRecordPages(1, { dateModifiedMin: since, currency: 'EUR' })) euros.push(...page.records);
    expect(euros.map((r) => r.variantId)).toEqual([b!.id]);
  });

  it('reads the records of given variants with variant_id:in, every currency, in chunks of 250 ids', async () => {
    const ids = variants().slice(0, 600).map((v) => v.id);
    // Every one of the first 300 variants in both currencies: 600 records from the first chunk of ids.
    for (const id of ids.slice(0, 300)) {
      pricing().upsert(1, { variant_id: id, currency: 'USD', price: 10 });
      pricing().upsert(1, { variant_id: id, currency: 'EUR', price: 9 });
    }
    const seen: string[] = [];
    const client = store.client({ fetch: (url, init) => (seen.push(String(url)), fetch(url, init)) });
    const records = await client.getPriceRecords(1, { variantIds: [...ids, 999_999, ids[0]!] });

    const expected = pricing().records(1).filter((r) => ids.includes(r.variant_id));
    expect(records.map((r) => `${r.variantId}:${r.currency}`)).toEqual(expected.map((r) => `${r.variant_id}:${r.currency}`));
    // 601 distinct ids: chunks of 250, 250, 101 (read at once); each of the first two chunks' records take 2 pages.
    const sizes = seen.map((u) => new URL(u).searchParams.get('variant_id:in')!.split(',').length);
    expect(sizes.sort((a, b) => a - b)).toEqual([101, 250, 250, 250, 250]);
    expect(seen.filter((u) => new URL(u).searchParams.get('page') === '2')).toHaveLength(2);
    expect(Math.max(...seen.map((u) => u.length))).toBeLessThan(3000);

    const usd = await client.getPriceRecords(1, { variantIds: ids.slice(0, 3), currency: 'USD' });
    expect(usd.map((r) => [r.variantId, r.currency, r.priceCents])).toEqual(ids.slice(0, 3).map((id) => [id, 'USD', 1000]));
  });

  it('deletes the records of given variants in one currency, leaving the other currency', async () => {
    const [a, b, c] = variants();
    for (const v of [a!, b!, c!]) {
      pricing().upsert(1, { variant_id: v.id, currency: 'USD', price: 10 });
      pricing().upsert(1, { variant_id: v.id, currency: 'EUR', price: 9 });
    }
    const client = store.client();
    await client.deletePriceRecords(1, { variantIds: [a!.id, b!.id], currency: 'USD' });
    expect(pricing().record(1, a!.id, 'USD')).toBeUndefined();
    expect(pricing().record(1, b!.id, 'USD')).toBeUndefined();
    expect(pricing().record(1, c!.id, 'USD')).toBeDefined();
    expect(pricing().record(1, a!.id, 'EUR')).toBeDefined();
    expect(client.counters.writes).toBe(1);

    // Nothing is sent for no variants (the store's filter would then name the whole currency).
    await client.deletePriceRecords(1, { variantIds: [], currency: 'USD' });
    expect(client.counters.writes).toBe(1);
    await expect(client.deletePriceRecords(1, { variantIds: [a!.id], currency: ' ' })).rejects.toThrow(TypeError);
    // A list gone took its records with it.
    await client.deletePriceRecords(77, { variantIds: [a!.id], currency: 'USD' });
  });

  it('deletes more variants than one URL holds in chunks of 250', async () => {
    const ids = variants().slice(0, 520).map((v) => v.id);
    for (const id of ids) pricing().upsert(2, { variant_id: id, currency: 'EUR', price: 5 });
    const client = store.client();
    await client.deletePriceRecords(2, { variantIds: ids, currency: 'EUR' });
    expect(client.counters.writes).toBe(3);
    expect(pricing().records(2).filter((r) => ids.includes(r.variant_id))).toEqual([]);
  });
});
