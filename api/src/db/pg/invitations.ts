/** PostgreSQL company invitations repository. */
import { and, eq } from 'drizzle-orm';
import { rethrowUnique } from '../errors';
import { afterKey, keysetOrder } from '../keyset';
import type { InvitationsRepository } from '../repositories';
import { acceptableInvitation, cancellableInvitation, invitationsForEmail, invitationsOfCompany, newInvitationRow } from '../repository-shared';
import { companyInvitations as inv, users } from '../schema.pg';
import type { PgDb } from './types';

export function pgInvitations(db: PgDb): InvitationsRepository {
  const scoped = (companyId: string, id: string) => and(eq(inv.companyId, companyId), eq(inv.id, id));
  return {
    async create(companyId, input) {
      const [row] = await db.insert(inv).values(newInvitationRow(companyId, input)).returning().catch(rethrowUnique);
      return row!;
    },
    async get(companyId, id) {
      const [row] = await db.select().from(inv).where(scoped(companyId, id));
      return row ?? null;
    },
    async getById(id) {
      const [row] = await db.select().from(inv).where(eq(inv.id, id));
      return row ?? null;
    },
    async getByToken(token) {
      const [row] = await db.select().from(inv).where(eq(inv.token, token));
      return row ?? null;
    },
    async listByEmail(email, opts = {}) {
      const rows = db.select().from(inv)
        .where(and(invitationsForEmail(inv, email, opts), afterKey(inv.createdAt, inv.id, opts.after, 'newest')))
        .orderBy(...keysetOrder(inv.createdAt, inv.id, 'newest'));
      return opts.limit === undefined ? rows : rows.limit(opts.limit);
    },
    async listByCompany(companyId, opts = {}) {
      const rows = db.select().from(inv)
        .where(and(invitationsOfCompany(inv, companyId, opts.status), afterKey(inv.createdAt, inv.id, opts.after, 'newest')))
        .orderBy(...keysetOrder(inv.createdAt, inv.id, 'newest'));
      return opts.limit === undefined ? rows : rows.limit(opts.limit);
    },
    async updateStatus(companyId, id, status, at = new Date()) {
      const [row] = await db.update(inv)
        .set({ status, acceptedAt: status === 'accepted' ? at : null })
        .where(scoped(companyId, id)).returning();
      return row ?? null;
    },
    async accept(companyId, id, userId, now = new Date()) {
      return db.transaction(async (tx) => {
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        if (!user) return null;
        // The conditional UPDATE is the compare-and-set: a concurrent accept finds it no longer pending.
        const [accepted] = await tx.update(inv).set({ status: 'accepted', acceptedAt: now })
          .where(acceptableInvitation(inv, companyId, id, now))
          .returning();
        if (!accepted) return null;
        await tx.update(users).set({ companyId, role: accepted.role, updatedAt: now }).where(eq(users.id, userId));
        return accepted;
      });
    },
    async cancel(companyId, id) {
      // The conditional UPDATE is the compare-and-set: an accept that won the race leaves it accepted.
      const [row] = await db.update(inv).set({ status: 'cancelled' }).where(cancellableInvitation(inv, companyId, id)).returning();
      return row ?? null;
    },
  };
}
