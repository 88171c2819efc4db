/**
 * The repository contract of repeating orders' series (issue 36), on every dialect (SQLite always,
 * PostgreSQL when TEST_DATABASE_URL is set): a first run makes its series in its own insert; a
 * later run is made once, also when two makers race (two processes starting the run before it);
 * a run counts against the caps as any order; a series ends once, with its first reason; a store
 * change that cancels a pending run ends its series; nothing of another company's is read.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERIES_END_REASONS } from '@catalog/contracts/work-orders';
import { dbTargets as targets, openTarget } from '../testing/db-targets';
import type { Company, Database, NewWorkOrder } from './repositories';
import { WorkOrderCapError } from './repositories.work-orders';

const t0 = new Date('2031-03-01T10:00:00.000Z');
const week = 7 * 86_400_000;
const item = { productId: 'p1', productName: 'Shoe', newSalePriceCents: 990 };
const rule = { every: 'week' as const, until: new Date(t0.getTime() + 4 * week).toISOString() };

describe.each(targets)('work-order series on $name', (target) => {
  let db: Database;
  let close = async () => {};
  let a: Company;
  let b: Company;

  beforeAll(async () => {
    ({ db, close } = await openTarget(target));
    a = await db.companies.create({ name: 'Acme' });
    b = await db.companies.create({ name: 'Globex' });
  });
  afterAll(async () => {
    await close();
  });

  /** The first run of a new series of company `a`. */
  async function firstRun(over: Partial<NewWorkOrder> = {}) {
    const id = randomUUID();
    const { order } = await db.workOrders.create(a.id, {
      title: 'Weekend sale', productUpdates: [item], scheduledAt: t0, revertAt: new Date(t0.getTime() + 3_600_000),
      series: { id, run: 1, start: { rule } }, storeHash: 'store-a', ...over,
    });
    return order;
  }
  const nextRun = (first: { seriesId: string | null }, over: Partial<NewWorkOrder> = {}): NewWorkOrder => ({
    title: 'Weekend sale', productUpdates: [item], scheduledAt: new Date(t0.getTime() + week), series: { id: first.seriesId!, run: 2 }, ...over,
  });

  it('makes the series with its first run: its rule, first start and end, stored once', async () => {
    const first = await firstRun();
    expect(first).toMatchObject({ seriesRun: 1, status: 'pending' });
    const series = (await db.workOrders.series(a.id, [first.seriesId!])).get(first.seriesId!);
    expect(series).toMatchObject({ companyId: a.id, rule, firstStart: t0, firstEnd: new Date(t0.getTime() + 3_600_000), endedAt: null, endReason: null });
    // Another company reads none of it.
    expect((await db.workOrders.series(b.id, [first.seriesId!])).size).toBe(0);
  });

  it('makes a later run once, also when two processes make it at the same moment', async () => {
    const first = await firstRun();
    const made = await Promise.all([db.workOrders.create(a.id, nextRun(first)), db.workOrders.create(a.id, nextRun(first))]);
    expect(made.filter((r) => r.created)).toHaveLength(1);
    expect(made[0]!.order.id).toBe(made[1]!.order.id);
    const again = await db.workOrders.create(a.id, { ...nextRun(first), caps: { immediate: 20, scheduled: 500, awaitingApproval: 20 } });
    expect(again).toMatchObject({ created: false, order: { id: made[0]!.order.id, seriesRun: 2 } });
    const runs = (await db.workOrders.list(a.id)).filter((o) => o.seriesId === first.seriesId);
    expect(runs.map((o) => o.seriesRun).sort()).toEqual([1, 2]);
  });

  it('carries an approval into a later run, or records a run refused as it was made, failed and needing attention', async () => {
    const approver = await db.users.create({ companyId: a.id, email: `approver-${randomUUID()}@example.com`, firebaseUid: randomUUID(), role: 'admin' });
    const first = await firstRun();
    const { order: approved } = await db.workOrders.create(a.id, nextRun(first, { approvedBy: approver.id, approvedAt: t0 }));
    expect(approved).toMatchObject({ status: 'pending', approvedBy: approver.id, approvedAt: t0 });
    const other = await firstRun();
    const { order: refused } = await db.workOrders.create(a.id, nextRun(other, { failed: 'Not run: refused.' }));
    expect(refused).toMatchObject({ status: 'failed', error: 'Not run: refused.', needsAttention: true });
  });

  it('counts a run against the scheduled cap as any order', async () => {
    const c = await db.companies.create({ name: 'Capped' });
    const id = randomUUID();
    const caps = { immediate: 20, scheduled: 1, awaitingApproval: 20 };
    await db.workOrders.create(c.id, { title: 'Run 1', productUpdates: [item], scheduledAt: t0, series: { id, run: 1, start: { rule } }, caps });
    await expect(db.workOrders.create(c.id, { title: 'Run 2', productUpdates: [item], scheduledAt: t0, series: { id, run: 2 }, caps }))
      .rejects.toBeInstanceOf(WorkOrderCapError);
  });

  it('ends a series once: the first reason stays', async () => {
    const first = await firstRun();
    expect(await db.workOrders.endSeries(b.id, first.seriesId!, 'not mine')).toBe(false);
    expect(await db.workOrders.endSeries(a.id, first.seriesId!, SERIES_END_REASONS.deleted(2), t0)).toBe(true);
    expect(await db.workOrders.endSeries(a.id, first.seriesId!, SERIES_END_REASONS.last(3))).toBe(false);
    expect((await db.workOrders.series(a.id, [first.seriesId!])).get(first.seriesId!)).toMatchObject({ endedAt: t0, endReason: 'run 2 was deleted before it ran' });
  });

  it('ends the series of a pending run a store change cancelled', async () => {
    const c = await db.companies.create({ name: 'Moving store' });
    const id = randomUUID();
    await db.workOrders.create(c.id, { title: 'Run 1', productUpdates: [item], scheduledAt: t0, storeHash: 'old', series: { id, run: 1, start: { rule } } });
    expect(await db.workOrders.cancelPendingOfOtherStores(c.id, 'new', 'Cancelled: the store connection changed', t0)).toBe(1);
    expect((await db.workOrders.series(c.id, [id])).get(id)).toMatchObject({ endedAt: t0, endReason: SERIES_END_REASONS.storeChanged });
  });
});
