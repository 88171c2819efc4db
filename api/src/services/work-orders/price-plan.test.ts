/**
 * The rules of what a work order writes, restores and records, without a store or database:
 * only the fields an order sets are restored, a product's store sale price 0 is "no sale"
 * locally, history ids are stable per order and phase, and failure lists stay short.
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
