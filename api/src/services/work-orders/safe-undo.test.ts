/** The safe undo's classification: restored, kept (changed since), unchanged; forced; products' 0 = no sale. */
import { describe, expect, it } from 'vitest';
import type { PriceSnapshot } from '../../db/repositories';
import { targetKey, type PriceTarget } from './price-plan';
import { changeSources, classifyRevert, restoreWrites, revertReport } from './safe-undo';

function product(id: number, set: { regular?: number | null; sale?: number | null }): PriceTarget {
  return {
    key: targetKey('product', id), kind: 'product', externalId: id, externalProductId: id, productId: `p-${id}`, variantId: null,
    label: `Product ${id}`, regularPriceCents: set.regular, salePriceCents: set.sale,
  };
}
function variant(id: number, of: number, set: { regular?: number | null; sale?: number | null }): PriceTarget {
  return { ...product(of, set), key: targetKey('variant', id), kind: 'variant', externalId: id, variantId: `v-${id}`, label: `Variant ${id} of product ${of}` };
}
const snap = (t: PriceTarget, regular: number | null, sale: number | null): [string, PriceSnapshot] => [t.key, {
  productId: t.productId, variantId: t.variantId, externalProductId: t.externalProductId,
  externalVariantId: t.kind === 'variant' ? t.externalId : null, regularPriceCents: regular, salePriceCents: sale,
}];

