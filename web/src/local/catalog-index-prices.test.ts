/**
 * The index seen through a price list and currency (issue 35): the price range and on-sale
 * filters read the list's prices (a product's own record, else the catalog's in the catalog's
 * currency, else unknown), search and the other filters stay the catalog's, and a query without
 * a price filter is the catalog's.
 */
import { describe, expect, it } from 'vitest';
import { product, storedProduct, variant } from '../testing/fake-catalog-server';
import { CatalogIndex } from './catalog-index';
import type { IndexFilter } from './catalog-index-entry';
import type { CatalogPricedProduct } from './catalog-index-prices';
import type { StoredProduct } from './catalog-rows';
import type { RecordTuple } from './price-list-db';
import { buildPriceSource } from './price-list-index';

const stored = storedProduct;
const rec = (price: string, sale: string | null = null): RecordTuple => [price, sale, null, null];

const CATALOG = [
  // No options: its records are its base variant's.
  stored(1, { name: 'Apron', regularPrice: '10.00', baseVariantId: 1001 }),
  stored(2, { name: 'Bowl', regularPrice: '20.00', baseVariantId: 1002 }),
  // Options: records per variant; its own price stays the catalog's.
  stored(3, { name: 'Cap', regularPrice: '30.00', baseVariantId: null }),
  // On sale in the catalog (its own sale price); the list's record has none.
  stored(4, { name: 'Dish', regularPrice: '40.00', salePrice: '35.00', onSale: true, baseVariantId: 1004 }),
  // On sale in the catalog through variant 502, which the list has no record of.
  stored(5, { name: 'Ewer', regularPrice: '50.00', onSale: true, variantsOnSale: 1, baseVariantId: null }),
  // On sale in the catalog through variant 602 only, which the list's record overrides.
  stored(6, { name: 'Fork', regularPrice: '60.00', onSale: true, variantsOnSale: 1, baseVariantId: null }),
];

/** The catalog rows (with variants) a source may read for a product's list sale. */
const ROWS: Record<number, CatalogPricedProduct & { id: number }> = {
  4: { ...product(4, { regularPrice: '40.00', salePrice: '35.00' }), variants: [] },
  5: { ...product(5, { regularPrice: '50.00' }), variants: [variant(501, 5), variant(502, 5, { salePrice: '45.00' })] },
  6: { ...product(6, { regularPrice: '60.00' }), variants: [variant(601, 6), variant(602, 6, { salePrice: '55.00' })] },
};

const RECORDS = new Map<number, Record<number, RecordTuple>>([
  [1, { 1001: rec('8.00') }],
  [3, { 301: rec('25.00', '22.00'), 302: rec('26.00') }],
  [4, { 1004: rec('38.00') }],
  [5, { 501: rec('48.00') }],
  [6, { 601: rec('58.00'), 602: rec('57.00') }],
]);

function indexOf(products: StoredProduct[]) {
  const index = new CatalogIndex();
  index.apply(products);
  return index;
}

async function sourceOf(index: CatalogIndex, key: string, catalogCurrency: boolean, records = RECORDS) {
  const asked: number[] = [];
  const source = await buildPriceSource(key, records, catalogCurrency, index, async (ids) => {
    asked.push(...ids);
    return ids.map((id) => ROWS[id]!);
  });
  return { source, asked };
}

const ids = (index: CatalogIndex, filter: IndexFilter) => index.query(filter, 0, 100).ids;

