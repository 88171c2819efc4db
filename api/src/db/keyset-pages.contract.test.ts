/**
 * The repository contract of keyset pages (issue 31, keyset.ts), on every dialect (SQLite
 * always, PostgreSQL with TEST_DATABASE_URL): a product's price history, backups, invitations
 * and members read page by page give every row of the company once, in the list's order (rows
 * made in the same millisecond by id), never another company's; a row added between two pages
 * neither repeats a row nor hides one.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets, openTarget } from '../testing/db-targets';
import type { KeysetPage } from './keyset';
import type { Database } from './repositories';

const T0 = Date.parse('2030-03-01T00:00:00.000Z');
/** Times with ties: rows 0-1 share a millisecond, as do 3-5. */
const TIMES = [0, 0, 7, 20, 20, 20, 31].map((ms) => new Date(T0 + ms));
const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

interface Row { id: string; createdAt: Date }

/** Reads every page of `size` rows; the next page starts after the last row of the one before. */
async function readAll<T extends Row>(read: (page: KeysetPage) => Promise<T[]>, size: number, between?: () => Promise<void>): Promise<T[]> {
  const all: T[] = [];
  let after: KeysetPage['after'];
  for (let pages = 0; pages < 100; pages++) {
    const rows = await read({ after, limit: size });
    expect(rows.length).toBeLessThanOrEqual(size);
    all.push(...rows);
    if (rows.length < size) return all;
    const last = rows.at(-1)!;
    after = { at: last.createdAt, id: last.id };
    await between?.();
  }
  throw new Error('never ended');
}

/** The rows in the list's order: by time, then id (newest first: both descending). */
const ordered = <T extends Row>(rows: T[], order: 'newest' | 'oldest'): string[] => {
  const sign = order === 'newest' ? -1 : 1;
  return [...rows].sort((a, b) => sign * (a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))).map((r) => r.id);
};

