/**
 * The store's webhooks end to end against the demo store (decision 036): registered on connect
 * and removed on disconnect (the demo store's hook list), deliveries refused without the
 * secret, queued, deduplicated and coalesced so a burst costs one store read per 250 products,
 * a price changed in the store becoming a 'webhook' history entry and a change in the feed, our
 * own write's echo adding no entry, and a deletion removing the product. The app listens on a
 * port so the demo store delivers to it over HTTP, as BigCommerce would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STORE } from '@catalog/demo-store';
import { listen, type Listening } from '@catalog/listen';
import { freePort } from '@catalog/listen/free-port';
import { createLogger } from '../../lib/logger';
import { createRefreshWorker, type RefreshWorker } from '../../services/store-webhooks/refresh-worker';
import { WEBHOOK_SCOPES, WEBHOOK_SECRET_HEADER, readWebhookSecret } from '../../services/store-webhooks/webhook-registration';
import { startDemoStore, syncedApp, type TestStore } from '../../testing/store-fixture';

/** GET /catalog/products requests sent to the store (pages and reads by id). */
let productReads = 0;
const counting: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if ((init?.method ?? 'GET') === 'GET' && url.pathname.endsWith('/catalog/products')) productReads++;
  return fetch(input, init);
};

/** A second store of the demo, to connect instead. */
const OTHER = { hash: 'other', accessToken: 'other-token', clientId: 'other-client' };

let store: TestStore;
let t: Awaited<ReturnType<typeof syncedApp>>;
let server: Listening;
let worker: RefreshWorker;
let secret: string;
const hooks = (hash: string = DEMO_STORE.hash) => store.store.account(hash)!.hooks.list();
const path = () => `/api/webhooks/bigcommerce/${t.companyId}`;

