/**
 * The repository contract of what teams need beyond the basics, on every dialect (SQLite
 * always, PostgreSQL with TEST_DATABASE_URL): moving a removed member into a company of their
 * own in one step, and finding an invitation by id across companies.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets, openTarget } from '../testing/db-targets';
import type { Database } from './repositories';

const t0 = new Date('2025-03-01T10:00:00.000Z');
const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

describe.each(dbTargets)('team repositories on $name', (target) => {
  let db: Database;
  let close = async () => {};
  beforeAll(async () => {
    ({ db, close } = await openTarget(target));
  });
  afterAll(async () => close());

  describe('users.moveToNewCompany', () => {
    it('creates the company and moves the user in as its owner, keeping the user row', async () => {
      const team = await db.companies.create({ name: 'Team Co', subscriptionPlan: 'premium', productLimit: 1000 });
      const member = await db.users.create({ companyId: team.id, email: email('mia'), firstName: 'Mia', role: 'admin' });
      const invite = await db.invitations.create(team.id, { email: email('guest'), invitedBy: member.id, token: `tok-${randomUUID()}`, expiresAt: new Date(Date.now() + 60_000) });

      const moved = await db.users.moveToNewCompany(team.id, member.id, { name: "Mia's Company", subscriptionPlan: 'trial', productLimit: 5 }, t0);
      expect(moved?.company).toMatchObject({ name: "Mia's Company", subscriptionPlan: 'trial', productLimit: 5 });
      expect(moved?.company.createdAt).toEqual(t0);
      expect(moved?.user).toMatchObject({ id: member.id, email: member.email, firstName: 'Mia', role: 'owner', companyId: moved?.company.id });
      expect(moved?.user.createdAt).toEqual(member.createdAt);
      expect(await db.users.getById(team.id, member.id)).toBeNull();
      expect((await db.users.getById(moved!.company.id, member.id))?.role).toBe('owner');
      // What the member did for the old team stays there.
      expect((await db.invitations.get(team.id, invite.id))?.invitedBy).toBe(member.id);
    });

    it('creates nothing for a user who is absent or in another company', async () => {
      const a = await db.companies.create({ name: 'A' });
      const b = await db.companies.create({ name: 'B' });
      const user = await db.users.create({ companyId: a.id, email: email('ann') });
      const id = randomUUID();
      expect(await db.users.moveToNewCompany(b.id, user.id, { id, name: 'Never' })).toBeNull();
      expect(await db.users.moveToNewCompany(a.id, randomUUID(), { id, name: 'Never' })).toBeNull();
      expect(await db.companies.get(id)).toBeNull();
      expect((await db.users.getById(a.id, user.id))?.companyId).toBe(a.id);
    });

    it('moves a member once when two removals race', async () => {
      const team = await db.companies.create({ name: 'Race Co' });
      const member = await db.users.create({ companyId: team.id, email: email('race') });
      const ids = [randomUUID(), randomUUID()];
      const results = await Promise.all(ids.map((id) => db.users.moveToNewCompany(team.id, member.id, { id, name: 'Own' })));
      expect(results.filter(Boolean)).toHaveLength(1);
      const created = await Promise.all(ids.map((id) => db.companies.get(id)));
      expect(created.filter(Boolean)).toHaveLength(1);
    });
  });

  describe('invitations.getById', () => {
    it('finds an invitation by id whatever the company, and null for an unknown id', async () => {
      const a = await db.companies.create({ name: 'Inviter' });
      const inv = await db.invitations.create(a.id, { email: email('x'), token: `tok-${randomUUID()}`, expiresAt: new Date(Date.now() + 60_000) });
      expect((await db.invitations.getById(inv.id))?.companyId).toBe(a.id);
      expect(await db.invitations.getById(randomUUID())).toBeNull();
    });
  });
});
