/**
 * An invitation's life through the API: sent (link, token, 7-day expiry, the spec's messages),
 * looked up by its link without signing in, accepted once by the invited person only (role
 * applied), never when expired or cancelled (a cancelled one stays as a tombstone that no list
 * shows, issue 31); and the plan's user count.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CurrentUser } from '@catalog/contracts/auth';
import { ErrorBody } from '@catalog/contracts/errors';
import {
  AcceptInvitationResponse, CreateInvitationResponse, INVITATION_TTL_MS, InvitationByTokenResponse, InvitationListResponse,
} from '@catalog/contracts/team';
import { testUser } from '../../testing/test-app';
import { teamApp, type TeamApp } from '../../testing/team-fixture';

const DAY = 86_400_000;
let current: TeamApp | undefined;
/** The app's clock: tests move it to expire invitations. */
let clock = Date.parse('2030-01-01T09:00:00.000Z');

async function make(options: Parameters<typeof teamApp>[0] = {}) {
  clock = Date.parse('2030-01-01T09:00:00.000Z');
  current = await teamApp({ now: () => new Date(clock), ...options });
  return current;
}
afterEach(async () => {
  await current?.close();
  current = undefined;
});

const error = (body: unknown) => ErrorBody.parse(body).error;
const me = async (t: TeamApp, who: { headers: Record<string, string> }) => CurrentUser.parse((await t.call(who, 'GET', '/api/auth/user')).body);

