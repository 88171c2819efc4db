/**
 * The product filters give the same answer on the device and in the API (issue 19, item 2):
 * one catalog synced from the demo store, replicated to a device index exactly as a device
 * pulls it (GET /api/catalog/changes, the rows stored as web/src/local does), then every filter
 * alone and in combination asked of both: GET /api/products (SQL, this run's database) and the
 * device's CatalogIndex (contracts' matchesProductFilters). The ids, in list order, must agree.
 *
 * Through a price list and currency too (issue 35): the records pulled as a device pulls them
 * (GET /api/price-lists/changes), the index's price source made of them as the device makes it
 * (web/src/local/price-list-index.ts buildPriceSource, whose module reads IndexedDB: its few lines
 * over catalog-index-prices.ts are repeated here), against GET /api/products?priceList=&currency=.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductFilters, type ProductFiltersInput } from '@catalog/contracts/product-filters';
import type { PriceListChangesResponse } from '@catalog/contracts/price-list-changes';
import type { CatalogChangesResponse, ReplicatedVariant } from '@catalog/contracts/replication';
import { CatalogIndex } from '../../../../web/src/local/catalog-index';
import type { IndexFilter } from '../../../../web/src/local/catalog-index-entry';
import {
  listPriceSubject, needsCatalogRow, type IndexPriceSource, type ListPriceSubject, type ListRecordTuple,
} from '../../../../web/src/local/catalog-index-prices';
import { fromVariants, toStored } from '../../../../web/src/local/stored-product';
import { startDemoStore, storeProducts, syncedApp, type TestStore } from '../../testing/store-fixture';

let store: TestStore;
let t: Awaited<ReturnType<typeof syncedApp>>;
const device = new CatalogIndex();
/** The device's copy of the catalog, as pulled: products by id, their variants by product id. */
const pulledProducts = new Map<number, CatalogChangesResponse['products'][number]>();
const pulledVariants = new Map<number, ReplicatedVariant[]>();

beforeAll(async () => {
  store = await startDemoStore({ products: 500, seed: 'filters' });
  // Some products with variants on sale, without a SKU, hidden (synced as drafts), out of stock: every case each filter decides.
  t = await syncedApp(store);
  await t.db.settings.upsert(t.companyId, { ...(await t.db.settings.get(t.companyId))!, showInvisibleProducts: true });
  await t.db.settings.requireFullSync(t.companyId);
  const { postSync, readSyncEvents } = await import('../../testing/store-fixture');
  await readSyncEvents(await postSync(t.app, t.owner));

  // The device's pull: every page of changes, applied as catalog-apply does (variants grouped per product).
  const products: CatalogChangesResponse['products'] = [];
  const variants = new Map<number, ReplicatedVariant[]>();
  for (let cursor = 0, more = true; more;) {
    const res = await t.app.request(`/api/catalog/changes?cursor=${cursor}&limit=5000`, { headers: t.owner.headers });
    const page = (await res.json()) as CatalogChangesResponse;
    products.push(...page.products);
    for (const v of page.variants) variants.set(v.productId, [...(variants.get(v.productId) ?? []), v].sort((a, b) => a.id - b.id));
    cursor = page.cursor;
    more = page.hasMore;
  }
  device.apply(products.map((p) => toStored(p, fromVariants(variants.get(p.id) ?? []))));
  device.settle();
  for (const p of products) pulledProducts.set(p.id, p);
  for (const [id, vs] of variants) pulledVariants.set(id, vs);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await store?.close();
});

/** Every matching id from the API, page after page (200 a page), in list order. */
async function apiIds(query: Record<string, string>): Promise<{ status: number; ids: number[] }> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const params = new URLSearchParams({ ...query, limit: '200', page: String(page) });
    const res = await t.app.request(`/api/products?${params}`, { headers: t.owner.headers });
    if (res.status !== 200) return { status: res.status, ids };
    const body = (await res.json()) as { products: Array<{ id: number }>; total: number };
    ids.push(...body.products.map((p) => p.id));
    if (ids.length >= body.total || body.products.length === 0) return { status: 200, ids };
  }
}

function deviceIds(query: Record<string, string>, prices?: IndexPriceSource): number[] {
  const { search, category, ...rest } = query;
  const filter: IndexFilter = { search, category, filters: ProductFilters.parse(rest as ProductFiltersInput), prices };
  return device.query(filter, 0, 1_000_000).ids;
}