describe('classifyRevert', () => {
  const still = product(1, { regular: 1100 });
  const changed = product(2, { regular: 2200 });
  const back = product(3, { regular: 3300 });
  const cleared = product(4, { sale: null });
  const inherit = variant(50, 5, { sale: 500 });
  const gone = product(6, { regular: 600 });
  const targets = [still, changed, back, cleared, inherit, gone];
  const snapshot = new Map([
    snap(still, 1000, 0), snap(changed, 2000, 0), snap(back, 3000, 0), snap(cleared, 4000, 3500), snap(inherit, null, null), snap(gone, 500, 0),
  ]);
  const current = new Map([
    [still.key, { regular: 1100, sale: 0 }],
    [changed.key, { regular: 2500, sale: 0 }],
    [back.key, { regular: 3000, sale: 0 }],
    // The store answers a cleared product sale price with 0: the same as the order's null.
    [cleared.key, { regular: 4000, sale: 0 }],
    [inherit.key, { regular: null, sale: 500 }],
  ]);

  it('restores items still at the order\'s prices, keeps the ones changed since, leaves the ones already back', () => {
    const items = classifyRevert(targets, snapshot, current, false);
    expect(items.map((i) => [i.target.key, i.outcome])).toEqual([
      ['p1', 'restored'], ['p2', 'kept'], ['p3', 'unchanged'], ['p4', 'restored'], ['v50', 'restored'], ['p6', 'unchanged'],
    ]);
    const writes = restoreWrites(items);
    expect(writes.map((w) => [w.key, w.regularPriceCents, w.salePriceCents])).toEqual([
      ['p1', 1000, undefined], ['p4', undefined, 3500], ['v50', undefined, null],
    ]);
  });

  it('restores the changed ones too when forced, and says so in the report', () => {
    const items = classifyRevert(targets, snapshot, current, true);
    expect(items.find((i) => i.target.key === 'p2')).toMatchObject({ outcome: 'restored', changedSince: true });
    const report = revertReport(items, true, new Map(), new Map());
    expect(report).toMatchObject({ restored: 4, kept: 0, unchanged: 2, forced: true });
    expect(report.items[0]).toMatchObject({ productId: 2, outcome: 'restored', changedBy: { kind: 'store' } });
  });

  it('names what changed a kept item: the newest entry that is not the order\'s own', () => {
    const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));
    const entry = (changeType: 'work_order' | 'manual' | 'sync' | 'undo', workOrderId: string | null, s: number, changedBy: string | null = null) => ({
      id: `${changeType}-${s}`, companyId: 'c', productId: 'p-2', variantId: null, oldRegularPriceCents: 0, newRegularPriceCents: 0,
      oldSalePriceCents: null, newSalePriceCents: null, changeType, workOrderId, changedBy, createdAt: at(s),
    });
    const keys = new Map([['p2', { productId: 'p-2', variantId: null }]]);
    const titles = new Map([['later', 'Weekend sale']]);
    const people = new Map([['u1', 'Ada Lovelace']]);
    const newestFirst = (...e: ReturnType<typeof entry>[]) => e.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    expect(changeSources(keys, newestFirst(entry('work_order', 'this', 5), entry('work_order', 'later', 3)), 'this', titles, people).get('p2'))
      .toEqual({ kind: 'work_order', workOrderId: 'later', workOrderTitle: 'Weekend sale', by: null, at: at(3).toISOString() });
    expect(changeSources(keys, newestFirst(entry('manual', null, 4, 'u1')), 'this', titles, people).get('p2'))
      .toMatchObject({ kind: 'manual', by: 'Ada Lovelace' });
    expect(changeSources(keys, newestFirst(entry('sync', null, 4)), 'this', titles, people).get('p2')).toMatchObject({ kind: 'store' });
    expect(changeSources(keys, [], 'this', titles, people).has('p2')).toBe(false);
  });

  it('names a catalog item\'s change by the catalog\'s entries and a price list record\'s by its list\'s', () => {
    const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));
    const entry = (changeType: 'work_order' | 'webhook' | 'sync', s: number, list: { priceListId: number; currency: string } | null) => ({
      id: `${changeType}-${s}`, companyId: 'c', productId: 'p-2', variantId: 'v-3', oldRegularPriceCents: 0, newRegularPriceCents: 0,
      oldSalePriceCents: null, newSalePriceCents: null, changeType, workOrderId: changeType === 'work_order' ? 'later' : null, changedBy: null, createdAt: at(s),
      ...list,
    });
    const entries = [entry('webhook', 9, { priceListId: 7, currency: 'EUR' }), entry('sync', 8, { priceListId: 7, currency: 'USD' }), entry('work_order', 5, null)];
    const keys = new Map([
      ['v3', { productId: 'p-2', variantId: 'v-3' }],
      ['l7:USD:v3', { productId: 'p-2', variantId: 'v-3', priceListId: 7, currency: 'USD' }],
      ['l8:USD:v3', { productId: 'p-2', variantId: 'v-3', priceListId: 8, currency: 'USD' }],
    ]);
    const sources = changeSources(keys, entries, 'this', new Map([['later', 'Weekend sale']]), new Map());
    expect(sources.get('v3')).toMatchObject({ kind: 'work_order', workOrderId: 'later', at: at(5).toISOString() });
    expect(sources.get('l7:USD:v3')).toEqual({ kind: 'store', workOrderId: null, workOrderTitle: null, by: null, at: at(8).toISOString() });
    expect(sources.has('l8:USD:v3')).toBe(false);
  });

  it('puts back a price list record an item removed while the list has none, keeps one made since unless forced', () => {
    const removal = (id: number): PriceTarget => ({
      ...variant(id, 9, {}), key: `l7:USD:v${id}`, kind: 'record', label: `Variant ${id} in price list 7 (USD)`, record: { priceListId: 7, currency: 'USD', remove: true },
    });
    const [stillGone, madeAgain, hadNone] = [removal(91), removal(92), removal(93)];
    const recordSnap = (t: PriceTarget, exists: boolean): [string, PriceSnapshot] => [t.key, {
      ...snap(t, 700, 650)[1], externalVariantId: t.externalId, priceList: { id: 7, currency: 'USD', exists, mapPriceCents: 600 },
    }];
    const snapshot = new Map([recordSnap(stillGone, true), recordSnap(madeAgain, true), recordSnap(hadNone, false)]);
    const current = new Map([[madeAgain.key, { regular: 999, sale: null }]]);
    const items = classifyRevert([stillGone, madeAgain, hadNone], snapshot, current, false);
    expect(items.map((i) => [i.target.externalId, i.outcome, i.changedSince])).toEqual([[91, 'restored', false], [92, 'kept', true], [93, 'unchanged', false]]);
    expect(restoreWrites(items)).toMatchObject([{ key: 'l7:USD:v91', regularPriceCents: 700, salePriceCents: 650, record: { base: { priceCents: 700, mapPriceCents: 600 } } }]);
    expect(classifyRevert([madeAgain], snapshot, current, true)[0]).toMatchObject({ outcome: 'restored', changedSince: true });
  });
});