describe.each(dbTargets)('keyset pages on $name', (target) => {
  let db: Database;
  let close = async () => {};
  beforeAll(async () => {
    ({ db, close } = await openTarget(target));
  });
  afterAll(async () => close());

  const company = async (name: string) => (await db.companies.create({ name, subscriptionPlan: 'premium', productLimit: 1000 })).id;

  /** The same checks for each list: every row once in order at every page size, nothing of `other`. */
  async function checkPages<T extends Row>(made: T[], order: 'newest' | 'oldest', read: (page: KeysetPage) => Promise<T[]>, otherIds: string[]) {
    const expected = ordered(made, order);
    for (const size of [1, 2, 3, made.length, made.length + 1]) {
      const ids = (await readAll(read, size)).map((r) => r.id);
      expect(ids, `pages of ${size}`).toEqual(expected);
      for (const id of otherIds) expect(ids).not.toContain(id);
    }
  }

  it('pages a product\'s price history newest first, its variants\' entries included, never another product\'s or company\'s', async () => {
    const c = await company('History Co');
    const other = await company('Other Co');
    await db.products.upsertMany(c, [
      { externalId: 1, name: 'One', regularPriceCents: 100, variants: [{ externalId: 11, regularPriceCents: 100 }] },
      { externalId: 2, name: 'Two', regularPriceCents: 100 },
    ]);
    await db.products.upsertMany(other, [{ externalId: 1, name: 'One', regularPriceCents: 100 }]);
    const [p1, p2] = await db.products.getByExternalIds(c, [1, 2]);
    const [theirs] = await db.products.getByExternalIds(other, [1]);
    const made = await db.priceHistory.add(c, TIMES.map((createdAt, i) => ({
      productId: p1!.id, variantId: i % 2 ? p1!.variants[0]!.id : null, changeType: 'manual' as const, createdAt,
    })));
    const elsewhere = [
      ...await db.priceHistory.add(c, [{ productId: p2!.id, changeType: 'manual', createdAt: TIMES[3] }]),
      ...await db.priceHistory.add(other, [{ productId: theirs!.id, changeType: 'manual', createdAt: TIMES[3] }]),
    ];
    await checkPages(made, 'newest', (page) => db.priceHistory.listForProduct(c, p1!.id, page), elsewhere.map((e) => e.id));
    // The other company's id of the same product is absent, not another list.
    expect(await db.priceHistory.listForProduct(other, p1!.id, { limit: 10 })).toEqual([]);
  });

  it('pages listed backups newest first, expired and other companies\' ones left out', async () => {
    const c = await company('Backups Co');
    const other = await company('Other Backups Co');
    const backup = (createdAt: Date, dedupeKey: string | null = null) => ({
      trigger: 'manual' as const, dedupeKey, productCount: 1, variantCount: 0, changedCount: null, parentId: null, depth: 0, data: Buffer.from([1]), createdAt,
    });
    const made = [];
    for (const createdAt of TIMES) made.push((await db.backups.create(c, backup(createdAt)))!);
    const theirs = (await db.backups.create(other, backup(TIMES[3]!)))!;
    const expired = (await db.backups.create(c, { ...backup(new Date(T0 + 5)), expiresAt: new Date(T0 + 6) }))!;
    expect(await db.backups.expire(new Date(T0 + 10), 100)).toBe(1);
    await checkPages(made, 'newest', (page) => db.backups.list(c, page), [theirs.id, expired.id]);
  });

  it('pages a company\'s invitations newest first, with a status filter, never another company\'s', async () => {
    const c = await company('Invites Co');
    const other = await company('Other Invites Co');
    const invite = (companyId: string, now: Date) =>
      db.invitations.create(companyId, { email: email('guest'), token: `tok-${randomUUID()}`, expiresAt: new Date(T0 + 86_400_000), now });
    const made = [];
    for (const now of TIMES) made.push(await invite(c, now));
    const theirs = await invite(other, TIMES[3]!);
    await checkPages(made, 'newest', (page) => db.invitations.listByCompany(c, page), [theirs.id]);
    await db.invitations.updateStatus(c, made[2]!.id, 'expired');
    const pending = made.filter((_, i) => i !== 2);
    await checkPages(pending, 'newest', (page) => db.invitations.listByCompany(c, { status: 'pending', ...page }), [made[2]!.id, theirs.id]);
    // A cancelled one is kept but paged past, with or without a status filter (issue 31).
    const cancelled = (await db.invitations.cancel(c, made[4]!.id))!.id;
    await checkPages(made.filter((i) => i.id !== cancelled), 'newest', (page) => db.invitations.listByCompany(c, page), [cancelled, theirs.id]);
    await checkPages(pending.filter((i) => i.id !== cancelled), 'newest', (page) => db.invitations.listByCompany(c, { status: 'pending', ...page }), [cancelled, theirs.id]);
  });

  it('pages a company\'s members oldest first, never another company\'s', async () => {
    const c = await company('Members Co');
    const other = await company('Other Members Co');
    const made = [];
    for (const now of TIMES) made.push(await db.users.create({ companyId: c, email: email('member'), now }));
    const theirs = await db.users.create({ companyId: other, email: email('outsider'), now: TIMES[3] });
    await checkPages(made, 'oldest', (page) => db.users.listByCompany(c, page), [theirs.id]);
  });

  it('reads a row added between two pages where it belongs: nothing read twice, nothing still to come hidden', async () => {
    const c = await company('Growing Co');
    const invite = (now: Date) => db.invitations.create(c, { email: email('guest'), token: `tok-${randomUUID()}`, expiresAt: new Date(T0 + 86_400_000), now });
    const made = [];
    for (const now of TIMES) made.push(await invite(now));
    // Newest first: one newer than every row (before the pages read so far) and one older than all of them (still to come).
    const added: Row[] = [];
    let step = 0;
    const read = await readAll((page) => db.invitations.listByCompany(c, page), 2, async () => {
      if (step++ === 0) added.push(await invite(new Date(T0 + 1000)), await invite(new Date(T0 - 1000)));
    });
    const ids = read.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ordered(made, 'newest'), added[1]!.id]);
  });
});
