/**
 * GET /api/price-lists/changes after a Sync of the demo store: every record once across bounded
 * pages in version order, with the lists and the catalog's currency on every page; only what
 * changed after a cursor (a changed record, a deletion as a key, the lists' counts as they are
 * now); `reset` for a cursor ahead of
 * the company's version (the lists were cleared), for a copy of another store and for one of the
 * same store before it was connected again; nothing of another company's; 400 naming the field of
 * a bad query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STORE } from '@catalog/demo-store';
import { MAX_PRICE_LIST_CHANGES_LIMIT, type PriceListChangesResponse } from '@catalog/contracts/price-list-changes';
import { postSync, readSyncEvents, signedInUser, startDemoStore, syncedApp, type TestStore } from '../../testing/store-fixture';

let store: TestStore;
let t: Awaited<ReturnType<typeof syncedApp>>;

beforeAll(async () => {
  store = await startDemoStore({ products: 40 });
  t = await syncedApp(store);
});
afterAll(async () => {
  await t.close();
  await store.close();
});

const pricing = () => store.store.account(DEMO_STORE.hash)!.pricing;
/** The copy's id: the company, the store and its connection (the settings row). */
const catalogId = async () => `${t.companyId}:${DEMO_STORE.hash}:${(await t.db.settings.get(t.companyId))!.id}`;

async function get(query: string, headers = t.owner.headers): Promise<{ status: number; body: PriceListChangesResponse & { error?: { fields: Record<string, string> } } }> {
  const res = await t.app.request(`/api/price-lists/changes${query}`, { headers });
  return { status: res.status, body: await res.json() as PriceListChangesResponse & { error?: { fields: Record<string, string> } } };
}

/** Pulls from `cursor` to the end, `limit` records a page. */
async function pull(cursor: number, limit: number, catalog?: string) {
  catalog ??= await catalogId();
  const pages: PriceListChangesResponse[] = [];
  for (;;) {
    const { status, body } = await get(`?cursor=${cursor}&limit=${limit}&catalog=${encodeURIComponent(catalog)}`);
    expect(status).toBe(200);
    pages.push(body);
    cursor = body.cursor;
    if (!body.hasMore) return pages;
  }
}