describe('product filters: the device and the API agree', () => {
  it('on every filter alone and in combination, over one catalog', async () => {
    const catalog = store.store.catalog();
    const brands = catalog.data.brands.map((b) => b.name);
    const withSku = storeProducts(store, { invisible: true }).find((p) => p.sku && p.base_variant_id === null)!;
    const variantSku = catalog.variantsOf(withSku.id)[0]!.sku;
    const prefix = withSku.sku.slice(0, 3); // the department code, e.g. "HOM"
    const queries: Array<Record<string, string>> = [
      {},
      { brand: brands[0]! }, { brand: brands[7]! }, { brand: 'No Such Brand' },
      { priceMin: '20' }, { priceMax: '19.99' }, { priceMin: '20', priceMax: '60.50' }, { priceMin: '0', priceMax: '0' },
      { stock: 'in' }, { stock: 'low' }, { stock: 'out' },
      { onSale: 'true' }, { onSale: 'false' },
      { visible: 'true' }, { visible: 'false' },
      { sku: prefix }, { sku: prefix.toLowerCase(), skuMatch: 'startsWith' }, { sku: variantSku.slice(-3), skuMatch: 'endsWith' },
      { sku: variantSku, skuMatch: 'contains' }, { sku: variantSku.slice(-3), skuMatch: 'startsWith' }, { sku: '%' }, { sku: '_' },
      { brand: brands[1]!, priceMin: '10', stock: 'in' },
      { onSale: 'true', visible: 'true', priceMax: '100' },
      { brand: brands[2]!, sku: prefix, skuMatch: 'startsWith', stock: 'low' },
      { search: 'pro', onSale: 'true' },
      { search: withSku.name.split(' ')[1]!, brand: brands[3]!, visible: 'true' },
      { category: 'Home & Kitchen', priceMin: '15', priceMax: '200' },
    ];
    let nonEmpty = 0;
    for (const query of queries) {
      const api = await apiIds(query);
      expect({ query, status: api.status }).toEqual({ query, status: 200 });
      expect({ query, ids: deviceIds(query) }).toEqual({ query, ids: api.ids });
      if (api.ids.length > 0 && api.ids.length < device.size) nonEmpty++;
    }
    // The filters really narrow: most queries match some products but not all.
    expect(nonEmpty).toBeGreaterThanOrEqual(queries.length - 8);
    // LIKE wildcards in a SKU are plain characters, on both sides.
    expect((await apiIds({ sku: '%' })).ids).toEqual([]);
  });

  it('refuses bad filters with a field error (400), a minimum above the maximum on priceMin', async () => {
    for (const [query, field] of [
      ['priceMin=30&priceMax=20', 'priceMin'], ['priceMin=-1', 'priceMin'], ['priceMax=1e3', 'priceMax'], ['stock=some', 'stock'],
      ['onSale=yes', 'onSale'], ['visible=maybe', 'visible'], ['skuMatch=regex', 'skuMatch'], [`brand=${'x'.repeat(201)}`, 'brand'],
    ] as const) {
      const res = await t.app.request(`/api/products?${query}`, { headers: t.owner.headers });
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      const body = (await res.json()) as { error: { code: string; fields?: Record<string, string> } };
      expect({ query, fields: Object.keys(body.error.fields ?? {}) }).toEqual({ query, fields: [field] });
    }
  });
});

