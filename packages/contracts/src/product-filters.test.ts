import { describe, expect, it } from 'vitest';
import { priceListPrices } from './price-list-view';
import { filterSubject, matchesProductFilters, ProductFilters, productFiltersToParams, stockLevel, throughPriceList } from './product-filters';
import { ProductListQuery } from './products';

const subject = filterSubject({
  brand: 'Lumen', regularPrice: '20.00', salePrice: null, stock: 9, isVisible: true, sku: 'LAMP-01',
  variants: [{ variantSku: 'LAMP-01-RED', salePrice: '15.00' }, { variantSku: null, salePrice: null }],
});

describe('product filters', () => {
  it('parse query strings: prices to cents, flags, enums; empty values filter nothing', () => {
    expect(ProductFilters.parse({ brand: ' Lumen ', priceMin: '9.5', priceMax: '', stock: 'low', onSale: 'true', visible: 'false', sku: 'x', skuMatch: 'endsWith' }))
      .toEqual({ brand: 'Lumen', priceMin: 950, priceMax: undefined, stock: 'low', onSale: true, visible: false, sku: 'x', skuMatch: 'endsWith' });
    expect(ProductFilters.parse({ onSale: 'false', brand: '' })).toEqual({ onSale: undefined, brand: undefined, priceMin: undefined, priceMax: undefined, visible: undefined, sku: undefined });
  });

  it('refuse a minimum above the maximum on priceMin, and bad values on their field', () => {
    const range = ProductListQuery.safeParse({ priceMin: '30', priceMax: '20' });
    expect(range.success ? [] : range.error.issues.map((i) => i.path.join('.'))).toEqual(['priceMin']);
    for (const [field, value] of [['priceMin', '-1'], ['priceMax', '1e3'], ['priceMin', '12.345'], ['stock', 'none'], ['visible', 'yes'], ['skuMatch', 'like'], ['sku', 'a\nb']] as const) {
      const result = ProductFilters.safeParse({ [field]: value });
      expect({ field, value, paths: result.success ? [] : result.error.issues.map((i) => i.path.join('.')) }).toEqual({ field, value, paths: [field] });
    }
    expect(ProductFilters.safeParse({ priceMin: '99999999.99', priceMax: '99999999.99' }).success).toBe(true);
  });

  it('match each rule at its edges: the price range inclusive, stock levels as the badge, sale on a variant, SKU of a variant', () => {
    const m = (f: object) => matchesProductFilters(subject, ProductFilters.parse(f));
    expect([m({ brand: 'Lumen' }), m({ brand: 'lumen' }), m({})]).toEqual([true, false, true]);
    expect([m({ priceMin: '20', priceMax: '20' }), m({ priceMin: '20.01' }), m({ priceMax: '19.99' })]).toEqual([true, false, false]);
    expect([stockLevel(0), stockLevel(-2), stockLevel(1), stockLevel(9), stockLevel(10)]).toEqual(['out', 'out', 'low', 'low', 'in']);
    expect([m({ stock: 'low' }), m({ stock: 'in' })]).toEqual([true, false]);
    expect([m({ onSale: 'true' }), m({ visible: 'true' }), m({ visible: 'false' })]).toEqual([true, true, false]);
    expect([m({ sku: 'red' }), m({ sku: 'lamp-01-r', skuMatch: 'startsWith' }), m({ sku: '01', skuMatch: 'endsWith' }), m({ sku: '01-', skuMatch: 'endsWith' })])
      .toEqual([true, true, true, false]);
    // A SKU match never spans two SKUs: the filter is one line.
    expect(ProductFilters.safeParse({ sku: '01\nlamp' }).success).toBe(false);
  });

  it('write canonical parameters that parse back to the same filters', () => {
    const f = ProductFilters.parse({ brand: 'A & B', priceMin: '5', stock: 'out', visible: 'true', sku: 'x', skuMatch: 'contains' });
    const params = productFiltersToParams(f);
    expect(params).toEqual([['brand', 'A & B'], ['priceMin', '5.00'], ['stock', 'out'], ['visible', 'true'], ['sku', 'x']]);
    expect(ProductFilters.parse(Object.fromEntries(params))).toEqual(ProductFilters.parse({ ...Object.fromEntries(params) }));
  });

  it('through a price list (issue 35): the range on the product\'s list price, unknown in no range; on sale by a list sale price only', () => {
    const catalog = { regularPrice: '20.00', salePrice: null, retailPrice: null };
    const record = (price: string, salePrice: string | null = null) => ({ price, salePrice, retailPrice: null, mapPrice: null });
    const m = (s: ReturnType<typeof throughPriceList>, f: object) => matchesProductFilters(s, ProductFilters.parse(f));
    // The record's price, and no sale: the catalog's sale on a variant no longer counts once its record has none.
    const listed = throughPriceList(subject, { product: priceListPrices(catalog, record('12.00'), false), variants: [priceListPrices(catalog, record('11.00'), false)] });
    expect([m(listed, { priceMax: '12' }), m(listed, { priceMin: '12.01' }), m(listed, { onSale: 'true' }), m(listed, { brand: 'Lumen' })]).toEqual([true, false, false, true]);
    // A variant's list sale puts the product on sale.
    const onSale = throughPriceList(subject, { product: priceListPrices(catalog, null, true), variants: [priceListPrices(catalog, record('18.00', '9.00'), true)] });
    expect([m(onSale, { onSale: 'true' }), m(onSale, { priceMin: '20', priceMax: '20' })]).toEqual([true, true]);
    // Another currency without a record: unknown, in no range (not even from 0), and no sale.
    const unknown = throughPriceList(subject, { product: priceListPrices(catalog, null, false), variants: [] });
    expect(unknown.regularPriceCents).toBeNull();
    expect([m(unknown, { priceMin: '0' }), m(unknown, { priceMax: '99999999.99' }), m(unknown, { onSale: 'true' }), m(unknown, {})]).toEqual([false, false, false, true]);
  });
});