describe('GET /api/price-lists/changes', () => {
  it('pulls every record once, in bounded pages, with the lists and the catalog\u2019s currency on each', async () => {
    const pages = await pull(0, 7);
    const inStore = [...pricing().records(1), ...pricing().records(2)];
    const records = pages.flatMap((p) => p.records);
    expect(pages.every((p) => p.records.length + p.deleted.length <= 7)).toBe(true);
    expect(records).toHaveLength(inStore.length);
    expect(new Set(records.map((r) => `${r.priceListId}:${r.variantId}:${r.currency}`)).size).toBe(inStore.length);
    const first = pricing().records(1)[0]!;
    expect(records.find((r) => r.priceListId === 1 && r.variantId === first.variant_id)).toEqual({
      priceListId: 1, variantId: first.variant_id, productId: first.product_id, currency: 'USD', price: first.price.toFixed(2),
      salePrice: first.sale_price === undefined ? null : first.sale_price.toFixed(2), retailPrice: null, mapPrice: null,
    });
    const last = pages.at(-1)!;
    expect(last).toMatchObject({ catalogId: await catalogId(), reset: false, hasMore: false, catalogCurrency: 'USD', deleted: [] });
    expect(last.cursor).toBe(last.latestVersion);
    for (const p of pages) expect(p.lists.map((l) => [l.id, l.name, l.currencies])).toEqual([[1, 'Wholesale', ['USD']], [2, 'Euro storefront', ['EUR']]]);
    expect(pages[0]!.lists[0]!.customerGroups).toEqual([{ id: 2, name: 'Wholesale' }]);
  });

  it('after a cursor answers only what changed: a changed record, and a deleted one as its key, and the lists as they are now', async () => {
    const { cursor, lists } = (await pull(0, MAX_PRICE_LIST_CHANGES_LIMIT)).at(-1)!;
    expect((await pull(cursor, 100))[0]).toMatchObject({ cursor, hasMore: false, records: [], deleted: [], reset: false });
    const [a, b] = pricing().records(1);
    await t.db.priceLists.upsertRecords(t.companyId, [{ priceListId: 1, variantId: a!.variant_id, productId: a!.product_id, currency: 'USD', priceCents: 123, salePriceCents: 100, retailPriceCents: 150, mapPriceCents: 110 }]);
    await t.db.priceLists.deleteRecords(t.companyId, 1, 'USD', [b!.variant_id]);
    const [page] = await pull(cursor, 100);
    expect(page!.records).toEqual([{ priceListId: 1, variantId: a!.variant_id, productId: a!.product_id, currency: 'USD', price: '1.23', salePrice: '1.00', retailPrice: '1.50', mapPrice: '1.10' }]);
    expect(page!.deleted).toEqual([{ priceListId: 1, variantId: b!.variant_id, productId: b!.product_id, currency: 'USD' }]);
    expect(page!.cursor).toBe(cursor + 2);
    // The counts a page carries are kept between pages of one version, never past it.
    expect(page!.lists.map((l) => l.recordCounts)).toEqual([[{ currency: 'USD', records: lists[0]!.recordCounts[0]!.records - 1 }], lists[1]!.recordCounts]);
  });

  it('tells a device to start over when its cursor is ahead (the lists were cleared) or its copy is of another store', async () => {
    const { body: now } = await get('');
    const ahead = await get(`?cursor=${now.latestVersion + 1}&limit=3&catalog=${encodeURIComponent(await catalogId())}`);
    expect(ahead.body).toMatchObject({ reset: true, hasMore: true });
    expect(ahead.body.records).toHaveLength(3);
    const other = await get(`?cursor=${now.latestVersion}&limit=3&catalog=${encodeURIComponent(`${t.companyId}:another-store`)}`);
    expect(other.body).toMatchObject({ reset: true, catalogId: await catalogId() });
    expect(other.body.records.length + other.body.deleted.length).toBe(3);
  });

  it('shows a company without a store nothing, and a member may pull', async () => {
    const stranger = await signedInUser(t, 'Sam Stranger');
    expect((await get('?cursor=5', stranger.headers)).body).toEqual({
      catalogId: `${stranger.companyId}:`, reset: true, cursor: 0, hasMore: false, latestVersion: 0, catalogCurrency: null, lists: [], records: [], deleted: [],
    });
    expect((await get('', (await t.teammate('member')).headers)).status).toBe(200);
  });

  it('answers 400 naming the field of a bad query', async () => {
    for (const [query, field] of [['limit=0', 'limit'], [`limit=${MAX_PRICE_LIST_CHANGES_LIMIT + 1}`, 'limit'], ['cursor=-1', 'cursor'], ['cursor=x', 'cursor'], [`catalog=${'x'.repeat(201)}`, 'catalog']]) {
      const { status, body } = await get(`?${query}`);
      expect(status, query).toBe(400);
      expect(body.error!.fields, query).toHaveProperty(field!);
    }
  });

  // Last: it disconnects and connects the store again.
  it('tells a device offline while the same store was connected again to start over, also once the new versions passed its cursor', async () => {
    const old = (await pull(0, MAX_PRICE_LIST_CHANGES_LIMIT)).at(-1)!;
    const { headers } = t.owner;
    expect((await t.app.request('/api/settings', { method: 'DELETE', headers })).status).toBe(200);
    // Cleared: a device asking now has a cursor ahead of the company's version.
    expect((await get(`?cursor=${old.cursor}&limit=3&catalog=${encodeURIComponent(old.catalogId)}`)).body).toMatchObject({ reset: true, records: [] });
    const saved = await t.app.request('/api/settings', {
      method: 'POST', headers, body: JSON.stringify({ storeHash: DEMO_STORE.hash, accessToken: DEMO_STORE.accessToken, clientId: DEMO_STORE.clientId }),
    });
    expect(saved.status).toBe(200);
    expect((await readSyncEvents(await postSync(t.app, t.owner))).some((e) => e.kind === 'result')).toBe(true);
    // The new connection's versions pass the device's cursor (records changed meanwhile).
    const [a] = pricing().records(1);
    for (let cents = 100; (await t.db.priceLists.syncState(t.companyId)).recordVersion <= old.cursor; cents++) {
      await t.db.priceLists.upsertRecords(t.companyId, [{ priceListId: 1, variantId: a!.variant_id, productId: a!.product_id, currency: 'USD', priceCents: cents, salePriceCents: null, retailPriceCents: null, mapPriceCents: null }]);
    }
    expect(await catalogId()).not.toBe(old.catalogId);
    const back = await pull(old.cursor, MAX_PRICE_LIST_CHANGES_LIMIT, old.catalogId);
    expect(back[0]).toMatchObject({ reset: true, catalogId: await catalogId() });
    expect(back.flatMap((p) => p.records)).toHaveLength(pricing().records(1).length + pricing().records(2).length);
    expect(back.at(-1)!.lists.map((l) => l.recordCounts)).toEqual([[{ currency: 'USD', records: pricing().records(1).length }], [{ currency: 'EUR', records: pricing().records(2).length }]]);
  });
});