/** A delivery as BigCommerce sends it, ids only. */
function delivery(scope: string, id: number, created = 1_700_000_000) {
  return { scope, store_id: '1000001', producer: `stores/${DEMO_STORE.hash}`, data: { type: 'product', id }, hash: 'ab12', created_at: created };
}
const deliver = (body: unknown, headers: Record<string, string> = { [WEBHOOK_SECRET_HEADER]: secret }) =>
  t.app.request(path(), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

async function stored(id: number) {
  const [product] = await t.db.products.getByExternalIds(t.companyId, [id]);
  return product;
}
async function historyOf(id: number) {
  const product = await stored(id);
  return product ? t.db.priceHistory.listForProduct(t.companyId, product.id) : [];
}
/** Lets the demo store's deliveries arrive, then the worker read what they queued. */
async function settle(): Promise<number> {
  await store.store.webhooksSettled();
  return worker.runOnce();
}

beforeAll(async () => {
  store = await startDemoStore({
    quota: 1_000,
    stores: [{ ...DEMO_STORE, products: 300 }, { hash: OTHER.hash, accessToken: OTHER.accessToken, clientId: OTHER.clientId, products: 20 }],
  });
  const port = await freePort();
  t = await syncedApp(store, { fetch: counting, storeWebhookUrl: `http://127.0.0.1:${port}` });
  server = await listen(t.app, { port });
  worker = createRefreshWorker({ db: t.db, commerce: t.commerce, secrets: t.secrets, logger: createLogger('silent'), settleMs: 0 });
  secret = readWebhookSecret(t.secrets, (await t.db.settings.get(t.companyId))!)!;
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await server?.close();
  await t?.close();
  await store?.close();
});

describe('store webhooks', () => {
  it('are registered on connect: every followed scope, to our URL, with our secret (stored encrypted)', async () => {
    const settings = (await t.db.settings.get(t.companyId))!;
    const destination = `${server.url}${path()}`;
    expect(settings.webhookDestination).toBe(destination);
    expect(secret).toMatch(/^[\w-]{40,}$/);
    expect(settings.webhookSecret).not.toContain(secret);
    expect(hooks().map((h) => [h.scope, h.destination, h.headers?.[WEBHOOK_SECRET_HEADER], h.is_active]).sort())
      .toEqual(WEBHOOK_SCOPES.map((scope) => [scope, destination, secret, true]).sort());
  });

  it('refuses a delivery without the secret or with another one (401 in the error shape) and queues nothing', async () => {
    for (const headers of [{}, { [WEBHOOK_SECRET_HEADER]: `${secret}x` }, { [WEBHOOK_SECRET_HEADER]: '' }] as Record<string, string>[]) {
      const res = await deliver(delivery('store/product/updated', 101), headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'This webhook delivery does not carry the secret it was registered with' } });
    }
    const unknown = await t.app.request(`/api/webhooks/bigcommerce/${crypto.randomUUID()}`, {
      method: 'POST', headers: { [WEBHOOK_SECRET_HEADER]: secret }, body: JSON.stringify(delivery('store/product/updated', 101)),
    });
    expect(unknown.status).toBe(401);
    const bad = await deliver({ scope: 'store/product/updated', data: { id: 'x' } });
    expect(bad.status).toBe(400);
    expect(await t.db.storeRefreshes.pending(t.companyId, new Date(), 10)).toEqual([]);
  });

  it('brings a price changed in the store into the catalog, its history (a change found in the store) and the changes feed', async () => {
    const before = (await stored(110))!;
    const { cursor } = (await (await t.app.request('/api/catalog/changes?cursor=0&limit=1', { headers: t.owner.headers })).json()) as { cursor: number };
    const latest = ((await (await t.app.request(`/api/catalog/changes?cursor=${cursor}&limit=1000`, { headers: t.owner.headers })).json()) as { latestVersion: number }).latestVersion;
    const res = await fetch(`${store.url}/__admin/stores/${DEMO_STORE.hash}/products/110`, { method: 'PATCH', body: JSON.stringify({ price: 77.25 }) });
    expect(res.status).toBe(200);
    expect(await settle()).toBe(1);
    expect((await stored(110))!.regularPriceCents).toBe(7725);
    const [entry, ...rest] = await historyOf(110);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ changeType: 'webhook', changedBy: null, oldRegularPriceCents: before.regularPriceCents, newRegularPriceCents: 7725 });
    const feed = (await (await t.app.request(`/api/catalog/changes?cursor=${latest}&limit=100`, { headers: t.owner.headers })).json()) as {
      products: Array<{ id: number; regularPrice: string }>;
    };
    expect(feed.products.map((p) => [p.id, p.regularPrice])).toEqual([[110, '77.25']]);
  });

  it('re-reads retail price, cost and brand of a product the store changed (a variant\'s null inherits)', async () => {
    const res = await fetch(`${store.url}/__admin/stores/${DEMO_STORE.hash}/products/111`, {
      method: 'PATCH', body: JSON.stringify({ retail_price: 45.5, cost_price: 0 }),
    });
    expect(res.status).toBe(200);
    expect(await settle()).toBe(1);
    const product = store.store.catalog().product(111)!;
    const brand = store.store.catalog().data.brands.find((b) => b.id === product.brand_id)?.name ?? null;
    expect(await stored(111)).toMatchObject({ retailPriceCents: 4550, costPriceCents: null, brand });
  });

  it('answers a burst of 500 deliveries for 100 products and re-reads them in ceil(100/250) = 1 store request', async () => {
    const one = performance.now();
    expect((await deliver(delivery('store/product/updated', 121, 1_699_999_999))).status).toBe(200);
    expect(performance.now() - one).toBeLessThan(1_000);
    const ids = Array.from({ length: 100 }, (_, i) => 121 + i);
    /** Each delivery's answer and how long it took (BigCommerce wants 200 at once). */
    const timed = async (body: unknown) => {
      const started = performance.now();
      const res = await deliver(body);
      return { status: res.status, ms: performance.now() - started };
    };
    const answers = await Promise.all(ids.flatMap((id) => [
      timed(delivery('store/product/updated', id)),
      timed(delivery('store/product/updated', id)), // the same delivery again: deduplicated by its hash
      timed(delivery('store/product/updated', id, 1_700_000_100)),
      timed({ ...delivery('store/sku/updated', 9_000 + id), data: { type: 'sku', id: 9_000 + id, sku: { product_id: id, variant_id: 9_000 + id } } }),
      timed(delivery('store/product/updated', id, 1_700_000_200)),
    ]));
    expect(answers.map((a) => a.status)).toEqual(Array(500).fill(200));
    // 500 at once on one process: the slowest waited for most of the others; none near BigCommerce's timeout.
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(5_000);
    expect((await t.db.storeRefreshes.pending(t.companyId, new Date(), 1_000)).sort((a, b) => a - b)).toEqual(ids);
    productReads = 0;
    expect(await worker.runOnce()).toBe(100);
    expect(productReads).toBeLessThanOrEqual(Math.ceil(100 / 250));
    expect(await t.db.storeRefreshes.pending(t.companyId, new Date(), 1_000)).toEqual([]);
  });

  it('has one worker read a company\'s queue at a time, whichever process runs it (the lease is in the database)', async () => {
    const ids = Array.from({ length: 10 }, (_, i) => 231 + i);
    for (const id of ids) expect((await deliver(delivery('store/product/updated', id, 1_700_000_300))).status).toBe(200);
    const other = createRefreshWorker({ db: t.db, commerce: t.commerce, secrets: t.secrets, logger: createLogger('silent'), settleMs: 0 });
    productReads = 0;
    const [mine, theirs] = await Promise.all([worker.runOnce(), other.runOnce()]);
    expect(mine + theirs).toBe(10);
    expect(productReads).toBe(1);
    await other.stop();
  });

  it('adds no second history entry when our own price edit comes back as a webhook', async () => {
    const res = await t.app.request('/api/products/130', { method: 'PUT', headers: t.owner.headers, body: JSON.stringify({ regularPrice: '64.10', salePrice: null }) });
    expect(res.status).toBe(200);
    expect(await settle()).toBe(1); // the demo store delivered store/product/updated for 130
    expect((await stored(130))!.regularPriceCents).toBe(6410);
    expect((await historyOf(130)).map((e) => e.changeType)).toEqual(['manual']);
  });

  it('removes a product deleted in the store', async () => {
    const res = await fetch(`${store.url}/__admin/stores/${DEMO_STORE.hash}/products/140`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await settle()).toBe(1);
    expect(await stored(140)).toBeUndefined();
  });

  it('makes the next Sync a full pass after a category event', async () => {
    await t.db.settings.markSynced(t.companyId, new Date(), { startedAt: new Date(), full: true });
    const res = await deliver({ scope: 'store/category/updated', producer: `stores/${DEMO_STORE.hash}`, data: { type: 'category', id: 23 }, hash: 'cc' });
    expect(res.status).toBe(200);
    expect((await t.db.settings.get(t.companyId))!.fullSyncAt).toBeNull();
  });

  it('move to the new store when another one is connected, with a new secret', async () => {
    const res = await t.app.request('/api/settings', {
      method: 'POST', headers: t.owner.headers,
      body: JSON.stringify({ storeHash: OTHER.hash, accessToken: OTHER.accessToken, clientId: OTHER.clientId }),
    });
    expect(res.status).toBe(200);
    expect(hooks()).toEqual([]);
    expect(hooks(OTHER.hash).map((h) => h.scope).sort()).toEqual([...WEBHOOK_SCOPES].sort());
    const renewed = readWebhookSecret(t.secrets, (await t.db.settings.get(t.companyId))!)!;
    expect(renewed).not.toBe(secret);
    expect(hooks(OTHER.hash).every((h) => h.headers?.[WEBHOOK_SECRET_HEADER] === renewed)).toBe(true);
    // The old secret no longer opens the door.
    expect((await deliver(delivery('store/product/updated', 101))).status).toBe(401);
  });

  it('are removed on disconnect, and deliveries are refused after', async () => {
    const res = await t.app.request('/api/settings', { method: 'DELETE', headers: t.owner.headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toBeNull();
    expect(hooks(OTHER.hash)).toEqual([]);
    expect((await deliver(delivery('store/product/updated', 101))).status).toBe(401);
    expect(await t.db.settings.get(t.companyId)).toBeNull();
  });
});
