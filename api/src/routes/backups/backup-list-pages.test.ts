/**
 * GET /api/backups in pages (issue 31): every listed backup once, newest first, at any page size
 * (backups taken in the same millisecond too); one taken while a client reads moves nothing onto
 * a later page; `limit` and `cursor` are bounded; another company's backups never appear.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BackupListResponse } from '@catalog/contracts/backups';
import type { NewBackup } from '../../db/repositories';
import { expectPagingBounds, readAllPages } from '../../testing/paging';
import { signedInUser } from '../../testing/store-fixture';
import { testApp } from '../../testing/test-app';

const T0 = Date.parse('2030-03-01T00:00:00.000Z');
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const backup = (createdAt: Date, over: Partial<NewBackup> = {}): NewBackup => ({
  trigger: 'manual', productCount: 1, variantCount: 0, changedCount: null, parentId: null, depth: 0, data: Buffer.from([1]), createdAt, ...over,
});

/** Two Premium companies; the owner's has `count` backups (pairs share a millisecond), the stranger's a few of its own. */
async function world(count: number) {
  const t = await testApp();
  cleanups.push(t.close);
  const owner = await signedInUser(t, 'Olive Owner');
  const stranger = await signedInUser(t, 'Stan Stranger');
  for (const who of [owner, stranger]) await t.db.companies.update(who.companyId, { subscriptionPlan: 'premium', productLimit: 1000 });
  const made: string[] = [];
  for (let i = 0; i < count; i++) {
    made.push((await t.db.backups.create(owner.companyId, backup(new Date(T0 + Math.floor(i / 2) * 1000), { createdBy: owner.id })))!.id);
  }
  const theirs: string[] = [];
  for (let i = 0; i < 3; i++) theirs.push((await t.db.backups.create(stranger.companyId, backup(new Date(T0 + i * 1000 + 500))))!.id);
  const expected = (await t.db.backups.list(owner.companyId)).map((b) => b.id);
  const get = (headers: Record<string, string>) => (path: string) => t.app.request(path, { headers });
  return { t, owner, stranger, made, theirs, expected, get };
}

describe('GET /api/backups pages', () => {
  it('gives every listed backup once, newest first, at any page size, never another company\'s', async () => {
    const { expected, made, theirs, get, owner } = await world(13);
    expect([...expected].sort()).toEqual([...made].sort());
    for (const limit of [1, 4, 12, 13, 100]) {
      const { items, pages } = await readAllPages<{ id: string; createdAt: string; createdBy: string | null }>(get(owner.headers), '/api/backups', 'backups', limit);
      expect(items.map((b) => b.id), `limit ${limit}`).toEqual(expected);
      expect(pages).toBe(Math.ceil(13 / limit));
      for (const id of theirs) expect(items.map((b) => b.id)).not.toContain(id);
      expect(items.every((b) => b.createdBy === 'Olive Owner')).toBe(true);
    }
  });

  it('answers the contract\'s shape, and a backup taken while paging shows at the top next time, repeating nothing', async () => {
    const { t, expected, get, owner } = await world(7);
    const first = BackupListResponse.parse(await (await get(owner.headers)('/api/backups?limit=3')).json());
    expect(first.backups.map((b) => b.id)).toEqual(expected.slice(0, 3));
    expect(first.nextCursor).toEqual(expect.any(String));
    const { items } = await readAllPages<{ id: string }>(get(owner.headers), '/api/backups', 'backups', 3, async () => {
      await t.db.backups.create(owner.companyId, backup(new Date(T0 + 86_400_000)));
    });
    expect(items.map((b) => b.id)).toEqual(expected);
  });

  it('refuses a limit out of bounds and a cursor it did not hand out with 400s naming the field', async () => {
    const { get, owner } = await world(2);
    await expectPagingBounds(get(owner.headers), '/api/backups', 'backups');
  });

  it('reads another company\'s cursor against the caller\'s own backups only', async () => {
    const { get, owner, stranger, theirs } = await world(6);
    const { nextCursor } = BackupListResponse.parse(await (await get(owner.headers)('/api/backups?limit=2')).json());
    const page = BackupListResponse.parse(await (await get(stranger.headers)(`/api/backups?limit=100&cursor=${nextCursor}`)).json());
    for (const b of page.backups) expect(theirs).toContain(b.id);
  });
});
