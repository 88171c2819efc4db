import { describe, expect, it } from 'vitest';
import { catalogPricesOf, payingPrice, priceListPrices, type CatalogPrices } from './price-list-view';

const product: CatalogPrices = { regularPrice: '20.00', salePrice: '18.00', retailPrice: '25.00' };
const variant: CatalogPrices = { regularPrice: '22.00', salePrice: null, retailPrice: null };
const record = { price: '15.00', salePrice: null, retailPrice: '19.00', mapPrice: '14.00' };

describe('catalogPricesOf', () => {
  it('takes the variant\u2019s own prices and its product\u2019s where it has none', () => {
    expect(catalogPricesOf(product, variant)).toEqual({ regularPrice: '22.00', salePrice: '18.00', retailPrice: '25.00' });
    expect(catalogPricesOf(product, null)).toEqual(product);
  });
});

describe('priceListPrices', () => {
  it('lets a record override every catalog price, its unset sale price meaning no sale (not the catalog\u2019s)', () => {
    expect(priceListPrices(product, record, true)).toEqual({ source: 'record', known: true, price: '15.00', salePrice: null, retailPrice: '19.00', mapPrice: '14.00' });
    expect(priceListPrices(product, { ...record, salePrice: '12.00' }, false)).toMatchObject({ source: 'record', known: true, price: '15.00', salePrice: '12.00' });
  });

  it('applies the catalog\u2019s prices without a record in the catalog\u2019s currency (no MAP price)', () => {
    expect(priceListPrices(catalogPricesOf(product, variant), null, true)).toEqual({
      source: 'catalog', known: true, price: '22.00', salePrice: '18.00', retailPrice: '25.00', mapPrice: null,
    });
  });

  it('knows no price without a record in another currency: the store converts the catalog\u2019s', () => {
    expect(priceListPrices(product, null, false)).toEqual({ source: 'catalog', known: false, price: null, salePrice: null, retailPrice: null, mapPrice: null });
  });

  it('reads a sale price of 0 as no sale, from the record or the catalog', () => {
    expect(priceListPrices(product, { ...record, salePrice: '0.00' }, true).salePrice).toBeNull();
    expect(priceListPrices({ ...product, salePrice: '0.00' }, null, true).salePrice).toBeNull();
  });
});

describe('payingPrice', () => {
  it('is the sale price when there is one, else the price', () => {
    expect(payingPrice({ price: '15.00', salePrice: '12.00' })).toBe('12.00');
    expect(payingPrice({ price: '15.00', salePrice: null })).toBe('15.00');
    expect(payingPrice({ price: null, salePrice: null })).toBeNull();
  });
});
