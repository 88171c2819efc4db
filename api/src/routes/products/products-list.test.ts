import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@catalog/contracts/errors';
import { PriceHistoryResponse, ProductListResponse, VariantListResponse } from '@catalog/contracts/products';
import type { ProductWithVariants } from '../../db/repositories';
import { toWireProduct } from '../../services/catalog/catalog-wire';
import { productListStats } from '../../services/catalog/product-list';
import { signedInUser, startDemoStore, syncedApp, type TestStore } from '../../testing/store-fixture';

let store: TestStore;
const cleanups: Array<() => Promise<void>> = [];
beforeAll(async () => {
  store = await startDemoStore({ products: 80 });
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

async function list(t: World, query: Record<string, string | number>, headers = t.owner.headers) {
  const res = await t.app.request(`/api/products?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`, { headers });
  expect(res.status).toBe(200);
  return ProductListResponse.parse(await res.json());
}

/** The rule the API implements, applied to every product: the oracle of the search tests. */
async function expected(t: World, filter: { search?: string; category?: string }) {
  const all = await t.db.products.getByExternalIds(t.companyId, await t.db.products.listExternalIds(t.companyId));
  const s = filter.search?.toLowerCase();
  const key = (p: ProductWithVariants) => p.name.toLowerCase();
  return all
    .filter((p) => !s || p.name.toLowerCase().includes(s) || (p.sku ?? '').toLowerCase().includes(s))
    .filter((p) => !filter.category || p.category === filter.category || (p.category ?? '').startsWith(`${filter.category} > `))
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.externalId - b.externalId))
    .map((p) => p.externalId);
}

describe('GET /api/products', () => {
  it('pages the catalog in name order with its total, variants and prices as strings', async () => {
    const t = await synced();
    const all = await expected(t, {});
    const first = await list(t, {});
    expect(first.total).toBe(all.length);
    expect(first.products.map((p) => p.id)).toEqual(all.slice(0, 20));
    expect((await list(t, { page: 2, limit: 50 })).products.map((p) => p.id)).toEqual(all.slice(50, 100));
    expect(await list(t, { page: 99, limit: 50 })).toEqual({ products: [], total: all.length });
    const withVariants = (await list(t, { limit: 200 })).products.find((p) => p.variants.length > 0)!;
    expect(withVariants.variants.every((v) => v.productId === withVariants.id)).toBe(true);
    expect(withVariants.regularPrice).toMatch(/^\d+\.\d\d$/);
  });

  it('searches names and SKUs as case-insensitive substrings, long and short', async () => {
    const t = await synced();
    const sample = (await t.db.products.list(t.companyId, { limit: 1, offset: 5 }))[0]!;
    const word = sample.name.split(' ').at(-1)!;
    const terms = [word.toUpperCase(), word.slice(1, 4), sample.sku!.slice(0, 5).toLowerCase(), sample.sku!.slice(-4), 'a', 'an', 'no such thing'];
    for (const search of terms) {
      const want = await expected(t, { search });
      const got = await list(t, { search, limit: 200 });
      expect({ search, ids: got.products.map((p) => p.id), total: got.total }).toEqual({ search, ids: want, total: want.length });
    }
    expect((await list(t, { search: word.slice(1, 4) })).total).toBeGreaterThan(0);
  });

  it('filters by a category with its subcategories, with and without a search, and pages the result', async () => {
    const t = await synced();
    const categories = await t.db.products.categories(t.companyId);
    const top = categories.find((c) => categories.some((d) => d.startsWith(`${c} > `)))!.split(' > ')[0]!;
    const want = await expected(t, { category: top });
    expect(want.length).toBeGreaterThan(2);
    const page = await list(t, { category: top, limit: 2, page: 2 });
    expect(page).toMatchObject({ total: want.length });
    expect(page.products.map((p) => p.id)).toEqual(want.slice(2, 4));
    const leaf = categories.find((c) => c.split(' > ').length === 3)!;
    expect((await list(t, { category: leaf, limit: 200 })).products.map((p) => p.id)).toEqual(await expected(t, { category: leaf }));
    const both = await list(t, { category: top, search: 'e', limit: 200 });
    expect(both.products.map((p) => p.id)).toEqual(await expected(t, { category: top, search: 'e' }));
  });

  it('answers with fresh prices after an edit, and only the caller\'s company\'s products', async () => {
    const t = await synced();
    const before = await list(t, { search: 'e' });
    const target = before.products[0]!;
    const [row] = await t.db.products.getByExternalIds(t.companyId, [target.id]);
    await t.db.products.setPrices(t.companyId, [{ productId: row!.id, regularPriceCents: 424_242 }]);
    expect((await list(t, { search: 'e' })).products[0]!.regularPrice).toBe('4242.42');
    const stranger = await signedInUser(t, 'Stan Stranger');
    expect(await list(t, {}, stranger.headers)).toEqual({ products: [], total: 0 });
    expect(await list(t, { search: 'e' }, stranger.headers)).toEqual({ products: [], total: 0 });
  });

  it('puts new pages together from products other pages showed, exactly as read fresh, and never from before a write', async () => {
    const t = await synced();
    const fresh = async (ids: number[]) => {
      const rows = new Map((await t.db.products.getByExternalIds(t.companyId, ids)).map((p) => [p.externalId, p]));
      return ids.map((id) => toWireProduct(rows.get(id)!));
    };
    const statsBefore = { ...productListStats };
    await list(t, { limit: 200 }); // every product shown once
    const ids = await expected(t, { search: 'a' });
    const page = await list(t, { search: 'a', limit: 50 });
    expect(page).toEqual({ products: await fresh(ids.slice(0, 50)), total: ids.length });
    expect(productListStats.productHits - statsBefore.productHits).toBeGreaterThanOrEqual(Math.min(50, ids.length));

    const target = page.products.find((p) => p.sku)!;
    const [row] = await t.db.products.getByExternalIds(t.companyId, [target.id]);
    await t.db.products.setPrices(t.companyId, [{ productId: row!.id, regularPriceCents: 123_456 }]);
    const bySku = await list(t, { search: target.sku! });
    expect(bySku.products.find((p) => p.id === target.id)!.regularPrice).toBe('1234.56');
    expect(bySku.products).toEqual(await fresh(bySku.products.map((p) => p.id)));
  });

  it('rejects a page or limit outside the allowed range, every time it is asked', async () => {
    const t = await synced();
    // Twice: query strings that validated are remembered, ones that did not must never be.
    for (let round = 0; round < 2; round++) {
      for (const q of ['limit=0', 'limit=201', 'page=0', 'page=x', `search=${'x'.repeat(201)}`]) {
        const res = await t.app.request(`/api/products?${q}`, { headers: t.owner.headers });
        expect(res.status, q).toBe(400);
        expect(ErrorBody.parse(await res.json()).error.code).toBe('VALIDATION');
      }
    }
  });

  it('answers a query string asked again as the first time, for whoever asks', async () => {
    const t = await synced();
    const stranger = await signedInUser(t, 'Sam Stranger');
    const query = { search: '  E ', page: 2, limit: 5 };
    const first = await list(t, query);
    expect(first.products.map((p) => p.id)).toEqual((await expected(t, { search: 'e' })).slice(5, 10));
    expect(await list(t, query)).toEqual(first);
    expect(await list(t, query, stranger.headers)).toEqual({ products: [], total: 0 });
    expect(await list(t, query)).toEqual(first);
  });
});

