/**
 * The repository contract of backups (issue 17), on every dialect (SQLite always, PostgreSQL with
 * TEST_DATABASE_URL): a dedupe key is taken once (also by racing inserts), another company's
 * backup is absent, expired backups are not listed, retention expires by time and by count, and
 * an expired backup is deleted only once nothing rests on it and it is not its company's newest;
 * the catalog's prices and price list records are read live rows only, and the price history by time range.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets, openTarget } from '../testing/db-targets';
import type { Database, NewBackup } from './repositories';

const DAY = 86_400_000;
const T0 = Date.parse('2030-03-01T00:00:00.000Z');

describe.each(dbTargets)('backups on $name', (target) => {
  let db: Database;
  let close = async () => {};
  beforeAll(async () => {
    ({ db, close } = await openTarget(target));
  });
  afterAll(async () => close());

  const backup = (over: Partial<NewBackup> & { createdAt: Date }): NewBackup => ({
    trigger: 'daily', productCount: 1, variantCount: 0, changedCount: null, parentId: null, depth: 0, data: Buffer.from([1, 2, 3]), ...over,
  });

  it('takes a dedupe key once, also when inserts race, and keeps companies apart', async () => {
    const a = await db.companies.create({ name: 'A', subscriptionPlan: 'premium' });
    const b = await db.companies.create({ name: 'B', subscriptionPlan: 'premium' });
    const results = await Promise.all(Array.from({ length: 4 }, () => db.backups.create(a.id, backup({ dedupeKey: 'daily:2030-03-01', createdAt: new Date(T0) }))));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    const taken = results.find((r) => r !== null)!;
    expect(taken.data.equals(Buffer.from([1, 2, 3]))).toBe(true);
    expect((await db.backups.findByKey(a.id, 'daily:2030-03-01'))?.id).toBe(taken.id);
    // The same key in another company, and keyless backups, are their own.
    expect(await db.backups.create(b.id, backup({ dedupeKey: 'daily:2030-03-01', createdAt: new Date(T0) }))).not.toBeNull();
    expect(await db.backups.create(a.id, backup({ trigger: 'manual', createdAt: new Date(T0 + 1) }))).not.toBeNull();
    expect(await db.backups.create(a.id, backup({ trigger: 'manual', createdAt: new Date(T0 + 2) }))).not.toBeNull();
    expect(await db.backups.get(b.id, taken.id)).toBeNull();
    expect((await db.backups.list(a.id)).map((r) => r.trigger)).toEqual(['manual', 'manual', 'daily']);
    expect(await db.backups.countSince(a.id, 'manual', new Date(T0))).toBe(2);
    expect((await db.backups.latest(a.id))?.createdAt.getTime()).toBe(T0 + 2);
    expect((await db.backups.latestAt(a.id, new Date(T0)))?.id).toBe(taken.id);
    expect(await db.backups.latestAt(a.id, new Date(T0 - 1))).toBeNull();
    // A backup never rests on one that is not there.
    await expect(db.backups.create(a.id, backup({ parentId: crypto.randomUUID(), depth: 1, createdAt: new Date(T0 + 3) }))).rejects.toThrow();
  });

  it('expires by time and by count, and deletes only what nothing rests on (never the newest)', async () => {
    const c = await db.companies.create({ name: 'C', subscriptionPlan: 'premium' });
    // A chain: d0 (full) <- d1 <- d2 <- d3, and an on-demand backup expiring on day 1.
    const d0 = (await db.backups.create(c.id, backup({ dedupeKey: 'daily:0', createdAt: new Date(T0) })))!;
    const d1 = (await db.backups.create(c.id, backup({ dedupeKey: 'daily:1', parentId: d0.id, depth: 1, createdAt: new Date(T0 + DAY) })))!;
    const m = (await db.backups.create(c.id, backup({ trigger: 'manual', parentId: d1.id, depth: 2, createdAt: new Date(T0 + DAY + 1), expiresAt: new Date(T0 + 5 * DAY) })))!;
    const d2 = (await db.backups.create(c.id, backup({ dedupeKey: 'daily:2', parentId: m.id, depth: 3, createdAt: new Date(T0 + 2 * DAY) })))!;
    const d3 = (await db.backups.create(c.id, backup({ dedupeKey: 'daily:3', parentId: d2.id, depth: 4, createdAt: new Date(T0 + 3 * DAY) })))!;

    // Keep the newest two daily backups: d0 and d1 expire; m still has days to go.
    expect(await db.backups.expire(new Date(T0 + 4 * DAY), 2)).toBe(2);
    expect((await db.backups.list(c.id)).map((r) => r.id)).toEqual([d3.id, d2.id, m.id]);
    // Nothing can go yet: d1 and d0 hold m up.
    await db.backups.deleteUnneeded(100);
    expect(await db.backups.get(c.id, d0.id)).not.toBeNull();

    // m's time ends; now d2 rests on m, so still nothing goes.
    expect(await db.backups.expire(new Date(T0 + 6 * DAY), 2)).toBe(1);
    expect(await db.backups.deleteUnneeded(100)).toBe(0);

    // When d2 and d3 expire too, the chain unwinds from its end, but the newest (d3) stays.
    await db.backups.create(c.id, backup({ dedupeKey: 'daily:9', createdAt: new Date(T0 + 9 * DAY) }));
    await db.backups.create(c.id, backup({ dedupeKey: 'daily:10', createdAt: new Date(T0 + 10 * DAY) }));
    expect(await db.backups.expire(new Date(T0 + 10 * DAY), 2)).toBe(2);
    expect(await db.backups.deleteUnneeded(100)).toBe(5);
    for (const gone of [d0, d1, m, d2, d3]) expect(await db.backups.get(c.id, gone.id)).toBeNull();
    expect(await db.backups.list(c.id)).toHaveLength(2);
  });

  it('finds the companies due a daily backup: on a plan given, with live products, without the key', async () => {
    const due = await db.companies.create({ name: 'Due', subscriptionPlan: 'premium' });
    const done = await db.companies.create({ name: 'Done', subscriptionPlan: 'premium' });
    const empty = await db.companies.create({ name: 'Empty', subscriptionPlan: 'premium' });
    const trial = await db.companies.create({ name: 'Trial', subscriptionPlan: 'trial' });
    for (const id of [due.id, done.id, trial.id]) await db.products.upsertMany(id, [{ externalId: 1, name: 'Mug', regularPriceCents: 990 }]);
    await db.products.upsertMany(empty.id, [{ externalId: 1, name: 'Gone', regularPriceCents: 990 }]);
    await db.products.removeByExternalIds(empty.id, [1]);
    await db.backups.create(done.id, backup({ dedupeKey: 'daily:2031-01-01', createdAt: new Date(T0) }));
    const ids = await db.backups.companiesWithout('daily:2031-01-01', ['premium'], 1_000);
    expect(ids).toContain(due.id);
    expect(ids).not.toContain(done.id);
    expect(ids).not.toContain(empty.id);
    expect(ids).not.toContain(trial.id);
    expect(await db.backups.companiesWithout('daily:2031-01-01', [], 10)).toEqual([]);
  });

  it('reads the live catalog prices (inheriting nulls and zeros as stored) and the price history by time', async () => {
    const c = await db.companies.create({ name: 'Prices', subscriptionPlan: 'premium' });
    await db.products.upsertMany(c.id, [
      { externalId: 2, name: 'Two', sku: 'S2', regularPriceCents: 200, salePriceCents: null, variants: [
        { externalId: 21, variantSku: 'V21', regularPriceCents: null, salePriceCents: 0 },
        { externalId: 22, regularPriceCents: 250, salePriceCents: null },
      ] },
      { externalId: 1, name: 'One', regularPriceCents: 100, salePriceCents: 90, baseVariantId: 11 },
      { externalId: 3, name: 'Three', regularPriceCents: 300 },
    ]);
    await db.products.removeByExternalIds(c.id, [3]);
    const prices = await db.backups.catalogPrices(c.id);
    expect(prices.products).toEqual([
      { externalId: 1, name: 'One', sku: null, regularPriceCents: 100, salePriceCents: 90, baseVariantId: 11 },
      { externalId: 2, name: 'Two', sku: 'S2', regularPriceCents: 200, salePriceCents: null, baseVariantId: null },
    ]);
    expect(prices.variants).toEqual([
      { externalId: 21, productExternalId: 2, variantSku: 'V21', regularPriceCents: null, salePriceCents: 0 },
      { externalId: 22, productExternalId: 2, variantSku: null, regularPriceCents: 250, salePriceCents: null },
    ]);

    const [two] = await db.products.getByExternalIds(c.id, [2]);
    const at = (ms: number) => new Date(T0 + ms);
    await db.priceHistory.add(c.id, [
      { productId: two!.id, changeType: 'manual', newRegularPriceCents: 210, createdAt: at(1_000) },
      { productId: two!.id, variantId: two!.variants[0]!.id, changeType: 'sync', newRegularPriceCents: 5, createdAt: at(2_000) },
      { productId: two!.id, changeType: 'manual', newRegularPriceCents: 220, createdAt: at(3_000) },
    ]);
    const range = await db.priceHistory.listForCompany(c.id, { after: at(1_000), until: at(3_000) });
    expect(range.map((e) => [e.productExternalId, e.variantExternalId, e.newRegularPriceCents])).toEqual([[2, 21, 5], [2, null, 220]]);
  });

  it('reads the live price list records of every list and currency, or of one (issue 35), never a deleted one or another company\'s', async () => {
    const c = await db.companies.create({ name: 'Records', subscriptionPlan: 'premium' });
    const other = await db.companies.create({ name: 'Other records', subscriptionPlan: 'premium' });
    const lists = { lists: [{ id: 7, name: 'Wholesale', active: true, dateModified: null }, { id: 8, name: 'VIP', active: true, dateModified: null }], assignments: [], customerGroups: [], channels: [] };
    const rec = (priceListId: number, variantId: number, currency: string, priceCents: number) => ({
      priceListId, variantId, productId: 100 + Math.floor(variantId / 10), currency, priceCents, salePriceCents: priceCents - 1, retailPriceCents: null, mapPriceCents: variantId === 11 ? 5 : null,
    });
    for (const id of [c.id, other.id]) await db.priceLists.replaceLists(id, lists);
    await db.priceLists.upsertRecords(c.id, [rec(8, 11, 'USD', 80), rec(7, 12, 'USD', 70), rec(7, 11, 'USD', 71), rec(7, 11, 'EUR', 60), rec(7, 13, 'USD', 1)]);
    await db.priceLists.upsertRecords(other.id, [rec(7, 11, 'USD', 999)]);
    await db.priceLists.deleteRecords(c.id, 7, 'USD', [13]);
    const all = await db.backups.priceListRecords(c.id);
    expect(all.map((r) => [r.priceListId, r.currency, r.variantId, r.priceCents])).toEqual([
      [7, 'EUR', 11, 60], [7, 'USD', 11, 71], [7, 'USD', 12, 70], [8, 'USD', 11, 80],
    ]);
    expect(all[1]).toEqual({ priceListId: 7, currency: 'USD', variantId: 11, productId: 101, priceCents: 71, salePriceCents: 70, retailPriceCents: null, mapPriceCents: 5 });
    expect((await db.backups.priceListRecords(c.id, { priceListId: 7, currency: 'USD' })).map((r) => r.variantId)).toEqual([11, 12]);
    expect(await db.backups.priceListRecords(c.id, { priceListId: 7, currency: 'GBP' })).toEqual([]);
  });
});
