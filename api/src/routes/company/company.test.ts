/**
 * /api/company: the member list, renaming (trimmed, never empty) and removing a member, who
 * moves to a company of their own with their account and history intact; never an owner and
 * never oneself.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CurrentUser } from '@catalog/contracts/auth';
import { MessageResponse } from '@catalog/contracts/common';
import { ErrorBody } from '@catalog/contracts/errors';
import { CompanyNameResponse, TeamMemberListResponse } from '@catalog/contracts/team';
import { expectPagingBounds, readAllPages } from '../../testing/paging';
import { teamApp, type TeamApp } from '../../testing/team-fixture';

let current: TeamApp | undefined;
async function make() {
  current = await teamApp();
  return current;
}
afterEach(async () => {
  await current?.close();
  current = undefined;
});
const error = (body: unknown) => ErrorBody.parse(body).error;

describe('GET /api/company/users', () => {
  it('lists the members with name, email, picture and role', async () => {
    const t = await make();
    const members = TeamMemberListResponse.parse((await t.call(t.member, 'GET', '/api/company/users')).body).members;
    expect(members.find((m) => m.id === t.owner.id)).toEqual({
      id: t.owner.id, email: t.owner.email, firstName: 'Olive', lastName: 'Owner', profileImageUrl: null, role: 'owner',
    });
    expect(members.map((m) => m.role).sort()).toEqual(['admin', 'member', 'owner']);
  });

  it('pages the members oldest first (the owner leads): each once at any page size, never another company\'s', async () => {
    const t = await make();
    // Members who joined in the same millisecond are ordered by id.
    const at = new Date(Date.now() + 60_000);
    for (let i = 0; i < 9; i++) {
      await t.db.users.create({ companyId: t.companyId, email: `crew-${i}-${crypto.randomUUID()}@example.com`, now: new Date(at.getTime() + Math.floor(i / 3)) });
    }
    const expected = (await t.db.users.listByCompany(t.companyId)).map((u) => u.id);
    expect(expected).toHaveLength(12);
    expect(expected[0]).toBe(t.owner.id);
    const get = (path: string) => t.app.request(path, { headers: t.member.headers });
    for (const limit of [1, 5, 11, 12, 100]) {
      const { items, pages } = await readAllPages<{ id: string }>(get, '/api/company/users', 'members', limit);
      expect(items.map((m) => m.id), `limit ${limit}`).toEqual(expected);
      expect(pages).toBe(Math.ceil(12 / limit));
      expect(items.map((m) => m.id)).not.toContain(t.outsider.id);
    }
    // A member who joins while the list is read comes after everyone: nothing repeats or goes missing.
    const { items } = await readAllPages<{ id: string }>(get, '/api/company/users', 'members', 4, async (page) => {
      if (page === 1) await t.db.users.create({ companyId: t.companyId, email: `late-${crypto.randomUUID()}@example.com`, now: new Date(at.getTime() + 60_000) });
    });
    expect(items.map((m) => m.id).slice(0, 12)).toEqual(expected);
    expect(items).toHaveLength(13);
    // The outsider's own list, with the team's cursor too, is their company only.
    const cursor = TeamMemberListResponse.parse((await t.call(t.owner, 'GET', '/api/company/users?limit=2')).body).nextCursor;
    for (const path of ['/api/company/users', `/api/company/users?cursor=${cursor}`]) {
      const theirs = TeamMemberListResponse.parse((await t.call(t.outsider, 'GET', path)).body);
      expect(theirs.members.every((m) => m.id === t.outsider.id)).toBe(true);
    }
  });

  it('refuses a limit out of bounds and a cursor it did not hand out with 400s naming the field', async () => {
    const t = await make();
    await expectPagingBounds((path) => t.app.request(path, { headers: t.owner.headers }), '/api/company/users', 'members');
  });
});

describe('PUT /api/company/name', () => {
  it('saves the trimmed name, which the current user then shows', async () => {
    const t = await make();
    const res = await t.call(t.admin, 'PUT', '/api/company/name', { name: '  Acme Outfitters ' });
    expect(res.status).toBe(200);
    expect(CompanyNameResponse.parse(res.body)).toEqual({ name: 'Acme Outfitters' });
    const me = CurrentUser.parse((await t.call(t.member, 'GET', '/api/auth/user')).body);
    expect(me.company.name).toBe('Acme Outfitters');
  });

  it('removes bidirectional controls from the name (issue 31): one of nothing else is blank', async () => {
    const t = await make();
    const res = await t.call(t.owner, 'PUT', '/api/company/name', { name: 'Acme\u202Egnp.exe\u2066 Ltd\u2069' });
    expect(res.status).toBe(200);
    expect(CompanyNameResponse.parse(res.body)).toEqual({ name: 'Acmegnp.exe Ltd' });
    expect((await t.db.companies.get(t.companyId))?.name).toBe('Acmegnp.exe Ltd');
    const only = await t.call(t.owner, 'PUT', '/api/company/name', { name: ' \u202E\u202D ' });
    expect(only.status).toBe(400);
    expect(error(only.body)).toMatchObject({ code: 'VALIDATION', message: 'Company name cannot be empty' });
    expect((await t.db.companies.get(t.companyId))?.name).toBe('Acmegnp.exe Ltd');
  });

  it("says 'Company name cannot be empty' for a blank name, and why a member may not rename", async () => {
    const t = await make();
    const blank = await t.call(t.owner, 'PUT', '/api/company/name', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(error(blank.body)).toMatchObject({ code: 'VALIDATION', message: 'Company name cannot be empty' });
    const member = await t.call(t.member, 'PUT', '/api/company/name', { name: 'Mine now' });
    expect(member.status).toBe(403);
    expect(error(member.body)).toEqual({ code: 'FORBIDDEN', message: 'Only owners and admins can rename the company' });
    expect((await t.db.companies.get(t.companyId))?.name).toBe('Acme Team');
  });
});

describe('DELETE /api/company/users/{id}', () => {
  it('moves the member to a new company of their own, as its owner, with their account intact', async () => {
    const t = await make();
    const sent = await t.invite('member', t.admin);
    const before = (await t.db.users.getById(t.companyId, t.admin.id))!;
    const res = await t.call(t.owner, 'DELETE', `/api/company/users/${t.admin.id}`);
    expect(res.status).toBe(200);
    expect(MessageResponse.parse(res.body).message).toBe('Adam was removed from the team and moved to their own company');

    const members = TeamMemberListResponse.parse((await t.call(t.owner, 'GET', '/api/company/users')).body).members;
    expect(members.map((m) => m.id)).not.toContain(t.admin.id);
    // Same person, same sign-in: they now own "Adam's Company" on the trial plan.
    const me = CurrentUser.parse((await t.call(t.admin, 'GET', '/api/auth/user')).body);
    expect(me).toMatchObject({ id: t.admin.id, email: t.admin.email, firstName: 'Adam', role: 'owner' });
    expect(me.company).toEqual({ name: "Adam's Company", subscriptionPlan: 'trial', productLimit: 5 });
    const after = (await t.db.users.getByEmail(t.admin.email))!;
    expect(after).toMatchObject({ id: before.id, firebaseUid: before.firebaseUid, createdAt: before.createdAt, isActive: true });
    expect(TeamMemberListResponse.parse((await t.call(t.admin, 'GET', '/api/company/users')).body).members.map((m) => m.id)).toEqual([t.admin.id]);
    // The invitation they sent for the old team stays with it, and still works.
    expect((await t.db.invitations.get(t.companyId, sent.id))?.invitedBy).toBe(t.admin.id);
    expect((await t.call(sent.invitee, 'POST', `/api/invitations/${sent.token}/accept`)).status).toBe(200);
  });

  it('never removes an owner, nor the caller themselves, and says why', async () => {
    const t = await make();
    const cases = [
      { as: t.admin, target: t.owner.id, message: 'The company owner cannot be removed from the team' },
      { as: t.admin, target: t.admin.id, message: 'You cannot remove yourself from the team' },
      { as: t.owner, target: t.owner.id, message: 'You cannot remove yourself from the team' },
      { as: t.member, target: t.admin.id, message: 'Only owners and admins can remove team members' },
    ];
    for (const { as, target, message } of cases) {
      const res = await t.call(as, 'DELETE', `/api/company/users/${target}`);
      expect(res.status).toBe(403);
      expect(error(res.body)).toEqual({ code: 'FORBIDDEN', message });
    }
    expect(await t.db.users.listByCompany(t.companyId)).toHaveLength(3);
  });

  it('lets an admin remove another admin, and 404s a member of another company or a removed one', async () => {
    const t = await make();
    const second = await t.teammate('admin', 'Ada Second');
    expect((await t.call(t.admin, 'DELETE', `/api/company/users/${second.id}`)).status).toBe(200);
    const again = await t.call(t.admin, 'DELETE', `/api/company/users/${second.id}`);
    expect(again.status).toBe(404);
    expect(error(again.body).message).toBe('Team member not found');
    expect((await t.call(t.owner, 'DELETE', `/api/company/users/${t.outsider.id}`)).status).toBe(404);
    expect((await t.call(t.owner, 'DELETE', '/api/company/users/not-a-uuid')).status).toBe(404);
  });
});
