import 'fake-indexeddb/auto';
import type { WorkOrder } from '@catalog/contracts/work-orders';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activeCatalogDb, closeLocalCatalog, openLocalCatalog, readyCatalog } from './local-catalog';
import { readWorkOrders, saveWorkOrders } from './work-orders-cache';

let uid = 0;

beforeEach(async () => {
  openLocalCatalog(`orders-${++uid}`, { fetchChanges: async () => ({}) as never });
  await readyCatalog();
});
afterEach(() => {
  closeLocalCatalog();
});

function order(n: number, overrides: Partial<WorkOrder> = {}): WorkOrder {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    title: `Order ${n}`,
    status: 'completed',
    archived: false,
    productUpdates: [],
    executeImmediately: true,
    scheduledAt: null,
    createdAt: `2030-03-0${n}T09:00:00.000Z`,
    executedAt: null,
    undoneAt: null,
    error: null,
    productCount: 1,
    regularPriceUpdates: 1,
    salePriceUpdates: 0,
    retailPriceUpdates: 0,
    revertAt: null,
    undoTrigger: null,
    revertReport: null,
    warning: null,
    needsAttention: false,
    createdByName: null,
    createdById: null,
    approvedBy: null,
    approvedAt: null,
    rejectedBy: null,
    rejectedAt: null,
    rejectionReason: null,
    ...overrides,
  };
}

const titles = (orders: WorkOrder[]) => orders.map((o) => o.title);

describe('work orders cache', () => {
  it('keeps the last list with its time, newest first', async () => {
    await saveWorkOrders(false, [order(1), order(3), order(2)], 42);
    const cached = await readWorkOrders(activeCatalogDb()!, false);
    expect(titles(cached.orders)).toEqual(['Order 3', 'Order 2', 'Order 1']);
    expect(cached.savedAt).toBe(42);
  });

  it('shows archived orders only in the list with them, and a new list replaces the old one', async () => {
    await saveWorkOrders(true, [order(1, { archived: true }), order(2)], 10);
    await saveWorkOrders(false, [order(3)], 20);
    const db = activeCatalogDb()!;
    // Order 2 is gone from the server's list (deleted): it goes; the archived one stays.
    expect(titles((await readWorkOrders(db, false)).orders)).toEqual(['Order 3']);
    const all = await readWorkOrders(db, true);
    expect(titles(all.orders)).toEqual(['Order 3', 'Order 1']);
    expect(all.savedAt).toBe(10);
  });

  it('takes the other list time when this one was never received', async () => {
    await saveWorkOrders(false, [order(1)], 7);
    expect((await readWorkOrders(activeCatalogDb()!, true)).savedAt).toBe(7);
  });

  it('leaves out a stored order that no longer reads as one', async () => {
    await saveWorkOrders(false, [order(1)], 1);
    await activeCatalogDb()!.workOrders.put({ id: 'broken', archived: false, order: { id: 'broken', title: 3 } });
    expect(titles((await readWorkOrders(activeCatalogDb()!, false)).orders)).toEqual(['Order 1']);
  });

  it('keeps approvals offline, and reads an order cached before them with none (issue 19)', async () => {
    const waiting = order(1, { status: 'awaiting_approval', createdById: 'u-mia', createdByName: 'Mia Member' });
    const rejected = order(2, { status: 'rejected', rejectedBy: 'Olive Owner', rejectedAt: '2030-03-03T10:00:00.000Z', rejectionReason: 'Too deep' });
    await saveWorkOrders(false, [waiting, rejected], 1);
    const { approvedBy: _a, approvedAt: _b, rejectedBy: _c, rejectedAt: _d, rejectionReason: _e, createdById: _f, createdByName: _g, ...old } = order(3);
    await activeCatalogDb()!.workOrders.put({ id: old.id, archived: false, order: old });
    const read = (await readWorkOrders(activeCatalogDb()!, false)).orders;
    expect(read.find((o) => o.title === 'Order 1')).toMatchObject({ status: 'awaiting_approval', createdByName: 'Mia Member' });
    expect(read.find((o) => o.title === 'Order 2')).toMatchObject({ status: 'rejected', rejectionReason: 'Too deep' });
    expect(read.find((o) => o.title === 'Order 3')).toMatchObject({ approvedBy: null, rejectedBy: null, createdById: null });
  });

  it('has nothing, and no time, before a first list', async () => {
    expect(await readWorkOrders(activeCatalogDb()!, false)).toEqual({ orders: [], savedAt: null });
  });
});
