/**
 * Changing the store connection (issue 14), on SQLite and PostgreSQL: each work order records
 * the store it was made for; saving settings with another store hash fails the company's pending
 * and scheduled orders with "Cancelled: the store connection changed" (a save with the same hash
 * changes nothing), and undo of an order made for the old store answers 409 saying why, while an
 * order from before stores were recorded (no store hash) still counts as the current store's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, ErrorCode } from '@catalog/contracts/errors';
import { STORE_CHANGED_ERROR } from '@catalog/contracts/work-order-rules';
import { WorkOrder, type CreateWorkOrderInput } from '@catalog/contracts/work-orders';
import { DEMO_STORE } from '@catalog/demo-store';
import { dbTargets, testDatabase } from '../../testing/db-targets';
import { startDemoStore, syncedApp, type TestStore } from '../../testing/store-fixture';
import { LATER } from '../../testing/times';

const SHOP = { hash: 'abc123', accessToken: 'tok_live_7f3c9e2d41b8a6c0ab12', clientId: 'shop-client' };

describe.each(dbTargets)('a store change on $name', () => {
  let store: TestStore;
  let drop = async () => {};
  let t: Awaited<ReturnType<typeof syncedApp>>;

  beforeAll(async () => {
    store = await startDemoStore({
      products: 10,
      stores: [{ ...DEMO_STORE, products: 10 }, { hash: SHOP.hash, accessToken: SHOP.accessToken, clientId: SHOP.clientId, products: 5 }],
    });
    const db = await testDatabase({ file: true });
    drop = db.drop;
    t = await syncedApp(store, { databaseUrl: db.url });
  });
  afterAll(async () => {
    await t?.close();
    await store?.close();
    await drop();
  });

  const request = (method: string, url: string, body?: unknown) =>
    t.app.request(url, { method, headers: t.owner.headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const saveSettings = (s: { hash: string; accessToken: string; clientId: string }, extra: Record<string, unknown> = {}) =>
    request('POST', '/api/settings', { storeHash: s.hash, accessToken: s.accessToken, clientId: s.clientId, ...extra });

  it('cancels pending and scheduled orders only when another store is saved, and refuses undo of the old store\'s orders', async () => {
    const product = store.store.catalog().products()[0]!;
    const body = (title: string, extra: Partial<CreateWorkOrderInput> = {}): CreateWorkOrderInput => ({
      title, productUpdates: [{ productId: product.id, productName: product.name, newRegularPrice: '12.34' }],
      scheduledAt: null, executeImmediately: true, ...extra,
    });
    const create = async (title: string, extra: Partial<CreateWorkOrderInput> = {}) => {
      const res = await request('POST', '/api/work-orders', body(title, extra));
      expect(res.status).toBe(201);
      return WorkOrder.parse(await res.json());
    };
    const now = await create('Now');
    const later = await create('Later', { executeImmediately: false, scheduledAt: LATER });
    const done = await create('Done');
    const older = await create('From before stores were recorded');
    await t.db.workOrders.update(t.companyId, done.id, { status: 'completed', executedAt: new Date(), originalPrices: [] });
    await t.db.workOrders.update(t.companyId, older.id, { status: 'completed', executedAt: new Date(), originalPrices: [], storeHash: null });
    expect((await t.db.workOrders.get(t.companyId, now.id))!.storeHash).toBe(DEMO_STORE.hash);
    const read = (id: string) => t.db.workOrders.get(t.companyId, id);

    // The same store again (a preference changed): nothing happens to the orders.
    expect((await saveSettings({ ...DEMO_STORE }, { showStockStatus: true })).status).toBe(200);
    for (const o of [now, later]) expect(await read(o.id)).toMatchObject({ status: 'pending', error: null });

    // Another store: both waiting orders fail with the exact error; finished ones stay as they were.
    expect((await saveSettings(SHOP)).status).toBe(200);
    for (const o of [now, later]) expect(await read(o.id)).toMatchObject({ status: 'failed', error: STORE_CHANGED_ERROR });
    expect(await read(done.id)).toMatchObject({ status: 'completed', error: null });

    // Undo of the old store's order: 409, saying why; nothing changes.
    const refused = await request('POST', `/api/work-orders/${done.id}/undo`);
    expect(refused.status).toBe(409);
    expect(ErrorBody.parse(await refused.json()).error).toEqual({
      code: ErrorCode.CONFLICT,
      message: `This work order changed prices in another store (${DEMO_STORE.hash}); undo is not possible after the store connection changed`,
    });
    expect(await read(done.id)).toMatchObject({ status: 'completed', leaseExpiresAt: null });
    // An order with no recorded store counts as the current store's.
    expect((await request('POST', `/api/work-orders/${older.id}/undo`)).status).toBe(202);
  });
});
