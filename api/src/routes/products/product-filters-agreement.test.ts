/**
 * The product filters give the same answer on the device and in the API (issue 19, item 2):
 * one catalog synced from the demo store, replicated to a device index exactly as a device
 * pulls it (GET /api/catalog/changes, the rows stored as web/src/local does), then every filter
 * alone and in combination asked of both: GET /api/products (SQL, this run's database) and the
 * device's CatalogIndex (contracts' matchesProductFilters). The ids, in list order, must agree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductFilters, type ProductFiltersInput } from '@catalog/contracts/product-filters';
import type { CatalogChangesResponse, ReplicatedVariant } from '@catalog/contracts/replication';
import { CatalogIndex } from '../../../../web/src/local/catalog-index';
import type { IndexFilter } from '../../../../web/src/local/catalog-index-entry';
import { fromVariants, toStored } from '../../../../web/src/local/stored-product';
import { startDemoStore, storeProducts, syncedApp, type TestStore } from '../../testing/store-fixture';

let store: TestStore;
let t: Awaited<ReturnType<typeof syncedApp>>;
const device = new CatalogIndex();

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

function deviceIds(query: Record<string, string>): number[] {
  const { search, category, ...rest } = query;
  const filter: IndexFilter = { search, category, filters: ProductFilters.parse(rest as ProductFiltersInput) };
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
