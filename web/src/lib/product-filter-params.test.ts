import { describe, expect, it } from 'vitest';
import { readProductFilters, writeProductFilters } from './product-filter-params';

describe('product filters in the URL', () => {
  it('reads every filter as the API names it, prices as cents', () => {
    const params = new URLSearchParams('brand=Lumen&priceMin=10&priceMax=99.5&stock=low&onSale=true&visible=false&sku=mug&skuMatch=endsWith');
    expect(readProductFilters(params)).toEqual({
      brand: 'Lumen', priceMin: 1000, priceMax: 9950, stock: 'low', onSale: true, visible: false, sku: 'mug', skuMatch: 'endsWith',
    });
  });

  it('leaves out what does not parse and keeps the rest; a minimum above the maximum gives way', () => {
    expect(readProductFilters(new URLSearchParams('brand=Lumen&priceMin=abc&stock=plenty'))).toEqual({ brand: 'Lumen' });
    expect(readProductFilters(new URLSearchParams('priceMin=50&priceMax=20'))).toEqual({ priceMax: 2000 });
    expect(readProductFilters(new URLSearchParams('onSale=false&visible=true'))).toEqual({ visible: true });
    expect(readProductFilters(new URLSearchParams('page=2'))).toEqual({});
  });

  it('writes the filters canonically, keeping the other parameters of the URL', () => {
    const next = writeProductFilters(new URLSearchParams('draft=abc&brand=Old&stock=out'), {
      brand: 'Alder & Oak', priceMin: 1999, onSale: true, sku: 'X', skuMatch: 'contains',
    });
    expect(next.toString()).toBe('draft=abc&brand=Alder+%26+Oak&priceMin=19.99&onSale=true&sku=X');
    // What is written reads back the same.
    expect(readProductFilters(next)).toEqual({ brand: 'Alder & Oak', priceMin: 1999, onSale: true, sku: 'X' });
    expect(writeProductFilters(next, {}).toString()).toBe('draft=abc');
  });
});
