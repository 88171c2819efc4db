/**
 * The repository contract of the store webhook queue, on every dialect (SQLite always,
 * PostgreSQL with TEST_DATABASE_URL): a delivery's hash is recorded once (a repeat queues
 * nothing, also when repeats race), a product is queued once however many deliveries name it,
 * rows read are removed unless queued again since the read began, due companies come longest
 * waiting first, and every read is scoped to its company; what one company's deliveries store is
 * bounded (issue 31: the oldest receipts forgotten, a queue past its bound refused whole). Plus
 * the settings a sync pass and the webhook registration write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets, openTarget } from '../testing/db-targets';
import type { Database } from './repositories';
import { StoreRefreshQueueFullError } from './store-refresh-bounds';

const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));

describe.each(dbTargets)('store refreshes on $name', (target) => {
  let db: Database;
  let close = async () => {};
  beforeAll(async () => {
    ({ db, close } = await openTarget(target));
  });
  afterAll(async () => close());

  const company = async () => (await db.companies.create({ name: 'Queue Co' })).id;

  it('records a delivery once, and queues each product once however often it is named', async () => {
    const a = await company();
    expect(await db.storeRefreshes.receive(a, { hash: 'h1', productIds: [7, 5, 7], at: at(1) })).toBe(true);
    expect(await db.storeRefreshes.receive(a, { hash: 'h1', productIds: [9], at: at(2) })).toBe(false);
    expect(await db.storeRefreshes.receive(a, { hash: 'h2', productIds: [5], at: at(3) })).toBe(true);
    expect(await db.storeRefreshes.pending(a, at(10), 100)).toEqual([7, 5]);
    // The same hash in another company is another delivery.
    const b = await company();
    expect(await db.storeRefreshes.receive(b, { hash: 'h1', productIds: [1], at: at(1) })).toBe(true);
    expect(await db.storeRefreshes.pending(b, at(10), 100)).toEqual([1]);
  });

  it('records a delivery once when repeats race', async () => {
    const a = await company();
    const results = await Promise.all(Array.from({ length: 6 }, () => db.storeRefreshes.receive(a, { hash: 'race', productIds: [1, 2, 3], at: at(1) })));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await db.storeRefreshes.pending(a, at(2), 10)).toEqual([1, 2, 3]);
  });

  it('leaves a product queued again after its read began, and removes the rest', async () => {
    const a = await company();
    await db.storeRefreshes.receive(a, { hash: 'x1', productIds: [1, 2], at: at(1) });
    const read = at(5);
    await db.storeRefreshes.receive(a, { hash: 'x2', productIds: [2], at: at(6) });
    await db.storeRefreshes.done(a, [1, 2], read);
    expect(await db.storeRefreshes.pending(a, at(10), 10)).toEqual([2]);
    // Only rows queued by `before` are pending yet.
    expect(await db.storeRefreshes.pending(a, at(5), 10)).toEqual([]);
  });

  it('offers companies longest waiting first, and clears one company only', async () => {
    const early = await company();
    const late = await company();
    await db.storeRefreshes.receive(late, { hash: 'l', productIds: [1], at: new Date(Date.UTC(2020, 0, 1, 0, 0, 2)) });
    await db.storeRefreshes.receive(early, { hash: 'e', productIds: [1], at: new Date(Date.UTC(2020, 0, 1, 0, 0, 1)) });
    const due = await db.storeRefreshes.due(new Date(Date.UTC(2020, 0, 1, 0, 0, 3)), 100);
    expect(due.slice(0, 2)).toEqual([early, late]);
    await db.storeRefreshes.clear(early);
    expect(await db.storeRefreshes.pending(early, at(100), 10)).toEqual([]);
    expect(await db.storeRefreshes.pending(late, at(100), 10)).toEqual([1]);
  });

  it('leaves out a company another process is refreshing (its store-refresh lease is live), and offers it once the lease lapses', async () => {
    const leased = await company();
    const free = await company();
    const queued = new Date(Date.UTC(2020, 0, 1, 0, 0, 1));
    await db.storeRefreshes.receive(leased, { hash: 'x', productIds: [7], at: queued });
    await db.storeRefreshes.receive(free, { hash: 'y', productIds: [8], at: queued });
    const now = new Date(Date.UTC(2020, 0, 1, 0, 1));
    expect(await db.activities.acquire(leased, 'store-refresh', { owner: 'other-process', now, expiresAt: new Date(now.getTime() + 30_000) })).toBe(true);
    const due = (at: Date) => db.storeRefreshes.due(new Date(Date.UTC(2020, 0, 1, 0, 0, 3)), 100, at);
    expect(await due(now)).toContain(free);
    expect(await due(now)).not.toContain(leased);
    expect(await due(new Date(now.getTime() + 30_001))).toContain(leased);
  });

  it('forgets delivery hashes older than asked, so they could be received again', async () => {
    const a = await company();
    await db.storeRefreshes.receive(a, { hash: 'old', productIds: [], at: new Date(Date.UTC(2001, 0, 1)) });
    expect(await db.storeRefreshes.pruneReceipts(new Date(Date.UTC(2001, 0, 2)))).toBeGreaterThanOrEqual(1);
    expect(await db.storeRefreshes.receive(a, { hash: 'old', productIds: [], at: at(1) })).toBe(true);
  });

  it("keeps a company's newest receipts up to the bound and forgets the oldest (other companies keep theirs)", async () => {
    const a = await company();
    const b = await company();
    const bounds = { receipts: 5, queued: 100 };
    await db.storeRefreshes.receive(b, { hash: 'r1', productIds: [], at: at(0) }, bounds);
    for (let i = 1; i <= 8; i++) expect(await db.storeRefreshes.receive(a, { hash: `r${i}`, productIds: [], at: at(i) }, bounds)).toBe(true);
    // The newest five are still known (a repeat queues nothing) ...
    for (const hash of ['r8', 'r7', 'r6', 'r5', 'r4']) expect(await db.storeRefreshes.receive(a, { hash, productIds: [9], at: at(20) }, bounds)).toBe(false);
    // ... the three oldest are forgotten: received again, they count as new.
    expect(await db.storeRefreshes.receive(a, { hash: 'r1', productIds: [], at: at(21) }, bounds)).toBe(true);
    expect(await db.storeRefreshes.pending(a, at(100), 10)).toEqual([]);
    // Another company's receipts are not its to forget.
    expect(await db.storeRefreshes.receive(b, { hash: 'r1', productIds: [], at: at(22) }, bounds)).toBe(false);
  });

  it('refuses a delivery that would queue more products than the bound, writing nothing; products already queued take no room', async () => {
    const a = await company();
    const bounds = { receipts: 100, queued: 3 };
    expect(await db.storeRefreshes.receive(a, { hash: 'q1', productIds: [1, 2], at: at(1) }, bounds)).toBe(true);
    expect(await db.storeRefreshes.receive(a, { hash: 'q2', productIds: [3], at: at(2) }, bounds)).toBe(true);
    await expect(db.storeRefreshes.receive(a, { hash: 'q3', productIds: [4], at: at(3) }, bounds)).rejects.toBeInstanceOf(StoreRefreshQueueFullError);
    await expect(db.storeRefreshes.receive(a, { hash: 'q4', productIds: [2, 5], at: at(3) }, bounds)).rejects.toBeInstanceOf(StoreRefreshQueueFullError);
    expect(await db.storeRefreshes.pending(a, at(10), 10)).toEqual([1, 2, 3]);
    expect(await db.storeRefreshes.receive(a, { hash: 'q5', productIds: [2], at: at(4) }, bounds)).toBe(true);
    // Once a product is read there is room, and the refused delivery (never recorded) is new.
    await db.storeRefreshes.done(a, [1], at(5));
    expect(await db.storeRefreshes.receive(a, { hash: 'q3', productIds: [4], at: at(6) }, bounds)).toBe(true);
    expect(await db.storeRefreshes.pending(a, at(10), 10)).toEqual([3, 2, 4]);
  });

  it('keeps the sync pass and the webhook registration in the settings', async () => {
    const a = await company();
    await db.settings.upsert(a, { storeHash: 'demo', accessToken: 'enc', clientId: 'c' });
    await db.settings.markSynced(a, at(20), { startedAt: at(10), full: true });
    expect(await db.settings.get(a)).toMatchObject({ lastSyncAt: at(20), syncSince: at(10), fullSyncAt: at(20) });
    await db.settings.markSynced(a, at(40), { startedAt: at(30), full: false });
    expect(await db.settings.get(a)).toMatchObject({ lastSyncAt: at(40), syncSince: at(30), fullSyncAt: at(20) });
    await db.settings.requireFullSync(a);
    expect((await db.settings.get(a))!.fullSyncAt).toBeNull();
    expect(await db.settings.setWebhooks(a, { secret: 's', destination: 'https://x/y' })).toBe(true);
    expect(await db.settings.get(a)).toMatchObject({ webhookSecret: 's', webhookDestination: 'https://x/y' });
    await db.settings.setWebhooks(a, null);
    expect(await db.settings.get(a)).toMatchObject({ webhookSecret: null, webhookDestination: null });
    expect(await db.settings.delete(a)).toBe(true);
    expect(await db.settings.get(a)).toBeNull();
    expect(await db.settings.delete(a)).toBe(false);
  });
});
