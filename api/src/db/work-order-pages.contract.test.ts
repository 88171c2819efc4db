/**
 * The repository contract of work-order summaries, item pages and overlaps (issue 31): summaries
 * paged newest first, the counts a card shows, one order with a page of its items, and the
 * overlapping orders from the targets index, on every dialect (SQLite in memory always,
 * PostgreSQL too when TEST_DATABASE_URL is set).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets as targets, openTarget } from '../testing/db-targets';
import type { Database, RevertReport, WorkOrderItem, WorkOrderPatch } from './repositories';
import { itemCounts } from './repository-shared.work-orders';

const t0 = new Date('2025-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

describe.each(targets)('work-order summaries, item pages and overlaps on $name (issue 31)', (target) => {
  let db: Database;
  let close = async () => {};

  beforeAll(async () => {
    ({ db, close } = await openTarget(target));
  });
  afterAll(async () => {
    await close();
  });

  /** `n` product items from external id `from`, each setting a regular price. */
  const items = (n: number, from = 1): WorkOrderItem[] => Array.from({ length: n }, (_, i) => ({
    productId: `prod-${from + i}`, productName: `Product ${from + i}`, externalProductId: from + i, externalVariantId: null, newRegularPriceCents: 100 + i,
  }));
  const keyOf = (o: { createdAt: Date; id: string }) => ({ at: o.createdAt, id: o.id });

  it('pages summaries newest first by (createdAt, id), stable when orders are added, without items, per company', async () => {
    const c = await db.companies.create({ name: 'Pages' });
    const d = await db.companies.create({ name: 'Pages other' });
    for (let i = 0; i < 4; i++) await db.workOrders.create(c.id, { title: `Order ${i}`, productUpdates: items(2), now: at(i * 1000) });
    // Three made in the same millisecond: their ids break the tie.
    for (let i = 0; i < 3; i++) await db.workOrders.create(c.id, { title: `Same ${i}`, productUpdates: items(1), now: at(10_000) });
    await db.workOrders.create(d.id, { title: 'Not yours', productUpdates: items(1), now: at(5_000) });
    const expected = (await db.workOrders.list(c.id)).map((o) => o.id);
    expect(expected).toHaveLength(7);

    const read: string[] = [];
    let after: { at: Date; id: string } | undefined;
    for (let n = 0; n < 10; n++) {
      const page = await db.workOrders.listSummaries(c.id, { after, limit: 3 });
      read.push(...page.map((o) => o.id));
      // An order made between two pages is newer than every one read: it never shows on a later page.
      if (n === 0) await db.workOrders.create(c.id, { title: 'Added meanwhile', productUpdates: items(1), now: at(60_000) });
      if (page.length < 3) break;
      after = keyOf(page.at(-1)!);
    }
    expect(read).toEqual(expected);

    const [first] = await db.workOrders.listSummaries(c.id, { limit: 1 });
    expect(first).toMatchObject({ title: 'Added meanwhile', itemCount: 1, productCount: 1, regularPriceUpdates: 1, revertReport: null });
    expect(first).not.toHaveProperty('productUpdates');
    expect(first).not.toHaveProperty('originalPrices');
    expect(await db.workOrders.listSummaries(d.id, { limit: 100 })).toHaveLength(1);
    expect(await db.workOrders.getSummaries(d.id, expected)).toEqual([]);
    expect((await db.workOrders.getSummaries(c.id, expected.slice(0, 2))).map((o) => o.id).sort()).toEqual(expected.slice(0, 2).sort());

    await db.workOrders.update(c.id, first!.id, { archived: true });
    expect((await db.workOrders.listSummaries(c.id, { limit: 1 }))[0]!.id).not.toBe(first!.id);
    expect((await db.workOrders.listSummaries(c.id, { limit: 1, includeArchived: true }))[0]).toMatchObject({ id: first!.id, archived: true });
  });

  it('stores the counts a card shows with the items, and writes them again when an update replaces the items', async () => {
    const c = await db.companies.create({ name: 'Counts' });
    const mixed: WorkOrderItem[] = [
      { productId: 'prod-1', productName: 'Shoe', externalProductId: 1, newRegularPriceCents: 1990, newSalePriceCents: null },
      { productId: 'prod-2', productName: 'Hat', externalProductId: 2, variantId: 'var-21', externalVariantId: 21, newRegularPriceCents: null },
      { productId: 'prod-2', productName: 'Hat', externalProductId: 2, variantId: 'var-22', externalVariantId: 22, newSalePriceCents: 500, newRetailPriceCents: null },
      { productId: 'prod-3', productName: 'Sock', externalProductId: 3, newRetailPriceCents: 900 },
    ];
    const { order } = await db.workOrders.create(c.id, { title: 'Mixed', productUpdates: mixed });
    const counts = { itemCount: 4, productCount: 3, regularPriceUpdates: 2, salePriceUpdates: 2, retailPriceUpdates: 2 };
    expect((await db.workOrders.getSummaries(c.id, [order.id]))[0]).toMatchObject(counts);
    expect(itemCounts(mixed)).toEqual(counts);
    expect((await db.workOrders.overlapCandidates(c.id, ['p1', 'v21', 'v22', 'p3', 'p2'], t0)).ids).toEqual([order.id]);

    // An update without items keeps them; one with items writes their counts and targets.
    await db.workOrders.update(c.id, order.id, { title: 'Renamed' });
    expect((await db.workOrders.getSummaries(c.id, [order.id]))[0]).toMatchObject({ title: 'Renamed', ...counts });
    await db.workOrders.update(c.id, order.id, { productUpdates: items(3, 40) });
    expect((await db.workOrders.getSummaries(c.id, [order.id]))[0])
      .toMatchObject({ itemCount: 3, productCount: 3, regularPriceUpdates: 3, salePriceUpdates: 0, retailPriceUpdates: 0 });
    expect((await db.workOrders.overlapCandidates(c.id, ['p1', 'v21'], t0)).ids).toEqual([]);
    expect(await db.workOrders.sharedTargets(c.id, [order.id], ['p40', 'p42', 'p43'])).toEqual(new Map([[order.id, { shared: 2, targets: ['p40', 'p42'] }]]));
    // A guarded update that does not hold writes nothing, items nor targets.
    expect(await db.workOrders.update(c.id, order.id, { productUpdates: items(1, 90) }, { status: 'completed' })).toBeNull();
    expect((await db.workOrders.overlapCandidates(c.id, ['p90'], t0)).ids).toEqual([]);
    expect((await db.workOrders.getSummaries(c.id, [order.id]))[0]!.itemCount).toBe(3);
  });

  it('reads one order with a page of its items in their order and its whole revert report, only in its company', async () => {
    const c = await db.companies.create({ name: 'Detail' });
    const d = await db.companies.create({ name: 'Detail other' });
    const all = items(25);
    const { order } = await db.workOrders.create(c.id, { title: 'Big', productUpdates: all });
    const second = await db.workOrders.getDetail(c.id, order.id, { offset: 10, limit: 10 });
    expect(second?.items).toEqual(all.slice(10, 20));
    expect((await db.workOrders.getDetail(c.id, order.id, { offset: 20, limit: 10 }))?.items).toEqual(all.slice(20));
    expect((await db.workOrders.getDetail(c.id, order.id, { offset: 30, limit: 10 }))?.items).toEqual([]);
    expect(second?.order).toMatchObject({ id: order.id, itemCount: 25 });
    expect(await db.workOrders.getDetail(d.id, order.id, { offset: 0, limit: 10 })).toBeNull();

    const report: RevertReport = {
      restored: 24, kept: 1, unchanged: 0, forced: false,
      items: [{ productId: 1, variantId: null, productName: 'Product 1', variantSku: null, outcome: 'kept',
        original: { regularPrice: '1.00', salePrice: null }, applied: { regularPrice: '1.01' }, current: null, changedBy: null }],
    };
    await db.workOrders.update(c.id, order.id, { status: 'undone', revertReport: report, undoRequest: { trigger: 'end', force: false, by: null } });
    const [summary] = await db.workOrders.listSummaries(c.id, { limit: 1 });
    expect(summary).toMatchObject({ undoTrigger: 'end', revertReport: { restored: 24, kept: 1, unchanged: 0, forced: false } });
    expect(summary!.revertReport).not.toHaveProperty('items');
    expect((await db.workOrders.getDetail(c.id, order.id, { offset: 0, limit: 1 }))?.revertReport).toEqual(report);
    // Cleared with what they sum up (a failed undo clears both).
    await db.workOrders.update(c.id, order.id, { status: 'completed', revertReport: null, undoRequest: null });
    expect((await db.workOrders.getSummaries(c.id, [order.id]))[0]).toMatchObject({ undoTrigger: null, revertReport: null });
  });

  it('finds the overlapping orders from the targets index, only those that may still run or revert, per company', async () => {
    const c = await db.companies.create({ name: 'Overlaps' });
    const d = await db.companies.create({ name: 'Overlaps other' });
    const now = at(0);
    const make = async (title: string, productUpdates: WorkOrderItem[], patch: WorkOrderPatch = {}) => {
      const { order } = await db.workOrders.create(c.id, { title, productUpdates });
      if (Object.keys(patch).length) await db.workOrders.update(c.id, order.id, patch);
      return order.id;
    };
    const pending = await make('Pending', items(2, 1));
    const awaiting = await make('Awaiting', items(1, 3), { status: 'awaiting_approval' });
    const ending = await make('Ends later', items(1, 2), { status: 'completed', revertAt: at(60_000) });
    await make('Archived', items(1, 1), { archived: true });
    await make('Ended', items(1, 1), { status: 'completed', revertAt: at(-60_000) });
    await make('Undo failed', items(1, 1), { status: 'completed', revertAt: at(60_000), error: 'undo failed' });
    await make('Done', items(1, 1), { status: 'completed' });
    await db.workOrders.create(d.id, { title: 'Not yours', productUpdates: items(3, 1) });

    const found = await db.workOrders.overlapCandidates(c.id, ['p1', 'p2', 'p3', 'p9'], now);
    expect(found.ids.sort()).toEqual([pending, awaiting, ending].sort());
    expect(found.complete).toBe(true);
    expect(await db.workOrders.overlapCandidates(c.id, ['p9'], now)).toEqual({ ids: [], complete: true });
    // Bounded: 4 matches (pending p1 p2, awaiting p3, ending p2), at most 2 read: what was found, not complete.
    const bounded = await db.workOrders.overlapCandidates(c.id, ['p1', 'p2', 'p3'], now, 2);
    expect(bounded.complete).toBe(false);
    expect(bounded.ids.length).toBeGreaterThan(0);
    expect(bounded.ids.every((id) => [pending, awaiting, ending].includes(id))).toBe(true);
    expect((await db.workOrders.overlapCandidates(c.id, ['p1', 'p2', 'p3'], now, 4)).complete).toBe(true);
    // Each shared target once, under the first listed order that has it; the counts are all of them.
    const shared = await db.workOrders.sharedTargets(c.id, [ending, pending], ['p1', 'p2', 'p3']);
    expect(Object.fromEntries(shared)).toEqual({ [ending]: { shared: 1, targets: ['p2'] }, [pending]: { shared: 2, targets: ['p1'] } });
    expect(Object.fromEntries(await db.workOrders.sharedTargets(c.id, [pending, ending], ['p1', 'p2', 'p3'])))
      .toEqual({ [pending]: { shared: 2, targets: ['p1', 'p2'] }, [ending]: { shared: 1, targets: [] } });
    expect(await db.workOrders.sharedTargets(d.id, [pending], ['p1'])).toEqual(new Map());
    // A deleted order's targets go with it.
    expect(await db.workOrders.delete(c.id, pending)).toBe(true);
    expect((await db.workOrders.overlapCandidates(c.id, ['p1'], now)).ids).toEqual([]);
  });
});
