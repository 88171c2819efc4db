import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@catalog/contracts/errors';
import { formatCents } from '@catalog/contracts/money';
import { catalogPricesOf, priceListPrices, type PriceListPrices } from '@catalog/contracts/price-list-view';
import { filterSubject, ProductFilters, productFilterMatcher, throughPriceList, type ProductFiltersInput } from '@catalog/contracts/product-filters';
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

/**
 * The catalog through a price list and currency, worked out from the rules of contracts
 * (price-list-view.ts, product-filters.ts throughPriceList) over every product: the oracle of the
 * price list tests. Products in list order.
 */
async function throughList(t: World, priceListId: number, currency: string) {
  const ids = await t.db.products.listIds(t.companyId);
  const byId = new Map((await t.db.products.getByExternalIds(t.companyId, ids)).map((p) => [p.externalId, p]));
  const products = ids.map((id) => byId.get(id)!);
  const variantIds = products.flatMap((p) => [...(p.baseVariantId === null ? [] : [p.baseVariantId]), ...p.variants.map((v) => v.externalId)]);
  const records = new Map((await t.db.priceLists.getRecords(t.companyId, priceListId, currency, variantIds)).map((r) => [r.variantId, r]));
  const known = (await t.db.priceLists.catalogCurrency(t.companyId)) === currency;
  const money = (c: number | null) => (c === null ? null : formatCents(c));
  const record = (variantId: number | null) => {
    const r = variantId === null ? undefined : records.get(variantId);
    return r ? { price: formatCents(r.priceCents), salePrice: money(r.salePriceCents), retailPrice: money(r.retailPriceCents), mapPrice: money(r.mapPriceCents) } : null;
  };
  return products.map((p) => {
    const wire = toWireProduct(p);
    const product = priceListPrices(catalogPricesOf(wire, null), record(p.baseVariantId), known);
    const variants = wire.variants.map((v) => priceListPrices(catalogPricesOf(wire, v), record(v.id), known));
    return { id: p.externalId, product, variants, subject: throughPriceList(filterSubject(wire), { product, variants }) };
  });
}

/** Every page of a query (200 a page), its products in order. */
async function allPages(t: World, query: Record<string, string>, headers = t.owner.headers) {
  const out: ProductListResponse['products'] = [];
  for (let page = 1; ; page++) {
    const body = await list(t, { ...query, page, limit: 200 }, headers);
    out.push(...body.products);
    if (out.length >= body.total || body.products.length === 0) return { products: out, total: body.total };
  }
}

