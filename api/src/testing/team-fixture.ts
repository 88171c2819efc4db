/**
 * A team for API tests: the app (testApp), an owner who signed in (so their company exists) on
 * a plan with room for everyone, an admin and a member of the same company, and an outsider who
 * owns another company. `call` sends a request as one of them (or nobody) and reads the JSON.
 */
import { PLANS, type PlanId } from '@catalog/contracts/plans';
import { CreateInvitationResponse } from '@catalog/contracts/team';
import type { Role } from '../db/repositories';
import { testApp, testUser } from './test-app';

export type TestMember = ReturnType<typeof testUser> & { id: string; name: string; companyId: string };

export async function teamApp(options: Parameters<typeof testApp>[0] & { plan?: PlanId } = {}) {
  const t = await testApp(options);

  /** Signs a new person in (first request provisions them and a company they own). */
  const signIn = async (name: string): Promise<TestMember> => {
    const user = testUser(name);
    const res = await t.app.request('/api/auth/user', { headers: user.headers });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
    const row = (await t.db.users.getByFirebaseUid(user.sub))!;
    return { ...user, id: row.id, name, companyId: row.companyId };
  };
  const setPlan = (companyId: string, plan: PlanId) =>
    t.db.companies.update(companyId, { subscriptionPlan: plan, productLimit: PLANS[plan].productLimit });

  const owner = await signIn('Olive Owner');
  const companyId = owner.companyId;
  await t.db.companies.update(companyId, { name: 'Acme Team' });
  await setPlan(companyId, options.plan ?? 'premium');

  /** A teammate with `role` in the owner's company (created before they ever signed in). */
  const teammate = async (role: Role, name: string): Promise<TestMember> => {
    const user = testUser(name);
    const row = await t.db.users.create({ companyId, email: user.email, firebaseUid: user.sub, role, firstName: name.split(' ')[0] });
    return { ...user, id: row.id, name, companyId };
  };
  const admin = await teammate('admin', 'Adam Admin');
  const member = await teammate('member', 'Mia Member');
  const outsider = await signIn('Otto Outsider');

  /** A request as `who` (null: no token), with a JSON body when given. */
  const call = async (who: { headers: Record<string, string> } | null, method: string, path: string, body?: unknown) => {
    const res = await t.app.request(path, {
      method,
      headers: who ? who.headers : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as unknown };
  };

  /** An open invitation from the owner to a new address; returns its id, token and the invitee. */
  const invite = async (role: 'admin' | 'member' = 'member', by: { headers: Record<string, string> } = owner) => {
    const invitee = testUser('Ivy Invitee');
    const res = await call(by, 'POST', '/api/invitations', { email: invitee.email, role });
    if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
    const created = CreateInvitationResponse.parse(res.body);
    const token = new URL(created.acceptUrl).searchParams.get('token')!;
    return { id: created.invitation.id, token, invitee, created };
  };

  return { ...t, owner, admin, member, outsider, companyId, signIn, setPlan, teammate, call, invite };
}

export type TeamApp = Awaited<ReturnType<typeof teamApp>>;
