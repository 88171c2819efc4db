/** Replication pages with rows as arrays (decision 064) read back as the pages of objects. */
import { describe, expect, it } from 'vitest';
import { CatalogChangesArraysResponse, CatalogChangesPage, CatalogChangesResponse, type ReplicatedProduct, type ReplicatedVariant } from './replication';
import { PriceListChangesArraysResponse, type ReplicatedPriceListRecord } from './price-list-changes';
import { PRODUCT_COLUMNS, RECORD_COLUMNS, RECORD_KEY_COLUMNS, toRow, VARIANT_COLUMNS } from './replication-rows';

const product: ReplicatedProduct = {
  id: 7, name: 'Sun Hat', category: 'Hats', sku: 'HAT-7', regularPrice: '19.90', salePrice: null, retailPrice: '25.00', costPrice: null, brand: null,
  stock: 4, weight: 0.5, status: 'published', isVisible: true, lastUpdated: '2026-11-01T10:00:00.000Z', version: 12, baseVariantId: 70,
};
const variant: ReplicatedVariant = {
  id: 71, productId: 7, variantSku: 'HAT-7-M', regularPrice: null, salePrice: '15.00', retailPrice: null, costPrice: '5.00', stock: 2,
  optionValues: [{ optionName: 'Size', label: 'M' }], version: 13,
};
const record: ReplicatedPriceListRecord = { priceListId: 1, variantId: 71, productId: 7, currency: 'USD', price: '12.00', salePrice: null, retailPrice: null, mapPrice: '10.00' };
const head = { schemaVersion: 3, catalogId: 'c1', reset: false, cursor: 13, hasMore: false, latestVersion: 13, totalProducts: 1, deletedProductIds: [3], deletedVariantIds: [] };

describe('rows as arrays', () => {
  it('reads a catalog page of arrays as the page of objects, whichever shape the union meets', () => {
    const objects = { ...head, products: [product], variants: [variant] };
    const arrays = { ...head, columns: { products: PRODUCT_COLUMNS, variants: VARIANT_COLUMNS }, products: [toRow(product, PRODUCT_COLUMNS)], variants: [toRow(variant, VARIANT_COLUMNS)] };
    expect(JSON.stringify(arrays.products).length).toBeLessThan(JSON.stringify(objects.products).length * 0.6);
    const { columns, ...read } = CatalogChangesArraysResponse.parse(JSON.parse(JSON.stringify(arrays)));
    expect(columns).toEqual({ products: [...PRODUCT_COLUMNS], variants: [...VARIANT_COLUMNS] });
    expect(read).toEqual(CatalogChangesResponse.parse(objects));
    expect(CatalogChangesPage.parse(arrays)).toMatchObject({ products: [product], variants: [variant] });
    expect(CatalogChangesPage.parse(objects)).toEqual(objects);
  });

  it('writes an absent value as null, and ignores columns after the known ones (a newer server)', () => {
    const { baseVariantId: _, ...without } = product;
    expect(toRow<ReplicatedProduct>(without, PRODUCT_COLUMNS).at(-1)).toBeNull();
    const page = { ...head, columns: {}, products: [[...toRow(product, PRODUCT_COLUMNS), 'a later column']], variants: [] };
    expect(CatalogChangesArraysResponse.parse(page).products).toEqual([product]);
  });

  it('refuses a row whose value at a position is not its column\u2019s, naming the row and position', () => {
    const row = toRow(product, PRODUCT_COLUMNS);
    row[PRODUCT_COLUMNS.indexOf('regularPrice')] = 19.9;
    const result = CatalogChangesArraysResponse.safeParse({ ...head, columns: {}, products: [row], variants: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['products', 0, PRODUCT_COLUMNS.indexOf('regularPrice')]);
    expect(CatalogChangesArraysResponse.safeParse({ ...head, columns: {}, products: [row.slice(0, 3)], variants: [] }).success).toBe(false);
  });

  it('reads a price list page of arrays: records and deleted keys', () => {
    const page = {
      catalogId: 'c1:s:1', reset: false, cursor: 2, hasMore: false, latestVersion: 2, catalogCurrency: 'USD', lists: [],
      columns: { records: RECORD_COLUMNS, deleted: RECORD_KEY_COLUMNS },
      records: [toRow(record, RECORD_COLUMNS)], deleted: [[2, 72, 7, 'EUR']],
    };
    expect(PriceListChangesArraysResponse.parse(page)).toMatchObject({ records: [record], deleted: [{ priceListId: 2, variantId: 72, productId: 7, currency: 'EUR' }] });
  });
});
