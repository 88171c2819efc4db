import { beforeEach, describe, expect, it } from 'vitest';
import { createDemoStore } from './demo-store';

const demo = createDemoStore({ products: 130, seed: 'api' });
const auth = { 'X-Auth-Token': 'demo-token', Accept: 'application/json' };
const get = (path: string, headers: Record<string, string> = auth) => demo.app.request(`/stores/demo/v3${path}`, { headers });
const put = (path: string, body: unknown) =>
  demo.app.request(`/stores/demo/v3${path}`, { method: 'PUT', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
/** The body as loosely typed JSON: each test reads the fields it checks. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test asserts on the fields it reads; typing every response would restate the demo store's types
const json = async (res: Response): Promise<any> => res.json();

describe('the demo store API', () => {
  beforeEach(() => demo.store.reset());

  it('lists products in the {data, meta.pagination} envelope with links', async () => {
    const body = await json(await get('/catalog/products?limit=50&page=2'));
    expect(body.data).toHaveLength(50);
    expect(body.meta.pagination).toEqual({
      total: 130, count: 50, per_page: 50, current_page: 2, total_pages: 3,
      links: { previous: '?page=1&limit=50', current: '?page=2&limit=50', next: '?page=3&limit=50' },
    });
  });

  it('serves at most 250 a page and 50 by default', async () => {
    expect((await json(await get('/catalog/products?limit=1000'))).meta.pagination.per_page).toBe(250);
    expect((await json(await get('/catalog/products'))).data).toHaveLength(50);
  });

  it('adds variants only with include=variants', async () => {
    const plain = await json(await get('/catalog/products?limit=1'));
    const full = await json(await get('/catalog/products?limit=1&include=variants'));
    expect(plain.data[0].variants).toBeUndefined();
    expect(full.data[0].variants.length).toBeGreaterThanOrEqual(1);
  });

  it('returns only id and the asked-for fields with include_fields', async () => {
    const body = await json(await get('/catalog/products?id:in=101&include_fields=price,sale_price'));
    expect(Object.keys(body.data[0]).sort()).toEqual(['id', 'price', 'sale_price']);
  });

  it('filters by id:in, is_visible and date_modified:min', async () => {
    const byIds = await json(await get('/catalog/products?id:in=105,101,999'));
    expect(byIds.data.map((p: { id: number }) => p.id)).toEqual([101, 105]);
    const hidden = await json(await get('/catalog/products?is_visible=false&limit=250'));
    expect(hidden.data.length).toBeGreaterThan(0);
    expect(hidden.data.every((p: { is_visible: boolean }) => !p.is_visible)).toBe(true);
    const since = new Date(Date.now() - 1000).toISOString();
    demo.store.updateProduct(120, { price: 1 });
    const changed = await json(await get(`/catalog/products?date_modified:min=${since}`));
    expect(changed.data.map((p: { id: number }) => p.id)).toEqual([120]);
  });

  it('answers 401 for a wrong token and 404 for an unknown store or product', async () => {
    expect((await get('/catalog/products', { 'X-Auth-Token': 'wrong' })).status).toBe(401);
    expect((await demo.app.request('/stores/nope/v3/catalog/products', { headers: auth })).status).toBe(404);
    const missing = await get('/catalog/products/999999');
    expect(missing.status).toBe(404);
    expect(await json(missing)).toMatchObject({ status: 404, title: expect.any(String), type: expect.any(String) });
  });

  it('refuses a product batch over 10 with 413 and a variant batch over 50', async () => {
    const products = await put('/catalog/products', Array.from({ length: 11 }, (_, i) => ({ id: 101 + i, price: 1 })));
    expect(products.status).toBe(413);
    const variants = await put('/catalog/variants', Array.from({ length: 51 }, (_, i) => ({ id: 1001 + i, price: 1 })));
    expect(variants.status).toBe(413);
  });

  it('applies the valid items of a batch and answers 207 naming the invalid ones', async () => {
    const res = await put('/catalog/products', [{ id: 101, price: 12.5 }, { id: 102, price: -1 }, { id: 424242, price: 3 }]);
    expect(res.status).toBe(207);
    const body = await json(res);
    expect(body.data.map((p: { id: number }) => p.id)).toEqual([101]);
    expect(body.errors).toMatchObject({ status: 422, title: expect.any(String), type: expect.any(String) });
    expect(Object.keys(body.errors.errors)).toEqual(['102', '424242']);
    expect(demo.store.catalog().product(101)?.price).toBe(12.5);
    expect(demo.store.catalog().product(102)?.price).not.toBe(-1);
  });

  it('answers 422 with {status, title, type, errors} when nothing in the request is valid', async () => {
    const single = await put('/catalog/products/101', { price: 'cheap', sale_price: null });
    expect(single.status).toBe(422);
    expect(await json(single)).toMatchObject({ status: 422, errors: { price: expect.any(String), sale_price: expect.any(String) } });
    const batch = await put('/catalog/variants', [{ id: 1001, price: -5 }]);
    expect(batch.status).toBe(422);
  });

  it('accepts a variant sale_price of null (inherit) and keeps it apart from 0', async () => {
    const variant = demo.store.catalog().variants().find((v) => v.option_values.length > 0);
    const res = await put('/catalog/variants', [{ id: variant?.id, sale_price: null, price: null }]);
    expect(res.status).toBe(200);
    const read = await json(await get(`/catalog/products/${variant?.product_id}/variants/${variant?.id}`));
    expect(read.data).toMatchObject({ sale_price: null, price: null });
  });

  it('keeps writes, bumps date_modified, and recalculates prices', async () => {
    const before = demo.store.catalog().product(103)?.date_modified ?? '';
    const res = await put('/catalog/products/103', { price: 40, sale_price: 30 });
    const { data } = await json(res);
    expect(data).toMatchObject({ price: 40, sale_price: 30, calculated_price: 30 });
    expect(Date.parse(data.date_modified)).toBeGreaterThan(Date.parse(before));
    expect((await json(await get('/catalog/products/103'))).data.price).toBe(40);
  });

  it('mirrors a simple product\'s price on its base variant', async () => {
    const product = demo.store.catalog().products().find((p) => p.base_variant_id !== null);
    await put(`/catalog/products/${product?.id}`, { price: 77 });
    expect(demo.store.catalog().variant(product?.base_variant_id ?? 0)?.price).toBe(77);
    await put('/catalog/variants', [{ id: product?.base_variant_id, price: 66 }]);
    expect(demo.store.catalog().product(product?.id ?? 0)?.price).toBe(66);
  });

  it('deletes a product and its variants', async () => {
    const del = await demo.app.request('/stores/demo/v3/catalog/products/104', { method: 'DELETE', headers: auth });
    expect(del.status).toBe(204);
    expect((await get('/catalog/products/104')).status).toBe(404);
    expect((await json(await get('/catalog/variants?product_id:in=104'))).data).toEqual([]);
  });

  it('lists variants across products with id:in and product_id:in', async () => {
    const body = await json(await get('/catalog/variants?product_id:in=101,102&limit=250'));
    expect(new Set(body.data.map((v: { product_id: number }) => v.product_id))).toEqual(new Set([101, 102]));
  });

  it('serves the category tree flat (paged, tree_id:in) and nested', async () => {
    const trees = await json(await get('/catalog/trees'));
    expect(trees.data).toEqual([{ id: 1, name: 'Default', channels: [1] }]);
    const flat = await json(await get('/catalog/trees/categories?tree_id:in=1&limit=40&page=3'));
    expect(flat.meta.pagination).toMatchObject({ total: 104, count: 24, total_pages: 3 });
    const nested = await json(await get('/catalog/trees/1/categories'));
    const kitchen = nested.data[0];
    expect(kitchen).toMatchObject({ name: 'Home & Kitchen', depth: 0, parent_id: 0 });
    expect(kitchen.children[0].children[0]).toMatchObject({ name: 'Frying Pans', depth: 2, path: [kitchen.id, kitchen.children[0].id, expect.any(Number)] });
    expect((await get('/catalog/trees/9/categories')).status).toBe(404);
  });
});
