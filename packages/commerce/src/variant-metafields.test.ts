import { DEMO_STORE } from '@catalog/demo-store';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestStore } from './test-support';
import type { TestStore } from './test-support';
import type { NewVariantMetafield } from './variant-metafield-types';

describe('variant metafields against the demo store', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await startTestStore({ products: 200, seed: 'variant-metafields' });
  });
  beforeEach(() => store.demo.store.reset());
  afterAll(() => store.close());

  const stored = () => store.demo.store.account(DEMO_STORE.hash)!.metafields.visibleTo(DEMO_STORE.clientId);
  const variantIds = () => store.demo.store.catalog().variants().map((v) => v.id);
  const write = (variantId: number, value = '{"amount":"39.00"}', key = 'lowest_prior_price'): NewVariantMetafield => ({
    variantId, namespace: 'pricing', key, value, permissionSet: 'read_and_sf_access', description: 'The lowest prior price',
  });

  /** A fetch that records each metafield batch's method and size. */
  function counted() {
    const batches: Array<[string, number]> = [];
    const fetchFn: typeof fetch = (url, init) => {
      if (String(url).includes('/catalog/variants/metafields') && init?.body) batches.push([init.method ?? 'GET', (JSON.parse(String(init.body)) as unknown[]).length]);
      return fetch(url, init);
    };
    return { batches, fetchFn };
  }

  it('creates 120 metafields in 3 requests of at most 50, and answers each write with its metafield', async () => {
    const { batches, fetchFn } = counted();
    const client = store.client({ fetch: fetchFn });
    const writes = variantIds().slice(0, 120).map((id) => write(id));
    const result = await client.createVariantMetafields(writes);
    expect(result.failed).toEqual([]);
    expect(batches).toEqual([['POST', 50], ['POST', 50], ['POST', 20]]);
    expect(client.counters).toMatchObject({ total: 3, writes: 3, retries: 0 });
    expect(result.applied.map((a) => [a.write.variantId, a.metafield.variantId, a.metafield.value])).toEqual(writes.map((w) => [w.variantId, w.variantId, w.value]));
    expect(new Set(stored().map((m) => m.id))).toEqual(new Set(result.applied.map((a) => a.metafield.id)));
  });

  it('applies the rest of a batch the store refuses in part: a duplicate fails with 409, a write it cannot take is never sent', async () => {
    const [a, b, c] = variantIds();
    const client = store.client();
    await client.createVariantMetafields([write(a!)]);
    const result = await client.createVariantMetafields([write(b!), write(a!), write(c!, 'x', ''), write(c!)]);
    expect(result.applied.map((x) => x.write.variantId)).toEqual([b, c]);
    expect(result.failed.map((f) => [f.write.variantId, f.status, f.permanent])).toEqual([[c, null, true], [a, 409, true]]);
    expect(result.failed.map((f) => f.reason)).toEqual(['key must be 1 to 64 characters', expect.stringMatching(/already exists/)]);
    expect(client.counters.writes).toBe(2);
  });

  it('updates and deletes by id, one unknown id failing with 404 while the others are applied', async () => {
    const client = store.client();
    const created = await client.createVariantMetafields(variantIds().slice(0, 3).map((id) => write(id)));
    const [one, two, three] = created.applied.map((a) => a.metafield.id);
    const updated = await client.updateVariantMetafields([{ id: one!, value: '{"amount":"35.00"}' }, { id: 999_999, value: 'x' }, { id: two!, description: 'changed' }]);
    expect(updated.applied.map((m) => [m.id, m.value, m.description])).toEqual([[one, '{"amount":"35.00"}', 'The lowest prior price'], [two, '{"amount":"39.00"}', 'changed']]);
    expect(updated.failed.map((f) => [f.write.id, f.status])).toEqual([[999_999, 404]]);
    const deleted = await client.deleteVariantMetafields([one!, 999_999, three!]);
    expect([deleted.applied, deleted.failed.map((f) => [f.write, f.status])]).toEqual([[one, three], [[999_999, 404]]]);
    expect(stored().map((m) => m.id)).toEqual([two]);
  });

  it('loses no write to a 500 and a 429 in the middle of a run: the transport sends the batch again', async () => {
    const { batches, fetchFn } = counted();
    const client = store.client({ fetch: fetchFn });
    const writes = variantIds().slice(0, 100).map((id) => write(id));
    const first = await client.createVariantMetafields(writes.slice(0, 50));
    store.demo.store.failNext('500', '429');
    const rest = await client.createVariantMetafields(writes.slice(50));
    expect([first.failed, rest.failed]).toEqual([[], []]);
    expect(stored()).toHaveLength(100);
    expect(batches.map(([, n]) => n)).toEqual([50, 50, 50, 50]);
    expect(client.counters).toMatchObject({ writes: 4, retries: 2, rateLimited: 1 });
  });

  it('fails the batch a lasting 500 stops and every batch after it, for another try; what went before stays applied', async () => {
    let posts = 0;
    // Every attempt of the second batch (2 with maxAttempts 2) meets a 500; the third batch is never sent.
    const fetchFn: typeof fetch = (url, init) => {
      if (init?.method === 'POST' && ++posts >= 2) return Promise.resolve(Response.json({ status: 500, title: 'Internal Server Error' }, { status: 500 }));
      return fetch(url, init);
    };
    const client = store.client({ maxAttempts: 2, fetch: fetchFn });
    const result = await client.createVariantMetafields(variantIds().slice(0, 120).map((id) => write(id)));
    expect([result.applied.length, result.failed.length, posts]).toEqual([50, 70, 3]);
    expect(result.failed.every((f) => !f.permanent && f.status === 500)).toBe(true);
    expect(stored()).toHaveLength(50);
  });

  it('reads the store\'s metafields of one namespace and key a page at a time', async () => {
    const client = store.client();
    const ids = variantIds().slice(0, 260);
    await client.createVariantMetafields([...ids.map((id) => write(id)), write(ids[0]!, 'other', 'note')]);
    const pages = [];
    for await (const page of client.variantMetafieldPages({ namespace: 'pricing', key: 'lowest_prior_price' })) pages.push(page);
    expect(pages.map((p) => [p.page, p.totalPages, p.metafields.length])).toEqual([[1, 2, 250], [2, 2, 10]]);
    expect(pages.flatMap((p) => p.metafields.map((m) => m.variantId))).toEqual(ids);
    expect(pages[0]?.metafields[0]).toMatchObject({ namespace: 'pricing', key: 'lowest_prior_price', permissionSet: 'read_and_sf_access', ownerClientId: DEMO_STORE.clientId });
  });

  it('throws only when the caller aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(store.client().createVariantMetafields([write(variantIds()[0]!)], { signal: controller.signal })).rejects.toMatchObject({ kind: 'aborted' });
  });
});