describe('the index seen through a price list', () => {
  it("filters the price range by a product's own record, else the catalog's price in the catalog's currency", async () => {
    const index = indexOf(CATALOG);
    const { source } = await sourceOf(index, 'usd', true);
    // The catalog: Apron 10.00 is no match for at most 9.00; through the list it costs 8.00.
    expect(ids(index, { filters: { priceMax: 900 } })).toEqual([]);
    expect(ids(index, { filters: { priceMax: 900 }, prices: source })).toEqual([1]);
    // Bowl has no record: the catalog's 20.00. Cap has options: its own price is the catalog's 30.00.
    expect(ids(index, { filters: { priceMin: 1500, priceMax: 3000 }, prices: source })).toEqual([2, 3]);
    // Dish's own record (38.00) stands for its catalog 40.00.
    expect(ids(index, { filters: { priceMin: 3600, priceMax: 3900 }, prices: source })).toEqual([4]);
    expect(ids(index, { filters: { priceMin: 3600, priceMax: 3900 } })).toEqual([]);
  });

  it("reads the list's sale: a record's, else the catalog's of the units without one", async () => {
    const index = indexOf(CATALOG);
    const { source, asked } = await sourceOf(index, 'usd', true);
    expect(ids(index, { filters: { onSale: true } })).toEqual([4, 5, 6]);
    // Cap: a record on sale. Dish: its record has no sale. Ewer: variant 502 has no record and
    // its catalog sale applies. Fork: 602's record overrides its catalog sale.
    expect(ids(index, { filters: { onSale: true }, prices: source })).toEqual([3, 5]);
    expect(ids(index, { saleOnly: true, prices: source })).toEqual([3, 5]);
    // Only the products whose list sale their catalog variants decide were read.
    expect(asked.sort()).toEqual([4, 5, 6]);
  });

  it('knows no price and no sale of a product without a record in another currency than the catalog\u2019s', async () => {
    const index = indexOf(CATALOG);
    const { source, asked } = await sourceOf(index, 'eur', false);
    // Only Apron and Dish have records of their own price; every other price is unknown.
    expect(ids(index, { filters: { priceMin: 0 }, prices: source })).toEqual([1, 4]);
    expect(ids(index, { filters: { priceMax: 999_999 }, prices: source })).toEqual([1, 4]);
    // Only records are on sale: Cap's.
    expect(ids(index, { filters: { onSale: true }, prices: source })).toEqual([3]);
    expect(asked).toEqual([]);
  });

  it('leaves search and the other filters to the catalog, and a query without a price filter as the catalog\u2019s', async () => {
    const index = indexOf(CATALOG.map((p) => ({ ...p, brand: p.id % 2 ? 'Odd' : 'Even' })));
    const { source } = await sourceOf(index, 'usd', true);
    expect(ids(index, { prices: source })).toEqual(ids(index, {}));
    expect(ids(index, { search: 'a', filters: { brand: 'Odd' }, prices: source })).toEqual(ids(index, { search: 'a', filters: { brand: 'Odd' } }));
    // A refined search keeps the list's filter (the cached set of a shorter search is filtered by it).
    expect(ids(index, { search: 'a', filters: { priceMax: 900 }, prices: source })).toEqual([1]);
    expect(ids(index, { search: 'ap', filters: { priceMax: 900 }, prices: source })).toEqual([1]);
    expect(ids(index, { search: 'ap', filters: { priceMax: 900 } })).toEqual([]);
  });

  it('answers each source by its own prices, never from another source\u2019s cached result', async () => {
    const index = indexOf(CATALOG);
    const { source: usd } = await sourceOf(index, 'usd', true);
    const changed = new Map(RECORDS);
    changed.set(2, { 1002: rec('5.00') });
    const { source: later } = await sourceOf(index, 'usd-2', true, changed);
    const { source: eur } = await sourceOf(index, 'eur', false);
    const cheap = { filters: { priceMax: 900 } };
    expect(ids(index, { ...cheap, prices: usd })).toEqual([1]);
    expect(ids(index, { ...cheap, prices: later })).toEqual([1, 2]);
    expect(ids(index, { ...cheap, prices: eur })).toEqual([1]);
    expect(ids(index, { filters: { priceMin: 1 }, prices: eur })).toEqual([1, 4]);
    expect(ids(index, { filters: { priceMin: 1 }, prices: usd })).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids(index, cheap)).toEqual([]);
  });

  it('follows the catalog: a product that leaves it is no match, a new base variant is read', async () => {
    const index = indexOf(CATALOG);
    index.apply([stored(2, { name: 'Bowl', regularPrice: '20.00', baseVariantId: 2002 })], [1]);
    const { source } = await sourceOf(index, 'usd', true, new Map<number, Record<number, RecordTuple>>([[1, { 1001: rec('8.00') }], [2, { 2002: rec('7.00') }]]));
    expect(ids(index, { filters: { priceMax: 900 }, prices: source })).toEqual([2]);
  });
});
