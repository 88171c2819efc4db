/**
 * The repository contract of what the catalog API and replication need, on every dialect
 * (SQLite always, PostgreSQL with TEST_DATABASE_URL): search and list order, the search index
 * kept in step with every write path, store ids on changes and history, variants by store id,
 * history ids taken once, and idempotency keys.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets, openTarget } from '../testing/db-targets';
import { UniqueViolationError } from './errors';
import type { Database, ProductInput } from './repositories';

const product = (externalId: number, extra: Partial<ProductInput> = {}): ProductInput => ({
  externalId, name: `Product ${externalId}`, sku: `SKU-${externalId}`, category: 'Shoes > Running', regularPriceCents: 1990, ...extra,
});
const t0 = new Date('2025-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

describe.each(dbTargets)('catalog repositories on $name', (target) => {
  let db: Database;
  let close = async () => {};
  beforeAll(async () => {
    ({ db, close } = await openTarget(target));
  });
  afterAll(async () => close());

  const company = async (name: string) => (await db.companies.create({ name })).id;

  describe('search and list order', () => {
    it('matches substrings of name or SKU in any case, short or long, in name order', async () => {
      const c = await company('Search Co');
      await db.products.upsertMany(c, [
        product(1, { name: 'Trail Runner', sku: 'TR-100' }),
        product(2, { name: 'road runner', sku: 'RR-200' }),
        product(3, { name: 'Cap', sku: 'HAT_1' }),
        product(4, { name: 'Sandal 100%', sku: null }),
        product(5, { name: 'Runner Sock "Pro"', sku: 'SO-1' }),
      ]);
      const ids = (search: string) => db.products.listIds(c, { search });
      expect(await ids('RUNNER')).toEqual([2, 5, 1]);
      expect(await ids('unner s')).toEqual([5]);
      expect(await ids('r-1')).toEqual([1]);
      expect(await ids('hat_')).toEqual([3]);
      expect(await ids('t_')).toEqual([3]);
      expect(await ids('%')).toEqual([4]);
      expect(await ids('"pro"')).toEqual([5]);
      expect(await ids('zzz')).toEqual([]);
      expect(await db.products.count(c, { search: 'runner' })).toBe(3);
      expect((await db.products.list(c, { limit: 2, offset: 1, search: 'runner' })).map((p) => p.externalId)).toEqual([5, 1]);
    });

    it('keeps the search in step with renames, SKU changes, deletes and revivals', async () => {
      const c = await company('Index Co');
      await db.products.upsertMany(c, [product(1, { name: 'Blue Kettle', sku: 'KT-1' }), product(2, { name: 'Blue Mug', sku: 'MG-1' })]);
      await db.products.upsertMany(c, [product(1, { name: 'Green Kettle', sku: 'KT-9' })]);
      expect(await db.products.listIds(c, { search: 'blue' })).toEqual([2]);
      expect(await db.products.listIds(c, { search: 'green' })).toEqual([1]);
      expect(await db.products.listIds(c, { search: 'kt-1' })).toEqual([]);
      expect(await db.products.listIds(c, { search: 'kt-9' })).toEqual([1]);
      await db.products.removeByExternalIds(c, [1]);
      expect(await db.products.listIds(c, { search: 'kettle' })).toEqual([]);
      await db.products.upsertMany(c, [product(1, { name: 'Green Kettle', sku: 'KT-9' })]);
      expect(await db.products.listIds(c, { search: 'kettle' })).toEqual([1]);
      await db.products.deleteAll(c);
      expect(await db.products.listIds(c, { search: 'blue' })).toEqual([]);
      expect(await db.products.count(c, { search: 'kettle' })).toBe(0);
    });

    it('filters by a category and its subcategories only, and never shows another company\'s products', async () => {
      const c = await company('Category Co');
      const d = await company('Other Co');
      await db.products.upsertMany(c, [
        product(1, { name: 'A', category: 'Shoes > Running > Trail' }),
        product(2, { name: 'B', category: 'Shoes > Running' }),
        product(3, { name: 'C', category: 'Shoes > Running Sandals' }),
        product(4, { name: 'D', category: 'shoes > running' }),
        product(5, { name: 'E runner', category: 'Hats' }),
      ]);
      await db.products.upsertMany(d, [product(1, { name: 'A runner', category: 'Shoes > Running' })]);
      expect(await db.products.listIds(c, { category: 'Shoes > Running' })).toEqual([1, 2]);
      expect(await db.products.listIds(c, { category: 'Shoes' })).toEqual([1, 2, 3]);
      expect(await db.products.listIds(c, { category: 'Shoes > Running', search: 'runner' })).toEqual([]);
      expect(await db.products.listIds(c, { search: 'runner' })).toEqual([5]);
      expect(await db.products.count(c, { category: 'Shoes > Running' })).toBe(2);
      expect(await db.products.listIds(d, {})).toEqual([1]);
    });
  });

  it('reads a live variant by its store id with its product\'s store id', async () => {
    const c = await company('Variant Co');
    const d = await company('Variant Other');
    await db.products.upsertMany(c, [product(7, { variants: [{ externalId: 71, regularPriceCents: 500 }, { externalId: 72 }] })]);
    const found = await db.products.getVariantByExternalId(c, 71);
    expect(found).toMatchObject({ productExternalId: 7, variant: { externalId: 71, regularPriceCents: 500 } });
    expect(await db.products.getVariantByExternalId(d, 71)).toBeNull();
    await db.products.upsertMany(c, [product(7, { variants: [{ externalId: 72 }] })]);
    expect(await db.products.getVariantByExternalId(c, 71)).toBeNull();
    expect(await db.products.getVariantByExternalId(c, 999)).toBeNull();
  });

  it('gives every variant change its product\'s store id, tombstones included', async () => {
    const c = await company('Changes Co');
    await db.products.upsertMany(c, [product(3, { variants: [{ externalId: 31 }, { externalId: 32 }] })]);
    await db.products.deleteAll(c);
    const { changes } = await db.products.changesSince(c, 0, 100);
    const variants = changes.filter((ch) => ch.kind === 'variant');
    expect(variants).toHaveLength(2);
    for (const ch of variants) expect(ch).toMatchObject({ productExternalId: 3, variant: { deletedAt: expect.any(Date) } });
  });

  it('lists history with store ids (a deleted variant\'s too) and takes each entry id once', async () => {
    const c = await company('History Co');
    await db.products.upsertMany(c, [product(9, { variants: [{ externalId: 91, regularPriceCents: 100 }] })]);
    const [p] = await db.products.getByExternalIds(c, [9]);
    const variantId = p!.variants[0]!.id;
    const id = randomUUID();
    await db.priceHistory.add(c, [
      { id, productId: p!.id, variantId, changeType: 'manual', oldRegularPriceCents: 100, newRegularPriceCents: 200, createdAt: at(1000) },
      { productId: p!.id, changeType: 'sync', createdAt: t0 },
    ]);
    await expect(db.priceHistory.add(c, [
      { productId: p!.id, changeType: 'manual', createdAt: at(5000) },
      { id, productId: p!.id, changeType: 'manual', createdAt: at(5000) },
    ])).rejects.toBeInstanceOf(UniqueViolationError);
    await db.products.upsertMany(c, [product(9, { variants: [] })]);
    const listed = await db.priceHistory.listForProduct(c, p!.id);
    expect(listed.map((e) => [e.changeType, e.productExternalId, e.variantExternalId])).toEqual([['manual', 9, 91], ['sync', 9, null]]);
  });

  describe('idempotency keys', () => {
    const claimOf = (c: string, key: string, now = t0, scope = 'PUT /x') =>
      db.idempotency.claim(c, { key, scope, fingerprint: 'f1', now, staleBefore: new Date(now.getTime() - 60_000) });

    it('lets one of many concurrent requests claim a key, then replays its answer', async () => {
      const c = await company('Idem Co');
      const key = randomUUID();
      const claims = await Promise.all(Array.from({ length: 8 }, () => claimOf(c, key)));
      expect(claims.filter((x) => x.claimed)).toHaveLength(1);
      const waiting = claims.find((x) => !x.claimed);
      expect(waiting).toMatchObject({ claimed: false, record: { status: null, scope: 'PUT /x', fingerprint: 'f1' } });
      expect(await db.idempotency.complete(c, key, { status: 200, response: { price: '19.90' } })).toBe(true);
      expect(await db.idempotency.complete(c, key, { status: 200, response: {} })).toBe(false);
      expect(await claimOf(c, key, at(120_000))).toMatchObject({ claimed: false, record: { status: 200, response: { price: '19.90' } } });
    });

    it('frees a released key, takes over a stale claim, and keeps keys per company', async () => {
      const c = await company('Idem Release');
      const d = await company('Idem Other');
      const key = randomUUID();
      expect(await claimOf(c, key)).toEqual({ claimed: true });
      expect(await claimOf(d, key)).toEqual({ claimed: true });
      await db.idempotency.release(c, key);
      expect(await claimOf(c, key, at(1000))).toEqual({ claimed: true });
      expect((await claimOf(c, key, at(30_000))).claimed).toBe(false);
      expect(await claimOf(c, key, at(61_001))).toEqual({ claimed: true });
      await db.idempotency.complete(c, key, { status: 200, response: null });
      await db.idempotency.release(c, key);
      expect(await claimOf(c, key, at(500_000))).toMatchObject({ claimed: false, record: { status: 200 } });
    });
  });
});
