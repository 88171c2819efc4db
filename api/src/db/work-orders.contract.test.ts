/**
 * The repository contract of work orders (idempotent creation, the atomic claim and its lease,
 * guarded updates) and of price history, on every dialect: SQLite in memory always, PostgreSQL
 * too when TEST_DATABASE_URL is set (each run in a fresh schema, dropped afterwards).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets as targets, openTarget } from '../testing/db-targets';
import { MAX_CENTS } from './catalog-plan';
import { NotFoundError } from './errors';
import type { Company, Database, ProductInput } from './repositories';

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
      expect(await db.workOrders.countByStatus(c.id)).toEqual({ pending: 1, executing: 0, completed: 0, failed: 0, undone: 0 });
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
      const { order } = await db.workOrders.create(a.id, { title: 'Crashy', productUpdates: [item] });
      expect(await db.workOrders.claim(order.id, 'w1', 10_000, t0)).not.toBeNull();
      expect(await db.workOrders.renewLease(order.id, 'w2', 10_000, at(1000))).toBe(false);
      expect(await db.workOrders.renewLease(order.id, 'w1', 10_000, at(1000))).toBe(true); // now expires at +11s
      expect(await db.workOrders.claim(order.id, 'w2', 10_000, at(10_500))).toBeNull();
      expect((await db.workOrders.due(at(11_001), 1000)).map((o) => o.id)).toContain(order.id);
      const reclaimed = await db.workOrders.claim(order.id, 'w2', 10_000, at(11_001));
      expect(reclaimed).toMatchObject({ status: 'executing', leaseOwner: 'w2' });
      expect(await db.workOrders.update(a.id, order.id, { status: 'completed' }, { leaseOwner: 'w1' })).toBeNull();
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
