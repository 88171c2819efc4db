import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@catalog/contracts/errors';
import { Product, Variant } from '@catalog/contracts/products';
import type { ProductWithVariants } from '../../db/repositories';
import { manualHistoryId } from '../../services/catalog/price-edits';
import { IN_PROGRESS_MESSAGE } from '../../services/idempotency';
import { signedInUser, startDemoStore, storeProducts, syncedApp, type TestStore } from '../../testing/store-fixture';

let store: TestStore;
const cleanups: Array<() => Promise<void>> = [];
beforeAll(async () => {
  store = await startDemoStore({ products: 30 });
});
afterAll(async () => store.close());
afterEach(async () => {
  store.store.reset();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The network to the store, watched: every write's path and body; `answer` can stand in for the store. */
interface StoreSpy {
  writes: Array<{ path: string; body: Record<string, unknown> }>;
  answer: null | ((path: string) => Response | null);
  fetch: typeof fetch;
}

function storeSpy(): StoreSpy {
  const spy: StoreSpy = {
    writes: [],
    answer: null,
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (init?.method === 'PUT') {
        spy.writes.push({ path: url.pathname.replace(/^\/stores\/[^/]+\/v3/, ''), body: JSON.parse(String(init.body)) });
        const stood = spy.answer?.(url.pathname);
        if (stood) return stood;
      }
      return fetch(input, init);
    },
  };
  return spy;
}

async function world() {
  const spy = storeSpy();
  const t = await syncedApp(store, { fetch: spy.fetch });
  cleanups.push(t.close);
  const all = await t.db.products.getByExternalIds(t.companyId, await t.db.products.listExternalIds(t.companyId));
  const put = (path: string, body: unknown, headers: Record<string, string> = t.owner.headers) =>
    t.app.request(path, { method: 'PUT', headers, body: JSON.stringify(body) });
  const history = async (p: ProductWithVariants) => t.db.priceHistory.listForProduct(t.companyId, p.id);
  const simple = all.find((p) => p.variants.length === 0 && p.salePriceCents !== null)!;
  const withVariants = all.find((p) => p.variants.some((v) => v.salePriceCents !== null)) ?? all.find((p) => p.variants.length > 0)!;
  return { ...t, spy, put, history, simple, withVariants, reload: async (p: ProductWithVariants) => (await t.db.products.getByExternalIds(t.companyId, [p.externalId]))[0]! };
}
const storeProduct = (id: number) => store.store.catalog().product(id)!;
const storeVariant = (id: number) => store.store.catalog().variant(id)!;

describe('PUT /api/products/{id} and /api/variants/{id}', () => {
  it('sends only the changed fields to the store, then records history and a new version', async () => {
    const w = await world();
    const { simple: p } = w;
    const versionBefore = (await w.db.companies.get(w.companyId))!.catalogVersion;
    const current = (p.salePriceCents! / 100).toFixed(2);
    const res = await w.put(`/api/products/${p.externalId}`, { regularPrice: '1234.5', salePrice: current });
    expect(res.status).toBe(200);
    const body = Product.parse(await res.json());
    expect(body).toMatchObject({ id: p.externalId, regularPrice: '1234.50', salePrice: current });
    expect(w.spy.writes).toEqual([{ path: `/catalog/products/${p.externalId}`, body: { price: 1234.5 } }]);
    expect(storeProduct(p.externalId).price).toBe(1234.5);
    const [entry] = await w.history(p);
    expect(entry).toMatchObject({
      changeType: 'manual', changedBy: (await w.db.users.getByFirebaseUid(w.owner.sub))!.id, variantId: null,
      oldRegularPriceCents: p.regularPriceCents, newRegularPriceCents: 123_450, oldSalePriceCents: p.salePriceCents, newSalePriceCents: p.salePriceCents,
    });
    const { changes } = await w.db.products.changesSince(w.companyId, versionBefore, 10);
    expect(changes.map((c) => c.kind === 'product' && c.product.externalId)).toEqual([p.externalId]);
  });

  it('clears a product\'s sale price with 0 and a variant\'s with null at the store', async () => {
    const w = await world();
    const res = await w.put(`/api/products/${w.simple.externalId}`, { salePrice: null });
    expect(Product.parse(await res.json()).salePrice).toBeNull();
    expect(w.spy.writes.at(-1)!.body).toEqual({ sale_price: 0 });
    expect(storeProduct(w.simple.externalId).sale_price).toBe(0);
    expect((await w.reload(w.simple)).salePriceCents).toBeNull();

    const v = w.withVariants.variants[0]!;
    const set = await w.put(`/api/variants/${v.externalId}`, { salePrice: '7.77', regularPrice: null });
    expect(Variant.parse(await set.json())).toMatchObject({ id: v.externalId, productId: w.withVariants.externalId, salePrice: '7.77', regularPrice: null });
    const cleared = await w.put(`/api/variants/${v.externalId}`, { salePrice: null });
    expect(cleared.status).toBe(200);
    expect(w.spy.writes.at(-1)).toEqual({ path: `/catalog/products/${w.withVariants.externalId}/variants/${v.externalId}`, body: { sale_price: null } });
    expect(storeVariant(v.externalId).sale_price).toBeNull();
    expect((await w.reload(w.withVariants)).variants[0]).toMatchObject({ salePriceCents: null, regularPriceCents: null });
    expect((await w.history(w.withVariants)).map((e) => [e.variantExternalId, e.oldSalePriceCents, e.newSalePriceCents])).toEqual([
      [v.externalId, 777, null], [v.externalId, v.salePriceCents, 777],
    ]);
  });

  it('changes nothing here when the store refuses or fails the write', async () => {
    const w = await world();
    const p = w.simple;
    const unchanged = async () => {
      expect(await w.reload(p)).toEqual(p);
      expect(await w.history(p)).toEqual([]);
    };
    w.spy.answer = () => Response.json({ status: 422, title: 'The product is invalid', errors: { price: 'price must be a round number here' } }, { status: 422 });
    const refused = await w.put(`/api/products/${p.externalId}`, { regularPrice: '10.01' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: {
      code: 'VALIDATION', message: 'The store refused the change: The product is invalid: price must be a round number here',
      fields: { regularPrice: 'The store refused the change: The product is invalid: price must be a round number here' },
    } });
    await unchanged();

    w.spy.answer = null;
    store.store.failNext('500', '500', '500', '500', '500');
    const failed = await w.put(`/api/products/${p.externalId}`, { regularPrice: '10.01' });
    expect(failed.status).toBe(502);
    expect(ErrorBody.parse(await failed.json()).error.code).toBe('UPSTREAM');
    await unchanged();

    store.store.catalog().deleteProduct(p.externalId);
    const gone = await w.put(`/api/products/${p.externalId}`, { regularPrice: '10.01' });
    expect(gone.status).toBe(409);
    expect(ErrorBody.parse(await gone.json()).error.message).toBe('The store no longer has this product. Sync the store, then try again.');
    await unchanged();
  });

  it('applies an edit replayed with the same Idempotency-Key once, and answers the replay as the first time', async () => {
    const w = await world();
    const key = crypto.randomUUID();
    const headers = { ...w.owner.headers, 'idempotency-key': key };
    const path = `/api/products/${w.simple.externalId}`;
    const first = await w.put(path, { regularPrice: '55.5' }, headers);
    expect(first.status).toBe(200);
    const firstBody = await first.json();
    // The merchant changes the price again meanwhile; the replay must not undo that.
    await w.put(path, { regularPrice: '66.00' });
    const replay = await w.put(path, { regularPrice: '55.50' }, headers);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(firstBody);
    expect(w.spy.writes.map((x) => x.body)).toEqual([{ price: 55.5 }, { price: 66 }]);
    expect((await w.history(w.simple)).map((e) => e.newRegularPriceCents)).toEqual([6600, 5550]);

    // Sent again while the first is still at the store (a slow one, so the first is surely there
    // when the others arrive): told to wait, not applied twice.
    const other = { ...w.owner.headers, 'idempotency-key': crypto.randomUUID() };
    store.store.configure({ latencyMs: 500 });
    const racing = await Promise.all([1, 2, 3].map(async () => w.put(path, { regularPrice: '77.00' }, other)));
    store.store.configure({ latencyMs: 0 });
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    // "Still running" has a code of its own: the outbox retries it by code, never by message.
    const waiting = await Promise.all(racing.filter((r) => r.status === 409).map(async (r) => ErrorBody.parse(await r.json()).error));
    expect(waiting).toEqual([0, 1].map(() => ({ code: 'IN_PROGRESS', message: IN_PROGRESS_MESSAGE })));
    expect((await w.put(path, { regularPrice: '77.00' }, other)).headers.get('idempotent-replayed')).toBe('true');
    expect((await w.history(w.simple)).filter((e) => e.newRegularPriceCents === 7700)).toHaveLength(1);
    // A key reused for another request is refused for good: CONFLICT, not IN_PROGRESS.
    const reused = await w.put(path, { regularPrice: '1.00' }, headers);
    expect(reused.status).toBe(409);
    expect(ErrorBody.parse(await reused.json()).error).toEqual({ code: 'CONFLICT', message: 'This Idempotency-Key was already used for another request' });
  });

  it('runs a replay whose first run died mid-way again, without a second history entry', async () => {
    const w = await world();
    const key = crypto.randomUUID();
    const p = w.simple;
    // The first run wrote to the store and its history entry, then its process died: the key
    // stays claimed (unfinished) and the local price was never updated.
    const longAgo = new Date(Date.now() - 5 * 60_000);
    await w.db.idempotency.claim(w.companyId, { key, scope: 'x', fingerprint: 'x', now: longAgo, staleBefore: longAgo });
    await w.db.priceHistory.add(w.companyId, [{
      id: manualHistoryId(w.companyId, key, `p${p.externalId}`), productId: p.id, changeType: 'manual',
      oldRegularPriceCents: p.regularPriceCents, newRegularPriceCents: 4200,
    }]);
    const res = await w.put(`/api/products/${p.externalId}`, { regularPrice: '42.00' }, { ...w.owner.headers, 'idempotency-key': key });
    expect(res.status).toBe(200);
    expect((await w.reload(p)).regularPriceCents).toBe(4200);
    expect(await w.history(p)).toHaveLength(1);
  });

  it('validates the body, the id and the key', async () => {
    const w = await world();
    const path = `/api/products/${w.simple.externalId}`;
    const cases: Array<[string, unknown, Record<string, string>, number, string]> = [
      [path, {}, {}, 400, 'No changes detected to update'],
      [path, { regularPrice: '12.345' }, {}, 400, 'Enter a price between 0.00 and 99,999,999.99'],
      [path, { regularPrice: null }, {}, 400, 'Enter a price between 0.00 and 99,999,999.99'],
      [path, { salePrice: '-1' }, {}, 400, 'Enter a price between 0.00 and 99,999,999.99'],
      [path, { regularPrice: '1.00' }, { 'idempotency-key': 'not-a-uuid' }, 400, 'Idempotency-Key must be a UUID'],
      ['/api/products/12abc', { regularPrice: '1.00' }, {}, 404, 'Product not found'],
      ['/api/variants/0', { regularPrice: '1.00' }, {}, 404, 'Variant not found'],
    ];
    for (const [url, body, extra, status, message] of cases) {
      const res = await w.put(url, body, { ...w.owner.headers, ...extra });
      expect([url, body, res.status, ErrorBody.parse(await res.json()).error.message]).toEqual([url, body, status, message]);
    }
    expect(w.spy.writes).toEqual([]);
  });

  it('lets any role edit, and treats another company\'s product or variant as absent', async () => {
    const w = await world();
    const member = await w.teammate('member');
    expect((await w.put(`/api/products/${w.simple.externalId}`, { regularPrice: '3.00' }, member.headers)).status).toBe(200);
    const stranger = await signedInUser(w, 'Stan Stranger');
    const product = await w.put(`/api/products/${w.simple.externalId}`, { regularPrice: '4.00' }, stranger.headers);
    const variant = await w.put(`/api/variants/${w.withVariants.variants[0]!.externalId}`, { regularPrice: '4.00' }, stranger.headers);
    expect([product.status, variant.status]).toEqual([404, 404]);
    expect(storeProducts(store).find((p) => p.id === w.simple.externalId)!.price).toBe(3);
  });

  it('answers an edit that changes nothing without calling the store', async () => {
    const w = await world();
    const current = (w.simple.regularPriceCents / 100).toFixed(2);
    const res = await w.put(`/api/products/${w.simple.externalId}`, { regularPrice: current });
    expect(res.status).toBe(200);
    expect(Product.parse(await res.json()).regularPrice).toBe(current);
    expect(w.spy.writes).toEqual([]);
    expect(await w.history(w.simple)).toEqual([]);
  });
});
