/**
 * Catalog pricing backups through the API, end to end against the demo store (issue 17): a
 * backup, a work order, a restore (itself a work order, run by the scheduler) that brings every
 * store price back (variants' inherited nulls and products' cleared sale prices as they were)
 * and can be undone; the prices at a moment between two work orders; the CSV; and the refusals
 * (plan, another store, nothing to restore). Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  Backup, BackupDiffResponse, BackupListResponse, FUTURE_MOMENT_MESSAGE, type BackupDiffItem,
} from '@catalog/contracts/backups';
import { formatDateTime } from '@catalog/contracts/date-time';
import { ErrorBody } from '@catalog/contracts/errors';
import { WorkOrder as WireWorkOrder } from '@catalog/contracts/work-orders';
import type { TestStore } from '../../testing/store-fixture';
import { pickItems, waitFor, waitForStatus, workOrderWorld, type WorkOrderWorld } from '../../testing/work-order-world';

let world: WorkOrderWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const cents = (price: number | null) => (price === null ? null : Math.round(price * 100));

/** Every price the store has: products' own, and option variants' (null: inherits). */
function storePrices(store: TestStore): Record<string, { regular: number | null; sale: number | null }> {
  const catalog = store.store.catalog();
  const out: Record<string, { regular: number | null; sale: number | null }> = {};
  for (const p of catalog.products()) out[`p${p.id}`] = { regular: cents(p.price), sale: cents(p.sale_price) };
  for (const v of catalog.variants()) {
    if (catalog.product(v.product_id)?.base_variant_id === v.id) continue;
    out[`v${v.id}`] = { regular: cents(v.price), sale: cents(v.sale_price) };
  }
  return out;
}

async function call(w: WorkOrderWorld, method: string, path: string, body?: unknown, headers = w.owner.headers) {
  const res = await w.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // CSV
  }
  return { status: res.status, json, text, headers: res.headers };
}

async function runOrder(w: WorkOrderWorld, title: string, items: ReturnType<typeof pickItems>) {
  const created = await w.post({ title, productUpdates: items, executeImmediately: true });
  expect(created.status).toBe(201);
  const done = await waitForStatus(w, created.body.id, ['completed', 'failed']);
  expect(done.error).toBeNull();
  return done;
}

