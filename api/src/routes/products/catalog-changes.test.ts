import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@catalog/contracts/errors';
import { CATALOG_SCHEMA_VERSION, CatalogChangesResponse, CatalogVersionResponse, type ReplicatedProduct, type ReplicatedVariant } from '@catalog/contracts/replication';
import { startDemoStore, syncedApp, signedInUser, type TestStore } from '../../testing/store-fixture';

let store: TestStore;
const cleanups: Array<() => Promise<void>> = [];
beforeAll(async () => {
  store = await startDemoStore({ products: 40 });
});
afterAll(async () => store.close());
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function synced() {
  const t = await syncedApp(store);
  cleanups.push(t.close);
  return t;
}
type World = Awaited<ReturnType<typeof synced>>;

async function pull(t: World, query: { cursor?: number; limit?: number; schema?: number; catalog?: string }, headers = t.owner.headers) {
  const params = new URLSearchParams(Object.entries({ schema: CATALOG_SCHEMA_VERSION, ...query }).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await t.app.request(`/api/catalog/changes?${params}`, { headers });
  expect(res.status).toBe(200);
  return CatalogChangesResponse.parse(await res.json());
}

/** What a device keeps: products and variants by store id, and its cursor. */
function device() {
  const products = new Map<number, ReplicatedProduct>();
  const variants = new Map<number, ReplicatedVariant>();
  let cursor = 0;
  const apply = (page: CatalogChangesResponse) => {
    if (page.reset) {
      products.clear();
      variants.clear();
    }
    for (const p of page.products) products.set(p.id, p);
    for (const v of page.variants) variants.set(v.id, v);
    for (const id of page.deletedProductIds) products.delete(id);
    for (const id of page.deletedVariantIds) variants.delete(id);
    cursor = page.cursor;
  };
  const pullAll = async (t: World, limit: number) => {
    const pages: CatalogChangesResponse[] = [];
    for (let more = true; more;) {
      const page = await pull(t, { cursor, limit });
      apply(page);
      pages.push(page);
      more = page.hasMore;
    }
    return pages;
  };
  return { products, variants, apply, pullAll, get cursor() { return cursor; } };
}

/** The server's live catalog as { product id -> prices } and { variant id -> [product id, prices] }. */
async function serverState(t: World) {
  const all = await t.db.products.getByExternalIds(t.companyId, await t.db.products.listExternalIds(t.companyId));
  return {
    products: new Map(all.map((p) => [p.externalId, [p.name, p.regularPriceCents, p.salePriceCents, p.baseVariantId]])),
    variants: new Map(all.flatMap((p) => p.variants.map((v) => [v.externalId, [p.externalId, v.regularPriceCents, v.salePriceCents]]))),
  };
}
const cents = (s: string | null) => (s === null ? null : Math.round(Number(s) * 100));
const deviceState = (d: ReturnType<typeof device>) => ({
  products: new Map([...d.products.values()].map((p) => [p.id, [p.name, cents(p.regularPrice), cents(p.salePrice), p.baseVariantId]])),
  variants: new Map([...d.variants.values()].map((v) => [v.id, [v.productId, cents(v.regularPrice), cents(v.salePrice)]])),
});

describe('GET /api/catalog/changes', () => {
  it('pulls the whole catalog in pages of at most `limit` rows, variants keyed to their product\'s store id', async () => {
    const t = await synced();
    const d = device();
    const pages = await d.pullAll(t, 7);
    expect(pages.length).toBeGreaterThan(3);
    for (const page of pages) {
      expect(page.products.length + page.variants.length + page.deletedProductIds.length + page.deletedVariantIds.length).toBeLessThanOrEqual(7);
      expect(page).toMatchObject({ schemaVersion: CATALOG_SCHEMA_VERSION, reset: false, totalProducts: await t.db.products.count(t.companyId) });
    }
    expect(pages.at(-1)).toMatchObject({ hasMore: false, cursor: pages.at(-1)!.latestVersion });
    expect(deviceState(d)).toEqual(await serverState(t));
    expect(d.variants.size).toBeGreaterThan(0);
    // A product without options names its base variant (what a price list prices it by).
    const withOptions = new Set([...d.variants.values()].map((v) => v.productId));
    const simple = [...d.products.values()].filter((p) => !withOptions.has(p.id));
    expect(simple.length).toBeGreaterThan(0);
    expect(simple.every((p) => typeof p.baseVariantId === 'number')).toBe(true);
    // Up to date: the next pull brings nothing.
    expect(await pull(t, { cursor: d.cursor })).toMatchObject({ products: [], variants: [], hasMore: false, cursor: d.cursor, reset: false });
  });

  it('loses no change made between two pages', async () => {
    const t = await synced();
    const d = device();
    d.apply(await pull(t, { cursor: 0, limit: 10 }));
    const pulled = [...d.products.keys()];
    const ids = await t.db.products.listExternalIds(t.companyId);
    const notYet = ids.filter((id) => !d.products.has(id));
    const [early, late] = await t.db.products.getByExternalIds(t.companyId, [pulled[0]!, notYet.at(-1)!]);
    // Between the pages: a price edit of a product already on the device and of one still to come,
    // a new product, and a deletion.
    await t.db.products.setPrices(t.companyId, [
      { productId: early!.id, regularPriceCents: 12_345 },
      { productId: late!.id, salePriceCents: 99 },
    ]);
    await t.db.products.upsertMany(t.companyId, [{ externalId: 9_000_001, name: 'Arrived mid-pull', regularPriceCents: 500 }]);
    await t.db.products.removeByExternalIds(t.companyId, [notYet[0]!]);

    await d.pullAll(t, 10);
    expect(deviceState(d)).toEqual(await serverState(t));
    expect(d.products.get(early!.externalId)?.regularPrice).toBe('123.45');
    expect(d.products.get(late!.externalId)?.salePrice).toBe('0.99');
    expect(d.products.has(9_000_001)).toBe(true);
    expect(d.products.has(notYet[0]!)).toBe(false);
  });

  it('sends deletions as tombstones, a deleted product\'s variants included', async () => {
    const t = await synced();
    const d = device();
    await d.pullAll(t, 500);
    const withVariants = (await t.db.products.getByExternalIds(t.companyId, [...d.products.keys()])).find((p) => p.variants.length > 0)!;
    await t.db.products.removeByExternalIds(t.companyId, [withVariants.externalId]);
    const page = await pull(t, { cursor: d.cursor });
    expect(page.deletedProductIds).toEqual([withVariants.externalId]);
    expect(page.deletedVariantIds.sort()).toEqual(withVariants.variants.map((v) => v.externalId).sort());
    d.apply(page);
    expect(deviceState(d)).toEqual(await serverState(t));
  });

  it('starts over from 0 for another schema version or a cursor the catalog never reached', async () => {
    const t = await synced();
    const first = await pull(t, { cursor: 0, limit: 5 });
    const oldSchema = await pull(t, { cursor: first.cursor, limit: 5, schema: CATALOG_SCHEMA_VERSION - 1 });
    expect(oldSchema).toMatchObject({ reset: true, cursor: first.cursor });
    expect(oldSchema.products).toEqual(first.products);
    // e.g. a cursor from another company's bigger catalog, or from before a restore.
    const ahead = await pull(t, { cursor: first.latestVersion + 1, limit: 5 });
    expect(ahead).toMatchObject({ reset: true, cursor: first.cursor, products: first.products });
    expect((await pull(t, { cursor: first.latestVersion, limit: 5 })).reset).toBe(false);
  });

  it('names the catalog, and starts over for a copy of another company\'s catalog', async () => {
    const t = await synced();
    const first = await pull(t, { cursor: 0, limit: 5 });
    expect(first.catalogId).toBe(t.companyId);
    expect((await pull(t, { cursor: first.cursor, limit: 5, catalog: t.companyId })).reset).toBe(false);
    // The device's user moved here from another team: its copy (and cursor) are of that catalog.
    const moved = await pull(t, { cursor: first.cursor, limit: 5, catalog: crypto.randomUUID() });
    expect(moved).toMatchObject({ reset: true, cursor: first.cursor, products: first.products, catalogId: t.companyId });
  });

  it('never shows another company\'s rows', async () => {
    const t = await synced();
    const stranger = await signedInUser(t, 'Stan Stranger');
    expect(await pull(t, { cursor: 0 }, stranger.headers)).toMatchObject({ products: [], variants: [], totalProducts: 0, latestVersion: 0 });
    await t.db.products.upsertMany(stranger.companyId, [{ externalId: 424_242, name: 'Not yours', regularPriceCents: 100 }]);
    const mine = device();
    await mine.pullAll(t, 1000);
    expect(mine.products.has(424_242)).toBe(false);
    expect((await pull(t, { cursor: 0 }, stranger.headers)).products.map((p) => p.id)).toEqual([424_242]);
  });

  it('answers a page in brotli to a client that takes it, else gzip or plain, never to be stored', async () => {
    const t = await synced();
    const ask = (encoding: string) => t.app.request(`/api/catalog/changes?limit=5000&schema=${CATALOG_SCHEMA_VERSION}`, { headers: { ...t.owner.headers, 'Accept-Encoding': encoding } });
    const plain = await ask('identity');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    const page = await plain.text();
    const br = await ask('gzip, deflate, br, zstd');
    expect([br.headers.get('Content-Encoding'), br.headers.get('Vary'), br.headers.get('Cache-Control')]).toEqual(['br', 'Accept-Encoding', 'no-store']);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(page);
    const gzip = await ask('gzip');
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(page);
    expect(CatalogChangesResponse.parse(JSON.parse(page)).products.length).toBeGreaterThan(0);
  });

  it('validates the query and needs a signed-in user', async () => {
    const t = await synced();
    for (const q of ['limit=0', 'limit=5001', 'cursor=-1', 'cursor=abc']) {
      const res = await t.app.request(`/api/catalog/changes?${q}`, { headers: t.owner.headers });
      expect(res.status, q).toBe(400);
      expect(ErrorBody.parse(await res.json()).error.code).toBe('VALIDATION');
    }
    expect((await t.app.request('/api/catalog/changes')).status).toBe(401);
  });

  it('tells a device its cursor is behind (GET /api/catalog/version) until it pulls the change', async () => {
    const t = await synced();
    const version = async (headers = t.owner.headers) => {
      const res = await t.app.request('/api/catalog/version', { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      return CatalogVersionResponse.parse(await res.json());
    };
    const mine = device();
    await mine.pullAll(t, 1000);
    expect(await version()).toMatchObject({ catalogId: t.companyId, version: mine.cursor });
    const [first] = await t.db.products.getByExternalIds(t.companyId, await t.db.products.listExternalIds(t.companyId));
    await t.db.products.upsertMany(t.companyId, [{ externalId: first!.externalId, name: first!.name, regularPriceCents: first!.regularPriceCents + 1 }]);
    expect((await version()).version).toBeGreaterThan(mine.cursor);
    await mine.pullAll(t, 1000);
    expect((await version()).version).toBe(mine.cursor);
    const stranger = await signedInUser(t, 'Stan Stranger');
    expect(await version(stranger.headers)).toEqual({ catalogId: stranger.companyId, version: 0, priceListCatalogId: `${stranger.companyId}:`, priceListVersion: 0, priceListsReadAt: null });
    expect((await t.app.request('/api/catalog/version')).status).toBe(401);
  });

  it('names the price lists\u2019 copy and version too: a price list change moves them without the catalog (issue 35)', async () => {
    const t = await synced();
    const version = async () => CatalogVersionResponse.parse(await (await t.app.request('/api/catalog/version', { headers: t.owner.headers })).json());
    const changes = async (cursor: number) => (await (await t.app.request(`/api/price-lists/changes?cursor=${cursor}&limit=1`, { headers: t.owner.headers })).json()) as { catalogId: string; latestVersion: number };
    const before = await version();
    const feed = await changes(0);
    expect(before.priceListVersion).toBeGreaterThan(0);
    expect(before).toMatchObject({ priceListCatalogId: feed.catalogId, priceListVersion: feed.latestVersion });
    const [record] = await t.db.priceLists.changesSince(t.companyId, 0, 1);
    await t.db.priceLists.upsertRecords(t.companyId, [{ ...record!, priceCents: record!.priceCents + 1 }]);
    expect(await version()).toEqual({ ...before, priceListVersion: before.priceListVersion + 1 });
    // A read of the lists alone (a list webhook's refresh) moves their time, not the version.
    expect(before.priceListsReadAt).not.toBeNull();
    const stored = await t.db.priceLists.listLists(t.companyId);
    const readAt = new Date(Date.parse(before.priceListsReadAt!) + 60_000);
    await t.db.priceLists.replaceLists(t.companyId, {
      lists: stored.map((l) => ({ id: l.id, name: `${l.name} B2B`, active: l.active, dateModified: l.dateModified })), assignments: [], customerGroups: [], channels: [],
    }, readAt);
    expect(stored.length).toBeGreaterThan(0);
    expect(await version()).toEqual({ ...before, priceListVersion: before.priceListVersion + 1, priceListsReadAt: readAt.toISOString() });
  });
});