describe('GET /api/products/{id}/variants and /price-history', () => {
  it('lists a product\'s variants, and 404s for unknown, malformed and other companies\' ids', async () => {
    const t = await synced();
    const product = (await t.db.products.list(t.companyId, { limit: 200, offset: 0 })).find((p) => p.variants.length > 1)!;
    const res = await t.app.request(`/api/products/${product.externalId}/variants`, { headers: t.owner.headers });
    expect(res.status).toBe(200);
    const variants = VariantListResponse.parse(await res.json());
    expect(variants.map((v) => [v.id, v.productId])).toEqual(product.variants.map((v) => [v.externalId, product.externalId]));
    const stranger = await signedInUser(t, 'Stan Stranger');
    for (const [path, headers] of [
      ['/api/products/999999/variants', t.owner.headers], ['/api/products/abc/variants', t.owner.headers],
      [`/api/products/${product.externalId}/variants`, stranger.headers], [`/api/products/${product.externalId}/price-history`, stranger.headers],
    ] as const) {
      const miss = await t.app.request(path, { headers });
      expect(miss.status, path).toBe(404);
      expect(await miss.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Product not found' } });
    }
  });

  it('lists price history newest first with the store\'s ids', async () => {
    const t = await synced();
    const product = (await t.db.products.list(t.companyId, { limit: 200, offset: 0 })).find((p) => p.variants.length > 0)!;
    const variant = product.variants[0]!;
    await t.db.priceHistory.add(t.companyId, [
      { productId: product.id, changeType: 'sync', oldRegularPriceCents: 100, newRegularPriceCents: 200, createdAt: new Date('2025-01-01T00:00:00Z') },
      { productId: product.id, variantId: variant.id, changeType: 'manual', changedBy: null, oldSalePriceCents: null, newSalePriceCents: 150, createdAt: new Date('2025-02-01T00:00:00Z') },
    ]);
    const res = await t.app.request(`/api/products/${product.externalId}/price-history`, { headers: t.owner.headers });
    const { entries: history, nextCursor } = PriceHistoryResponse.parse(await res.json());
    expect(nextCursor).toBeNull();
    expect(history.map((h) => [h.changeType, h.productId, h.variantId, h.newRegularPrice, h.newSalePrice])).toEqual([
      ['manual', product.externalId, variant.externalId, null, '1.50'],
      ['sync', product.externalId, null, '2.00', null],
    ]);
    expect(typeof history[0]!.id).toBe('string');
  });
});