describe('product filters through a price list (issue 35): the device and the API agree', () => {
  /** The device's pull of the records: every page of changes, by list and currency, then product, then variant. */
  async function pullRecords() {
    const byList = new Map<string, Map<number, Record<number, ListRecordTuple>>>();
    let catalogCurrency: string | null = null;
    for (let cursor = 0, more = true; more;) {
      const res = await t.app.request(`/api/price-lists/changes?cursor=${cursor}&limit=5000`, { headers: t.owner.headers });
      expect(res.status).toBe(200);
      const page = (await res.json()) as PriceListChangesResponse;
      catalogCurrency = page.catalogCurrency;
      for (const r of page.records) {
        const key = `${r.priceListId}:${r.currency}`;
        const products = byList.get(key) ?? byList.set(key, new Map()).get(key)!;
        products.set(r.productId, { ...products.get(r.productId), [r.variantId]: [r.price, r.salePrice, r.retailPrice, r.mapPrice] });
      }
      for (const d of page.deleted) delete byList.get(`${d.priceListId}:${d.currency}`)?.get(d.productId)?.[d.variantId];
      cursor = page.cursor;
      more = page.hasMore;
    }
    return { byList, catalogCurrency };
  }

  /** The index's price source of one list and currency's records, as price-list-index.ts buildPriceSource makes it. */
  function buildPriceSource(key: string, records: ReadonlyMap<number, Readonly<Record<number, ListRecordTuple>>>, catalogCurrency: boolean): IndexPriceSource {
    const byProduct = new Map<number, ListPriceSubject>();
    for (const [id, variants] of records) {
      const facts = device.priceFacts(id);
      if (!facts) continue;
      // The catalog row with variants, read only when the list's sale depends on it.
      const p = pulledProducts.get(id);
      const row = p && needsCatalogRow(variants, catalogCurrency, facts.onSale) ? { ...p, variants: pulledVariants.get(id) ?? [] } : undefined;
      byProduct.set(id, listPriceSubject(variants, facts.baseVariantId, catalogCurrency, facts.onSale, row));
    }
    return { key, catalogCurrency, byProduct };
  }

  it('on the price range and on sale, alone and with the other filters, in the catalog\'s currency and another', async () => {
    const [list] = await t.db.priceLists.listLists(t.companyId);
    expect(list).toBeDefined();
    // Records in a currency not the catalog's, for some of the products (a sale on some), and sales in the catalog's.
    const ids = await t.db.products.listIds(t.companyId);
    const products = await t.db.products.getByExternalIds(t.companyId, ids.filter((_, i) => i % 4 === 0));
    const units = products.flatMap((p) => (p.variants.length > 0 ? p.variants.map((v) => ({ p, variantId: v.externalId })) : p.baseVariantId === null ? [] : [{ p, variantId: p.baseVariantId }]));
    const catalogCurrency = (await t.db.priceLists.catalogCurrency(t.companyId))!;
    expect(catalogCurrency).not.toBe('EUR');
    await t.db.priceLists.upsertRecords(t.companyId, units.flatMap(({ p, variantId }, i) => [
      { priceListId: list!.id, variantId, productId: p.externalId, currency: 'EUR', priceCents: 500 + 331 * i, salePriceCents: i % 3 === 0 ? 400 + 100 * i : null, retailPriceCents: null, mapPriceCents: null },
      ...(i % 7 === 0 ? [{ priceListId: list!.id, variantId, productId: p.externalId, currency: catalogCurrency, priceCents: 1999, salePriceCents: i % 2 ? 1500 : 0, retailPriceCents: null, mapPriceCents: null }] : []),
    ]));
    const { byList, catalogCurrency: pulledCurrency } = await pullRecords();
    expect(pulledCurrency).toBe(catalogCurrency);

    const catalog = store.store.catalog();
    const brands = catalog.data.brands.map((b) => b.name);
    const queries: Array<Record<string, string>> = [
      {}, { priceMin: '20' }, { priceMax: '19.99' }, { priceMin: '5', priceMax: '30' }, { priceMin: '0' }, { onSale: 'true' },
      { onSale: 'true', priceMax: '100' }, { brand: brands[1]!, priceMin: '10', stock: 'in' }, { visible: 'true', priceMax: '60.50' },
      { search: 'pro', onSale: 'true' }, { category: 'Home & Kitchen', priceMin: '15', priceMax: '200' },
    ];
    for (const currency of [catalogCurrency, 'EUR']) {
      const records = byList.get(`${list!.id}:${currency}`) ?? new Map();
      expect(records.size).toBeGreaterThan(0);
      const source = buildPriceSource(`${list!.id}:${currency}`, records, currency === catalogCurrency);
      let nonEmpty = 0;
      for (const query of queries) {
        const api = await apiIds({ ...query, priceList: String(list!.id), currency });
        expect({ currency, query, status: api.status }).toEqual({ currency, query, status: 200 });
        expect({ currency, query, ids: deviceIds(query, source) }).toEqual({ currency, query, ids: api.ids });
        if (api.ids.length > 0 && api.ids.length < device.size) nonEmpty++;
      }
      // The filters really narrow through the list too.
      expect(nonEmpty, currency).toBeGreaterThanOrEqual(queries.length - 4);
    }
  });
});
