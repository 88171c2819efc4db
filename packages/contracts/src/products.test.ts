/** The rules of products.ts, stated as the tests' names. */
import { describe, expect, it } from 'vitest';
import { Product, ProductListQuery, ProductPriceEdit, VariantPriceEdit } from './products';

describe('ProductListQuery', () => {
  it('defaults to page 1 and 20 per page', () => {
    expect(ProductListQuery.parse({})).toEqual({ page: 1, limit: 20 });
  });

  it('reads numbers from query strings and drops empty filters', () => {
    expect(ProductListQuery.parse({ page: '3', limit: '50', search: '  shirt ', category: '' })).toEqual({
      page: 3,
      limit: 50,
      search: 'shirt',
    });
  });

  it('serves at most 200 per page and at least 1 (limit=1 reads only the total)', () => {
    expect(ProductListQuery.parse({ limit: '1' }).limit).toBe(1);
    expect(ProductListQuery.parse({ limit: 200 }).limit).toBe(200);
    expect(ProductListQuery.safeParse({ limit: '201' }).success).toBe(false);
    expect(ProductListQuery.safeParse({ limit: '0' }).success).toBe(false);
  });

  it('takes a price list and a currency together or neither (issue 35), the currency upper-cased', () => {
    expect(ProductListQuery.parse({ priceList: '7', currency: 'eur' })).toMatchObject({ priceList: 7, currency: 'EUR' });
    for (const [query, path] of [[{ priceList: '7' }, 'currency'], [{ currency: 'EUR' }, 'priceList']] as const) {
      const result = ProductListQuery.safeParse(query);
      expect(result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[path, 'Name both a price list and a currency, or neither']]);
    }
    for (const query of [{ priceList: 'x', currency: 'EUR' }, { priceList: '0', currency: 'EUR' }, { priceList: '7', currency: 'EURO' }]) {
      expect(ProductListQuery.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });

  it('rejects a page that is not a positive whole number', () => {
    for (const page of ['0', '-1', '1.5', 'abc']) {
      expect(ProductListQuery.safeParse({ page }).success, page).toBe(false);
    }
  });
});

describe('ProductPriceEdit', () => {
  it("says 'No changes detected to update' when neither price is sent", () => {
    expect(ProductPriceEdit.safeParse({}).error?.issues[0]?.message).toBe('No changes detected to update');
  });

  it('clears a sale price with null and normalizes prices', () => {
    expect(ProductPriceEdit.parse({ salePrice: null })).toEqual({ salePrice: null });
    expect(ProductPriceEdit.parse({ regularPrice: '24.5' })).toEqual({ regularPrice: '24.50' });
  });

  it('never clears a product regular price', () => {
    expect(ProductPriceEdit.safeParse({ regularPrice: null }).success).toBe(false);
  });

  it('rejects a price with more than 2 decimals', () => {
    expect(ProductPriceEdit.safeParse({ regularPrice: '1.999' }).error?.issues[0]?.message).toBe(
      'Enter a price between 0.00 and 99,999,999.99',
    );
  });
});

describe('VariantPriceEdit', () => {
  it('lets a variant go back to the product price with null', () => {
    expect(VariantPriceEdit.parse({ regularPrice: null })).toEqual({ regularPrice: null });
    expect(VariantPriceEdit.safeParse({}).success).toBe(false);
  });
});

describe('Product', () => {
  it('describes a product with its variants and nullable sale price', () => {
    const product = Product.parse({
      id: 77,
      name: 'Linen shirt',
      category: 'Clothing > Shirts',
      sku: 'LS-1',
      regularPrice: '49.9',
      salePrice: null,
      retailPrice: '59.00',
      costPrice: null,
      brand: 'Harbor',
      stock: 12,
      weight: 0.4,
      status: 'published',
      variants: [
        {
          id: 501,
          productId: 77,
          variantSku: 'LS-1-M',
          regularPrice: null,
          salePrice: '39.90',
          retailPrice: null,
          costPrice: '20',
          stock: 4,
          optionValues: [{ optionName: 'Size', label: 'M' }],
        },
      ],
    });
    expect(product.regularPrice).toBe('49.90');
    expect(product.variants[0]?.regularPrice).toBeNull();
    expect([product.retailPrice, product.costPrice, product.brand, product.variants[0]?.costPrice]).toEqual(['59.00', null, 'Harbor', '20.00']);
    // Retail price, cost and brand are required (null where none).
    expect(Product.safeParse({ ...product, brand: undefined }).success).toBe(false);
  });
});
