/**
 * A slow store costs only its own merchant (issue 32, decision 049): one healthy company and
 * five whose stores are throttled (three answer one request per 20 s window, two take 20 s per
 * answer), all on one process whose scheduler and refresh worker have fewer slots (2) than
 * there are throttled companies. With deliveries queued and immediate orders running for every
 * throttled company, the healthy company's price changed in its store arrives within 3 s, and
 * its one-item immediate order completes within 3 s: work waiting on a store holds no slot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type Listening } from '@catalog/listen';
import { freePort } from '@catalog/listen/free-port';
import type { CreateWorkOrderInput } from '@catalog/contracts/work-orders';
import { generateAppSecret, createSecretBox } from '../lib/secrets';
import { startDemoStore, readSyncEvents, type TestStore } from '../testing/store-fixture';
import { commerceAt, testApp, testUser } from '../testing/test-app';
import { createRefreshWorker, type RefreshWorker } from './store-webhooks/refresh-worker';
import { createExecutor, storeClients } from './work-orders/executor';
import { createScheduler, type Scheduler } from './work-orders/scheduler';
import { silent, waitFor } from '../testing/work-order-world';

const HEALTHY = { hash: 'healthy', accessToken: 'healthy-token', clientId: 'healthy-client' };
const THROTTLED = ['slowa', 'slowb', 'slowc', 'lated', 'latee'].map((hash) => ({ hash, accessToken: `${hash}-token`, clientId: `${hash}-client` }));
/** What each throttled store does: one request per 20 s window, or 20 s per answer. */
const throttle = (hash: string) => (hash.startsWith('slow') ? { quota: 1, windowMs: 20_000 } : { latencyMs: 20_000 });

interface Tenant {
  hash: string;
  companyId: string;
  headers: Record<string, string>;
}

let store: TestStore;
let t: Awaited<ReturnType<typeof testApp>>;
let server: Listening;
let scheduler: Scheduler;
let worker: RefreshWorker;
const tenants = new Map<string, Tenant>();

/** A new owner connects the store (webhooks registered, as the settings route does) and syncs it. */
async function tenant(spec: typeof HEALTHY): Promise<Tenant> {
  const owner = testUser(`Owner of ${spec.hash}`);
  expect((await t.app.request('/api/auth/user', { headers: owner.headers })).status).toBe(200);
  const { companyId } = (await t.db.users.getByFirebaseUid(owner.sub))!;
  await t.db.companies.update(companyId, { subscriptionPlan: 'premium', productLimit: 1_000 });
  const connection = { storeHash: spec.hash, accessToken: spec.accessToken, clientId: spec.clientId };
  const saved = await t.app.request('/api/settings', { method: 'POST', headers: owner.headers, body: JSON.stringify(connection) });
  expect(saved.status).toBe(200);
  const events = await readSyncEvents(await t.app.request('/api/sync', { method: 'POST', headers: owner.headers }));
  expect(events.at(-1)).toMatchObject({ kind: 'result' });
  return { hash: spec.hash, companyId, headers: owner.headers };
}

/** An immediate one-item order of `who` raising product `id`'s price by 10 %; its id and the new price. */
async function order(who: Tenant, id: number) {
  const product = store.store.catalog(who.hash).product(id)!;
  const cents = Math.round(product.price * 110);
  const newRegularPrice = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  const item: CreateWorkOrderInput['productUpdates'][number] = { productId: id, productName: product.name, newRegularPrice };
  if (product.sale_price > 0) item.newSalePrice = null;
  const body: CreateWorkOrderInput = { title: `Now at ${who.hash}`, productUpdates: [item], executeImmediately: true };
  const res = await t.app.request('/api/work-orders', { method: 'POST', headers: who.headers, body: JSON.stringify(body) });
  expect(res.status).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, price: cents / 100 };
}

const storedPrice = async (who: Tenant, productId: number) =>
  (await t.db.products.getByExternalIds(who.companyId, [productId]))[0]?.regularPriceCents;

beforeAll(async () => {
  store = await startDemoStore({
    quota: 10_000,
    stores: [HEALTHY, ...THROTTLED].map((s) => ({ ...s, products: 30 })),
  });
  const port = await freePort();
  const appSecret = generateAppSecret();
  const commerce = commerceAt(store.url);
  t = await testApp({ commerce, appSecret, storeWebhookUrl: `http://127.0.0.1:${port}` });
  server = await listen(t.app, { port });
  for (const spec of [HEALTHY, ...THROTTLED]) tenants.set(spec.hash, await tenant(spec));
  const secrets = createSecretBox(appSecret);
  const executor = createExecutor({ db: t.db, storeClient: storeClients({ db: t.db, commerce, secrets }), logger: silent, leaseMs: 5_000 });
  scheduler = createScheduler({ db: t.db, executor, logger: silent, pollMs: 200, concurrency: 2 });
  worker = createRefreshWorker({ db: t.db, commerce, secrets, logger: silent, settleMs: 50, pollMs: 200, concurrency: 2 });
}, 60_000);

afterAll(async () => {
  await Promise.all([scheduler?.stop(), worker?.stop()]);
  await server?.close();
  await t?.close();
  await store?.close();
});

describe('five throttled stores next to a healthy one, on two slots', () => {
  it("keep neither the healthy store's changes nor its order waiting", async () => {
    const healthy = tenants.get(HEALTHY.hash)!;
    const products = (hash: string) => store.store.catalog(hash).products().slice(0, 3);
    for (const s of THROTTLED) store.store.configureStore(s.hash, throttle(s.hash));
    scheduler.start();
    worker.start();
    // Every throttled company: prices changed in its store (deliveries queued) and an order running.
    for (const s of THROTTLED) {
      const who = tenants.get(s.hash)!;
      for (const [i, p] of products(s.hash).entries()) store.store.updateProduct(p.id, { price: 50 + i }, s.hash);
      await order(who, products(s.hash)[0]!.id);
    }
    await store.store.webhooksSettled();
    // The throttled companies' work has begun (and waits on their stores).
    await waitFor(async () => scheduler.running, (n) => n === THROTTLED.length, 3_000);

    const [changed, ordered] = products(HEALTHY.hash);
    const started = Date.now();
    store.store.updateProduct(changed!.id, { price: 88.5 }, HEALTHY.hash);
    const { id, price } = await order(healthy, ordered!.id);
    const [arrived, done] = await Promise.all([
      waitFor(() => storedPrice(healthy, changed!.id), (cents) => cents === 8850, 3_000).then(() => Date.now() - started),
      waitFor(() => t.db.workOrders.get(healthy.companyId, id), (o) => o?.status === 'completed', 3_000).then(() => Date.now() - started),
    ]);
    expect(arrived).toBeLessThan(3_000);
    expect(done).toBeLessThan(3_000);
    expect(store.store.catalog(HEALTHY.hash).product(ordered!.id)?.price).toBe(price);
    // The throttled companies' orders still wait on their stores: they neither ran nor failed.
    expect(scheduler.running).toBe(THROTTLED.length);
  }, 30_000);
});
