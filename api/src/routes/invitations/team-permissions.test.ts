/**
 * The permission matrix of the team endpoints: for each one, the owner, an admin, a member and
 * the owner of another company get the answer their role allows (the server enforces
 * owner/admin: decision 019, docs/permissions.md), a refusal says why, and another company's
 * records are a 404.
 * Every signed-in endpoint asks for a token; the invitation lookup by token does not.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBody } from '@catalog/contracts/errors';
import { InvitationListResponse, TeamMemberListResponse } from '@catalog/contracts/team';
import { teamApp, type TeamApp, type TestMember } from '../../testing/team-fixture';

type Who = 'owner' | 'admin' | 'member' | 'outsider';
const EVERYONE: Who[] = ['owner', 'admin', 'member', 'outsider'];

interface Case {
  endpoint: string;
  expected: Record<Who, number>;
  /** Sets up what the call needs and makes it. */
  run: (t: TeamApp, as: TestMember) => Promise<{ status: number; body: unknown }>;
  /** What must (not) have happened, beyond the status. */
  check?: (t: TeamApp, who: Who, body: unknown) => Promise<void>;
}

const teamEmails = (t: TeamApp) => [t.owner.email, t.admin.email, t.member.email];

const cases: Case[] = [
  {
    endpoint: 'GET /api/company/users',
    expected: { owner: 200, admin: 200, member: 200, outsider: 200 },
    run: (t, as) => t.call(as, 'GET', '/api/company/users'),
    check: async (t, who, body) => {
      const emails = TeamMemberListResponse.parse(body).members.map((m) => m.email).sort();
      expect(emails).toEqual(who === 'outsider' ? [t.outsider.email] : teamEmails(t).sort());
    },
  },
  {
    endpoint: 'PUT /api/company/name',
    expected: { owner: 200, admin: 200, member: 403, outsider: 200 },
    run: (t, as) => t.call(as, 'PUT', '/api/company/name', { name: 'Renamed' }),
    check: async (t, who) => {
      const renamed = who === 'owner' || who === 'admin';
      expect((await t.db.companies.get(t.companyId))?.name).toBe(renamed ? 'Renamed' : 'Acme Team');
      if (who === 'outsider') expect((await t.db.companies.get(t.outsider.companyId))?.name).toBe('Renamed');
    },
  },
  {
    endpoint: 'DELETE /api/company/users/{id}',
    expected: { owner: 200, admin: 200, member: 403, outsider: 404 },
    run: async (t, as) => {
      const target = await t.teammate('member', 'Tess Target');
      return t.call(as, 'DELETE', `/api/company/users/${target.id}`);
    },
    check: async (t, who) => {
      const stays = who === 'member' || who === 'outsider';
      expect((await t.db.users.listByCompany(t.companyId)).some((u) => u.firstName === 'Tess')).toBe(stays);
    },
  },
  {
    endpoint: 'GET /api/invitations',
    expected: { owner: 200, admin: 200, member: 200, outsider: 200 },
    run: async (t, as) => {
      await t.invite();
      return t.call(as, 'GET', '/api/invitations');
    },
    check: async (_t, who, body) => expect(InvitationListResponse.parse(body).invitations).toHaveLength(who === 'outsider' ? 0 : 1),
  },
  {
    endpoint: 'POST /api/invitations',
    expected: { owner: 201, admin: 201, member: 403, outsider: 201 },
    run: async (t, as) => {
      await t.setPlan(t.outsider.companyId, 'starter');
      return t.call(as, 'POST', '/api/invitations', { email: 'newcomer@example.com' });
    },
    check: async (t, who) => {
      const mine = (await t.db.invitations.listByCompany(t.companyId)).length;
      const theirs = (await t.db.invitations.listByCompany(t.outsider.companyId)).length;
      expect([mine, theirs]).toEqual(who === 'member' ? [0, 0] : who === 'outsider' ? [0, 1] : [1, 0]);
    },
  },
  {
    endpoint: 'DELETE /api/invitations/{id}',
    expected: { owner: 200, admin: 200, member: 403, outsider: 404 },
    run: async (t, as) => t.call(as, 'DELETE', `/api/invitations/${(await t.invite()).id}`),
    check: async (t, who) => {
      const kept = who === 'member' || who === 'outsider';
      expect(await t.db.invitations.listByCompany(t.companyId)).toHaveLength(kept ? 1 : 0);
    },
  },
  ...(['id', 'token'] as const).map(
    (key): Case => ({
      // Only the invited email accepts: everyone else, in the company or not, is refused; by id
      // as if the invitation did not exist (404), by the link's token with the reason (403).
      endpoint: `POST /api/invitations/{${key}}/accept`,
      expected: key === 'id' ? { owner: 404, admin: 404, member: 404, outsider: 404 } : { owner: 403, admin: 403, member: 403, outsider: 403 },
      run: async (t, as) => t.call(as, 'POST', `/api/invitations/${(await t.invite())[key]}/accept`),
      check: async (t, _who, body) => {
        expect(ErrorBody.parse(body).error.message).toBe(key === 'id' ? 'Invitation not found or expired' : 'This invitation was sent to another email address');
        expect((await t.db.invitations.listByCompany(t.companyId))[0]?.status).toBe('pending');
      },
    }),
  ),
  {
    endpoint: 'GET /api/invitations/{token}',
    expected: { owner: 200, admin: 200, member: 200, outsider: 200 },
    run: async (t, as) => t.call(as, 'GET', `/api/invitations/${(await t.invite()).token}`),
  },
  {
    endpoint: 'GET /api/my-invitations',
    expected: { owner: 200, admin: 200, member: 200, outsider: 200 },
    run: async (t, as) => {
      await t.invite();
      return t.call(as, 'GET', '/api/my-invitations');
    },
    check: async (_t, _who, body) => expect(InvitationListResponse.parse(body)).toEqual({ invitations: [], nextCursor: null }),
  },
];

