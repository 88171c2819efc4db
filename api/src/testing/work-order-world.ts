/**
 * Test fixtures for work orders: a demo store on 127.0.0.1, the app on a database (SQLite in
 * memory, a file, or PostgreSQL), a signed-in owner whose company is connected to the store
 * (token encrypted, as the settings route keeps it) and whose catalog was synced through the
 * real sync engine; executors and schedulers wired the way server.ts wires them; and helpers
 * that pick order items from the store's catalog and read the store's prices back.
 */
import { applyPercent, isOnSale } from '@catalog/contracts/money';
import { DEMO_STORE, type DemoStoreOptions } from '@catalog/demo-store';
import type { CreateWorkOrderInput, WorkOrder as WireWorkOrder } from '@catalog/contracts/work-orders';
import type { WorkOrder } from '../db/repositories';
import { createLogger } from '../lib/logger';
import { createSecretBox, generateAppSecret } from '../lib/secrets';
import { encryptToken } from '../services/store-connection';
import { runSync } from '../services/sync/sync-engine';
import { startDemoStore, type TestStore } from './store-fixture';
import { commerceAt, testApp, testUser } from './test-app';
import { createExecutor, storeClients, type ExecutorOptions } from '../services/work-orders/executor';
import { createScheduler, type SchedulerOptions } from '../services/work-orders/scheduler';

export const silent = createLogger('silent');
const cents = (price: number) => Math.round(price * 100);
const centsOrNull = (price: number | null) => (price === null ? null : cents(price));

/** The app, a connected and synced company, and executor/scheduler factories on its database. */
export async function workOrderWorld(options: { store?: DemoStoreOptions; databaseUrl?: string; invitations?: NonNullable<Parameters<typeof testApp>[0]>['invitations'] } = {}) {
  const store = await startDemoStore({ products: 60, windowMs: 1_000, ...options.store });
  const appSecret = generateAppSecret();
  const commerce = commerceAt(store.url);
  const t = await testApp({ commerce, appSecret, databaseUrl: options.databaseUrl, invitations: options.invitations });
  const owner = testUser('Olive Owner');
  if ((await t.app.request('/api/auth/user', { headers: owner.headers })).status !== 200) throw new Error('sign-in failed');
  const user = (await t.db.users.getByFirebaseUid(owner.sub))!;
  const companyId = user.companyId;
  await connectAndSync(t.db, companyId, store, appSecret);
  const secrets = createSecretBox(appSecret);
  const storeClient = storeClients({ db: t.db, commerce, secrets });
  const schedulers: Array<{ stop(): Promise<void> }> = [];

  const executor = (over: Partial<ExecutorOptions> = {}) =>
    createExecutor({ db: t.db, storeClient, logger: silent, leaseMs: 1_000, writes: { retryPauseMs: 20 }, ...over });
  const scheduler = (over: Partial<SchedulerOptions> = {}) => {
    const s = createScheduler({ db: t.db, executor: executor(), logger: silent, pollMs: 200, ...over });
    schedulers.push(s);
    return s;
  };
  const post = async (body: CreateWorkOrderInput, headers = owner.headers) => {
    const res = await t.app.request('/api/work-orders', { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as WireWorkOrder & { error: unknown } };
  };
  const close = async () => {
    await Promise.all(schedulers.map((s) => s.stop()));
    await t.close();
    await store.close();
  };
  return { ...t, store, owner, user, companyId, appSecret, commerce, storeClient, executor, scheduler, post, close };
}

export type WorkOrderWorld = Awaited<ReturnType<typeof workOrderWorld>>;

/** Saves the store connection as the settings route does and runs a full sync (premium cap). */
export async function connectAndSync(db: WorkOrderWorld['db'], companyId: string, store: TestStore, appSecret: string) {
  await db.companies.update(companyId, { subscriptionPlan: 'premium', productLimit: 1_000 });
  const box = createSecretBox(appSecret);
  await db.settings.upsert(companyId, {
    storeHash: DEMO_STORE.hash, accessToken: encryptToken(box, companyId, DEMO_STORE.accessToken), clientId: DEMO_STORE.clientId,
  });
  const client = commerceAt(store.url)({ storeHash: DEMO_STORE.hash, accessToken: DEMO_STORE.accessToken });
  const outcome = await runSync({ db, client, companyId, includeInvisible: true, plan: { name: 'premium', productLimit: 1_000 } });
  if (outcome.status !== 'complete') throw new Error('the sync did not complete');
}

export type Item = CreateWorkOrderInput['productUpdates'][number];

/**
 * Items for the first `products` products and the first `variants` option variants of the
 * store: regular prices up by `percent`; products on sale lose their sale price, variants
 * without a sale price of their own (null) get one, so undo has nulls and 0s to restore.
 */
export function pickItems(store: TestStore, counts: { products: number; variants: number }, percent = '10'): Item[] {
  const catalog = store.store.catalog();
  const items: Item[] = [];
  for (const p of catalog.products().slice(0, counts.products)) {
    const item: Item = { productId: p.id, productName: p.name, newRegularPrice: fmt(applyPercent(cents(p.price), percent)) };
    if (isOnSale(p.sale_price)) item.newSalePrice = null;
    items.push(item);
  }
  const optionVariants = catalog.variants().filter((v) => catalog.product(v.product_id)?.base_variant_id !== v.id);
  for (const v of optionVariants.slice(0, counts.variants)) {
    const product = catalog.product(v.product_id)!;
    const base = centsOrNull(v.price) ?? cents(product.price);
    const item: Item = { productId: v.product_id, productName: product.name, variantId: v.id, newRegularPrice: fmt(applyPercent(base, percent)) };
    if (v.sale_price === null) item.newSalePrice = fmt(Math.round(base / 2));
    items.push(item);
  }
  return items;
}

const fmt = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

/** The store's own prices of an item, in cents (a variant's null kept). */
export function storePrice(store: TestStore, item: Pick<Item, 'productId' | 'variantId'>) {
  const catalog = store.store.catalog();
  if (item.variantId != null) {
    const v = catalog.variant(item.variantId)!;
    return { regular: centsOrNull(v.price), sale: centsOrNull(v.sale_price) };
  }
  const p = catalog.product(item.productId)!;
  return { regular: cents(p.price), sale: cents(p.sale_price) };
}

/** What the store should hold after the item ran: its targets over the prices it had. */
export function expectedAfter(before: { regular: number | null; sale: number | null }, item: Item, kind = item.variantId == null ? 'product' : 'variant') {
  const sale = item.newSalePrice === undefined ? before.sale : item.newSalePrice === null ? (kind === 'product' ? 0 : null) : cents(Number(item.newSalePrice));
  return { regular: typeof item.newRegularPrice === 'string' ? cents(Number(item.newRegularPrice)) : before.regular, sale };
}

export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000, stepMs = 25): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting; last value: ${JSON.stringify(value)?.slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** Waits until the order reaches one of `statuses` (and is not merely marked for undo). */
export function waitForStatus(world: Pick<WorkOrderWorld, 'db' | 'companyId'>, id: string, statuses: WorkOrder['status'][], timeoutMs?: number) {
  return waitFor(async () => (await world.db.workOrders.get(world.companyId, id))!, (o) => statuses.includes(o.status), timeoutMs);
}