describe('backups through the API', () => {
  it('restores every store price after a work order (nulls and zeros as they were), and the restore can be undone', async () => {
    world = await workOrderWorld();
    const w = world;
    w.scheduler().start();
    const original = storePrices(w.store);

    const made = await call(w, 'POST', '/api/backups');
    expect(made.status).toBe(201);
    const backup = Backup.parse(made.json);
    const catalog = w.store.store.catalog();
    expect(backup).toMatchObject({ trigger: 'manual', productCount: catalog.products().length, changedCount: null, otherStore: false });
    expect(backup.createdBy).toBe('Olive Owner');

    // A 10% order: regular prices up, products' sale prices cleared, variants that inherited get prices of their own.
    const items = pickItems(w.store, { products: 8, variants: 12 });
    const order = await runOrder(w, 'Spring +10%', items);
    const afterOrder = storePrices(w.store);
    expect(afterOrder).not.toEqual(original);
    expect(items.some((i) => i.variantId != null && original[`v${i.variantId}`]!.regular === null)).toBe(true);
    expect(items.some((i) => i.variantId == null && (original[`p${i.productId}`]!.sale ?? 0) > 0)).toBe(true);

    // The order's own backup, taken right before it wrote, is listed with it.
    const { backups: list } = BackupListResponse.parse((await call(w, 'GET', '/api/backups')).json);
    expect(list.map((b) => b.trigger)).toEqual(['work_order', 'manual']);
    expect(list[0]!.workOrder).toEqual({ id: order.id, title: 'Spring +10%' });
    expect(list[0]!.changedCount).toBe(0);

    // Compare with now: exactly the order's items, with both prices and what changed them.
    const diff = BackupDiffResponse.parse((await call(w, 'GET', `/api/backups/${backup.id}/diff`)).json);
    const key = (i: Pick<BackupDiffItem, 'productId' | 'variantId'>) => (i.variantId === null ? `p${i.productId}` : `v${i.variantId}`);
    expect(diff.items.map(key).sort()).toEqual(items.map((i) => (i.variantId == null ? `p${i.productId}` : `v${i.variantId}`)).sort());
    for (const item of diff.items) {
      expect(item.changes[0]).toMatchObject({ changeType: 'work_order', workOrderId: order.id, workOrderTitle: 'Spring +10%', changedBy: 'Olive Owner' });
      const was = original[key(item)]!;
      expect(cents(item.backup!.regularPrice === null ? null : Number(item.backup!.regularPrice))).toBe(was.regular);
    }
    expect(diff.unchanged + diff.items.length).toBe(backup.productCount + backup.variantCount);
    expect(diff.removed).toBe(0);

    // Restore everything: a pending work order titled with the backup's date, run by the scheduler.
    const clientId = crypto.randomUUID();
    const restored = await call(w, 'POST', `/api/backups/${backup.id}/restore`, { id: clientId, timeZone: 'Europe/Paris' });
    expect(restored.status).toBe(201);
    const restoreOrder = WireWorkOrder.parse(restored.json);
    expect(restoreOrder.clientId).toBe(clientId);
    // Sent again (its answer was lost): the same order, not a second one.
    const replay = await call(w, 'POST', `/api/backups/${backup.id}/restore`, { id: clientId, timeZone: 'Europe/Paris' });
    expect(replay.status).toBe(200);
    expect(WireWorkOrder.parse(replay.json).id).toBe(restoreOrder.id);
    expect(restoreOrder.title).toBe(`Restore prices from ${formatDateTime(backup.createdAt, 'Europe/Paris')}`);
    expect(restoreOrder.productUpdates).toHaveLength(items.length);
    expect(restoreOrder.productUpdates.some((i) => i.inheritRegularPrice === true)).toBe(true);
    const done = await waitForStatus(w, restoreOrder.id, ['completed', 'failed']);
    expect(done.error).toBeNull();
    expect(storePrices(w.store)).toEqual(original);
    // Nothing differs any more.
    expect(BackupDiffResponse.parse((await call(w, 'GET', `/api/backups/${backup.id}/diff`)).json).items).toEqual([]);
    const again = await call(w, 'POST', `/api/backups/${backup.id}/restore`);
    expect(again.status).toBe(409);
    expect(ErrorBody.parse(again.json).error.message).toBe('Nothing to restore: every price is the same as in the backup.');

    // The restore is a work order like any other: undo puts the order's prices back.
    expect((await call(w, 'POST', `/api/work-orders/${restoreOrder.id}/undo`)).status).toBe(202);
    await waitForStatus(w, restoreOrder.id, ['undone']);
    expect(storePrices(w.store)).toEqual(afterOrder);
  });

  it('restores a selection only', async () => {
    world = await workOrderWorld();
    const w = world;
    w.scheduler().start();
    const original = storePrices(w.store);
    const backup = Backup.parse((await call(w, 'POST', '/api/backups')).json);
    const items = pickItems(w.store, { products: 3, variants: 3 });
    await runOrder(w, 'Three and three', items);
    const afterOrder = storePrices(w.store);

    const chosen = [items[0]!, items[4]!];
    const res = await call(w, 'POST', `/api/backups/${backup.id}/restore`, {
      items: chosen.map((i) => ({ productId: i.productId, variantId: i.variantId ?? null })),
    });
    expect(res.status).toBe(201);
    const order = WireWorkOrder.parse(res.json);
    expect(order.productUpdates).toHaveLength(2);
    expect(order.title).toBe(`Restore prices from ${formatDateTime(backup.createdAt, 'UTC')}`);
    await waitForStatus(w, order.id, ['completed']);
    const now = storePrices(w.store);
    for (const item of items) {
      const k = item.variantId == null ? `p${item.productId}` : `v${item.variantId}`;
      expect(now[k]).toEqual(chosen.includes(item) ? original[k] : afterOrder[k]);
    }
  });

  it('rebuilds the prices at a moment between two work orders, and restores them', async () => {
    world = await workOrderWorld();
    const w = world;
    w.scheduler().start();
    const backup = Backup.parse((await call(w, 'POST', '/api/backups')).json);
    const items = pickItems(w.store, { products: 10, variants: 10 });
    const first = items.filter((_, i) => i % 2 === 0);
    const second = items.filter((_, i) => i % 2 === 1);
    await runOrder(w, 'First', first);
    const between = storePrices(w.store);
    await new Promise((r) => setTimeout(r, 20));
    const moment = new Date();
    await new Promise((r) => setTimeout(r, 20));
    await runOrder(w, 'Second', second);
    const latest = storePrices(w.store);

    const diff = BackupDiffResponse.parse((await call(w, 'GET', `/api/backups/diff?at=${encodeURIComponent(moment.toISOString())}`)).json);
    expect(diff.at).toBe(moment.toISOString());
    expect(Date.parse(diff.backup.createdAt)).toBeGreaterThanOrEqual(Date.parse(backup.createdAt));
    // What differs from now is what the second order changed, and the prices then are the store's then.
    const key = (i: Pick<BackupDiffItem, 'productId' | 'variantId'>) => (i.variantId === null ? `p${i.productId}` : `v${i.variantId}`);
    expect(diff.items.map(key).sort()).toEqual(second.map((i) => (i.variantId == null ? `p${i.productId}` : `v${i.variantId}`)).sort());
    for (const item of diff.items) {
      const then = between[key(item)]!;
      const price = (p: string | null) => (p === null ? null : cents(Number(p)));
      expect({ regular: price(item.backup!.regularPrice), sale: item.variantId === null ? price(item.backup!.salePrice) ?? 0 : price(item.backup!.salePrice) }).toEqual(then);
      expect(item.changes[0]).toMatchObject({ changeType: 'work_order', workOrderTitle: 'Second' });
    }

    const res = await call(w, 'POST', '/api/backups/restore', { at: moment.toISOString(), timeZone: 'UTC' });
    expect(res.status).toBe(201);
    const order = WireWorkOrder.parse(res.json);
    expect(order.title).toBe(`Restore prices from ${formatDateTime(moment, 'UTC')}`);
    await waitForStatus(w, order.id, ['completed']);
    expect(storePrices(w.store)).toEqual(between);
    expect(storePrices(w.store)).not.toEqual(latest);

    const tooEarly = await call(w, 'GET', `/api/backups/diff?at=${encodeURIComponent('2001-01-01T00:00:00.000Z')}`);
    expect(tooEarly.status).toBe(404);
  });

  it('downloads a backup as CSV: BOM, one row per product and variant, formula-safe names, inherited prices empty', async () => {
    world = await workOrderWorld({ store: { products: 12 } });
    const w = world;
    const catalog = w.store.store.catalog();
    const first = catalog.products()[0]!;
    await w.db.products.upsertMany(w.companyId, [{ externalId: first.id, name: '=HYPERLINK("http://evil")', sku: first.sku, regularPriceCents: 1_234, salePriceCents: null }]);
    const backup = Backup.parse((await call(w, 'POST', '/api/backups')).json);
    const res = await w.app.request(`/api/backups/${backup.id}/csv`, { headers: w.owner.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="catalog-backup-\d{8}-\d{4}Z\.csv"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith('Product ID,Variant ID,SKU,Name,Regular Price,Sale Price\r\n')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(1 + backup.productCount + backup.variantCount);
    // A formula-looking name is written as text, its quotes doubled inside a quoted cell.
    expect(lines).toContain(`${first.id},,${first.sku},"'=HYPERLINK(""http://evil"")",12.34,`);
    const inheriting = lines.find((l) => /^\d+,\d+,[^,]*,[^,]*,,/.test(l));
    expect(inheriting).toBeDefined();
  });

  it('answers 403 PLAN_LIMIT naming Premium to other plans, on every backup route', async () => {
    world = await workOrderWorld({ store: { products: 5 } });
    const w = world;
    const backup = Backup.parse((await call(w, 'POST', '/api/backups')).json);
    for (const plan of ['trial', 'starter']) {
      await w.db.companies.update(w.companyId, { subscriptionPlan: plan });
      const name = plan === 'trial' ? 'Trial' : 'Starter';
      for (const [method, path] of [
        ['GET', '/api/backups'], ['POST', '/api/backups'], ['GET', `/api/backups/diff?at=${new Date().toISOString()}`],
        ['POST', '/api/backups/restore'], ['GET', `/api/backups/${backup.id}/diff`], ['POST', `/api/backups/${backup.id}/restore`],
        ['GET', `/api/backups/${backup.id}/csv`],
      ] as const) {
        const res = await call(w, method, path);
        expect(res.status, `${plan} ${method} ${path}`).toBe(403);
        expect(ErrorBody.parse(res.json).error).toEqual({
          code: 'PLAN_LIMIT',
          message: `Catalog pricing backups are part of the Premium plan. Your company is on the ${name} plan: upgrade to Premium to use them.`,
        });
      }
    }
    // No daily or work-order backups for them either; a backup is never deleted through the API.
    await w.db.companies.update(w.companyId, { subscriptionPlan: 'premium' });
    expect((await call(w, 'DELETE', `/api/backups/${backup.id}`)).status).toBe(404);
  });

  it('lets every role that may create work orders back up, compare, restore and download', async () => {
    world = await workOrderWorld({ store: { products: 6 } });
    const w = world;
    w.scheduler().start();
    const member = (await import('../../testing/test-app')).testUser('Mia Member');
    await w.db.users.create({ companyId: w.companyId, email: member.email, firebaseUid: member.sub, role: 'member', firstName: 'Mia', lastName: 'Member' });
    const made = await call(w, 'POST', '/api/backups', undefined, member.headers);
    expect(made.status).toBe(201);
    const backup = Backup.parse(made.json);
    expect(backup.createdBy).toBe('Mia Member');
    await runOrder(w, 'Member order', pickItems(w.store, { products: 2, variants: 0 }));
    expect((await call(w, 'GET', `/api/backups/${backup.id}/diff`, undefined, member.headers)).status).toBe(200);
    expect((await call(w, 'GET', `/api/backups/${backup.id}/csv`, undefined, member.headers)).status).toBe(200);
    const restored = await call(w, 'POST', `/api/backups/${backup.id}/restore`, {}, member.headers);
    expect(restored.status).toBe(201);
    await waitForStatus(w, WireWorkOrder.parse(restored.json).id, ['completed']);
  });

  it('refuses to compare or restore a backup of another store (it can still be downloaded)', async () => {
    world = await workOrderWorld({ store: { products: 4 } });
    const w = world;
    const backup = Backup.parse((await call(w, 'POST', '/api/backups')).json);
    const settings = (await w.db.settings.get(w.companyId))!;
    await w.db.settings.upsert(w.companyId, { storeHash: 'anotherstore', accessToken: settings.accessToken, clientId: settings.clientId });
    const { backups: listed } = BackupListResponse.parse((await call(w, 'GET', '/api/backups')).json);
    expect(listed[0]!.otherStore).toBe(true);
    for (const [method, path] of [['GET', `/api/backups/${backup.id}/diff`], ['POST', `/api/backups/${backup.id}/restore`]] as const) {
      const res = await call(w, method, path);
      expect(res.status).toBe(409);
      expect(ErrorBody.parse(res.json).error.message).toMatch(/^This backup was taken from another store/);
    }
    expect((await call(w, 'GET', `/api/backups/${backup.id}/csv`)).status).toBe(200);
    // The next backup is a whole snapshot again: a delta on another store's ids would mean nothing.
    const next = await w.db.backups.get(w.companyId, Backup.parse((await call(w, 'POST', '/api/backups')).json).id);
    expect(next).toMatchObject({ parentId: null, depth: 0, changedCount: null });
  });

  it('refuses to compare or restore a moment in the future (400 naming `at`), and writes nothing', async () => {
    world = await workOrderWorld({ store: { products: 3 } });
    const w = world;
    expect((await call(w, 'POST', '/api/backups')).status).toBe(201);
    const ordersBefore = await w.db.workOrders.list(w.companyId);
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    for (const at of ['9999-12-31T23:59:59.999Z', inAnHour]) {
      const diff = await call(w, 'GET', `/api/backups/diff?at=${encodeURIComponent(at)}`);
      expect(diff.status).toBe(400);
      expect(ErrorBody.parse(diff.json).error).toEqual({ code: 'VALIDATION', message: FUTURE_MOMENT_MESSAGE, fields: { at: FUTURE_MOMENT_MESSAGE } });
      const restore = await call(w, 'POST', '/api/backups/restore', { at });
      expect(restore.status).toBe(400);
      expect(ErrorBody.parse(restore.json).error.fields).toEqual({ at: FUTURE_MOMENT_MESSAGE });
    }
    expect(await w.db.workOrders.list(w.companyId)).toEqual(ordersBefore);
    // Now (a device's clock a little fast) is still a moment to compare with.
    expect((await call(w, 'GET', `/api/backups/diff?at=${encodeURIComponent(new Date(Date.now() + 30_000).toISOString())}`)).status).toBe(200);
  });

  it('caps on-demand backups per day', async () => {
    world = await workOrderWorld({ store: { products: 3 } });
    const w = world;
    const { MAX_MANUAL_BACKUPS_PER_DAY } = await import('@catalog/contracts/backups');
    for (let i = 0; i < MAX_MANUAL_BACKUPS_PER_DAY; i++) expect((await call(w, 'POST', '/api/backups')).status).toBe(201);
    const over = await call(w, 'POST', '/api/backups');
    expect(over.status).toBe(429);
    expect(ErrorBody.parse(over.json).error.code).toBe('RATE_LIMITED');
    // Retry-After: the seconds until the day (UTC) ends and the cap counts anew.
    const now = Date.now();
    const midnight = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate() + 1);
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(Math.abs(retryAfter - Math.ceil((midnight - now) / 1000))).toBeLessThanOrEqual(5);
    await waitFor(async () => (await w.db.backups.list(w.companyId)).length, (n) => n === MAX_MANUAL_BACKUPS_PER_DAY);
  });
});