describe('sending an invitation', () => {
  it('answers the invitation, its single-use link and a 7-day expiry; the role defaults to member', async () => {
    const t = await make();
    const res = await t.call(t.owner, 'POST', '/api/invitations', { email: '  New.Person@Example.COM ' });
    expect(res.status).toBe(201);
    const { invitation, acceptUrl, emailSent } = CreateInvitationResponse.parse(res.body);
    expect(invitation).toMatchObject({ email: 'new.person@example.com', role: 'member', status: 'pending', companyName: 'Acme Team' });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(INVITATION_TTL_MS);
    expect(emailSent).toBe(false);
    const url = new URL(acceptUrl);
    // PUBLIC_URL's local default (testApp), not the request's origin (http://localhost).
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:8787/accept-invitation');
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.db.invitations.get(t.companyId, invitation.id);
    expect(stored?.token).toBe(url.searchParams.get('token'));
    expect(stored?.invitedBy).toBe(t.owner.id);
  });

  it('gives every invitation its own token, and links on PUBLIC_URL when it is set', async () => {
    const t = await make({ invitations: { publicUrl: 'https://app.example.com' } });
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const { created, token } = await t.invite('admin');
      expect(created.acceptUrl).toBe(`https://app.example.com/accept-invitation?token=${token}`);
      tokens.add(token);
    }
    expect(tokens.size).toBe(5);
  });

  it('links on PUBLIC_URL (here its local default) whatever Host or X-Forwarded-* the request names (issue 31)', async () => {
    const t = await make();
    const forged = await t.app.request('http://evil.example/api/invitations', {
      method: 'POST',
      headers: { ...t.owner.headers, host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      body: JSON.stringify({ email: 'pat@example.com' }),
    });
    expect(forged.status).toBe(201);
    const { acceptUrl } = CreateInvitationResponse.parse(await forged.json());
    expect(acceptUrl).toMatch(/^http:\/\/localhost:8787\/accept-invitation\?token=[A-Za-z0-9_-]{43}$/);
  });

  it("says 'Please enter a valid email address' and 'Please select a role'", async () => {
    const t = await make();
    const badEmail = await t.call(t.owner, 'POST', '/api/invitations', { email: 'not-an-email' });
    expect(badEmail.status).toBe(400);
    expect(error(badEmail.body)).toMatchObject({ code: 'VALIDATION', message: 'Please enter a valid email address' });
    const owner = await t.call(t.owner, 'POST', '/api/invitations', { email: 'a@example.com', role: 'owner' });
    expect(error(owner.body)).toMatchObject({ code: 'VALIDATION', message: 'Please select a role' });
  });

  it('refuses a current member (409) and a second open invitation to the same email (409)', async () => {
    const t = await make();
    const member = await t.call(t.owner, 'POST', '/api/invitations', { email: t.member.email.toUpperCase() });
    expect(member.status).toBe(409);
    expect(error(member.body).message).toBe(`${t.member.email} is already a member of your team`);
    const { invitee } = await t.invite();
    const again = await t.call(t.admin, 'POST', '/api/invitations', { email: invitee.email, role: 'admin' });
    expect(again.status).toBe(409);
    expect(error(again.body).message).toBe(`An invitation is already pending for ${invitee.email}`);
    // Once the first one expired, the person can be invited again.
    clock += INVITATION_TTL_MS;
    expect((await t.call(t.admin, 'POST', '/api/invitations', { email: invitee.email })).status).toBe(201);
  });

  it('invites an email again once its invitation is cancelled: the new link works, the old one still says cancelled (issue 31)', async () => {
    const t = await make();
    const first = await t.invite();
    expect((await t.call(t.owner, 'DELETE', `/api/invitations/${first.id}`)).status).toBe(200);
    const res = await t.call(t.admin, 'POST', '/api/invitations', { email: first.invitee.email.toUpperCase(), role: 'admin' });
    expect(res.status).toBe(201);
    const { invitation, acceptUrl } = CreateInvitationResponse.parse(res.body);
    expect(invitation).toMatchObject({ email: first.invitee.email, role: 'admin', status: 'pending' });
    const token = new URL(acceptUrl).searchParams.get('token')!;
    expect(token).not.toBe(first.token);
    // Only the new one is listed; the cancelled one is not 'already pending'.
    const listed = InvitationListResponse.parse((await t.call(t.owner, 'GET', '/api/invitations')).body).invitations;
    expect(listed.map((i) => i.id)).toEqual([invitation.id]);
    expect((await t.call(null, 'GET', `/api/invitations/${first.token}`)).status).toBe(410);
    expect(InvitationByTokenResponse.parse((await t.call(null, 'GET', `/api/invitations/${token}`)).body).invitation.status).toBe('pending');
    // The new one is pending: a third is refused as before.
    const again = await t.call(t.owner, 'POST', '/api/invitations', { email: first.invitee.email });
    expect([again.status, error(again.body).message]).toEqual([409, `An invitation is already pending for ${first.invitee.email}`]);
    expect((await t.call(first.invitee, 'POST', `/api/invitations/${token}/accept`)).status).toBe(200);
    expect(await me(t, first.invitee)).toMatchObject({ role: 'admin', company: { name: 'Acme Team' } });
  });
});

describe('the link, without signing in', () => {
  it('shows company, role, inviter, status and expiry of a pending invitation, and 404s an unknown token', async () => {
    const t = await make();
    const { token, invitee, created } = await t.invite('admin', t.admin);
    const res = await t.call(null, 'GET', `/api/invitations/${token}`);
    expect(res.status).toBe(200);
    expect(InvitationByTokenResponse.parse(res.body)).toEqual({
      invitation: {
        email: invitee.email, companyName: 'Acme Team', role: 'admin', inviterEmail: t.admin.email,
        status: 'pending', expiresAt: created.invitation.expiresAt,
      },
    });
    const unknown = await t.call(null, 'GET', '/api/invitations/no-such-token');
    expect(unknown.status).toBe(404);
    expect(error(unknown.body)).toMatchObject({ code: 'NOT_FOUND', message: 'Invitation not found or expired' });
  });

  it('answers 410 GONE with the reason, naming neither address nor inviter, once the invitation is accepted, expired or cancelled (issue 31)', async () => {
    const t = await make();
    const goneWith = async (token: string, message: string) => {
      const res = await t.call(null, 'GET', `/api/invitations/${token}`);
      expect(res.status).toBe(410);
      expect(res.body).toEqual({ error: { code: 'GONE', message } });
    };
    const accepted = await t.invite('admin', t.admin);
    expect((await t.call(accepted.invitee, 'POST', `/api/invitations/${accepted.token}/accept`)).status).toBe(200);
    await goneWith(accepted.token, 'This invitation has already been accepted');

    const expired = await t.invite();
    clock += INVITATION_TTL_MS - 1;
    expect((await t.call(null, 'GET', `/api/invitations/${expired.token}`)).status).toBe(200);
    clock += 1;
    await goneWith(expired.token, 'This invitation has expired');

    // Cancelled (while pending, or after it expired): the link says so rather than 'not found'.
    const cancelled = await t.invite('admin', t.admin);
    expect((await t.call(t.admin, 'DELETE', `/api/invitations/${cancelled.id}`)).status).toBe(200);
    await goneWith(cancelled.token, 'This invitation was cancelled');
    expect((await t.call(t.owner, 'DELETE', `/api/invitations/${expired.id}`)).status).toBe(200);
    await goneWith(expired.token, 'This invitation was cancelled');
    for (const token of [accepted.token, expired.token, cancelled.token]) {
      const body = JSON.stringify((await t.call(null, 'GET', `/api/invitations/${token}`)).body);
      for (const secret of ['@', 'Acme', t.admin.email, t.owner.email]) expect(body).not.toContain(secret);
    }
  });
});

