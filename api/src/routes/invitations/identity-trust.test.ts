/**
 * Trust in who the caller is (issue 14, items 1 and 2), through the API on every database target:
 * an address whose token does not say it is verified cannot list or accept invitations (403
 * EMAIL_NOT_VERIFIED, nothing written) until the same person's next token says it is; a second
 * sign-in presenting someone's email never becomes them (409 ACCOUNT_CONFLICT, nothing written);
 * a user row made before its person signed in is linked by a verified token only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CurrentUser } from '@catalog/contracts/auth';
import { ErrorBody } from '@catalog/contracts/errors';
import { AcceptInvitationResponse, INVITATION_ERRORS, type Invitation, InvitationListResponse } from '@catalog/contracts/team';
import { VERIFY_TO_LINK_MESSAGE } from '../../services/provisioning';
import { fingerprinter } from '../../testing/db-snapshot';
import { testDatabase, dbTargets } from '../../testing/db-targets';
import { emulatorToken, testUser } from '../../testing/test-app';
import { teamApp, type TeamApp } from '../../testing/team-fixture';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A team on this run's database (testing/db-targets.ts), and a fingerprinter of that database. */
async function team(): Promise<TeamApp & { fingerprint: () => Promise<unknown> }> {
  const database = await testDatabase({ file: true });
  cleanups.push(database.drop);
  const t = await teamApp({ databaseUrl: database.url });
  cleanups.push(t.close);
  const prints = fingerprinter(database.url);
  cleanups.push(prints.close);
  return { ...t, fingerprint: () => prints.read() };
}

const error = (body: unknown) => ErrorBody.parse(body).error;
const headersOf = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

describe.each(dbTargets)('identity trust on $name', () => {
  it('refuses an unverified address the invitation list and acceptance (by id and by token), writing nothing; verified, it joins', async () => {
    const t = await team();
    const invitee = testUser('Ivy Invitee', { emailVerified: false });
    // The invitee has signed in once (their own company exists) before the invitation.
    expect((await t.call(invitee, 'GET', '/api/auth/user')).status).toBe(200);
    const sent = await t.call(t.owner, 'POST', '/api/invitations', { email: invitee.email, role: 'admin' });
    expect(sent.status).toBe(201);
    const { invitation, acceptUrl } = sent.body as { invitation: Invitation; acceptUrl: string };
    const token = new URL(acceptUrl).searchParams.get('token')!;

    const before = await t.fingerprint();
    const refusals = [
      await t.call(invitee, 'GET', '/api/my-invitations'),
      await t.call(invitee, 'POST', `/api/invitations/${invitation.id}/accept`),
      await t.call(invitee, 'POST', `/api/invitations/${token}/accept`),
      // Again, now that the GET above may be answered from the cache of callers.
      await t.call(invitee, 'GET', '/api/my-invitations'),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      expect(error(res.body)).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: INVITATION_ERRORS.emailNotVerified });
    }
    expect(await t.fingerprint()).toEqual(before);
    expect((await t.db.invitations.getById(invitation.id))?.status).toBe('pending');
    expect(CurrentUser.parse((await t.call(invitee, 'GET', '/api/auth/user')).body).company.name).not.toBe('Acme Team');

    // The same person after verifying: Firebase's next token says email_verified true.
    const verified = invitee.verified();
    const mine = await t.call(verified, 'GET', '/api/my-invitations');
    expect(mine.status).toBe(200);
    expect(InvitationListResponse.parse(mine.body).invitations.map((i) => i.id)).toEqual([invitation.id]);
    const accepted = await t.call(verified, 'POST', `/api/invitations/${token}/accept`);
    expect(accepted.status).toBe(200);
    expect(AcceptInvitationResponse.parse(accepted.body)).toMatchObject({ companyName: 'Acme Team', role: 'admin' });
    expect(CurrentUser.parse((await t.call(verified, 'GET', '/api/auth/user')).body)).toMatchObject({ role: 'admin', company: { name: 'Acme Team' } });
  });

  it("answers 409 ACCOUNT_CONFLICT to a new sign-in with another user's email, verified or not, and changes nothing", async () => {
    const t = await team();
    const ownerRow = await t.db.users.getByFirebaseUid(t.owner.sub);
    const before = await t.fingerprint();
    for (const verified of [true, false]) {
      const intruder = headersOf(emulatorToken({ sub: `uid-${crypto.randomUUID()}`, email: t.owner.email.toUpperCase(), email_verified: verified, name: 'Mallory' }));
      for (const [method, path] of [['GET', '/api/auth/user'], ['GET', '/api/company/users'], ['POST', '/api/auth/user/walkthrough-complete']] as const) {
        const res = await t.call({ headers: intruder }, method, path);
        expect(res.status).toBe(409);
        expect(error(res.body)).toEqual({ code: 'ACCOUNT_CONFLICT', message: 'This email address belongs to another sign-in' });
      }
    }
    expect(await t.fingerprint()).toEqual(before);
    expect(await t.db.users.getByFirebaseUid(t.owner.sub)).toEqual(ownerRow);
    // The owner still signs in as themselves.
    expect(CurrentUser.parse((await t.call(t.owner, 'GET', '/api/auth/user')).body)).toMatchObject({ role: 'owner', company: { name: 'Acme Team' } });
  });

  it('links a user row made before its person signed in (no uid) to a verified token only', async () => {
    const t = await team();
    const person = testUser('Wanda Waiting', { emailVerified: false });
    const row = await t.db.users.create({ companyId: t.companyId, email: person.email, role: 'member' });
    const before = await t.fingerprint();
    const refused = await t.call(person, 'GET', '/api/auth/user');
    expect(refused.status).toBe(403);
    expect(error(refused.body)).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: VERIFY_TO_LINK_MESSAGE });
    expect(await t.fingerprint()).toEqual(before);
    expect(await t.db.users.getById(t.companyId, row.id)).toEqual(row);

    const linked = await t.call(person.verified(), 'GET', '/api/auth/user');
    expect(linked.status).toBe(200);
    expect(CurrentUser.parse(linked.body)).toMatchObject({ id: row.id, role: 'member', company: { name: 'Acme Team' } });
    expect((await t.db.users.getById(t.companyId, row.id))?.firebaseUid).toBe(person.sub);
  });
});
