import { DEMO_STORE } from '@catalog/demo-store';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestStore } from './test-support';
import type { TestStore } from './test-support';

describe('writing prices to the demo store', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await startTestStore({ products: 120, seed: 'writes' });
  });
  beforeEach(() => store.demo.store.reset());
  afterAll(() => store.close());

  const catalog = () => store.demo.store.catalog();
  /** Variants of products with options (not base variants). */
  const optionVariants = () => catalog().variants().filter((v) => v.option_values.length > 0);

  it('reports a 207 partial batch item by item: applied ones ok, a negative price and an unknown id failed', async () => {
    const client = store.client();
    const results = await client.updateProducts([
      { id: 101, priceCents: 1999 },
      { id: 102, priceCents: -500 },
      { id: 103, priceCents: 2500, salePriceCents: 1990 },
      { id: 987_654, priceCents: 100 },
    ]);
    expect(results.map((r) => [r.id, r.ok])).toEqual([[101, true], [102, false], [103, true], [987_654, false]]);
    const failed = results.filter((r) => !r.ok);
    expect(failed[0]).toMatchObject({ error: { kind: 'validation', status: 422, title: expect.stringContaining('price') } });
    expect(failed[1]).toMatchObject({ error: { title: expect.stringContaining('987654') } });
    expect(results[0]).toMatchObject({ ok: true, record: { id: 101, priceCents: 1999 } });
    expect(catalog().product(101)?.price).toBe(19.99);
    expect(catalog().product(103)).toMatchObject({ price: 25, sale_price: 19.9 });
    expect(client.counters.writes).toBe(1);
  });

  it('is refused with 413 by the store above 10 products, so the client sends batches of 10', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ id: 101 + i, price: 10 }));
    const res = await fetch(`${store.running.url}/stores/demo/v3/catalog/products`, {
      method: 'PUT',
      headers: { 'X-Auth-Token': DEMO_STORE.accessToken, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(eleven),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ status: 413, title: expect.stringContaining('10') });

    const client = store.client();
    const results = await client.updateProducts(Array.from({ length: 23 }, (_, i) => ({ id: 101 + i, priceCents: 1000 + i })));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(client.counters.writes).toBe(3);
    expect(catalog().product(123)?.price).toBe(10.22);
  });

  it('sends variants in batches of 50 (the store refuses 51)', async () => {
    const variants = optionVariants().slice(0, 51);
    const res = await fetch(`${store.running.url}/stores/demo/v3/catalog/variants`, {
      method: 'PUT',
      headers: { 'X-Auth-Token': DEMO_STORE.accessToken, 'Content-Type': 'application/json' },
      body: JSON.stringify(variants.map((v) => ({ id: v.id, price: 5 }))),
    });
    expect(res.status).toBe(413);

    const client = store.client();
    const results = await client.updateVariants(variants.map((v) => ({ id: v.id, priceCents: 555 })));
    expect(results.filter((r) => r.ok).length).toBe(51);
    expect(client.counters.writes).toBe(2);
    expect(catalog().variant(variants[50]?.id ?? 0)?.price).toBe(5.55);
  });

  it('keeps a variant sale_price null (inherit) distinct from 0, on write and on read', async () => {
    const [a, b] = optionVariants();
    if (!a || !b) throw new Error('the generated catalog has option variants');
    const client = store.client();
    const results = await client.updateVariants([
      { id: a.id, salePriceCents: null },
      { id: b.id, salePriceCents: 0 },
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(catalog().variant(a.id)?.sale_price).toBeNull();
    expect(catalog().variant(b.id)?.sale_price).toBe(0);

    const snapshot = await client.getPrices({ variantIds: [a.id, b.id] });
    expect(snapshot.variants.map((v) => v.salePriceCents)).toEqual([null, 0]);
    const [product] = await client.getProducts([a.product_id]);
    expect(product?.variants.find((v) => v.id === a.id)?.salePriceCents).toBeNull();
  });

  it('clears a product sale price by sending 0, since BigCommerce rejects null for products', async () => {
    const client = store.client();
    await client.updateProduct({ id: 104, salePriceCents: 1500, priceCents: 3000 });
    const cleared = await client.updateProduct({ id: 104, salePriceCents: null });
    expect(cleared).toMatchObject({ salePriceCents: 0, priceCents: 3000, calculatedPriceCents: 3000 });
    expect(catalog().product(104)?.sale_price).toBe(0);
  });

  it('reads current prices of products and variants for a snapshot, listing ids the store no longer has', async () => {
    store.demo.store.updateProduct(105, { price: 49.9, sale_price: 0 });
    store.demo.store.deleteProduct(106);
    const variant = optionVariants()[0];
    if (!variant) throw new Error('the generated catalog has option variants');
    store.demo.store.updateVariant(variant.id, { price: null, sale_price: 7.5 });

    const snapshot = await store.client().getPrices({ productIds: [105, 106], variantIds: [variant.id, 999_999] });
    expect(snapshot.products).toEqual([{ id: 105, priceCents: 4990, salePriceCents: 0, retailPriceCents: expect.any(Number), calculatedPriceCents: 4990 }]);
    expect(snapshot.variants[0]).toMatchObject({ id: variant.id, productId: variant.product_id, priceCents: null, salePriceCents: 750 });
    expect(snapshot.missingProductIds).toEqual([106]);
    expect(snapshot.missingVariantIds).toEqual([999_999]);
  });

  it('reports every item of a batch the store refuses as a whole (422) with its own message', async () => {
    const results = await store.client().updateProducts([
      { id: 101, priceCents: -1 },
      { id: 102, fields: { name: '' } },
    ]);
    expect(results).toMatchObject([
      { id: 101, ok: false, error: { kind: 'validation', title: expect.stringContaining('price') } },
      { id: 102, ok: false, error: { kind: 'validation', title: expect.stringContaining('name') } },
    ]);
  });

  it('marks the unsent rest of a batch failed when the store cannot be reached, without throwing', async () => {
    store.demo.store.failNext('drop', 'drop');
    const results = await store.client({ maxAttempts: 2 }).updateProducts(Array.from({ length: 12 }, (_, i) => ({ id: 101 + i, priceCents: 100 })));
    expect(results).toHaveLength(12);
    expect(results.every((r) => !r.ok && r.error.kind === 'network')).toBe(true);
    expect(catalog().product(101)?.price).not.toBe(1);
  });

  it('updates one variant through its product path and throws kind not_found for a wrong pair', async () => {
    const variant = optionVariants()[0];
    if (!variant) throw new Error('the generated catalog has option variants');
    const client = store.client();
    const updated = await client.updateVariant({ id: variant.id, productId: variant.product_id, priceCents: 1234 });
    expect(updated).toMatchObject({ id: variant.id, priceCents: 1234, isBase: false });
    await expect(client.updateVariant({ id: variant.id, productId: 999_999, priceCents: 1 })).rejects.toMatchObject({ kind: 'not_found', status: 404 });
  });

  it('bumps date_modified on a write, so the next incremental sync picks the product up', async () => {
    const client = store.client();
    const before = (await client.getProduct(110))?.dateModified ?? '';
    await client.updateProducts([{ id: 110, priceCents: 4321 }]);
    const after = (await client.getProduct(110))?.dateModified ?? '';
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
  });
});
