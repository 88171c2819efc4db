import { describe, expect, it } from 'vitest';
import { product, variant } from '../testing/fake-catalog-server';
import { decodeProduct, decodeProducts, decodeVariants, encodeProduct, encodeProducts, encodeVariants } from './catalog-row-codec';
import type { StoredProduct, StoredVariant } from './catalog-rows';
import { fromVariants, toStored } from './stored-product';

describe('the rows of a chunk as arrays of values', () => {
  it('reads back every field of a product and its variants, optional ones included or absent', () => {
    const variants: StoredVariant[] = [
      { ...variant(10, 1, { salePrice: '1.00', optionValues: [{ optionName: 'Size', label: 'M' }] as StoredVariant['optionValues'] }), pending: true },
      variant(11, 1, { regularPrice: null, retailPrice: '9.99', costPrice: '0.01' }),
    ];
    const full: StoredProduct = { ...toStored(product(1, { baseVariantId: 77, brand: 'Acme', weight: 1.25 }), fromVariants(variants)), pending: true };
    const bare: StoredProduct = toStored(product(2, { category: null, sku: null, salePrice: null }), fromVariants([]));

    expect(full.variantSkus?.length).toBeGreaterThan(0);
    expect(decodeProduct(encodeProduct(full))).toEqual(full);
    expect(decodeProduct(encodeProduct(bare))).toEqual(bare);
    // Absent keys stay absent (not undefined-valued: a spread or an `in` sees no difference).
    expect(Object.keys(decodeProduct(encodeProduct(bare))).sort()).toEqual(Object.keys(bare).filter((k) => bare[k as keyof StoredProduct] !== undefined).sort());
    expect(decodeVariants(encodeVariants(variants))).toEqual(variants);
    expect(decodeVariants(encodeVariants([]))).toEqual([]);
    // Many rows as one text (how a page's rows cross from the pull's worker).
    expect(decodeProducts(encodeProducts([full, bare]))).toEqual([full, bare]);
    expect(decodeProducts(encodeProducts([]))).toEqual([]);
  });

  it('stores about half the bytes of the objects', () => {
    const row = toStored(product(123456, { name: 'Northwind USB-C speaker', category: 'Electronics > Audio > Speakers' }), fromVariants([]));
    expect(encodeProduct(row).length).toBeLessThan(JSON.stringify(row).length * 0.65);
    expect(encodeProduct(row).startsWith('[123456,')).toBe(true);
  });
});
