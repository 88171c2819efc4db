/**
 * The repository contract of work orders (idempotent creation under the per-company caps, the
 * atomic claim and its lease, one executing order per company, the round-robin due query,
 * guarded updates, cancelling pending orders on a store change) and of price history, on every dialect: SQLite in memory always, PostgreSQL
 * too when TEST_DATABASE_URL is set (each run in a fresh schema, dropped afterwards).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets as targets, openTarget } from '../testing/db-targets';
import { MAX_CENTS } from './catalog-plan';
import { NotFoundError } from './errors';
import type { Company, Database, ProductInput } from './repositories';
import { WorkOrderCapError } from './repositories.work-orders';

const t0 = new Date('2025-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

const product = (externalId: number, extra: Partial<ProductInput> = {}): ProductInput => ({
  externalId, name: `Product ${externalId}`, sku: `SKU-${externalId}`, category: 'Shoes > Running',
  regularPriceCents: 1990, salePriceCents: null, stock: 3, ...extra,
});

describe.each(targets)('work-order and history repositories on $name', (target) => {
  let db: Database;
  let close = async () => {};
  let a: Company;
  let b: Company;

  beforeAll(async () => {
    ({ db, close } = await openTarget(target));
    await db.ping();
    a = await db.companies.create({ name: 'Acme' });
    b = await db.companies.create({ name: 'Globex' });
  });
  afterAll(async () => {
    await close();
  });


  describe('work orders', () => {
    const item = { productId: 'p1', productName: 'Shoe', newRegularPriceCents: 1990, newSalePriceCents: null };

    it('creates idempotently per company key, also when the replays race', async () => {
      const key = randomUUID();
      const first = await db.workOrders.create(a.id, { title: 'Spring sale', productUpdates: [item], idempotencyKey: key, now: t0 });
      expect(first.created).toBe(true);
      expect(first.order).toMatchObject({ status: 'pending', archived: false, executeImmediately: false, productUpdates: [item] });
      const again = await db.workOrders.create(a.id, { title: 'Spring sale (retry)', productUpdates: [item], idempotencyKey: key });
      expect(again).toMatchObject({ created: false, order: { id: first.order.id, title: 'Spring sale' } });
      const elsewhere = await db.workOrders.create(b.id, { title: 'Other', productUpdates: [item], idempotencyKey: key });
      expect(elsewhere.created).toBe(true);
      expect(elsewhere.order.id).not.toBe(first.order.id);

      const raceKey = randomUUID();
      const results = await Promise.all(Array.from({ length: 5 }, () =>
        db.workOrders.create(a.id, { title: 'Race', productUpdates: [item], idempotencyKey: raceKey })));
      expect(new Set(results.map((r) => r.order.id)).size).toBe(1);
      expect(results.filter((r) => r.created)).toHaveLength(1);
    });

    it('never lists, reads, updates or deletes another company\'s orders', async () => {
      const c = await db.companies.create({ name: 'WO A' });
      const d = await db.companies.create({ name: 'WO B' });
      const { order } = await db.workOrders.create(c.id, { title: 'Mine', productUpdates: [item] });
      expect(await db.workOrders.get(d.id, order.id)).toBeNull();
      expect(await db.workOrders.list(d.id, { includeArchived: true })).toEqual([]);
      expect(await db.workOrders.update(d.id, order.id, { archived: true })).toBeNull();
      expect(await db.workOrders.delete(d.id, order.id)).toBe(false);
      expect((await db.workOrders.get(c.id, order.id))?.archived).toBe(false);

      await db.workOrders.update(c.id, order.id, { archived: true });
      expect(await db.workOrders.list(c.id)).toEqual([]);
      expect((await db.workOrders.list(c.id, { includeArchived: true })).map((o) => o.id)).toEqual([order.id]);
      expect(await db.workOrders.countByStatus(c.id)).toEqual({ awaiting_approval: 0, pending: 1, executing: 0, completed: 0, failed: 0, undone: 0, rejected: 0 });
    });

    it('lets exactly one of 10 concurrent callers claim a pending order', async () => {
      const { order } = await db.workOrders.create(a.id, { title: 'Claim me', productUpdates: [item], executeImmediately: true });
      const claims = await Promise.all(Array.from({ length: 10 }, (_, i) => db.workOrders.claim(order.id, `worker-${i}`, 60_000, t0)));
      const winners = claims.filter((c) => c !== null);
      expect(winners).toHaveLength(1);
      expect(winners[0]).toMatchObject({ status: 'executing', leaseExpiresAt: at(60_000) });
      expect(await db.workOrders.claim(order.id, 'late', 60_000, at(1000))).toBeNull();
    });

    it('lets another worker reclaim an order whose lease expired, and fences the old holder', async () => {
      // A company of its own: another order of Acme's executing under a live lease would hold this one back.
      const a = await db.companies.create({ name: 'Crashy Co' });
      const { order } = await db.workOrders.create(a.id, { title: 'Crashy', productUpdates: [item] });
      expect(await db.workOrders.claim(order.id, 'w1', 10_000, t0)).not.toBeNull();
      expect(await db.workOrders.renewLease(order.id, 'w2', 10_000, at(1000))).toBe(false);
      expect(await db.workOrders.renewLease(order.id, 'w1', 10_000, at(1000))).toBe(true); // now expires at +11s
      expect(await db.workOrders.claim(order.id, 'w2', 10_000, at(10_500))).toBeNull();
      expect((await db.workOrders.due(at(11_001), 1000)).map((o) => o.id)).toContain(order.id);
      const reclaimed = await db.workOrders.claim(order.id, 'w2', 10_000, at(11_001));
      expect(reclaimed).toMatchObject({ status: 'executing', leaseOwner: 'w2' });
      expect(await db.workOrders.update(a.id, order.id, { status: 'completed' }, { leaseOwner: 'w1' })).toBeNull();
      // `set` (the executor's writes, not read back) is fenced the same way and scoped to the company.
      expect(await db.workOrders.set(a.id, order.id, { error: 'stale holder' }, { leaseOwner: 'w1' })).toBe(false);
      expect(await db.workOrders.set(b.id, order.id, { error: 'another company' }, { leaseOwner: 'w2' })).toBe(false);
      const changed = { ...item, newRegularPriceCents: 2490 };
      expect(await db.workOrders.set(a.id, order.id, { productUpdates: [changed], warning: 'held' }, { leaseOwner: 'w2', status: 'executing' })).toBe(true);
      expect(await db.workOrders.get(a.id, order.id)).toMatchObject({ error: null, warning: 'held', productUpdates: [changed] });
      expect(await db.workOrders.update(a.id, order.id, { status: 'completed', executedAt: at(12_000), leaseOwner: null, leaseExpiresAt: null },
        { leaseOwner: 'w2', status: 'executing' })).toMatchObject({ status: 'completed', executedAt: at(12_000) });
      expect(await db.workOrders.claim(order.id, 'w3', 10_000, at(100_000))).toBeNull();
    });

    it('claims scheduled orders only once due, and never archived ones', async () => {
      const c = await db.companies.create({ name: 'Schedule Co' });
      const { order: later } = await db.workOrders.create(c.id, { title: 'Later', productUpdates: [item], scheduledAt: at(60_000) });
      const { order: hidden } = await db.workOrders.create(c.id, { title: 'Hidden', productUpdates: [item] });
      await db.workOrders.update(c.id, hidden.id, { archived: true });
      expect((await db.workOrders.due(t0, 1000)).map((o) => o.id)).not.toContain(later.id);
      expect(await db.workOrders.claim(later.id, 'w', 1000, t0)).toBeNull();
      expect(await db.workOrders.claim(hidden.id, 'w', 1000, t0)).toBeNull();
      expect((await db.workOrders.due(at(60_000), 1000)).map((o) => o.id)).toContain(later.id);
      expect(await db.workOrders.claim(later.id, 'w', 1000, at(60_000))).not.toBeNull();
    });

    it('offers each company\'s oldest due order, one per company, round-robin: companies whose turn came longest ago first', async () => {
      const [c1, c2, c3] = await Promise.all(['RR 1', 'RR 2', 'RR 3'].map((name) => db.companies.create({ name })));
      const mine = new Set([c1!.id, c2!.id, c3!.id]);
      const make = async (c: Company, title: string, ms: number, extra: { scheduledAt?: Date; executeImmediately?: boolean } = { executeImmediately: true }) =>
        (await db.workOrders.create(c.id, { title, productUpdates: [item], ...extra, now: at(ms) })).order;
      const o11 = await make(c1!, '1.1', 1);
      const o12 = await make(c1!, '1.2', 2);
      await make(c1!, '1.3', 3);
      const o21 = await make(c2!, '2.1', 4);
      await make(c2!, '2.2', 5);
      await make(c3!, '3.1 (later)', 6, { scheduledAt: at(3_600_000) });
      const o32 = await make(c3!, '3.2', 7, { scheduledAt: at(8) });
      const due = async (ms: number) =>
        (await db.workOrders.due(at(ms), 1000)).filter((o) => mine.has(o.companyId)).map((o) => o.title);

      expect(await due(10)).toEqual(['1.1', '2.1', '3.2']);
      // A company with an order executing under a live lease is not offered, and cannot have a second claimed.
      expect(await db.workOrders.claim(o11.id, 'w1', 1_000, at(10))).not.toBeNull();
      expect(await due(20)).toEqual(['2.1', '3.2']);
      expect(await db.workOrders.claim(o12.id, 'w2', 1_000, at(20))).toBeNull();
      // Its lease lapsed (the process died): offered again, ahead of the company's younger orders,
      // but after the companies whose turn has not come yet (round-robin).
      expect(await due(1_011)).toEqual(['2.1', '3.2', '1.1']);
      await db.workOrders.update(c1!.id, o11.id, { status: 'completed', executedAt: at(1_100), leaseOwner: null, leaseExpiresAt: null });
      expect(await due(1_200)).toEqual(['2.1', '3.2', '1.2']);
      // Undo: executing with executedAt set and a lapsed lease is the company's oldest claimable order.
      await db.workOrders.update(c1!.id, o11.id, { status: 'executing', leaseExpiresAt: at(1_199) });
      expect(await due(1_200)).toEqual(['2.1', '3.2', '1.1']);
      expect(await db.workOrders.claim(o11.id, 'w3', 1_000, at(1_200))).toMatchObject({ status: 'executing', executedAt: at(1_100) });
      expect(await due(1_300)).toEqual(['2.1', '3.2']);
      // The round-robin is the database's: a company whose order was claimed goes to the end.
      expect(await db.workOrders.claim(o21.id, 'w4', 1_000, at(1_300))).not.toBeNull();
      await db.workOrders.update(c1!.id, o11.id, { status: 'undone', leaseOwner: null, leaseExpiresAt: null });
      await db.workOrders.update(c2!.id, o21.id, { status: 'completed', executedAt: at(1_350), leaseOwner: null, leaseExpiresAt: null });
      expect(await due(1_400)).toEqual(['3.2', '1.2', '2.2']);
      expect(o21.companyId).toBe(c2!.id);
      expect(o32.companyId).toBe(c3!.id);
    });

    it('never lets two orders of one company be claimed at once, also by concurrent claimers', async () => {
      const c = await db.companies.create({ name: 'Busy Co' });
      const orders = [];
      for (let i = 0; i < 6; i++) orders.push((await db.workOrders.create(c.id, { title: `Busy ${i}`, productUpdates: [item], executeImmediately: true, now: at(i) })).order);
      for (let round = 0; round < 3; round++) {
        const now = at(100_000 * (round + 1));
        const claims = await Promise.all(orders.map((o, i) => db.workOrders.claim(o.id, `worker-${round}-${i}`, 10_000, now)));
        expect(claims.filter((x) => x !== null)).toHaveLength(1);
        const executing = (await db.workOrders.list(c.id)).filter((o) => o.status === 'executing' && o.leaseExpiresAt! >= now);
        expect(executing).toHaveLength(1);
        // Next round: that one's lease has lapsed, so one order (possibly the same, resumed) may be claimed again.
      }
    });

    it('caps the orders a company may have waiting, counting in the insert\'s transaction; a replay is still answered', async () => {
      const c = await db.companies.create({ name: 'Capped Co' });
      const caps = { immediate: 3, scheduled: 2, awaitingApproval: 2 };
      const create = (title: string, extra: { executeImmediately?: boolean; scheduledAt?: Date; idempotencyKey?: string } = { executeImmediately: true }) =>
        db.workOrders.create(c.id, { title, productUpdates: [item], ...extra, caps });
      // Concurrent creates: exactly the cap's worth gets in.
      const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => create(`Now ${i}`, { executeImmediately: true, idempotencyKey: `k${i}` })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      const refused = results.filter((r) => r.status === 'rejected');
      expect(refused).toHaveLength(3);
      for (const r of refused) expect((r as PromiseRejectedResult).reason).toEqual(new WorkOrderCapError('immediate', 3));
      const countBefore = (await db.workOrders.list(c.id)).length;
      await expect(create('One more')).rejects.toBeInstanceOf(WorkOrderCapError);
      expect((await db.workOrders.list(c.id)).length).toBe(countBefore);
      // A replay of one that got in answers with it, cap or not.
      const accepted = (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ order: { id: string; idempotencyKey: string | null } }>).value.order;
      expect(await create('Replay', { executeImmediately: true, idempotencyKey: accepted.idempotencyKey! })).toMatchObject({ created: false, order: { id: accepted.id } });
      // Executing ones count; finished ones do not.
      const [first, second] = await db.workOrders.list(c.id);
      await db.workOrders.update(c.id, first!.id, { status: 'executing' });
      await expect(create('Still capped')).rejects.toBeInstanceOf(WorkOrderCapError);
      await db.workOrders.update(c.id, second!.id, { status: 'completed' });
      expect((await create('Room again')).created).toBe(true);
      // Scheduled orders have their own cap.
      await create('Later 1', { scheduledAt: at(3_600_000) });
      await create('Later 2', { scheduledAt: at(3_600_000) });
      await expect(create('Later 3', { scheduledAt: at(3_600_000) })).rejects.toEqual(new WorkOrderCapError('scheduled', 2));
      // Another company is not affected.
      expect((await db.workOrders.create(b.id, { title: 'Free', productUpdates: [item], executeImmediately: true, caps })).created).toBe(true);
    });

    it('counts orders awaiting approval per member, not against the company\'s queue (issue 31)', async () => {
      const c = await db.companies.create({ name: 'Waiting Co' });
      const m = await db.users.create({ companyId: c.id, email: 'm@waiting.example', role: 'member' });
      const n = await db.users.create({ companyId: c.id, email: 'n@waiting.example', role: 'member' });
      const caps = { immediate: 1, scheduled: 1, awaitingApproval: 2 };
      const propose = (by: string, title: string) =>
        db.workOrders.create(c.id, { title, productUpdates: [item], executeImmediately: true, createdBy: by, awaitingApproval: true, caps });
      await propose(m.id, 'M 1');
      await propose(m.id, 'M 2');
      await expect(propose(m.id, 'M 3')).rejects.toEqual(new WorkOrderCapError('awaitingApproval', 2));
      // Another member has room of their own, and an owner's immediate order still gets in.
      expect((await propose(n.id, 'N 1')).created).toBe(true);
      expect((await db.workOrders.create(c.id, { title: 'Owner now', productUpdates: [item], executeImmediately: true, caps })).created).toBe(true);
      await expect(db.workOrders.create(c.id, { title: 'Owner again', productUpdates: [item], executeImmediately: true, caps }))
        .rejects.toEqual(new WorkOrderCapError('immediate', 1));
    });

    it('cancels a company\'s pending orders in one go, and only those', async () => {
      const c = await db.companies.create({ name: 'Moving Co' });
      const d = await db.companies.create({ name: 'Staying Co' });
      const make = (co: Company, title: string, extra: { executeImmediately?: boolean; scheduledAt?: Date; storeHash?: string | null; awaitingApproval?: boolean } = {}) =>
        db.workOrders.create(co.id, { title, productUpdates: [item], storeHash: 'old', ...extra }).then((r) => r.order);
      const now = await make(c, 'Now', { executeImmediately: true });
      // A member's order waiting for approval (issue 19) was made for the old store too.
      const waiting = await make(c, 'Waiting for approval', { executeImmediately: true, awaitingApproval: true });
      expect(waiting.status).toBe('awaiting_approval');
      const later = await make(c, 'Later', { scheduledAt: at(3_600_000) });
      const before = await make(c, 'Before stores were recorded', { storeHash: null });
      const forNew = await make(c, 'Already for the new store', { storeHash: 'new' });
      const done = await make(c, 'Done');
      await db.workOrders.update(c.id, done.id, { status: 'completed', executedAt: at(1) });
      const running = await make(c, 'Running');
      await db.workOrders.update(c.id, running.id, { status: 'executing' });
      const other = await make(d, 'Other', { executeImmediately: true });

      expect(await db.workOrders.cancelPendingOfOtherStores(c.id, 'new', 'Cancelled: the store connection changed', at(5))).toBe(4);
      expect(await db.workOrders.get(c.id, forNew.id)).toMatchObject({ status: 'pending', error: null });
      for (const o of [now, later, before, waiting]) {
        expect(await db.workOrders.get(c.id, o.id)).toMatchObject({ status: 'failed', error: 'Cancelled: the store connection changed', updatedAt: at(5) });
      }
      expect(await db.workOrders.get(c.id, done.id)).toMatchObject({ status: 'completed', error: null });
      expect(await db.workOrders.get(c.id, running.id)).toMatchObject({ status: 'executing' });
      expect(await db.workOrders.get(d.id, other.id)).toMatchObject({ status: 'pending', error: null });
    });

    it('deletes only when the guard holds', async () => {
      const { order } = await db.workOrders.create(a.id, { title: 'Delete me', productUpdates: [item] });
      await db.workOrders.update(a.id, order.id, { status: 'completed' });
      expect(await db.workOrders.delete(a.id, order.id, { status: 'pending' })).toBe(false);
      await db.workOrders.update(a.id, order.id, { status: 'pending' });
      expect(await db.workOrders.delete(a.id, order.id, { status: 'pending' })).toBe(true);
      expect(await db.workOrders.get(a.id, order.id)).toBeNull();
    });
  });

  describe('price history', () => {
    it('lists a product\'s history newest first, only to its own company', async () => {
      const c = await db.companies.create({ name: 'History Co' });
      const d = await db.companies.create({ name: 'History Other' });
      await db.products.upsertMany(c.id, [product(1, { variants: [{ externalId: 11, regularPriceCents: 900 }] })]);
      const [p] = await db.products.list(c.id, { limit: 1, offset: 0 });
      const { order } = await db.workOrders.create(c.id, { title: 'WO', productUpdates: [] });
      await db.priceHistory.add(c.id, [
        { productId: p!.id, changeType: 'sync', oldRegularPriceCents: 1000, newRegularPriceCents: 1990, createdAt: t0 },
        { productId: p!.id, variantId: p!.variants[0]!.id, changeType: 'work_order', workOrderId: order.id,
          oldSalePriceCents: null, newSalePriceCents: MAX_CENTS, createdAt: at(2000) },
        { productId: p!.id, changeType: 'manual', oldRegularPriceCents: 1990, newRegularPriceCents: 0, createdAt: at(1000) },
      ]);
      const history = await db.priceHistory.listForProduct(c.id, p!.id);
      expect(history.map((h) => h.changeType)).toEqual(['work_order', 'manual', 'sync']);
      expect(history[0]).toMatchObject({ newSalePriceCents: MAX_CENTS, oldSalePriceCents: null, workOrderId: order.id, createdAt: at(2000) });
      expect(history[2]).toMatchObject({ oldRegularPriceCents: 1000, newRegularPriceCents: 1990 });
      expect(await db.priceHistory.listForProduct(d.id, p!.id)).toEqual([]);
      await expect(db.priceHistory.add(d.id, [{ productId: p!.id, changeType: 'manual' }])).rejects.toBeInstanceOf(NotFoundError);
      expect(await db.priceHistory.listForProduct(c.id, p!.id)).toHaveLength(3);
    });
  });
});
