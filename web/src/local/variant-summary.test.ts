/**
 * A product's list prices from its row and its variants' summary (variant-summary.ts) are the
 * ones its variants give, and stay right when the product's own prices change without its
 * variants being read again (a price edit of the product, laid over by the outbox).
 */
import { describe, expect, it } from 'vitest';
import { summarizeVariants, summaryPricing } from './variant-summary';

const variant = (regularPrice: string | null, salePrice: string | null, stock: number) => ({ regularPrice, salePrice, stock });

describe('the variants\u2019 summary', () => {
  it('keeps how many, the lowest positive own prices, whether some fall back to the product, and the stock', () => {
    expect(summarizeVariants([])).toEqual([0, null, false, null, false, 0]);
    expect(summarizeVariants([variant('30.00', '0.00', 3), variant('25.00', null, 4), variant('0.00', '19.00', 5)]))
      .toEqual([3, '25.00', false, '19.00', true, 12]);
  });

  it('shows a product with one variant or none at its own prices and stock, a sale of 0.00 as none', () => {
    const product = { regularPrice: '20.00', salePrice: '0.00', stock: 4 };
    expect(summaryPricing(product, summarizeVariants([variant('99.00', null, 1)])))
      .toEqual({ fromVariants: false, regularPrice: '20.00', salePrice: null, stock: 4 });
  });

  it("follows the product's prices where a variant has none of its own, without its variants read again", () => {
    const summary = summarizeVariants([variant(null, null, 1), variant('12.00', null, 2)]);
    expect(summaryPricing({ regularPrice: '10.00', salePrice: '8.00', stock: 0 }, summary))
      .toEqual({ fromVariants: true, regularPrice: '10.00', salePrice: '8.00', stock: 3 });
    // The product's price edited to 15.00 and its sale removed: the variant with its own 12.00 is the lowest.
    expect(summaryPricing({ regularPrice: '15.00', salePrice: null, stock: 0 }, summary))
      .toEqual({ fromVariants: true, regularPrice: '12.00', salePrice: null, stock: 3 });
  });
});
