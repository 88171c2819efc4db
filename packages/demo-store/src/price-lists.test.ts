/**
 * The demo store's price lists (Price Lists v3), customer groups (Customers v2) and channels:
 * the demo data's two lists, paging and filters of lists and records, single and batch upserts
 * (the 1,000 limit, 422 batch_errors with the valid items applied, two batches at once),
 * delete by filter, assignments, reset, and the admin route.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createDemoStore } from './demo-store';
import type { PriceRecord } from './price-list-types';

const demo = createDemoStore({ products: 60, seed: 'prices' });
const auth = { 'X-Auth-Token': 'demo-token', Accept: 'application/json', 'Content-Type': 'application/json' };
async function api(method: string, path: string, body?: unknown, version = 'v3') {
  const res = await demo.app.request(`/stores/demo/${version}${path}`, { method, headers: auth, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : undefined) as Record<string, unknown> & { data: unknown } };
}
const records = (json: { data: unknown }) => json.data as PriceRecord[];

describe('the demo store price lists', () => {
  beforeEach(() => demo.store.reset());

  it('has a Wholesale list (USD) for the Wholesale group and a Euro storefront list (EUR) for channel 2', async () => {
    const lists = await api('GET', '/pricelists');
    expect(lists.json.data).toEqual([
      expect.objectContaining({ id: 1, name: 'Wholesale', active: true }),
      expect.objectContaining({ id: 2, name: 'Euro storefront', active: true }),
    ]);
    const assignments = await api('GET', '/pricelists/assignments');
    expect(assignments.json.data).toEqual([{ id: 1, price_list_id: 1, customer_group_id: 2 }, { id: 2, price_list_id: 2, channel_id: 2 }]);
    const groups = await api('GET', '/customer_groups', undefined, 'v2');
    expect((groups.json as unknown as Array<{ id: number; name: string; is_default: boolean }>).map((g) => [g.id, g.name, g.is_default])).toEqual([[1, 'Retail', true], [2, 'Wholesale', false]]);
    const channels = await api('GET', '/channels?include=currencies');
    expect((channels.json.data as Array<{ id: number; name: string; currencies: { default_currency: string } }>).map((c) => [c.id, c.name, c.currencies.default_currency])).toEqual([
      [1, 'Demo storefront', 'USD'],
      [2, 'Euro storefront', 'EUR'],
    ]);
  });

  it('gives most variants a Wholesale record at 10% off and leaves some at the catalog price, the same from the same seed', async () => {
    const catalog = demo.store.catalog();
    const all = await api('GET', '/pricelists/1/records?limit=250');
    const wholesale = records(all.json);
    const variants = catalog.variants();
    expect(wholesale.length).toBeGreaterThan(variants.length * 0.75);
    expect(wholesale.length).toBeLessThan(variants.length);
    for (const r of wholesale) {
      const variant = catalog.variant(r.variant_id);
      const product = catalog.product(r.product_id);
      expect(r.currency).toBe('USD');
      expect(r.price).toBe(Math.round((variant?.price ?? product?.price ?? 0) * 0.9 * 100) / 100);
      expect(r.sku).toBe(variant?.sku);
    }
    const euro = records((await api('GET', '/pricelists/2/records?limit=250')).json);
    expect(euro.every((r) => r.currency === 'EUR')).toBe(true);
    const again = createDemoStore({ products: 60, seed: 'prices' });
    expect(again.store.account('demo')?.pricing.records(1)).toEqual(demo.store.account('demo')?.pricing.records(1));
  });

  it('pages and filters records (variant_id:in, product_id:in, currency, sku, price bounds)', async () => {
    const all = records((await api('GET', '/pricelists/1/records?limit=250')).json);
    const page2 = await api('GET', '/pricelists/1/records?limit=5&page=2');
    expect(records(page2.json)).toEqual(all.slice(5, 10));
    expect(page2.json.meta).toMatchObject({ pagination: { total: all.length, count: 5, per_page: 5, current_page: 2 } });
    const [a, b] = all;
    const byVariant = await api('GET', `/pricelists/1/records?variant_id:in=${a?.variant_id},${b?.variant_id}`);
    expect(records(byVariant.json).map((r) => r.variant_id)).toEqual([a?.variant_id, b?.variant_id]);
    // Ids in any order and repeated, with another filter: the listing's order, each record once.
    const c = all[7];
    const mixed = await api('GET', `/pricelists/1/records?variant_id:in=${c?.variant_id},${a?.variant_id},${c?.variant_id},999999999&price:min=${a?.price}`);
    expect(records(mixed.json)).toEqual([a, c].filter((r) => r && r.price >= (a?.price ?? 0)));
    const byProduct = records((await api('GET', `/pricelists/1/records?product_id:in=${a?.product_id}`)).json);
    expect(byProduct.every((r) => r.product_id === a?.product_id)).toBe(true);
    expect(records((await api('GET', `/pricelists/1/records?sku=${a?.sku}`)).json).map((r) => r.variant_id)).toEqual([a?.variant_id]);
    expect(records((await api('GET', '/pricelists/1/records?currency=EUR')).json)).toEqual([]);
    const cheap = records((await api('GET', '/pricelists/1/records?price:max=20&limit=250')).json);
    expect(cheap).toEqual(all.filter((r) => r.price <= 20));
    expect((await api('GET', '/pricelists/1/records?variant_id:in=x')).status).toBe(422);
    // After a write the lookup sees the new record.
    expect((await api('PUT', '/pricelists/1/records', [{ variant_id: a?.variant_id, currency: 'USD', price: 1234.5 }])).status).toBe(200);
    expect(records((await api('GET', `/pricelists/1/records?variant_id:in=${a?.variant_id}`)).json).map((r) => r.price)).toEqual([1234.5]);
  });

  it('creates, renames, deactivates and deletes lists; names are unique; lists filter by name:like and id:in', async () => {
    const created = await api('POST', '/pricelists', { name: 'VIP' });
    expect(created.json.data).toMatchObject({ id: 3, name: 'VIP', active: true });
    expect((await api('POST', '/pricelists', { name: 'vip' })).status).toBe(409);
    expect((await api('POST', '/pricelists', {})).status).toBe(422);
    expect((await api('PUT', '/pricelists/3', { active: false })).json.data).toMatchObject({ active: false });
    expect((await api('GET', '/pricelists?name:like=euro')).json.data).toEqual([expect.objectContaining({ id: 2 })]);
    expect((await api('GET', '/pricelists?id:in=1,3')).json.data).toEqual([expect.objectContaining({ id: 1 }), expect.objectContaining({ id: 3 })]);
    expect((await api('DELETE', '/pricelists/3')).status).toBe(204);
    expect((await api('GET', '/pricelists/3')).status).toBe(404);
    expect((await api('DELETE', '/pricelists?id:in=1,2')).status).toBe(204);
    expect((await api('GET', '/pricelists')).json.data).toEqual([]);
    expect((await api('GET', '/pricelists/assignments')).json.data).toEqual([]);
  });

  it('upserts and deletes one record by variant and currency', async () => {
    const variant = demo.store.catalog().variants()[0];
    const put = await api('PUT', `/pricelists/1/records/${variant?.id}/usd`, { price: 5, sale_price: 4, retail_price: 7 });
    expect(put.json.data).toMatchObject({ price_list_id: 1, variant_id: variant?.id, currency: 'USD', price: 5, sale_price: 4, retail_price: 7, calculated_price: 4 });
    expect((await api('GET', `/pricelists/1/records/${variant?.id}/USD`)).json.data).toMatchObject({ price: 5 });
    expect((await api('GET', `/pricelists/1/records/${variant?.id}`)).json.data).toEqual([expect.objectContaining({ currency: 'USD' })]);
    expect((await api('PUT', `/pricelists/1/records/${variant?.id}/USD`, { price: -1 })).status).toBe(422);
    expect((await api('DELETE', `/pricelists/1/records/${variant?.id}/USD`)).status).toBe(204);
    expect((await api('GET', `/pricelists/1/records/${variant?.id}/USD`)).status).toBe(404);
  });

  it('batch-upserts up to 1,000 records, applying the valid ones and answering the invalid ones in batch_errors', async () => {
    const [a, b] = demo.store.catalog().variants();
    const ok = await api('PUT', '/pricelists/2/records', [{ variant_id: a?.id, currency: 'EUR', price: 9.5 }, { sku: b?.sku, currency: 'EUR', price: 8 }]);
    expect([ok.status, ok.json]).toEqual([200, { data: {}, meta: {} }]);
    expect(demo.store.account('demo')?.pricing.record(2, b?.id ?? 0, 'EUR')).toMatchObject({ price: 8 });
    const mixed = await api('PUT', '/pricelists/2/records', [
      { variant_id: a?.id, currency: 'EUR', price: 3 },
      { variant_id: 999_999, currency: 'EUR', price: 1 },
      { variant_id: b?.id, currency: 'XYZ', price: 1 },
      { variant_id: b?.id, currency: 'EUR', price: -2 },
    ]);
    expect(mixed.status).toBe(422);
    expect(mixed.json.batch_errors).toEqual([
      { data: { price_list_id: 2, variant_id: 999_999, currency: 'EUR' }, field_errors: { variant_id: expect.any(String) } },
      { data: { price_list_id: 2, variant_id: b?.id, currency: 'XYZ' }, field_errors: { currency: expect.any(String) } },
      { data: { price_list_id: 2, variant_id: b?.id, currency: 'EUR' }, field_errors: { price: expect.any(String) } },
    ]);
    expect(demo.store.account('demo')?.pricing.record(2, a?.id ?? 0, 'EUR')).toMatchObject({ price: 3 });
    const tooMany = await api('PUT', '/pricelists/2/records', Array.from({ length: 1001 }, () => ({ variant_id: a?.id, currency: 'EUR', price: 1 })));
    expect(tooMany.status).toBe(422);
    const across = await api('PUT', '/pricelists/records', [{ price_list_id: 1, variant_id: a?.id, currency: 'USD', price: 2 }, { price_list_id: 42, variant_id: a?.id, currency: 'USD', price: 2 }]);
    expect(across.status).toBe(422);
    expect(across.json.batch_errors).toEqual([expect.objectContaining({ field_errors: { price_list_id: expect.any(String) } })]);
    expect(demo.store.account('demo')?.pricing.record(1, a?.id ?? 0, 'USD')).toMatchObject({ price: 2 });
  });

  it('answers 429 to a third batch upsert while two run in the store', async () => {
    const pricing = demo.store.account('demo')?.pricing;
    if (!pricing) throw new Error('no store');
    pricing.batchesInFlight = 2;
    const busy = await api('PUT', '/pricelists/1/records', []);
    expect(busy.status).toBe(429);
    pricing.batchesInFlight = 1;
    expect((await api('PUT', '/pricelists/1/records', [])).status).toBe(200);
    expect(pricing.batchesInFlight).toBe(1);
  });

  it('deletes records by filter (variant_id:in, sku:in, currency)', async () => {
    const all = records((await api('GET', '/pricelists/1/records?limit=250')).json);
    const [a, b, c] = all;
    expect((await api('DELETE', `/pricelists/1/records?variant_id:in=${a?.variant_id},${b?.variant_id}`)).status).toBe(204);
    expect((await api('DELETE', `/pricelists/1/records?sku:in=${c?.sku}`)).status).toBe(204);
    const left = records((await api('GET', '/pricelists/1/records?limit=250')).json);
    expect(left.length).toBe(all.length - 3);
    await api('DELETE', '/pricelists/1/records?currency=USD');
    expect(records((await api('GET', '/pricelists/1/records')).json)).toEqual([]);
  });

  it('creates, upserts, filters and deletes assignments', async () => {
    const created = await api('POST', '/pricelists/assignments', [{ price_list_id: 1, customer_group_id: 1, channel_id: 1 }]);
    expect(created.status).toBe(200);
    const invalid = await api('POST', '/pricelists/assignments', [{ price_list_id: 2, channel_id: 1 }, { price_list_id: 9 }]);
    expect([invalid.status, invalid.json.meta]).toEqual([422, { saved_records: 1 }]);
    const moved = await api('PUT', '/pricelists/2/assignments', { customer_group_id: 1, channel_id: 1 });
    expect(moved.json.data).toMatchObject({ price_list_id: 2, customer_group_id: 1, channel_id: 1 });
    expect((await api('PUT', '/pricelists/9/assignments', { customer_group_id: 1, channel_id: 1 })).status).toBe(404);
    expect((await api('GET', '/pricelists/assignments?channel_id:in=1')).json.data).toHaveLength(2);
    expect((await api('DELETE', '/pricelists/assignments?channel_id=1')).status).toBe(204);
    expect((await api('GET', '/pricelists/assignments?price_list_id=2')).json.data).toEqual([{ id: 2, price_list_id: 2, channel_id: 2 }]);
  });

  it('serves customer groups (v2, paged, one, count) and channels with their currency assignments', async () => {
    expect((await api('GET', '/customer_groups?limit=1&page=2', undefined, 'v2')).json).toEqual([expect.objectContaining({ id: 2, discount_rules: [{ type: 'price_list', price_list_id: 1 }] })]);
    expect((await api('GET', '/customer_groups/2', undefined, 'v2')).json).toMatchObject({ name: 'Wholesale' });
    expect((await api('GET', '/customer_groups/9', undefined, 'v2')).status).toBe(404);
    expect((await api('GET', '/customer_groups/count', undefined, 'v2')).json).toEqual({ count: 2 });
    expect((await api('GET', '/channels/2/currency-assignments')).json.data).toEqual({ channel_id: 2, enabled_currencies: ['EUR'], default_currency: 'EUR' });
    expect((await api('GET', '/channels/3')).status).toBe(404);
    const noToken = await demo.app.request('/stores/demo/v2/customer_groups');
    expect(noToken.status).toBe(401);
  });

  it("drops a deleted product's records", async () => {
    const [record] = records((await api('GET', '/pricelists/1/records?limit=1')).json);
    demo.store.deleteProduct(record?.product_id ?? 0);
    expect(records((await api('GET', `/pricelists/1/records?product_id:in=${record?.product_id}`)).json)).toEqual([]);
  });

  it('changes a record from the admin surface, and reset brings the generated lists back', async () => {
    const variant = demo.store.catalog().variants()[0];
    const res = await demo.app.request(`/__admin/stores/demo/pricelists/1/records/${variant?.id}/USD`, { method: 'PUT', body: JSON.stringify({ price: 1.23 }) });
    expect(res.status).toBe(200);
    expect(records((await api('GET', `/pricelists/1/records?variant_id:in=${variant?.id}`)).json)).toEqual([expect.objectContaining({ price: 1.23 })]);
    await api('DELETE', '/pricelists/2');
    demo.store.reset();
    expect((await api('GET', '/pricelists')).json.data).toHaveLength(2);
    expect(records((await api('GET', `/pricelists/1/records?variant_id:in=${variant?.id}`)).json).map((r) => r.price)).not.toContain(1.23);
  });
});