let current: TeamApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

describe.each(cases)('$endpoint', ({ expected, run, check }) => {
  it.each(EVERYONE)('answers the %s as the role allows', async (who) => {
    const t = (current = await teamApp());
    const res = await run(t, t[who]);
    expect(res.status).toBe(expected[who]);
    if (res.status === 403) {
      const { error } = ErrorBody.parse(res.body);
      expect(error.code).toBe('FORBIDDEN');
      expect(error.message).toMatch(/^(Only owners and admins can .+|This invitation was sent to another email address)$/);
    }
    if (res.status === 404) expect(ErrorBody.parse(res.body).error.code).toBe('NOT_FOUND');
    await check?.(t, who, res.body);
  });
});

describe('the invited person', () => {
  it('accepts by id and by token, and sees the invitation in their own list', async () => {
    const t = (current = await teamApp());
    for (const key of ['id', 'token'] as const) {
      const sent = await t.invite();
      const mine = await t.call(sent.invitee, 'GET', '/api/my-invitations');
      expect(InvitationListResponse.parse(mine.body).invitations.map((i) => i.id)).toEqual([sent.id]);
      expect((await t.call(sent.invitee, 'POST', `/api/invitations/${sent[key]}/accept`)).status).toBe(200);
    }
  });
});

describe('authentication', () => {
  it('asks for a token on every signed-in endpoint, and not to look an invitation up by token', async () => {
    const t = (current = await teamApp());
    const { id, token } = await t.invite();
    const signedIn: Array<[string, string]> = [
      ['GET', '/api/company/users'], ['PUT', '/api/company/name'], ['DELETE', `/api/company/users/${t.member.id}`],
      ['GET', '/api/invitations'], ['POST', '/api/invitations'], ['DELETE', `/api/invitations/${id}`],
      ['POST', `/api/invitations/${id}/accept`], ['POST', `/api/invitations/${token}/accept`], ['GET', '/api/my-invitations'],
    ];
    for (const [method, path] of signedIn) {
      const res = await t.call(null, method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect((await t.call(null, 'GET', `/api/invitations/${token}`)).status).toBe(200);
    // Nothing was changed by the refused calls.
    expect((await t.db.invitations.get(t.companyId, id))?.status).toBe('pending');
    expect(await t.db.users.getById(t.companyId, t.member.id)).not.toBeNull();
  });
});
