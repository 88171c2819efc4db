import 'fake-indexeddb/auto';
import type { WorkOrder, WorkOrderSummary } from '@catalog/contracts/work-orders';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deviceCatalog } from './device-catalog';
import { MAX_CACHED_WORK_ORDERS, readWorkOrders, saveWorkOrders } from './work-orders-cache';

let uid = 0;

beforeEach(async () => {
  deviceCatalog.open(`orders-${++uid}`, { fetchChanges: async () => ({}) as never });
  await deviceCatalog.ready();
});
afterEach(() => {
  deviceCatalog.close();
});

/** A summary as a page of the list has it; order n was made on day n (newer as n grows). */
function order(n: number, overrides: Partial<WorkOrderSummary> = {}): WorkOrderSummary {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Order ${n}`,
    status: 'completed',
    archived: false,
    itemCount: 1,
    executeImmediately: true,
    scheduledAt: null,
    createdAt: new Date(Date.UTC(2030, 0, 1) + n * 86_400_000).toISOString(),
    executedAt: null,
    undoneAt: null,
    error: null,
    productCount: 1,
    regularPriceUpdates: 1,
    salePriceUpdates: 0,
    retailPriceUpdates: 0,
    revertAt: null,
    target: null,
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
    repeat: null,
    series: null,
    ...overrides,
  };
}

const titles = (orders: WorkOrderSummary[]) => orders.map((o) => o.title);
/** A first page (the list as it is now), whole unless `more`. */
const first = (orders: WorkOrderSummary[], more = false) => ({ orders, nextCursor: more ? 'next' : null });

describe('work orders cache', () => {
  it('keeps the last list with its time, newest first', async () => {
    await saveWorkOrders(false, first([order(1), order(3), order(2)]), { first: true }, 42);
    const cached = await readWorkOrders(deviceCatalog.db()!, false);
    expect(titles(cached.orders)).toEqual(['Order 3', 'Order 2', 'Order 1']);
    expect(cached.savedAt).toBe(42);
  });

  it('shows archived orders only in the list with them, and a whole first page replaces the list', async () => {
    await saveWorkOrders(true, first([order(1, { archived: true }), order(2)]), { first: true }, 10);
    await saveWorkOrders(false, first([order(3)]), { first: true }, 20);
    const db = deviceCatalog.db()!;
    // Order 2 is gone from the server's list (deleted): it goes; the archived one stays.
    expect(titles((await readWorkOrders(db, false)).orders)).toEqual(['Order 3']);
    const all = await readWorkOrders(db, true);
    expect(titles(all.orders)).toEqual(['Order 3', 'Order 1']);
    expect(all.savedAt).toBe(10);
  });

  it('keeps older pages: a first page with more to come replaces only the stretch it covers', async () => {
    await saveWorkOrders(false, first([order(9), order(8), order(7)], true), { first: true }, 1);
    await saveWorkOrders(false, { orders: [order(6), order(5)], nextCursor: 'after-5' }, { first: false }, 2);
    await saveWorkOrders(false, { orders: [order(4)], nextCursor: null }, { first: false }, 3);
    const db = deviceCatalog.db()!;
    expect(titles((await readWorkOrders(db, false)).orders)).toEqual(['Order 9', 'Order 8', 'Order 7', 'Order 6', 'Order 5', 'Order 4']);
    // The next poll: 10 is new, 8 was deleted, 7 completed; 6 and older are not on it and stay as they were.
    await saveWorkOrders(false, first([order(10), order(9), order(7, { title: 'Order 7 done' })], true), { first: true }, 5);
    const cached = await readWorkOrders(db, false);
    expect(titles(cached.orders)).toEqual(['Order 10', 'Order 9', 'Order 7 done', 'Order 6', 'Order 5', 'Order 4']);
    // Only a first page says when the list was received.
    expect(cached.savedAt).toBe(5);
  });

  it(`keeps the newest ${MAX_CACHED_WORK_ORDERS} orders only`, async () => {
    const many = Array.from({ length: MAX_CACHED_WORK_ORDERS + 20 }, (_, i) => order(i + 1)).reverse();
    for (let at = 0; at < many.length; at += 100) {
      await saveWorkOrders(false, { orders: many.slice(at, at + 100), nextCursor: 'more' }, { first: at === 0 }, 1);
    }
    const cached = (await readWorkOrders(deviceCatalog.db()!, false)).orders;
    expect(cached).toHaveLength(MAX_CACHED_WORK_ORDERS);
    expect(cached[0]!.title).toBe(`Order ${MAX_CACHED_WORK_ORDERS + 20}`);
    expect(cached.at(-1)!.title).toBe('Order 21');
  });

  it('takes the other list time when this one was never received', async () => {
    await saveWorkOrders(false, first([order(1)]), { first: true }, 7);
    expect((await readWorkOrders(deviceCatalog.db()!, true)).savedAt).toBe(7);
  });

  it('leaves out a stored order that no longer reads as one', async () => {
    await saveWorkOrders(false, first([order(1)]), { first: true }, 1);
    await deviceCatalog.db()!.workOrders.put({ id: 'broken', archived: false, order: { id: 'broken', title: 3 } });
    expect(titles((await readWorkOrders(deviceCatalog.db()!, false)).orders)).toEqual(['Order 1']);
  });

  it('reads a whole order an earlier version kept as its summary', async () => {
    const { itemCount: _count, revertReport: _report, ...rest } = order(1, { status: 'undone' });
    const whole: WorkOrder = {
      ...rest, productUpdates: [{ productId: 1, productName: 'Shirt', newRegularPrice: '10.00' }],
      revertReport: { restored: 1, kept: 0, unchanged: 0, forced: false, items: [] },
    };
    await deviceCatalog.db()!.workOrders.put({ id: whole.id, archived: false, order: whole });
    const [read] = (await readWorkOrders(deviceCatalog.db()!, false)).orders;
    expect(read).not.toHaveProperty('productUpdates');
    expect(read).toMatchObject({ title: 'Order 1', itemCount: 0, revertReport: { restored: 1, kept: 0, unchanged: 0, forced: false } });
    expect(read!.revertReport).not.toHaveProperty('items');
  });

  it('keeps approvals offline, and reads an order cached before them with none (issue 19)', async () => {
    const waiting = order(1, { status: 'awaiting_approval', createdById: 'u-mia', createdByName: 'Mia Member' });
    const rejected = order(2, { status: 'rejected', rejectedBy: 'Olive Owner', rejectedAt: '2030-03-03T10:00:00.000Z', rejectionReason: 'Too deep' });
    await saveWorkOrders(false, first([waiting, rejected]), { first: true }, 1);
    const { approvedBy: _a, approvedAt: _b, rejectedBy: _c, rejectedAt: _d, rejectionReason: _e, createdById: _f, createdByName: _g, ...old } = order(3);
    await deviceCatalog.db()!.workOrders.put({ id: old.id, archived: false, order: old });
    const read = (await readWorkOrders(deviceCatalog.db()!, false)).orders;
    expect(read.find((o) => o.title === 'Order 1')).toMatchObject({ status: 'awaiting_approval', createdByName: 'Mia Member' });
    expect(read.find((o) => o.title === 'Order 2')).toMatchObject({ status: 'rejected', rejectionReason: 'Too deep' });
    expect(read.find((o) => o.title === 'Order 3')).toMatchObject({ approvedBy: null, rejectedBy: null, createdById: null });
  });

  it('has nothing, and no time, before a first list', async () => {
    expect(await readWorkOrders(deviceCatalog.db()!, false)).toEqual({ orders: [], savedAt: null });
  });
});
