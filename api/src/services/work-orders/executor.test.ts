/**
 * Work orders against the demo store, end to end: created through the API, run by a scheduler,
 * checked against the store's own prices, the price history and the local catalog.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { targetsOf } from './price-plan';
import { expectedAfter, pickItems, storePrice, waitFor, waitForStatus, workOrderWorld, type WorkOrderWorld } from '../../testing/work-order-world';

let world: WorkOrderWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function historyOf(w: WorkOrderWorld, orderId: string) {
  const order = (await w.db.workOrders.get(w.companyId, orderId))!;
  const productIds = [...new Set(order.productUpdates.map((i) => i.productId))];
  const entries = (await Promise.all(productIds.map((id) => w.db.priceHistory.listForProduct(w.companyId, id)))).flat();
  return entries.filter((e) => e.workOrderId === orderId);
}

describe('executing a work order', () => {
  it('writes every item, records one history entry each, updates the catalog; undo restores the store exactly', async () => {
    world = await workOrderWorld();
    const w = world;
    const items = pickItems(w.store, { products: 12, variants: 30 });
    const before = items.map((i) => storePrice(w.store, i));
    expect(before.some((p, i) => items[i]!.variantId != null && p.sale === null)).toBe(true);
    expect(before.some((p, i) => items[i]!.variantId == null && (p.sale ?? 0) > 0)).toBe(true);
    const sched = w.scheduler();
    sched.start();

    const created = await w.post({ title: 'Spring +10%', productUpdates: items, executeImmediately: true });
    expect(created.status).toBe(201);
    expect(created.body.productUpdates).toHaveLength(items.length);
    const done = await waitForStatus(w, created.body.id, ['completed', 'failed']);
    expect(done).toMatchObject({ status: 'completed', error: null, leaseOwner: null });
    expect(done.executedAt).toBeInstanceOf(Date);

    items.forEach((item, i) => expect(storePrice(w.store, item)).toEqual(expectedAfter(before[i]!, item)));
    // The snapshot is what the store had, nulls included.
    expect(done.originalPrices).toHaveLength(items.length);
    for (const [i, s] of done.originalPrices!.entries()) expect({ regular: s.regularPriceCents, sale: s.salePriceCents }).toEqual(before[i]);

    const history = await historyOf(w, done.id);
    expect(history).toHaveLength(items.length);
    expect(history.every((h) => h.changeType === 'work_order' && h.changedBy === w.user.id)).toBe(true);

    // As if the process had died after recording the history but before marking the order
    // completed: the resumed run writes again and finds its history already there.
    await w.db.workOrders.update(w.companyId, done.id, { status: 'executing', executedAt: null, leaseOwner: 'dead', leaseExpiresAt: new Date(Date.now() - 1) });
    await waitForStatus(w, done.id, ['completed']);
    expect(await historyOf(w, done.id)).toHaveLength(items.length);

    // Devices pull the new prices: the local rows moved to new change versions.
    const local = await w.db.products.getByExternalIds(w.companyId, items.map((i) => i.productId));
    const firstProduct = local.find((p) => p.externalId === items[0]!.productId)!;
    expect(firstProduct.regularPriceCents).toBe(expectedAfter(before[0]!, items[0]!).regular);
    expect(firstProduct.salePriceCents).toBe(null);
    const changes = await w.db.products.changesSince(w.companyId, 0, 10_000);
    expect(changes.cursor).toBeGreaterThan(0);

    const undo = await w.app.request(`/api/work-orders/${done.id}/undo`, { method: 'POST', headers: w.owner.headers });
    expect(undo.status).toBe(202);
    const undone = await waitForStatus(w, done.id, ['undone']);
    expect(undone.undoneAt).toBeInstanceOf(Date);
    items.forEach((item, i) => expect(storePrice(w.store, item)).toEqual(before[i]));
    const undoHistory = (await historyOf(w, done.id)).filter((h) => h.changeType === 'undo');
    expect(undoHistory).toHaveLength(items.length);
    const variantIndex = before.findIndex((p, i) => items[i]!.variantId != null && p.sale === null);
    const variantRow = (await w.db.products.getByExternalIds(w.companyId, [items[variantIndex]!.productId]))[0]!
      .variants.find((v) => v.externalId === items[variantIndex]!.variantId)!;
    expect(variantRow.salePriceCents).toBeNull();
  });

  it('completes with one history entry per item when 20% of store requests fail (429 and 500)', async () => {
    world = await workOrderWorld();
    const w = world;
    const items = pickItems(w.store, { products: 40, variants: 60 });
    const before = items.map((i) => storePrice(w.store, i));
    w.store.store.configure({ faults: { rate429: 0.1, rate500: 0.1 } });
    w.scheduler().start();

    const created = await w.post({ title: 'Flaky store', productUpdates: items, executeImmediately: true });
    const done = await waitForStatus(w, created.body.id, ['completed', 'failed'], 20_000);
    expect(done.error).toBeNull();
    expect(done.status).toBe('completed');
    expect(w.store.store.stats.faults['429'] + w.store.store.stats.faults['500']).toBeGreaterThan(0);
    items.forEach((item, i) => expect(storePrice(w.store, item)).toEqual(expectedAfter(before[i]!, item)));
    expect(await historyOf(w, done.id)).toHaveLength(items.length);
  });

  it('fails and puts every price back when the store refuses an item (207 partial answer)', async () => {
    world = await workOrderWorld();
    const w = world;
    const items = pickItems(w.store, { products: 25, variants: 20 });
    const before = items.map((i) => storePrice(w.store, i));
    const doomed = items[22]!; // in the third product batch
    let deleted = false;
    w.scheduler({
      executor: w.executor({
        // A merchant deletes a product in the control panel while the order runs.
        onBatch: (_order, info) => {
          if (info.kind === 'product' && !deleted) deleted = w.store.store.deleteProduct(doomed.productId);
        },
      }),
    }).start();

    const created = await w.post({ title: 'Doomed', productUpdates: items, executeImmediately: true });
    const done = await waitForStatus(w, created.body.id, ['completed', 'failed']);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(new RegExp(`^Could not update 1 of ${items.length} items: Product ${doomed.productId}: .*\\(store said 422\\)\\. All applied changes were reverted\\.$`));
    items.forEach((item, i) => {
      if (item !== doomed) expect(storePrice(w.store, item)).toEqual(before[i]);
    });
    expect(await historyOf(w, done.id)).toHaveLength(0);
  });

  it('fails and puts every price back when store errors outlast every retry', async () => {
    world = await workOrderWorld();
    const w = world;
    const items = pickItems(w.store, { products: 20, variants: 0 });
    const before = items.map((i) => storePrice(w.store, i));
    let queued = false;
    w.scheduler({
      executor: w.executor({
        writes: { retryPauseMs: 20, concurrency: 1 },
        // After the first batch the store answers 500 to 5 attempts x 3 rounds of the second.
        onBatch: () => {
          if (!queued) w.store.store.failNext(...Array<'500'>(15).fill('500'));
          queued = true;
        },
      }),
    }).start();

    const created = await w.post({ title: 'Outage', productUpdates: items, executeImmediately: true });
    const done = await waitForStatus(w, created.body.id, ['completed', 'failed']);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/^Could not update 10 of 20 items: Product \d+: Internal Server Error \(injected\) \(store said 500\);.* and 7 more\. All applied changes were reverted\.$/);
    items.forEach((item, i) => expect(storePrice(w.store, item)).toEqual(before[i]));
  });

  it("keeps the order completed when its undo cannot finish, with the order's prices put back", async () => {
    world = await workOrderWorld();
    const w = world;
    const items = pickItems(w.store, { products: 6, variants: 6 });
    const before = items.map((i) => storePrice(w.store, i));
    const after = items.map((item, i) => expectedAfter(before[i]!, item));
    const scheduler = w.scheduler();
    scheduler.start();
    const created = await w.post({ title: 'Hard to undo', productUpdates: items, executeImmediately: true });
    const done = await waitForStatus(w, created.body.id, ['completed']);
    await scheduler.stop();
    // An undo that planned to restore every item (its plan saved), then stopped; meanwhile a
    // product of the order (none of whose variants it changed) was deleted in the store.
    expect((await w.app.request(`/api/work-orders/${created.body.id}/undo`, { method: 'POST', headers: w.owner.headers })).status).toBe(202);
    const keys = targetsOf(done.productUpdates).map((t) => t.key);
    await w.db.workOrders.update(w.companyId, done.id, {
      undoRequest: { trigger: 'manual', force: false, by: null, restoreKeys: keys },
      revertReport: { restored: keys.length, kept: 0, unchanged: 0, forced: false, items: [] },
    });
    const gone = items.find((i) => i.variantId == null && !items.some((v) => v.variantId != null && v.productId === i.productId))!;
    w.store.store.deleteProduct(gone.productId);
    w.scheduler().start();

    const kept = await waitFor(() => w.db.workOrders.get(w.companyId, created.body.id), (o) => o!.status === 'completed' && o!.error !== null);
    expect(kept!.error).toMatch(new RegExp(
      `^Could not undo 1 of ${items.length} items: Product ${gone.productId}: .*\\(store said 422\\)\\. The order's prices were put back\\. Try Undo again\\.$`,
    ));
    expect(kept!.undoneAt).toBeNull();
    expect(kept).toMatchObject({ undoRequest: null, revertReport: null });
    items.forEach((item, i) => item !== gone && expect(storePrice(w.store, item)).toEqual(after[i]));
    expect((await historyOf(w, created.body.id)).filter((h) => h.changeType === 'undo')).toHaveLength(0);
  });

  it('counts an item deleted from the store since as unchanged: the undo restores the others', async () => {
    world = await workOrderWorld();
    const w = world;
    const items = pickItems(w.store, { products: 3, variants: 0 });
    const before = items.map((i) => storePrice(w.store, i));
    w.scheduler().start();
    const created = await w.post({ title: 'Then deleted', productUpdates: items, executeImmediately: true });
    await waitForStatus(w, created.body.id, ['completed']);
    w.store.store.deleteProduct(items[0]!.productId);
    expect((await w.app.request(`/api/work-orders/${created.body.id}/undo`, { method: 'POST', headers: w.owner.headers })).status).toBe(202);
    const undone = await waitForStatus(w, created.body.id, ['undone']);
    expect(undone.revertReport).toMatchObject({ restored: 2, kept: 0, unchanged: 1 });
    expect(undone.revertReport!.items.find((i) => i.productId === items[0]!.productId)).toMatchObject({ outcome: 'unchanged', current: null });
    items.slice(1).forEach((item, i) => expect(storePrice(w.store, item)).toEqual(before[i + 1]));
  });

  it('fails without writing when an item no longer exists in the store', async () => {
    world = await workOrderWorld();
    const w = world;
    const items = pickItems(w.store, { products: 3, variants: 3 });
    const before = items.map((i) => storePrice(w.store, i));
    w.store.store.deleteProduct(items[1]!.productId);
    const requestsBefore = w.store.store.stats.requests;
    w.scheduler().start();
    const created = await w.post({ title: 'Gone', productUpdates: items, executeImmediately: true });
    const done = await waitForStatus(w, created.body.id, ['completed', 'failed']);
    expect(done.error).toBe(
      `Could not start: 1 of 6 items no longer exist in the store: Product ${items[1]!.productId}: not found. Nothing was changed; sync the catalog and create the order again.`,
    );
    expect(w.store.store.stats.requests - requestsBefore).toBe(1); // the snapshot read only
    items.forEach((item, i) => i !== 1 && expect(storePrice(w.store, item)).toEqual(before[i]));
  });
});