describe('accepting', () => {
  it('moves the invited person into the company with the invited role, once', async () => {
    const t = await make();
    const { token, invitee, id } = await t.invite('admin');
    const res = await t.call(invitee, 'POST', `/api/invitations/${token}/accept`);
    expect(res.status).toBe(200);
    expect(AcceptInvitationResponse.parse(res.body)).toEqual({
      message: "You've successfully joined the company!", companyName: 'Acme Team', role: 'admin',
    });
    expect(await me(t, invitee)).toMatchObject({ role: 'admin', company: { name: 'Acme Team' } });
    const members = await t.call(t.owner, 'GET', '/api/company/users');
    expect((members.body as { members: Array<{ email: string }> }).members.map((m) => m.email)).toContain(invitee.email);
    const listed = InvitationListResponse.parse((await t.call(t.member, 'GET', '/api/invitations')).body).invitations;
    expect(listed.find((i) => i.id === id)?.status).toBe('accepted');
    // Single use: by token or by id, and the link is gone (410).
    for (const key of [token, id]) {
      const again = await t.call(invitee, 'POST', `/api/invitations/${key}/accept`);
      expect(again.status).toBe(409);
      expect(error(again.body).message).toBe('This invitation has already been accepted');
    }
    expect((await t.call(null, 'GET', `/api/invitations/${token}`)).status).toBe(410);
  });

  it('refuses anyone but the invited email, whoever they are', async () => {
    const t = await make();
    const { token, id } = await t.invite();
    const stranger = testUser('Sam Stranger');
    for (const who of [stranger, t.owner, t.outsider]) {
      const res = await t.call(who, 'POST', `/api/invitations/${token}/accept`);
      expect(res.status).toBe(403);
      expect(error(res.body)).toMatchObject({ code: 'FORBIDDEN', message: 'This invitation was sent to another email address' });
    }
    expect((await t.db.invitations.get(t.companyId, id))?.status).toBe('pending');
  });

  it("by id, answers someone else's invitation exactly as one that does not exist (issue 31)", async () => {
    const t = await make();
    const { id } = await t.invite();
    const stranger = testUser('Sam Stranger');
    for (const who of [stranger, t.owner, t.outsider]) {
      const theirs = await t.call(who, 'POST', `/api/invitations/${id}/accept`);
      const none = await t.call(who, 'POST', `/api/invitations/${crypto.randomUUID()}/accept`);
      expect([theirs.status, theirs.body]).toEqual([404, { error: { code: 'NOT_FOUND', message: 'Invitation not found or expired' } }]);
      expect([none.status, none.body]).toEqual([theirs.status, theirs.body]);
    }
    expect((await t.db.invitations.get(t.companyId, id))?.status).toBe('pending');
  });

  it('refuses an expired invitation, which the lists show as expired', async () => {
    const t = await make();
    const { token, invitee, id } = await t.invite();
    clock += 7 * DAY - 1;
    expect(InvitationListResponse.parse((await t.call(t.owner, 'GET', '/api/invitations')).body).invitations[0]?.status).toBe('pending');
    clock += 1;
    expect(InvitationListResponse.parse((await t.call(t.owner, 'GET', '/api/invitations')).body).invitations[0]?.status).toBe('expired');
    expect((await t.call(invitee, 'GET', '/api/my-invitations')).body).toEqual({ invitations: [], nextCursor: null });
    const res = await t.call(invitee, 'POST', `/api/invitations/${id}/accept`);
    expect(res.status).toBe(409);
    expect(error(res.body)).toMatchObject({ code: 'CONFLICT', message: 'This invitation has expired' });
    expect((await t.call(invitee, 'POST', `/api/invitations/${token}/accept`)).status).toBe(409);
    expect((await me(t, invitee)).company.name).not.toBe('Acme Team');
  });

  it('refuses an invitation stored with a past expiry', async () => {
    const t = await make({ now: undefined });
    const invitee = testUser('Pat Past');
    await t.db.invitations.create(t.companyId, { email: invitee.email, token: 'past-token', expiresAt: new Date(Date.now() - 1000) });
    expect(error((await t.call(invitee, 'POST', '/api/invitations/past-token/accept')).body).message).toBe('This invitation has expired');
  });

  it('refuses a cancelled invitation by token or id (409, as an accepted or expired one), and no list shows it (issue 31)', async () => {
    const t = await make();
    const { token, invitee, id } = await t.invite();
    const kept = await t.invite();
    expect(InvitationListResponse.parse((await t.call(invitee, 'GET', '/api/my-invitations')).body).invitations.map((i) => i.id)).toEqual([id]);
    const res = await t.call(t.admin, 'DELETE', `/api/invitations/${id}`);
    expect([res.status, res.body]).toEqual([200, { message: 'Invitation cancelled' }]);
    expect((await t.db.invitations.get(t.companyId, id))?.status).toBe('cancelled');
    for (const who of [t.owner, t.member]) {
      expect((await t.call(who, 'GET', '/api/invitations')).body).toMatchObject({ invitations: [{ id: kept.id }], nextCursor: null });
    }
    expect((await t.call(invitee, 'GET', '/api/my-invitations')).body).toEqual({ invitations: [], nextCursor: null });
    for (const key of [token, id]) {
      const refused = await t.call(invitee, 'POST', `/api/invitations/${key}/accept`);
      expect([refused.status, refused.body]).toEqual([409, { error: { code: 'CONFLICT', message: 'This invitation was cancelled' } }]);
    }
    // Someone else, by id: as one that does not exist; by the link's token: not theirs.
    expect((await t.call(t.outsider, 'POST', `/api/invitations/${id}/accept`)).status).toBe(404);
    expect((await t.call(t.outsider, 'POST', `/api/invitations/${token}/accept`)).status).toBe(403);
    expect((await me(t, invitee)).company.name).not.toBe('Acme Team');
    // Cancelling it again: as one that does not exist (as when cancelling removed the entry).
    const twice = await t.call(t.owner, 'DELETE', `/api/invitations/${id}`);
    expect([twice.status, error(twice.body).message]).toEqual([404, 'Invitation not found or expired']);
    expect((await t.db.invitations.get(t.companyId, id))?.status).toBe('cancelled');
  });

  it('keeps an accepted invitation when asked to cancel it', async () => {
    const t = await make();
    const { token, invitee, id } = await t.invite();
    await t.call(invitee, 'POST', `/api/invitations/${token}/accept`);
    const res = await t.call(t.owner, 'DELETE', `/api/invitations/${id}`);
    expect(res.status).toBe(409);
    expect(error(res.body).message).toBe('This invitation has already been accepted');
    expect((await t.db.invitations.get(t.companyId, id))?.status).toBe('accepted');
    expect((await t.call(null, 'GET', `/api/invitations/${token}`)).body).toEqual({ error: { code: 'GONE', message: 'This invitation has already been accepted' } });
  });

  it("leaves the joiner's old company and its data as they were when they were its only member", async () => {
    const t = await make();
    const { token, invitee } = await t.invite();
    const before = await me(t, invitee);
    const oldCompanyId = (await t.db.users.getByEmail(invitee.email))!.companyId;
    await t.db.products.upsertMany(oldCompanyId, [{ externalId: 1, name: 'Kept', regularPriceCents: 100 }]);
    await t.call(invitee, 'POST', `/api/invitations/${token}/accept`);
    expect((await t.db.companies.get(oldCompanyId))?.name).toBe(before.company.name);
    expect(await t.db.products.count(oldCompanyId)).toBe(1);
    expect(await t.db.users.listByCompany(oldCompanyId)).toEqual([]);
  });

  it('refuses an owner whose company still has other members (it would be left without an owner)', async () => {
    const t = await make();
    await t.setPlan(t.outsider.companyId, 'premium');
    const colleague = testUser('Cole League');
    await t.db.users.create({ companyId: t.outsider.companyId, email: colleague.email, role: 'member' });
    const res = await t.call(t.owner, 'POST', '/api/invitations', { email: t.outsider.email });
    const token = new URL(CreateInvitationResponse.parse(res.body).acceptUrl).searchParams.get('token');
    const refused = await t.call(t.outsider, 'POST', `/api/invitations/${token}/accept`);
    expect(refused.status).toBe(409);
    expect(error(refused.body).message).toMatch(/^You own .+, which has other members\. Remove them from your team before joining another company\.$/);
  });
});

