import { describe, expect, it } from 'vitest';
import { BigCommerceClient, type CatalogCategory, type CatalogProduct, type CatalogVariant } from '@catalog/commerce';
import { DEMO_STORE } from '@catalog/demo-store';
import { startDemoStore } from '../../testing/store-fixture';
import {
  brandEntries, categoryEntries, categoryIndexOf, categoryOf, hasStorablePrices, indexBrands, indexCategories, SYNC_PRODUCT_FIELDS, toProductInput,
  UNCATEGORIZED,
} from './catalog-mapping';

const cat = (id: number, parentId: number | null, name: string, path: string, sortOrder = 0, treeId = 1): CatalogCategory => ({
  id, parentId, treeId, name, path, pathIds: [], depth: path.split(' > ').length - 1, isVisible: true, sortOrder, url: null,
});
const variant = (id: number, extra: Partial<CatalogVariant> = {}): CatalogVariant => ({
  id, productId: 1, sku: `V${id}`, priceCents: null, salePriceCents: null, retailPriceCents: null, costPriceCents: null,
  calculatedPriceCents: 1000, inventoryLevel: 4, purchasingDisabled: false, isBase: false,
  optionValues: [{ optionName: 'Size', label: 'M', optionId: 1, valueId: 2 }], ...extra,
});
const product = (extra: Partial<CatalogProduct> = {}): CatalogProduct => ({
  id: 1, name: 'Tent', sku: 'T-1', type: 'physical', description: '<p>Tent</p>', priceCents: 1999, salePriceCents: 0,
  retailPriceCents: 0, costPriceCents: 0, calculatedPriceCents: 1999, categoryIds: [], brandId: null, inventoryLevel: 12,
  inventoryTracking: 'product', weight: 2.5, isVisible: true, isFeatured: false, availability: 'available', url: null,
  dateCreated: null, dateModified: '2025-01-02T03:04:05.000Z', baseVariantId: null, variants: [], ...extra,
});

describe('category paths', () => {
  // Outdoor (sort 1) > Camping > Tents; Home (sort 0) > Cookware; Sale in a second tree.
  const index = indexCategories([
    cat(30, 20, 'Tents', 'Outdoor > Camping > Tents'),
    cat(20, 10, 'Camping', 'Outdoor > Camping'),
    cat(10, null, 'Outdoor', 'Outdoor', 1),
    cat(11, null, 'Home', 'Home', 0),
    cat(12, 11, 'Cookware', 'Home > Cookware'),
    cat(90, null, 'Sale', 'Sale', 0, 2),
  ]);

  it('takes the first of a product\'s categories in tree order: trees by id, parents first, siblings by sort order', () => {
    expect(categoryOf([30, 20], index)).toBe('Outdoor > Camping');
    expect(categoryOf([30, 12], index)).toBe('Home > Cookware');
    expect(categoryOf([90, 30], index)).toBe('Outdoor > Camping > Tents');
  });

  it('is Uncategorized without a category any tree holds', () => {
    expect(categoryOf([], index)).toBe(UNCATEGORIZED);
    expect(categoryOf([404], index)).toBe(UNCATEGORIZED);
  });

  it('comes back from the cache as it was: [id, path] in tree order, a position being the rank', () => {
    const entries = categoryEntries(index);
    expect(entries).toEqual([[11, 'Home'], [12, 'Home > Cookware'], [10, 'Outdoor'], [20, 'Outdoor > Camping'], [30, 'Outdoor > Camping > Tents'], [90, 'Sale']]);
    expect(categoryIndexOf(entries)).toEqual(index);
    expect(brandEntries(indexBrands([{ id: 4, name: 'Zeta' }, { id: 3, name: 'Northwind' }]))).toEqual([[3, 'Northwind'], [4, 'Zeta']]);
  });
});

