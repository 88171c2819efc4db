/**
 * The webhook health check on each database (issue 36): the demo store serves Webhooks v3 with
 * `is_active`; a hook turned off there (as BigCommerce does after 48 hours of failed deliveries)
 * is found by the next check, reactivated, and the time since the hooks were last known good is
 * a gap in the lowest prior price (GET /api/products/{id}/lowest-price). Active hooks change
 * nothing; a first check invents no gap; two checks at once make one gap; and the refresh worker
 * runs the checks.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LowestPriceResponse } from '@catalog/contracts/lowest-price';
import { DEMO_STORE } from '@catalog/demo-store';
import { createLogger, type Logger } from '../../lib/logger';
import { connectAndSync, workOrderWorld, type WorkOrderWorld } from '../../testing/work-order-world';
import { createRefreshWorker } from './refresh-worker';
import { checkDueWebhooks, checkWebhooks, type WebhookHealthDeps } from './webhook-health';
import { registerWebhooks, WEBHOOK_SCOPES } from './webhook-registration';

const HOUR = 3_600_000;
/** Deliveries go nowhere: the tests make no store changes. */
const ORIGIN = 'http://127.0.0.1:9';

let world: WorkOrderWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** A connected, synced company followed for 40 days, with its webhooks registered, and a check at a chosen moment. */
async function setUp() {
  world = await workOrderWorld({ store: { products: 5 } });
  const w = world;
  const client = w.commerce({ storeHash: DEMO_STORE.hash, accessToken: DEMO_STORE.accessToken });
  // The world's sync opened a span just now: ended where it began (it covers nothing), and one
  // opened 40 days ago instead.
  await w.db.lowestPrice.closeCoverage(w.companyId, new Date(0));
  await w.db.lowestPrice.openCoverage(w.companyId, new Date(Date.now() - 40 * 86_400_000));
  await registerWebhooks({ db: w.db, secrets: w.secrets }, client, w.companyId, ORIGIN);
  const logged: Array<{ level: string; message: string; fields: unknown }> = [];
  const spy: Logger = {
    ...createLogger('silent'),
    warn: (message, fields) => void logged.push({ level: 'warn', message, fields }),
    error: (message, fields) => void logged.push({ level: 'error', message, fields }),
  };
  const deps = (at: Date): WebhookHealthDeps => ({ db: w.db, secrets: w.secrets, commerce: w.commerce, origin: ORIGIN, log: spy, now: () => at });
  const ours = async () => (await client.listHooks()).filter((h) => h.destination.startsWith(ORIGIN));
  const gaps = async () => {
    const [product] = w.store.store.catalog().products();
    const res = await w.app.request(`/api/products/${product!.id}/lowest-price?at=${new Date(Date.now() + 1_000).toISOString()}&days=30`, { headers: w.owner.headers });
    expect(res.status, await res.clone().text()).toBe(200);
    return LowestPriceResponse.parse(await res.json()).window.gaps;
  };
  return { w, client, deps, ours, gaps, logged };
}

