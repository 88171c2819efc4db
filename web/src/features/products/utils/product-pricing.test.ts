import { stockBadge } from '@catalog/contracts/catalog';
import { describe, expect, it } from 'vitest';
import { displayPricing, formatPrice, usesVariantPricing } from './product-pricing';

const variant = (regularPrice: string | null, salePrice: string | null, stock: number) => ({ regularPrice, salePrice, stock });

describe('variant-pricing mode', () => {
  it('shows a product with one variant (or none) at its own prices and stock', () => {
    const product = { regularPrice: '20.00', salePrice: '15.00', stock: 4, variants: [variant('99.00', null, 1)] };
    expect(usesVariantPricing(product)).toBe(false);
    expect(displayPricing(product)).toEqual({ fromVariants: false, regularPrice: '20.00', salePrice: '15.00', stock: 4 });
  });

  it("shows the lowest positive variant prices '(from)' and the stock summed over variants", () => {
    const product = {
      regularPrice: '50.00',
      salePrice: null,
      stock: 0,
      variants: [variant('30.00', '0.00', 3), variant('25.00', '22.00', 4), variant('0.00', '19.00', 5)],
    };
    expect(usesVariantPricing(product)).toBe(true);
    expect(displayPricing(product)).toEqual({ fromVariants: true, regularPrice: '25.00', salePrice: '19.00', stock: 12 });
  });

  it("uses the product's price for a variant without its own", () => {
    const product = { regularPrice: '10.00', salePrice: '8.00', stock: 0, variants: [variant(null, null, 1), variant('12.00', null, 1)] };
    expect(displayPricing(product)).toMatchObject({ regularPrice: '10.00', salePrice: '8.00' });
  });

  it('shows a product sale price of 0.00 as no sale price', () => {
    const product = { regularPrice: '10.00', salePrice: '0.00', stock: 0, variants: [] };
    expect(displayPricing(product).salePrice).toBeNull();
  });

  it('has no sale price when no variant has a positive one', () => {
    const product = { regularPrice: '10.00', salePrice: null, stock: 0, variants: [variant('12.00', null, 1), variant('11.00', '0.00', 1)] };
    expect(displayPricing(product).salePrice).toBeNull();
  });
});

describe('stock badge', () => {
  it("is 'Out of Stock' at 0, 'Low Stock' under 10 and 'In Stock' from 10", () => {
    expect(stockBadge(0)).toBe('Out of Stock');
    expect(stockBadge(-2)).toBe('Out of Stock');
    expect(stockBadge(1)).toBe('Low Stock');
    expect(stockBadge(9)).toBe('Low Stock');
    expect(stockBadge(10)).toBe('In Stock');
  });
});

describe('formatPrice', () => {
  it('shows two decimals with the currency, and a dash for no price', () => {
    expect(formatPrice('1234.5')).toBe('$1,234.50');
    expect(formatPrice(null)).toBe('—');
  });
});
