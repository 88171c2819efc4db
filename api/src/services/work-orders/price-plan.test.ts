/**
 * The rules of what a work order writes, restores and records, without a store or database:
 * only the fields an order sets are restored, a product's store sale price 0 is "no sale"
 * locally, history ids are stable per order and phase, a price list record made or removed is
 * marked so in the history, and failure lists stay short.
 */
import { describe, expect, it } from 'vitest';
import type { PriceSnapshot, WorkOrderItem } from '../../db/repositories';
import { historyEntries, historyId, listFailures, localChanges, restoreTargets, snapshotKey, targetsOf } from './price-plan';

const items: WorkOrderItem[] = [
  { productId: 'p-1', productName: 'Hat', externalProductId: 11, newRegularPriceCents: 2_200, newSalePriceCents: null },
  { productId: 'p-2', productName: 'Shoe', variantId: 'v-1', externalProductId: 12, externalVariantId: 901, newSalePriceCents: 1_500 },
];
const snapshot: PriceSnapshot[] = [
  { productId: 'p-1', variantId: null, externalProductId: 11, externalVariantId: null, regularPriceCents: 2_000, salePriceCents: 1_800 },
  { productId: 'p-2', variantId: 'v-1', externalProductId: 12, externalVariantId: 901, regularPriceCents: null, salePriceCents: null },
];
const before = new Map(snapshot.map((s) => [snapshotKey(s), s]));

