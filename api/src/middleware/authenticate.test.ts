/**
 * The caller's user, cached for GET and HEAD (auth/user-cache.ts): fewer reads, and no change of
 * membership or role missed. A member removed through the API is out of the old company on the
 * very next request; a change made behind the API's back applies within USER_CACHE_TTL_MS, at
 * once after forgetCachedUsers(); nothing is trusted past its token's expiry.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentUser } from '@catalog/contracts/auth';
import { ProductListResponse } from '@catalog/contracts/products';
import type { User } from '../db/repositories';
import { forgetCachedUsers, USER_CACHE_TTL_MS, UserCache, usersEpoch } from '../auth/user-cache';
import { removeMember } from '../services/team/remove-member';
import { teamApp, type TeamApp } from '../testing/team-fixture';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function team(): Promise<TeamApp> {
  const t = await teamApp();
  cleanups.push(t.close);
  return t;
}

/** Moves Date.now (what the user cache goes by) `ms` ahead of the real clock. */
function advanceClock(ms: number) {
  const real = Date.now.bind(Date);
  vi.spyOn(Date, 'now').mockImplementation(() => real() + ms);
}

const me = async (t: TeamApp, who: { headers: Record<string, string> }) => {
  const res = await t.call(who, 'GET', '/api/auth/user');
  return { status: res.status, user: res.status === 200 ? CurrentUser.parse(res.body) : null };
};

describe('authenticate: the cached caller', () => {
  it('reads a caller\'s user row once for a run of GETs, and afresh for anything else', async () => {
    const t = await team();
    const reads = vi.spyOn(t.db.users, 'getByFirebaseUid');
    for (let i = 0; i < 5; i++) expect((await me(t, t.member)).status).toBe(200);
    expect(reads).toHaveBeenCalledTimes(1);
    // A write reads the user itself, and makes the next GET read it again.
    expect((await t.call(t.member, 'POST', '/api/auth/user/walkthrough-complete')).status).toBe(200);
    expect(reads).toHaveBeenCalledTimes(2);
    expect((await me(t, t.member)).user?.hasSeenWalkthrough).toBe(true);
    expect(reads).toHaveBeenCalledTimes(3);
  });

  it('takes a member removed through the API out of the old company on their next request', async () => {
    const t = await team();
    await t.db.products.upsertMany(t.companyId, [
      { externalId: 1, name: 'Team Kettle', sku: 'K-1', regularPriceCents: 1000, stock: 1, status: 'published', isVisible: true },
    ]);
    const list = async () => ProductListResponse.parse((await t.call(t.member, 'GET', '/api/products?search=kettle')).body);
    expect((await list()).total).toBe(1);
    expect((await me(t, t.member)).user?.role).toBe('member');

    expect((await t.call(t.admin, 'DELETE', `/api/company/users/${t.member.id}`)).status).toBe(200);

    // Not a second later, and with the cache still warm from the requests above.
    expect(await list()).toEqual({ products: [], total: 0 });
    const after = (await me(t, t.member)).user!;
    expect(after.company.name).not.toBe('Acme Team');
    expect(after.role).toBe('owner');
    const colleagues = await t.call(t.member, 'GET', '/api/company/users');
    expect((colleagues.body as { members: Array<{ email: string }> }).members.map((m) => m.email)).toEqual([t.member.email]);
  });

  it('takes a member removed by the team service itself (no request) out at once too', async () => {
    const t = await team();
    expect((await me(t, t.member)).user?.company.name).toBe('Acme Team');
    const admin = (await t.db.users.getById(t.companyId, t.admin.id))!;
    await removeMember(t.db, admin, t.member.id, new Date());
    expect((await me(t, t.member)).user?.company.name).not.toBe('Acme Team');
  });

  it('applies a change made behind the API\'s back within the TTL, and at once after forgetCachedUsers()', async () => {
    const t = await team();
    expect((await me(t, t.member)).user?.role).toBe('member');

    await t.db.users.update(t.companyId, t.member.id, { role: 'admin' });
    // Bounded staleness: the row read a moment ago may still answer...
    expect((await me(t, t.member)).user?.role).toBe('member');
    // ...but not once the TTL has passed.
    advanceClock(USER_CACHE_TTL_MS + 1);
    expect((await me(t, t.member)).user?.role).toBe('admin');

    await t.db.users.update(t.companyId, t.member.id, { isActive: false });
    forgetCachedUsers();
    expect((await me(t, t.member)).status).toBe(403);
  });

  it('refuses a disabled account on every request, cached or not', async () => {
    const t = await team();
    await t.db.users.update(t.companyId, t.member.id, { isActive: false });
    forgetCachedUsers();
    for (let i = 0; i < 3; i++) expect((await me(t, t.member)).status).toBe(403);
  });
});

describe('UserCache', () => {
  const user = { id: 'u1', companyId: 'c1', role: 'member', isActive: true } as User;
  const clock = (start: number) => {
    let now = start;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('keeps a user until the TTL or the token\'s expiry, whichever comes first', () => {
    const c = clock(1_000_000);
    const cache = new UserCache({ ttlMs: 2000, now: c.now });
    cache.set('long', user, usersEpoch(), 1_000_000 / 1000 + 3600);
    cache.set('short', user, usersEpoch(), 1_000_000 / 1000 + 1);
    c.advance(999);
    expect(cache.get('long')).toBe(user);
    expect(cache.get('short')).toBe(user);
    c.advance(1);
    expect(cache.get('short')).toBeUndefined();
    expect(cache.get('long')).toBe(user);
    c.advance(1000);
    expect(cache.get('long')).toBeUndefined();
  });

  it('does not keep an expired token\'s user at all', () => {
    const cache = new UserCache({ now: () => 5_000_000 });
    cache.set('t', user, usersEpoch(), 5_000_000 / 1000);
    expect(cache.get('t')).toBeUndefined();
  });

  it('drops everything when users may have changed, including a row read before the change and kept after it', () => {
    const cache = new UserCache();
    const exp = Math.floor(Date.now() / 1000) + 3600;
    cache.set('a', user, usersEpoch(), exp);
    const readBefore = usersEpoch();
    forgetCachedUsers();
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', user, readBefore, exp);
    expect(cache.get('b')).toBeUndefined();
    cache.set('c', user, usersEpoch(), exp);
    expect(cache.get('c')).toBe(user);
  });
});
