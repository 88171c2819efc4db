/**
 * The executor's defence against a store change racing an order (issue 14), on SQLite and
 * PostgreSQL: an order, or the undo of one, made for another store than the one saved now is
 * not written; the order fails (an undo stays completed) with "Cancelled: the store connection
 * changed", and the store is left as it was.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { STORE_CHANGED_ERROR } from '@catalog/contracts/work-order-rules';
import { dbTargets, testDatabase } from '../../testing/db-targets';
import { expectedAfter, pickItems, storePrice, workOrderWorld, type WorkOrderWorld } from '../../testing/work-order-world';

let world: WorkOrderWorld | undefined;
let drop = async () => {};
afterEach(async () => {
  await world?.close();
  world = undefined;
  await drop();
});

describe.each(dbTargets)('the executor after a store change on $name', () => {
  it('refuses to write an order or its undo made for the previous store', async () => {
    const db = await testDatabase({ file: true });
    drop = db.drop;
    world = await workOrderWorld({ databaseUrl: db.url });
    const w = world;
    const run = async (id: string) => {
      const claimed = (await w.db.workOrders.claim(id, 'worker', 5_000, new Date()))!;
      expect(claimed).not.toBeNull();
      return w.executor().run(claimed, 'worker');
    };

    // One order runs while the store is still the one it was made for.
    const doneItems = pickItems(w.store, { products: 2, variants: 0 });
    const done = (await w.post({ title: 'Done before the change', productUpdates: doneItems, executeImmediately: true })).body;
    expect(await run(done.id)).toBe('completed');
    const afterDone = doneItems.map((i) => storePrice(w.store, i));
    // Another is created, then the company's settings name another store (as if saved meanwhile,
    // between the settings route's cancelling and this order's insert).
    const items = pickItems(w.store, { products: 4, variants: 0 }, '25').slice(2);
    const before = items.map((i) => storePrice(w.store, i));
    const pending = (await w.post({ title: 'Made for the old store', productUpdates: items, executeImmediately: true })).body;
    const saved = (await w.db.settings.get(w.companyId))!;
    await w.db.settings.upsert(w.companyId, { storeHash: 'another-store', accessToken: saved.accessToken, clientId: saved.clientId });

    expect(await run(pending.id)).toBe('failed');
    expect(await w.db.workOrders.get(w.companyId, pending.id)).toMatchObject({ status: 'failed', error: STORE_CHANGED_ERROR, originalPrices: null });
    expect(items.map((i) => storePrice(w.store, i))).toEqual(before);
    expect(items.map((i) => storePrice(w.store, i))).not.toEqual(items.map((item, k) => expectedAfter(before[k]!, item)));

    // Its undo, marked as the undo route does (the route's own check raced): not written either.
    await w.db.workOrders.update(w.companyId, done.id, { status: 'executing', leaseOwner: null, leaseExpiresAt: new Date(Date.now() - 1) }, { status: 'completed' });
    expect(await run(done.id)).toBe('undo_failed');
    expect(await w.db.workOrders.get(w.companyId, done.id)).toMatchObject({ status: 'completed', error: STORE_CHANGED_ERROR, undoneAt: null });
    expect(doneItems.map((i) => storePrice(w.store, i))).toEqual(afterDone);
  });
});