describe('GET /api/products through a price list (issue 35)', () => {
  /** A world whose list 1 has records in USD (the sync's) and, for some variants, in EUR, some on sale. */
  async function withLists() {
    const t = await synced();
    const [list] = await t.db.priceLists.listLists(t.companyId);
    expect(list).toBeDefined();
    const ids = await t.db.products.listIds(t.companyId);
    const products = await t.db.products.getByExternalIds(t.companyId, ids.slice(0, 30));
    const keys = products.flatMap((p) => (p.variants.length > 0 ? p.variants.map((v) => ({ p, variantId: v.externalId })) : p.baseVariantId === null ? [] : [{ p, variantId: p.baseVariantId }]));
    await t.db.priceLists.upsertRecords(t.companyId, keys.filter((_, i) => i % 3 !== 2).map(({ p, variantId }, i) => ({
      priceListId: list!.id, variantId, productId: p.externalId, currency: 'EUR', priceCents: 1000 + 137 * i,
      salePriceCents: i % 4 === 0 ? 900 + 100 * i : i % 4 === 1 ? 0 : null, retailPriceCents: null, mapPriceCents: i % 5 === 0 ? 5000 : null,
    })));
    const catalogCurrency = await t.db.priceLists.catalogCurrency(t.companyId);
    expect(catalogCurrency).not.toBe('EUR');
    return { t, listId: list!.id, catalogCurrency: catalogCurrency! };
  }

  it('gives every product and variant the list\'s prices: the record\'s, else the catalog\'s in its currency, else unknown; paged as the catalog is', async () => {
    const { t, listId, catalogCurrency } = await withLists();
    const catalog = await allPages(t, {});
    for (const currency of [catalogCurrency, 'EUR']) {
      const want = await throughList(t, listId, currency);
      const got = await allPages(t, { priceList: String(listId), currency: currency.toLowerCase() });
      expect(got.total).toBe(catalog.total);
      expect(got.products.map((p) => p.id)).toEqual(want.map((w) => w.id));
      // The catalog's fields stay the catalog's.
      expect(got.products.map(({ listPrices: _, variants, ...p }) => ({ ...p, variants: variants.map(({ listPrices: __, ...v }) => v) }))).toEqual(catalog.products);
      expect(got.products.map((p) => ({ id: p.id, product: p.listPrices, variants: p.variants.map((v) => v.listPrices) })))
        .toEqual(want.map((w) => ({ id: w.id, product: w.product, variants: w.variants })));
      const sources = new Set(want.flatMap((w) => [w.product, ...w.variants]).map((x: PriceListPrices) => `${x.source}:${x.known}`));
      // Every case is there: records, and the catalog's prices (known in the catalog's currency only).
      expect([...sources].sort()).toEqual(currency === catalogCurrency ? ['catalog:true', 'record:true'] : ['catalog:false', 'record:true']);
      // A page in the middle, as the catalog's.
      const page = await list(t, { priceList: listId, currency, page: 3, limit: 7 });
      expect(page.products.map((p) => p.id)).toEqual(want.slice(14, 21).map((w) => w.id));
    }
    // Without a list: no listPrices.
    expect(catalog.products.every((p) => p.listPrices === undefined && p.variants.every((v) => v.listPrices === undefined))).toBe(true);
  });

  it('filters by the list\'s prices: the price range on the product\'s list price (unknown: in no range), on sale by a list sale price', async () => {
    const { t, listId, catalogCurrency } = await withLists();
    const queries: ProductFiltersInput[] = [
      { priceMin: '10' }, { priceMax: '30' }, { priceMin: '10', priceMax: '11' }, { priceMin: '0' }, { onSale: 'true' },
      { onSale: 'true', priceMax: '100' }, { priceMin: '20', stock: 'in' },
    ];
    let differs = 0;
    for (const currency of [catalogCurrency, 'EUR']) {
      const all = await throughList(t, listId, currency);
      for (const query of queries) {
        const matches = productFilterMatcher(ProductFilters.parse(query));
        const want = all.filter((w) => matches(w.subject)).map((w) => w.id);
        const got = await allPages(t, { ...(query as Record<string, string>), priceList: String(listId), currency });
        expect({ currency, query, ids: got.products.map((p) => p.id), total: got.total }).toEqual({ currency, query, ids: want, total: want.length });
        const catalog = await allPages(t, query as Record<string, string>);
        if (JSON.stringify(catalog.products.map((p) => p.id)) !== JSON.stringify(want)) differs++;
      }
      // With a search, paged.
      const matches = productFilterMatcher(ProductFilters.parse({ priceMin: '5' }));
      const searched = (await expected(t, { search: 'e' })).filter((id) => matches(all.find((w) => w.id === id)!.subject));
      const page = await list(t, { search: 'e', priceMin: '5', priceList: listId, currency, page: 2, limit: 3 });
      expect({ currency, ids: page.products.map((p) => p.id), total: page.total }).toEqual({ currency, ids: searched.slice(3, 6), total: searched.length });
    }
    // The list's prices really decide: some answers are not the catalog's.
    expect(differs).toBeGreaterThanOrEqual(4);
    // The repository's other reads take the same filter: a count and a page of products.
    const filter = { filters: { onSale: true as const, priceMin: 500 }, priceList: { priceListId: listId, currency: 'EUR', catalogCurrency: false } };
    const ids = await t.db.products.listIds(t.companyId, filter);
    expect(ids.length).toBeGreaterThan(1);
    expect(await t.db.products.count(t.companyId, filter)).toBe(ids.length);
    expect((await t.db.products.list(t.companyId, { ...filter, limit: 2, offset: 1 })).map((p) => p.externalId)).toEqual(ids.slice(1, 3));
  });

  it('answers with the records as they are now: a record\'s change shows at once, in the prices and the filters', async () => {
    const { t, listId } = await withLists();
    const [first] = await throughList(t, listId, 'EUR');
    const query = { priceList: String(listId), currency: 'EUR', priceMin: '99999', limit: '200' };
    expect((await list(t, query)).total).toBe(0);
    const [p] = await t.db.products.getByExternalIds(t.companyId, [first!.id]);
    const variantId = p!.variants[0]?.externalId ?? p!.baseVariantId!;
    await t.db.priceLists.upsertRecords(t.companyId, [{
      priceListId: listId, variantId, productId: p!.externalId, currency: 'EUR', priceCents: 12_345_600, salePriceCents: null, retailPriceCents: null, mapPriceCents: null,
    }]);
    const after = await list(t, { priceList: listId, currency: 'EUR', limit: 200 });
    const shown = after.products.find((x) => x.id === p!.externalId)!;
    const part = p!.variants.length > 0 ? shown.variants[0]!.listPrices : shown.listPrices;
    expect(part).toMatchObject({ source: 'record', price: '123456.00' });
    const filtered = await list(t, query);
    expect(filtered.products.map((x) => x.id)).toEqual(p!.variants.length > 0 && p!.baseVariantId === null ? [] : [p!.externalId]);
    await t.db.priceLists.deleteRecords(t.companyId, listId, 'EUR', [variantId]);
    const gone = (await list(t, { priceList: listId, currency: 'EUR', limit: 200 })).products.find((x) => x.id === p!.externalId)!;
    expect(p!.variants.length > 0 ? gone.variants[0]!.listPrices : gone.listPrices).toMatchObject({ source: 'catalog', known: false, price: null });
  });

  it('refuses an unknown list or another company\'s (404), a currency without prices and half a pair (400), every time', async () => {
    const { t, listId } = await withLists();
    const stranger = await signedInUser(t, 'Stan Stranger');
    const theirs = (await t.db.users.getByFirebaseUid(stranger.sub))!.companyId;
    await t.db.products.upsertMany(theirs, [{ externalId: 880001, name: 'Stranger kettle', sku: 'SECRET-1', regularPriceCents: 100, baseVariantId: 990001 }]);
    await t.db.priceLists.replaceLists(theirs, {
      lists: [{ id: 77, name: 'Theirs', active: true, dateModified: null }], assignments: [], customerGroups: [],
      channels: [{ id: 1, name: 'Shop', defaultCurrency: 'USD', enabledCurrencies: ['USD'] }],
    });
    await t.db.priceLists.upsertRecords(theirs, [{ priceListId: 77, variantId: 990001, productId: 880001, currency: 'USD', priceCents: 4200, salePriceCents: null, retailPriceCents: null, mapPriceCents: null }]);
    const theirList = await list(t, { priceList: 77, currency: 'USD' }, stranger.headers);
    expect(theirList.products.map((p) => [p.id, p.listPrices?.price])).toEqual([[880001, '42.00']]);
    for (let round = 0; round < 2; round++) {
      for (const [query, headers, status, message] of [
        ['priceList=77&currency=USD', t.owner.headers, 404, 'Price list 77 was not found. Sync the store and try again.'],
        [`priceList=${listId}&currency=USD`, stranger.headers, 404, `Price list ${listId} was not found. Sync the store and try again.`],
        ['priceList=424242&currency=USD', t.owner.headers, 404, undefined],
        [`priceList=${listId}&currency=JPY`, t.owner.headers, 400, undefined],
        [`priceList=${listId}`, t.owner.headers, 400, 'Name both a price list and a currency, or neither'],
        ['currency=USD', t.owner.headers, 400, 'Name both a price list and a currency, or neither'],
        ['priceList=abc&currency=USD', t.owner.headers, 400, undefined],
        [`priceList=${listId}&currency=EURO`, t.owner.headers, 400, undefined],
        ['priceList=0&currency=USD', t.owner.headers, 400, undefined],
        ['priceList=99999999999999999999&currency=USD', t.owner.headers, 400, undefined],
      ] as const) {
        const res = await t.app.request(`/api/products?${query}`, { headers });
        expect({ query, status: res.status }).toEqual({ query, status });
        const body = ErrorBody.parse(await res.json());
        if (message) expect(body.error.message).toBe(message);
      }
    }
    const jpy = ErrorBody.parse(await (await t.app.request(`/api/products?priceList=${listId}&currency=JPY`, { headers: t.owner.headers })).json());
    expect(jpy.error.message).toMatch(/has no prices in JPY; its currencies are .*EUR/);
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
