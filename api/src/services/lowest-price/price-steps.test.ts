/**
 * A price list record's layer over a window (price-steps.ts, issue 36): a change that deleted the
 * record leaves no record after it, so the catalog's layers say what applied (with their own later
 * changes); one that created it leaves none before it; an entry written before the marker is read
 * as its prices say (a record at them). Pure.
 */
import { describe, expect, it } from 'vitest';
import type { ItemChanges, ItemPriceChange } from '../../db/repositories';
import { effectiveAt, layerSteps, lowestOver, type Step } from './price-steps';

const DAY = 86_400_000;
const from = new Date(Date.UTC(2030, 0, 1));
const day = (n: number) => new Date(from.getTime() + n * DAY);
const window = { from, to: day(30) };

const change = (at: Date, old: number | null, next: number | null, recordChange: ItemPriceChange['recordChange'] = null): ItemPriceChange =>
  ({ at, oldRegular: old, oldSale: null, newRegular: next, newSale: null, recordChange });
const changes = (c: Partial<ItemChanges>): ItemChanges => ({ productId: 'p', variantId: 'v', atStart: null, firstAfter: null, inWindow: [], ...c });
const none = { regular: null, sale: null };

/** The catalog: the product at 50.00 from the start, down to 10.00 on day 20, 60.00 from day 25. */
const product: Step[] = [{ at: from.getTime(), regular: 5000, sale: null }, { at: day(20).getTime(), regular: 1000, sale: null }, { at: day(25).getTime(), regular: 6000, sale: null }];

describe('a price list record\u2019s steps', () => {
  it('has no record after a deletion: the catalog\u2019s later prices are the low, not the one at the deletion', () => {
    const deleted = change(day(10), 3000, 5000, 'deleted');
    const record = layerSteps(changes({ firstAfter: deleted, inWindow: [deleted] }), from, none);
    expect(record).toEqual([{ at: from.getTime(), regular: 3000, sale: null }, { at: day(10).getTime(), ...none }]);
    const layers = { record, variant: null, product, catalogApplies: true };
    expect(effectiveAt(layers, day(22).getTime())).toBe(1000);
    expect(lowestOver(layers, window, [])).toEqual({ cents: 1000, from: day(20) });
    // In another currency than the catalog's: unknown after the deletion, the record's price counted before it.
    expect(lowestOver({ ...layers, catalogApplies: false }, window, [])).toEqual({ cents: 3000, from });
  });

  it('has no record before a creation, and from a deletion before the window on', () => {
    const created = change(day(22), 5000, 4000, 'created');
    const made = layerSteps(changes({ firstAfter: created, inWindow: [created] }), from, { regular: 4000, sale: null });
    expect(made[0]).toEqual({ at: from.getTime(), ...none });
    expect(lowestOver({ record: made, variant: null, product, catalogApplies: true }, window, [])).toEqual({ cents: 1000, from: day(20) });
    const gone = layerSteps(changes({ atStart: change(day(-3), 3000, 5000, 'deleted') }), from, none);
    expect(gone).toEqual([{ at: from.getTime(), ...none }]);
  });

  it('reads an entry without the marker as its prices say: a record at the catalog\u2019s prices of the deletion', () => {
    const old = change(day(10), 3000, 5000);
    const record = layerSteps(changes({ firstAfter: old, inWindow: [old] }), from, none);
    expect(lowestOver({ record, variant: null, product, catalogApplies: true }, window, [])).toEqual({ cents: 3000, from });
    expect(effectiveAt({ record, variant: null, product, catalogApplies: true }, day(22).getTime())).toBe(5000);
  });
});
