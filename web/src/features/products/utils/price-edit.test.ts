import { describe, expect, it } from 'vitest';
import { productPriceEdit, REGULAR_PRICE_REQUIRED, variantPriceEdit } from './price-edit';

describe('product price edit', () => {
  const original = { regularPrice: '20.00', salePrice: '15.00' };

  it('detects no change, also when a price is written differently', () => {
    expect(productPriceEdit(original, { regularPrice: '20', salePrice: 15 })).toEqual({ kind: 'unchanged' });
    expect(productPriceEdit({ regularPrice: '5.00', salePrice: null }, { regularPrice: 5, salePrice: '' })).toEqual({ kind: 'unchanged' });
  });

  it('sends only the changed fields', () => {
    expect(productPriceEdit(original, { regularPrice: '21.5', salePrice: '15' })).toEqual({ kind: 'edit', body: { regularPrice: '21.50' } });
    expect(productPriceEdit(original, { regularPrice: 20, salePrice: 12.99 })).toEqual({ kind: 'edit', body: { salePrice: '12.99' } });
  });

  it('clears an emptied sale price with null', () => {
    expect(productPriceEdit(original, { regularPrice: '20.00', salePrice: '' })).toEqual({ kind: 'edit', body: { salePrice: null } });
  });

  it('requires a valid regular price', () => {
    expect(productPriceEdit(original, { regularPrice: '', salePrice: '' })).toEqual({ kind: 'invalid', errors: { regularPrice: REGULAR_PRICE_REQUIRED } });
    expect(productPriceEdit(original, { regularPrice: '1.234', salePrice: '' }).kind).toBe('invalid');
  });
});

describe('variant price edit', () => {
  it('leaves an empty variant price out instead of clearing it', () => {
    const original = { regularPrice: '30.00', salePrice: '25.00' };
    expect(variantPriceEdit(original, { regularPrice: '30.00', salePrice: '' })).toEqual({ kind: 'unchanged' });
    expect(variantPriceEdit(original, { regularPrice: '', salePrice: '20' })).toEqual({ kind: 'edit', body: { salePrice: '20.00' } });
  });

  it('sets a price on a variant that inherited one', () => {
    expect(variantPriceEdit({ regularPrice: null, salePrice: null }, { regularPrice: '9.99', salePrice: '' })).toEqual({
      kind: 'edit',
      body: { regularPrice: '9.99' },
    });
  });
});