describe("the plan's user count", () => {
  it("lets a Trial company invite nobody: 402 'Your Trial plan allows 1 user. Upgrade to invite more teammates.'", async () => {
    const t = await make();
    const res = await t.call(t.outsider, 'POST', '/api/invitations', { email: 'friend@example.com' });
    expect(res.status).toBe(402);
    expect(error(res.body)).toEqual({ code: 'PLAN_LIMIT', message: 'Your Trial plan allows 1 user. Upgrade to invite more teammates.' });
  });

  it('counts members and open invitations on Starter (2 users); an expired invitation frees its place', async () => {
    const t = await make();
    await t.setPlan(t.outsider.companyId, 'starter');
    const invite = (email: string) => t.call(t.outsider, 'POST', '/api/invitations', { email });
    expect((await invite('one@example.com')).status).toBe(201);
    const full = await invite('two@example.com');
    expect(full.status).toBe(402);
    expect(error(full.body).message).toBe('Your Starter plan allows 2 users. Upgrade to invite more teammates.');
    clock += INVITATION_TTL_MS;
    expect((await invite('two@example.com')).status).toBe(201);
  });

  it('frees a cancelled invitation\'s place (issue 31: it stays stored, but is not counted)', async () => {
    const t = await make();
    await t.setPlan(t.outsider.companyId, 'starter');
    const invite = (email: string) => t.call(t.outsider, 'POST', '/api/invitations', { email });
    const first = CreateInvitationResponse.parse((await invite('one@example.com')).body).invitation;
    expect((await invite('two@example.com')).status).toBe(402);
    expect((await t.call(t.outsider, 'DELETE', `/api/invitations/${first.id}`)).status).toBe(200);
    expect((await invite('two@example.com')).status).toBe(201);
    expect((await invite('one@example.com')).status).toBe(402);
  });

  it('has no limit on Premium, and checks again at acceptance after a downgrade', async () => {
    const t = await make();
    const sent = await Promise.all([t.invite(), t.invite(), t.invite()]);
    expect(sent).toHaveLength(3);
    await t.setPlan(t.companyId, 'starter');
    const res = await t.call(sent[0]!.invitee, 'POST', `/api/invitations/${sent[0]!.token}/accept`);
    expect(res.status).toBe(402);
    expect(error(res.body).code).toBe('PLAN_LIMIT');
  });
});
