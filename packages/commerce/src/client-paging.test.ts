import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage } from './catalog-types';
import { startTestStore } from './test-support';
import type { TestStore } from './test-support';

describe('reading the catalog from the demo store', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await startTestStore({ products: 600, seed: 'paging' });
  });
  afterAll(() => store.close());

  it('pages 600 products in 3 pages of 250 and sees every product and variant', async () => {
    const client = store.client();
    const pages: ProductPage[] = [];
    for await (const page of client.productPages()) pages.push(page);

    expect(pages.map((p) => `${p.page}/${p.totalPages}`)).toEqual(['1/3', '2/3', '3/3']);
    expect(pages.map((p) => p.products.length)).toEqual([250, 250, 100]);
    const products = pages.flatMap((p) => p.products);
    const catalog = store.demo.store.catalog();
    expect(new Set(products.map((p) => p.id)).size).toBe(600);
    expect(products.flatMap((p) => p.variants).length).toBe(catalog.data.variants.size);
    expect(client.counters.productPages).toBe(3);
  });

  it('stops between pages when the caller breaks out of the loop', async () => {
    const client = store.client();
    const seen: number[] = [];
    for await (const page of client.productPages({ pageSize: 100 })) {
      seen.push(page.page);
      if (page.page === 2) break;
    }
    expect(seen).toEqual([1, 2]);
    expect(client.counters.productPages).toBe(2);
  });

  it('maps variants with option values and keeps the base variant of simple products apart', async () => {
    const client = store.client();
    const [first] = await client.productPages().next().then((r) => (r.value as ProductPage).products.filter((p) => p.baseVariantId === null).slice(0, 1));
    expect(first).toBeDefined();
    const variant = first?.variants[0];
    expect(first?.variants.length).toBeGreaterThanOrEqual(2);
    expect(variant?.isBase).toBe(false);
    expect(variant?.optionValues[0]).toMatchObject({ optionName: expect.any(String), label: expect.any(String) });
  });

  it('fetches only products modified since a time with date_modified:min', async () => {
    const client = store.client();
    const since = new Date(Date.now() - 1000);
    store.demo.store.updateProduct(150, { price: 12.34 });
    store.demo.store.updateVariant(store.demo.store.catalog().variantsOf(160)[0]?.id ?? 0, { inventory_level: 7 });
    const changed: number[] = [];
    for await (const page of client.productPages({ modifiedSince: since })) changed.push(...page.products.map((p) => p.id));
    expect(changed).toEqual([150, 160]);
  });

  it('reads products by id with id:in, skipping ids the store does not have', async () => {
    const client = store.client();
    const products = await client.getProducts([105, 101, 103, 999_999, 101]);
    expect(products.map((p) => p.id)).toEqual([101, 103, 105]);
    expect(await client.getProduct(999_999)).toBeNull();
  });

  it('returns the category tree flat, with parent ids and paths joined by " > "', async () => {
    const client = store.client();
    const categories = await client.getCategories();
    const leaf = categories.find((c) => c.path === 'Home & Kitchen > Cookware > Frying Pans');
    expect(leaf).toMatchObject({ name: 'Frying Pans', depth: 2, treeId: 1 });
    const parent = categories.find((c) => c.id === leaf?.parentId);
    expect(parent?.path).toBe('Home & Kitchen > Cookware');
    expect(categories.filter((c) => c.parentId === null).length).toBe(8);
    expect(categories.length).toBe(store.demo.store.catalog().data.categories.length);
  });

  it('follows the category pages to the last one', async () => {
    // The demo tree has 104 categories; shrinking the page to 30 makes the client walk 4 pages.
    const client = store.client({ fetch: (url, init) => fetch(String(url).replace('limit=250', 'limit=30'), init) });
    const categories = await client.getCategories();
    expect(categories.length).toBe(104);
    expect(client.counters.categoryRequests).toBe(1 + 4);
  });

  it('reads every brand, following the pages, and maps a product to its brand, retail and cost', async () => {
    // 20 brands in pages of 6: the client walks 4 pages.
    const client = store.client({ fetch: (url, init) => fetch(String(url).replace('limit=250', 'limit=6'), init) });
    const brands = await client.getBrands();
    expect(brands).toHaveLength(20);
    expect(brands[0]).toEqual({ id: 1, name: 'Northwind' });
    expect(client.counters.categoryRequests).toBe(4);
    const catalog = store.demo.store.catalog();
    const bc = catalog.products().find((p) => p.retail_price > 0 && p.brand_id > 0)!;
    const [product] = await client.getProducts([bc.id]);
    expect(product).toMatchObject({ brandId: bc.brand_id, retailPriceCents: Math.round(bc.retail_price * 100), costPriceCents: Math.round(bc.cost_price * 100) });
    expect(brands.find((b) => b.id === product?.brandId)?.name).toBe(bc.name.split(' ')[0] === 'Alder' ? 'Alder & Oak' : bc.name.split(' ')[0]);
    const unbranded = catalog.products().find((p) => p.brand_id === 0)!;
    expect((await client.getProduct(unbranded.id))?.brandId).toBeNull();
  });
});

describe('a generated catalog is deterministic', () => {
  it('gives the same products to two stores started with the same seed, and others with another seed', async () => {
    const read = async (seed: string) => {
      const store = await startTestStore({ products: 80, seed });
      try {
        const products = [];
        for await (const page of store.client().productPages()) products.push(...page.products);
        return products;
      } finally {
        await store.close();
      }
    };
    const [a, b, c] = await Promise.all([read('same'), read('same'), read('other')]);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });
});