describe('toProductInput', () => {
  it('maps prices, stock, weight and visibility, with BigCommerce\'s sale price 0 as no sale price', () => {
    expect(toProductInput(product({ isVisible: false, salePriceCents: 0 }), new Map(), new Map())).toMatchObject({
      externalId: 1, name: 'Tent', sku: 'T-1', category: UNCATEGORIZED, regularPriceCents: 1999, salePriceCents: null,
      stock: 12, weight: 2.5, status: 'draft', isVisible: false, lastUpdated: new Date('2025-01-02T03:04:05.000Z'), variants: [],
    });
    expect(toProductInput(product({ salePriceCents: 1500 }), new Map(), new Map())).toMatchObject({ salePriceCents: 1500, status: 'published' });
  });

  it('leaves out a simple product\'s base variant and keeps option variants with their inherited (null) prices', () => {
    const simple = product({ baseVariantId: 5, variants: [variant(5, { isBase: true, optionValues: [] })] });
    expect(toProductInput(simple, new Map(), new Map()).variants).toEqual([]);
    const withOptions = product({ variants: [variant(6), variant(7, { priceCents: 2500, salePriceCents: 0, inventoryLevel: null })] });
    expect(toProductInput(withOptions, new Map(), new Map()).variants).toEqual([
      expect.objectContaining({ externalId: 6, variantSku: 'V6', regularPriceCents: null, salePriceCents: null, stock: 4, optionValues: [{ optionName: 'Size', label: 'M' }] }),
      expect.objectContaining({ externalId: 7, regularPriceCents: 2500, salePriceCents: 0, stock: 0 }),
    ]);
  });

  it('maps retail, cost and brand: the store\'s 0 is none (null), a variant\'s null inherits, an unknown brand id is none', () => {
    const brands = indexBrands([{ id: 3, name: 'Northwind' }, { id: 4, name: '' }]);
    expect(toProductInput(product({ retailPriceCents: 2499, costPriceCents: 900, brandId: 3 }), new Map(), brands)).toMatchObject({
      retailPriceCents: 2499, costPriceCents: 900, brand: 'Northwind',
    });
    expect(toProductInput(product({ retailPriceCents: 0, costPriceCents: 0, brandId: null }), new Map(), brands)).toMatchObject({
      retailPriceCents: null, costPriceCents: null, brand: null,
    });
    expect(toProductInput(product({ brandId: 99 }), new Map(), brands).brand).toBeNull();
    expect(toProductInput(product({ brandId: 4 }), new Map(), brands).brand).toBeNull();
    const withOptions = product({ variants: [variant(6), variant(7, { retailPriceCents: 3000, costPriceCents: 1200 }), variant(8, { retailPriceCents: 0, costPriceCents: 0 })] });
    expect(toProductInput(withOptions, new Map(), brands).variants?.map((v) => [v.externalId, v.retailPriceCents, v.costPriceCents])).toEqual([
      [6, null, null], [7, 3000, 1200], [8, null, null],
    ]);
  });

  it('tells apart prices the stored decimal(10,2) cannot hold', () => {
    expect(hasStorablePrices(product())).toBe(true);
    expect(hasStorablePrices(product({ priceCents: 10_000_000_000 }))).toBe(false);
    expect(hasStorablePrices(product({ variants: [variant(6, { priceCents: -1 })] }))).toBe(false);
    expect(hasStorablePrices(product({ costPriceCents: 10_000_000_000 }))).toBe(false);
    expect(hasStorablePrices(product({ variants: [variant(6, { retailPriceCents: -5 })] }))).toBe(false);
  });
});

describe('SYNC_PRODUCT_FIELDS', () => {
  it('holds every field the sync reads: pages with only those map as full pages do', async () => {
    const store = await startDemoStore({ products: 400 });
    try {
      const client = new BigCommerceClient({ storeHash: DEMO_STORE.hash, accessToken: DEMO_STORE.accessToken, baseUrl: store.url });
      const index = indexCategories(await client.getCategories());
      const brands = indexBrands(await client.getBrands());
      const read = async (includeFields?: readonly string[]) => {
        const products: CatalogProduct[] = [];
        for await (const page of client.productPages({ includeFields })) products.push(...page.products);
        return products.map((p) => ({
          id: p.id, isVisible: p.isVisible, storable: hasStorablePrices(p), input: toProductInput(p, index, brands),
        }));
      };
      const full = await read();
      // The catalog has what each field decides: hidden products, sale prices, option variants, simple products.
      expect(full.some((p) => !p.isVisible)).toBe(true);
      expect(full.some((p) => p.input.salePriceCents !== null)).toBe(true);
      expect(full.some((p) => (p.input.variants?.length ?? 0) > 0)).toBe(true);
      expect(full.some((p) => p.input.variants?.length === 0)).toBe(true);
      expect(full.some((p) => p.input.retailPriceCents !== null) && full.some((p) => p.input.retailPriceCents === null)).toBe(true);
      expect(full.some((p) => p.input.brand !== null) && full.some((p) => p.input.brand === null)).toBe(true);
      expect(full.some((p) => p.input.variants?.some((v) => v.costPriceCents !== null))).toBe(true);
      expect(await read(SYNC_PRODUCT_FIELDS)).toEqual(full);
    } finally {
      await store.close();
    }
  });
});
