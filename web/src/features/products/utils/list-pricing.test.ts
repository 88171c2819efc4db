/**
 * A product's prices on the products screen seen through a price list (issue 35): the record's,
 * else the catalog's in the catalog's currency, else unknown; one variant's, or the lowest of
 * several '(from)'; and where they come from.
 */
import { describe, expect, it } from 'vitest';
import type { LocalProduct } from '../../../local/catalog-query';
import type { RecordTuple } from '../../../local/price-list-db';
import { listPricing } from './list-pricing';

const product = (fields: Partial<LocalProduct> = {}): LocalProduct => ({
  id: 1, name: 'Shirt', category: null, sku: 'SHIRT', regularPrice: '20.00', salePrice: '18.00', stock: 5, weight: null, status: 'published',
  retailPrice: null, costPrice: null, brand: null, isVisible: true, lastUpdated: '2030-01-01T00:00:00.000Z', version: 1, variants: [], ...fields,
});
const variant = (id: number, regularPrice: string | null, salePrice: string | null = null): LocalProduct['variants'][number] => ({
  id, productId: 1, variantSku: `V-${id}`, regularPrice, salePrice, stock: 1, optionValues: [{ optionName: 'Size', label: String(id) }],
  retailPrice: null, costPrice: null, version: 1,
});
const listOf = (records: Record<number, RecordTuple>, currency = 'USD', catalogCurrency = true) => ({
  currency, catalogCurrency, records: new Map([[1, records]]),
});

describe('listPricing', () => {
  it('prices a product without options by its base variant\u2019s record, else the catalog\u2019s', () => {
    expect(listPricing(product({ baseVariantId: 900 }), listOf({ 900: ['12.00', null, null, null] }))).toEqual({
      fromVariants: false, price: '12.00', salePrice: null, source: 'record', currency: 'USD',
    });
    // Its base unknown (a copy pulled before issue 35): its one record is its own.
    expect(listPricing(product({ baseVariantId: null }), listOf({ 900: ['12.00', '11.00', null, null] }))).toMatchObject({ price: '12.00', salePrice: '11.00', source: 'record' });
    expect(listPricing(product({ baseVariantId: 900 }), listOf({}))).toMatchObject({ price: '20.00', salePrice: '18.00', source: 'catalog' });
    expect(listPricing(product({ baseVariantId: 900 }), listOf({}, 'EUR', false))).toMatchObject({ price: null, salePrice: null, source: 'catalog', currency: 'EUR' });
  });

  it('shows the lowest of several variants \u2019(from)\u2019, each its record\u2019s or its catalog price', () => {
    const shirt = product({ salePrice: null, variants: [variant(11, '30.00', '27.00'), variant(12, null), variant(13, '35.00')] });
    expect(listPricing(shirt, listOf({ 11: ['28.00', null, null, null], 13: ['15.00', '14.00', null, null] }))).toEqual({
      // 12 inherits the product's 20.00; 11's record has no sale, so its catalog sale is gone.
      fromVariants: true, price: '15.00', salePrice: '14.00', source: 'mixed', currency: 'USD',
    });
    // In another currency the variants without a record are unknown: only the records count.
    expect(listPricing(shirt, listOf({ 13: ['15.00', null, null, null] }, 'EUR', false))).toMatchObject({ price: '15.00', salePrice: null, source: 'mixed' });
    expect(listPricing(shirt, listOf({}, 'EUR', false))).toMatchObject({ price: null, source: 'catalog' });
  });

  it('shows one variant\u2019s own list price, not \u2019(from)\u2019', () => {
    expect(listPricing(product({ variants: [variant(11, null)] }), listOf({ 11: ['9.00', null, null, null] }))).toEqual({
      fromVariants: false, price: '9.00', salePrice: null, source: 'record', currency: 'USD',
    });
  });
});
