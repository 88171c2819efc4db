/**
 * GET /api/invitations and GET /api/my-invitations in pages (issue 31): every invitation once,
 * newest first, at any page size (invitations made in the same millisecond too); one sent while a
 * client reads moves nothing onto a later page; `limit` and `cursor` are bounded; another
 * company's invitations never appear in a company's list, and a person's own list holds only
 * those they can accept (pending, unexpired, not for their own company), page after page.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { InvitationListResponse } from '@catalog/contracts/team';
import { expectPagingBounds, readAllPages } from '../../testing/paging';
import { teamApp, type TeamApp } from '../../testing/team-fixture';
import { testUser } from '../../testing/test-app';

const DAY = 86_400_000;
let current: TeamApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

/** `count` invitations of `companyId` made straight in the database, pairs in the same millisecond. */
async function invitations(t: TeamApp, companyId: string, count: number, email = () => testUser('Guest').email, from = Date.now()) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const now = new Date(from + Math.floor(i / 2));
    ids.push((await t.db.invitations.create(companyId, { email: email(), token: `tok-${crypto.randomUUID()}`, expiresAt: new Date(now.getTime() + DAY), now })).id);
  }
  return ids;
}

describe('GET /api/invitations pages', () => {
  it('gives every invitation of the company once, newest first, at any page size, never another company\'s', async () => {
    const t = (current = await teamApp());
    await invitations(t, t.companyId, 11);
    const theirs = await invitations(t, t.outsider.companyId, 3);
    const expected = (await t.db.invitations.listByCompany(t.companyId)).map((i) => i.id);
    const get = (path: string) => t.app.request(path, { headers: t.member.headers });
    for (const limit of [1, 3, 10, 11, 100]) {
      const { items, pages } = await readAllPages<{ id: string; createdAt: string }>(get, '/api/invitations', 'invitations', limit);
      expect(items.map((i) => i.id), `limit ${limit}`).toEqual(expected);
      expect(pages).toBe(Math.ceil(11 / limit));
      for (const id of theirs) expect(items.map((i) => i.id)).not.toContain(id);
    }
    // The outsider reading with the team's cursor sees their own company's invitations only.
    const { nextCursor } = InvitationListResponse.parse((await t.call(t.owner, 'GET', '/api/invitations?limit=2')).body);
    const page = InvitationListResponse.parse((await t.call(t.outsider, 'GET', `/api/invitations?cursor=${nextCursor}`)).body);
    for (const i of page.invitations) expect(theirs).toContain(i.id);
  });

  it('reads on after an invitation is sent while paging: nothing repeats or goes missing', async () => {
    const t = (current = await teamApp());
    await invitations(t, t.companyId, 7);
    const expected = (await t.db.invitations.listByCompany(t.companyId)).map((i) => i.id);
    const { items } = await readAllPages<{ id: string }>((path) => t.app.request(path, { headers: t.owner.headers }), '/api/invitations', 'invitations', 3, async (page) => {
      if (page === 1) await t.invite();
    });
    expect(items.map((i) => i.id)).toEqual(expected);
  });

  it('refuses a limit out of bounds and a cursor it did not hand out with 400s naming the field', async () => {
    const t = (current = await teamApp());
    await expectPagingBounds((path) => t.app.request(path, { headers: t.owner.headers }), '/api/invitations', 'invitations');
  });
});

describe('GET /api/my-invitations pages', () => {
  it('pages the invitations the person can accept, from every company, newest first; never expired, used or their own company\'s', async () => {
    const t = (current = await teamApp());
    const guest = testUser('Gail Guest');
    // Eight companies invite Gail (pairs in the same millisecond).
    const open: string[] = [];
    for (let i = 0; i < 8; i++) {
      const company = await t.db.companies.create({ name: `Company ${i}` });
      open.push(...await invitations(t, company.id, 1, () => guest.email, Date.now() - 10_000 + Math.floor(i / 2)));
    }
    // Not hers to accept: expired, accepted, and (once she is in it) her own company's.
    const stale = await t.db.companies.create({ name: 'Stale Co' });
    const expired = await t.db.invitations.create(stale.id, { email: guest.email, token: `tok-${crypto.randomUUID()}`, expiresAt: new Date(Date.now() - 1000) });
    const accepted = await t.db.invitations.create(stale.id, { email: guest.email, token: `tok-${crypto.randomUUID()}`, expiresAt: new Date(Date.now() + DAY) });
    await t.db.invitations.updateStatus(stale.id, accepted.id, 'accepted');
    const signedIn = { headers: guest.headers };
    expect((await t.app.request('/api/auth/user', signedIn)).status).toBe(200);
    const ownCompany = (await t.db.users.getByEmail(guest.email))!.companyId;
    const own = await invitations(t, ownCompany, 1, () => guest.email);
    // Someone else's invitations are never hers.
    await invitations(t, t.companyId, 3);

    const expected = (await t.db.invitations.listByEmail(guest.email)).map((i) => i.id).filter((id) => open.includes(id));
    expect(expected).toHaveLength(8);
    for (const limit of [1, 3, 8, 100]) {
      const { items, pages } = await readAllPages<{ id: string; companyName: string }>((path) => t.app.request(path, signedIn), '/api/my-invitations', 'invitations', limit);
      expect(items.map((i) => i.id), `limit ${limit}`).toEqual(expected);
      expect(pages).toBe(Math.ceil(8 / limit));
      for (const id of [expired.id, accepted.id, ...own]) expect(items.map((i) => i.id)).not.toContain(id);
      expect(items.every((i) => /^Company \d$/.test(i.companyName))).toBe(true);
    }
  });

  it('refuses a limit out of bounds and a cursor it did not hand out with 400s naming the field', async () => {
    const t = (current = await teamApp());
    await expectPagingBounds((path) => t.app.request(path, { headers: t.member.headers }), '/api/my-invitations', 'invitations');
  });
});
