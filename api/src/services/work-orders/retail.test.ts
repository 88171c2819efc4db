/**
 * Issue 19: a work order sets retail prices (MSRP) as well as regular and sale prices, in the
 * same batches; its history records the old and new MSRP (shown in a product's price history);
 * the safe undo puts the MSRP back. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PriceHistoryResponse } from '@catalog/contracts/products';
import { WorkOrderDetail, type CreateWorkOrderInput } from '@catalog/contracts/work-orders';
import { waitForStatus, workOrderWorld, type WorkOrderWorld } from '../../testing/work-order-world';

let world: WorkOrderWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

type Item = CreateWorkOrderInput['productUpdates'][number];

const cents = (price: number | null) => (price === null ? null : Math.round(price * 100));

/** Our catalog's MSRP of each item (what devices pull): a product's none is null, a variant's null inherits. */
async function localRetail(w: WorkOrderWorld, items: readonly Pick<Item, 'productId' | 'variantId'>[]): Promise<(number | null)[]> {
  const rows = await w.db.products.getByExternalIds(w.companyId, items.map((i) => i.productId));
  return items.map((i) => {
    const product = rows.find((p) => p.externalId === i.productId)!;
    if (i.variantId == null) return product.retailPriceCents;
    return product.variants.find((v) => v.externalId === i.variantId)!.retailPriceCents;
  });
}

function storeRetail(w: WorkOrderWorld, item: Pick<Item, 'productId' | 'variantId'>): number | null {
  const catalog = w.store.store.catalog();
  if (item.variantId != null) return cents(catalog.variant(item.variantId)!.retail_price);
  return cents(catalog.product(item.productId)!.retail_price);
}

/** Two products (one given an MSRP, one's MSRP removed) and an option variant given its own. */
function retailItems(w: WorkOrderWorld): Item[] {
  const catalog = w.store.store.catalog();
  const [a, b] = catalog.products();
  const variant = catalog.variants().find((v) => catalog.product(v.product_id)?.base_variant_id !== v.id && v.product_id !== a!.id && v.product_id !== b!.id)!;
  return [
    { productId: a!.id, productName: a!.name, newRetailPrice: '123.45', newRegularPrice: '99.00' },
    { productId: b!.id, productName: b!.name, newRetailPrice: null },
    { productId: variant.product_id, productName: catalog.product(variant.product_id)!.name, variantId: variant.id, newRetailPrice: '77.70' },
  ];
}

describe('retail price (MSRP) in work orders', () => {
  it('writes the MSRP to the store, records it in the history, and the undo puts it back', async () => {
    world = await workOrderWorld();
    const w = world;
    // Give the second product an MSRP first, so clearing it is a change.
    const catalog = w.store.store.catalog();
    const second = catalog.products()[1]!;
    expect(catalog.updateProduct(second.id, { retail_price: 50 }).ok).toBe(true);
    const items = retailItems(w);
    const before = items.map((i) => storeRetail(w, i));
    expect(before[1]).toBe(5000);

    w.scheduler().start();
    const created = await w.post({ title: 'New MSRPs', productUpdates: items, executeImmediately: true });
    expect(created.status).toBe(201);
    expect(created.body.productUpdates.map((i) => i.newRetailPrice)).toEqual(['123.45', null, '77.70']);
    const done = await waitForStatus(w, created.body.id, ['completed', 'failed']);
    expect(done.error).toBeNull();
    expect(done.warning).toBeNull();
    expect(items.map((i) => storeRetail(w, i))).toEqual([12345, 0, 7770]);
    // Our catalog has them at once (devices pull them), not only after the next sync.
    expect(await localRetail(w, items)).toEqual([12345, null, 7770]);
    expect(cents(catalog.product(items[0]!.productId)!.price)).toBe(9900);
    // The snapshot keeps the MSRPs the order replaced.
    expect(done.originalPrices!.map((s) => s.retailPriceCents ?? null)).toEqual(before);

    const res = await w.app.request(`/api/products/${items[0]!.productId}/price-history`, { headers: w.owner.headers });
    expect(res.status).toBe(200);
    const history = PriceHistoryResponse.parse(await res.json()).entries;
    const entry = history.find((e) => e.workOrderId === created.body.id)!;
    expect(entry).toMatchObject({ changeType: 'work_order', newRetailPrice: '123.45', newRegularPrice: '99.00' });
    expect(entry.oldRetailPrice).toBe(before[0] ? (before[0] / 100).toFixed(2) : null);
    const cleared = (await w.db.priceHistory.listSince(w.companyId, done.productUpdates.map((i) => i.productId), new Date(0)))
      .filter((e) => e.workOrderId === created.body.id);
    expect(cleared.find((e) => e.productId === done.productUpdates[1]!.productId)).toMatchObject({ oldRetailPriceCents: 5000, newRetailPriceCents: null });

    expect((await w.app.request(`/api/work-orders/${created.body.id}/undo`, { method: 'POST', headers: w.owner.headers })).status).toBe(202);
    await waitForStatus(w, created.body.id, ['undone']);
    expect(items.map((i) => storeRetail(w, i))).toEqual(before);
    expect(await localRetail(w, items)).toEqual(before.map((c, i) => (c === 0 && items[i]!.variantId == null ? null : c)));
    // The whole revert report is the order's own (GET /{id}); the list has its counts (issue 31).
    const listed = WorkOrderDetail.parse(await (await w.app.request(`/api/work-orders/${created.body.id}`, { headers: w.owner.headers })).json());
    expect(listed.revertReport).toMatchObject({ restored: 3, kept: 0 });
    expect(listed.revertReport!.items[0]!.applied.retailPrice).toBe('123.45');
    const undoEntries = (await w.db.priceHistory.listSince(w.companyId, done.productUpdates.map((i) => i.productId), new Date(0)))
      .filter((e) => e.workOrderId === created.body.id && e.changeType === 'undo');
    expect(undoEntries).toHaveLength(3);
    expect(undoEntries.find((e) => e.productId === done.productUpdates[0]!.productId)).toMatchObject({ oldRetailPriceCents: 12345 });
  });

  it('keeps an MSRP changed in the store since the order (the safe undo compares it too)', async () => {
    world = await workOrderWorld();
    const w = world;
    const items = retailItems(w).slice(0, 1);
    const before = storeRetail(w, items[0]!);
    w.scheduler().start();
    const created = await w.post({ title: 'MSRP', productUpdates: items, executeImmediately: true });
    await waitForStatus(w, created.body.id, ['completed']);
    expect(w.store.store.catalog().updateProduct(items[0]!.productId, { retail_price: 130 }).ok).toBe(true);
    expect((await w.app.request(`/api/work-orders/${created.body.id}/undo`, { method: 'POST', headers: w.owner.headers })).status).toBe(202);
    const undone = await waitForStatus(w, created.body.id, ['undone', 'completed']);
    expect(undone.revertReport).toMatchObject({ kept: 1, restored: 0 });
    expect(storeRetail(w, items[0]!)).toBe(13000);
    expect(before).not.toBe(13000);
  });
});