describe('work order price plan', () => {
  it('targets each item by its store id and labels it for messages', () => {
    const targets = targetsOf(items);
    expect(targets.map((t) => [t.key, t.kind, t.externalId, t.label])).toEqual([
      ['p11', 'product', 11, 'Product 11'],
      ['v901', 'variant', 901, 'Variant 901 of product 12'],
    ]);
    expect(() => targetsOf([{ productId: 'p-9', productName: 'Old' }])).toThrow(/no store id/);
  });

  it('restores only the fields the order set, keeping a variant\'s null (inherit)', () => {
    const restored = restoreTargets(targetsOf(items), before);
    expect(restored.map((t) => [t.regularPriceCents, t.salePriceCents])).toEqual([[2_000, 1_800], [undefined, null]]);
  });

  it('writes the local catalog with null for a product that is no longer on sale', () => {
    expect(localChanges(targetsOf(items))).toEqual([
      { productId: 'p-1', variantId: null, regularPriceCents: 2_200, salePriceCents: null },
      { productId: 'p-2', variantId: 'v-1', salePriceCents: 1_500 },
    ]);
    const storeZero = restoreTargets(targetsOf(items), new Map([...before, ['p11', { ...snapshot[0]!, salePriceCents: 0 }]]));
    expect(localChanges(storeZero)[0]!.salePriceCents).toBeNull();
  });

  it('records old and new prices per item, reversed for an undo, attributed to the order', () => {
    const order = { id: 'wo-1', createdBy: 'u-1' };
    const [hat, shoe] = historyEntries(order, 'work_order', targetsOf(items), before);
    expect(hat).toMatchObject({ oldRegularPriceCents: 2_000, newRegularPriceCents: 2_200, oldSalePriceCents: 1_800, newSalePriceCents: null, changeType: 'work_order', workOrderId: 'wo-1', changedBy: 'u-1' });
    expect(shoe).toMatchObject({ variantId: 'v-1', oldRegularPriceCents: null, newRegularPriceCents: null, oldSalePriceCents: null, newSalePriceCents: 1_500 });
    const [undoHat] = historyEntries(order, 'undo', targetsOf(items), before);
    expect(undoHat).toMatchObject({ oldRegularPriceCents: 2_200, newRegularPriceCents: 2_000, oldSalePriceCents: null, newSalePriceCents: 1_800, changeType: 'undo' });
  });

  it('marks a price list record the order makes as created (its undo\'s as deleted), and one an item removes as deleted (its undo\'s as created)', () => {
    const order = { id: 'wo-2', createdBy: 'u-1' };
    const target = { priceListId: 7, currency: 'USD' };
    const listItems: WorkOrderItem[] = [
      { productId: 'p-2', productName: 'Shoe', variantId: 'v-1', externalProductId: 12, externalVariantId: 901, newRegularPriceCents: 900 },
      { productId: 'p-2', productName: 'Shoe', variantId: 'v-2', externalProductId: 12, externalVariantId: 902, newRegularPriceCents: 800 },
      { productId: 'p-2', productName: 'Shoe', variantId: 'v-3', externalProductId: 12, externalVariantId: 903, removeRecord: true },
      { productId: 'p-2', productName: 'Shoe', variantId: 'v-4', externalProductId: 12, externalVariantId: 904, removeRecord: true },
    ];
    const record = (variantId: string, externalVariantId: number, regular: number, exists: boolean): PriceSnapshot => ({
      productId: 'p-2', variantId, externalProductId: 12, externalVariantId, regularPriceCents: regular, salePriceCents: null, retailPriceCents: null,
      priceList: { id: 7, currency: 'USD', exists, mapPriceCents: exists ? 500 : null },
    });
    // 901 had a record; 902 had none (the catalog's 10.00); 903's record goes; 904 had none to remove.
    const listBefore = new Map([record('v-1', 901, 1000, true), record('v-2', 902, 1000, false), record('v-3', 903, 700, true), record('v-4', 904, 1000, false)]
      .map((s) => [snapshotKey(s), s]));
    const targets = targetsOf(listItems, target);
    expect(targets.map((t) => t.record?.remove ?? false)).toEqual([false, false, true, true]);
    const catalog = new Map([['l7:USD:v903', { regular: 1000, sale: 950, retail: null }]]);
    const run = historyEntries(order, 'work_order', targets, listBefore, catalog);
    expect(run.map((e) => [e.variantId, e.recordChange, e.oldRegularPriceCents, e.newRegularPriceCents, e.newSalePriceCents])).toEqual([
      ['v-1', null, 1000, 900, null], ['v-2', 'created', 1000, 800, null], ['v-3', 'deleted', 700, 1000, 950],
    ]);
    const undo = historyEntries(order, 'undo', targets, listBefore, catalog);
    expect(undo.map((e) => [e.variantId, e.recordChange, e.oldRegularPriceCents, e.newRegularPriceCents])).toEqual([
      ['v-1', null, 900, 1000], ['v-2', 'deleted', 800, 1000], ['v-3', 'created', 1000, 700],
    ]);
    // Its undo puts the removed record back whole (MAP included); the one it found none of is removed again (nothing to do).
    const restored = restoreTargets(targets, listBefore);
    expect(restored[2]).toMatchObject({ regularPriceCents: 700, salePriceCents: null, record: { priceListId: 7, currency: 'USD', base: { priceCents: 700, mapPriceCents: 500 } } });
    expect(restored[2]!.record!.remove).toBeUndefined();
    expect(restored[3]!.record).toMatchObject({ remove: true, base: null });
  });

  it('gives each (order, phase, item) one stable UUID-shaped history id', () => {
    const id = historyId('wo-1', 'work_order', 'p11');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(historyId('wo-1', 'work_order', 'p11')).toBe(id);
    expect(new Set([id, historyId('wo-1', 'undo', 'p11'), historyId('wo-2', 'work_order', 'p11'), historyId('wo-1', 'work_order', 'v11')]).size).toBe(4);
  });

  it('names the first three failures and counts the rest', () => {
    const failures = [1, 2, 3, 4, 5].map((n) => ({ label: `Product ${n}`, reason: 'price must be a number (store said 422)' }));
    expect(listFailures(failures.slice(0, 1))).toBe('Product 1: price must be a number (store said 422)');
    expect(listFailures(failures)).toMatch(/^Product 1: .*; Product 2: .*; Product 3: .*; and 2 more$/);
  });
});