describe('the webhook health check', () => {
  it('changes nothing while the hooks are active, and checks a company at most every few hours', async () => {
    const { w, deps, gaps, ours, logged } = await setUp();
    const t1 = new Date(Date.now() - 6 * HOUR);
    expect(await checkWebhooks(deps(t1), w.companyId)).toBe('active');
    expect(await checkWebhooks(deps(new Date(t1.getTime() + HOUR)), w.companyId)).toBe('not-due');
    expect(await checkDueWebhooks(deps(new Date(t1.getTime() + HOUR)))).toBe(0);
    const t2 = new Date(t1.getTime() + 4 * HOUR);
    expect(await checkDueWebhooks(deps(t2))).toBe(1);
    expect(await gaps()).toEqual([]);
    expect((await ours()).map((h) => [h.scope, h.isActive])).toEqual(WEBHOOK_SCOPES.map((s) => [s, true]));
    expect(await w.db.settings.get(w.companyId)).toMatchObject({ webhooksCheckedAt: t2, webhooksGoodAt: t2 });
    expect(logged).toEqual([]);
  });

  it('reports the time since the hooks were last known good as a gap, and reactivates them', async () => {
    const { w, client, deps, gaps, ours, logged } = await setUp();
    const t1 = new Date(Date.now() - 6 * HOUR);
    expect(await checkWebhooks(deps(t1), w.companyId)).toBe('active');
    // BigCommerce deactivates a hook whose deliveries failed for 48 hours.
    const [hook] = await ours();
    await client.setHookActive(hook!.id, false);
    const t2 = new Date(t1.getTime() + 4 * HOUR);
    expect(await checkWebhooks(deps(t2), w.companyId)).toBe('repaired');
    expect((await ours()).every((h) => h.isActive)).toBe(true);
    expect(logged).toMatchObject([{ level: 'warn', fields: { companyId: w.companyId, inactive: [hook!.scope], missing: [], unfollowedSince: t1.toISOString() } }]);
    // The store's changes meanwhile are in the catalog only once a Sync has read them: the gap
    // lasts until the next complete Sync, which opens a span at its start.
    const [open] = await gaps();
    expect(open!.from).toBe(t1.toISOString());
    expect(Date.parse(open!.to)).toBeGreaterThan(Date.now() - 1_000);
    const syncedFrom = Date.now();
    await connectAndSync(w.db, w.companyId, w.store, w.appSecret);
    const [closed, ...more] = await gaps();
    expect(more).toEqual([]);
    expect(closed!.from).toBe(t1.toISOString());
    expect(Date.parse(closed!.to)).toBeGreaterThanOrEqual(syncedFrom);
    expect(Date.parse(closed!.to)).toBeLessThanOrEqual(Date.now());
  });

  it('counts from the last delivery received when it is later than the last check', async () => {
    const { w, client, deps, gaps, ours } = await setUp();
    const t1 = new Date(Date.now() - 10 * HOUR);
    expect(await checkWebhooks(deps(t1), w.companyId)).toBe('active');
    const delivered = new Date(t1.getTime() + 2 * HOUR);
    await w.db.storeRefreshes.receive(w.companyId, { hash: 'h1', productIds: [], at: delivered });
    for (const hook of await ours()) await client.setHookActive(hook.id, false);
    const t2 = new Date(t1.getTime() + 5 * HOUR);
    expect(await checkWebhooks(deps(t2), w.companyId)).toBe('repaired');
    expect((await gaps()).map((g) => g.from)).toEqual([delivered.toISOString()]);
    expect((await ours()).every((h) => h.isActive)).toBe(true);
  });

  it('makes one gap of two checks at once', async () => {
    const { w, client, deps, gaps, ours } = await setUp();
    const t1 = new Date(Date.now() - 6 * HOUR);
    expect(await checkWebhooks(deps(t1), w.companyId)).toBe('active');
    const [hook] = await ours();
    await client.setHookActive(hook!.id, false);
    const t2 = new Date(t1.getTime() + 4 * HOUR);
    const t3 = new Date(t2.getTime() + 1);
    const outcomes = await Promise.all([checkWebhooks(deps(t2), w.companyId), checkDueWebhooks(deps(t3)), checkWebhooks(deps(t3), w.companyId)]);
    expect(outcomes.filter((o) => o === 'repaired' || o === 1)).toHaveLength(1);
    const found = await gaps();
    expect(found).toHaveLength(1);
    expect(found[0]!.from).toBe(t1.toISOString());
    expect((await ours()).every((h) => h.isActive)).toBe(true);
  });

  it('makes no gap at a company\u2019s first check, and reactivates its hooks', async () => {
    const { w, client, deps, gaps, ours, logged } = await setUp();
    const [hook] = await ours();
    await client.setHookActive(hook!.id, false);
    const t1 = new Date(Date.now() - HOUR);
    expect(await checkWebhooks(deps(t1), w.companyId)).toBe('repaired');
    expect(await gaps()).toEqual([]);
    expect((await ours()).every((h) => h.isActive)).toBe(true);
    expect(await w.db.settings.get(w.companyId)).toMatchObject({ webhooksGoodAt: t1 });
    expect(logged).toMatchObject([{ fields: { unfollowedSince: null } }]);
  });

  it('registers missing hooks again', async () => {
    const { w, client, deps, gaps, ours } = await setUp();
    const t1 = new Date(Date.now() - 6 * HOUR);
    expect(await checkWebhooks(deps(t1), w.companyId)).toBe('active');
    const [hook] = await ours();
    await client.deleteHook(hook!.id);
    const t2 = new Date(t1.getTime() + 4 * HOUR);
    expect(await checkWebhooks(deps(t2), w.companyId)).toBe('repaired');
    expect((await ours()).map((h) => h.scope).sort()).toEqual([...WEBHOOK_SCOPES].sort());
    expect((await gaps()).map((g) => g.from)).toEqual([t1.toISOString()]);
  });

  it('is run by the refresh worker', async () => {
    const { w, client, ours } = await setUp();
    const [hook] = await ours();
    await client.setHookActive(hook!.id, false);
    const worker = createRefreshWorker({
      db: w.db, commerce: w.commerce, secrets: w.secrets, logger: createLogger('silent'), settleMs: 0, webhookHealth: { origin: ORIGIN },
    });
    worker.start();
    await worker.stop();
    expect((await ours()).every((h) => h.isActive)).toBe(true);
    expect((await w.db.settings.get(w.companyId))?.webhooksCheckedAt).not.toBeNull();
  });
});
