/** SQLite company invitations repository. */
import { and, eq } from 'drizzle-orm';
import { rethrowUnique } from '../errors';
import { afterKey, keysetOrder } from '../keyset';
import type { Invitation, InvitationsRepository } from '../repositories';
import { acceptableInvitation, cancellableInvitation, invitationsForEmail, invitationsOfCompany, newInvitationRow } from '../repository-shared';
import { companyInvitations as inv, users } from '../schema.sqlite';
import type { SqliteDb } from './types';

export function sqliteInvitations(db: SqliteDb): InvitationsRepository {
  const scoped = (companyId: string, id: string) => and(eq(inv.companyId, companyId), eq(inv.id, id));
  return {
    async create(companyId, input) {
      try {
        return db.insert(inv).values(newInvitationRow(companyId, input)).returning().get() satisfies Invitation;
      } catch (err) {
        rethrowUnique(err);
      }
    },
    async get(companyId, id) {
      return db.select().from(inv).where(scoped(companyId, id)).get() ?? null;
    },
    async getById(id) {
      return db.select().from(inv).where(eq(inv.id, id)).get() ?? null;
    },
    async getByToken(token) {
      return db.select().from(inv).where(eq(inv.token, token)).get() ?? null;
    },
    async listByEmail(email, opts = {}) {
      const rows = db.select().from(inv)
        .where(and(invitationsForEmail(inv, email, opts), afterKey(inv.createdAt, inv.id, opts.after, 'newest')))
        .orderBy(...keysetOrder(inv.createdAt, inv.id, 'newest'));
      return (opts.limit === undefined ? rows : rows.limit(opts.limit)).all();
    },
    async listByCompany(companyId, opts = {}) {
      const rows = db.select().from(inv)
        .where(and(invitationsOfCompany(inv, companyId, opts.status), afterKey(inv.createdAt, inv.id, opts.after, 'newest')))
        .orderBy(...keysetOrder(inv.createdAt, inv.id, 'newest'));
      return (opts.limit === undefined ? rows : rows.limit(opts.limit)).all();
    },
    async updateStatus(companyId, id, status, at = new Date()) {
      return db.update(inv)
        .set({ status, acceptedAt: status === 'accepted' ? at : null })
        .where(scoped(companyId, id)).returning().get() ?? null;
    },
    async accept(companyId, id, userId, now = new Date()) {
      return db.transaction((tx) => {
        const user = tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).get();
        if (!user) return null;
        const accepted = tx.update(inv).set({ status: 'accepted', acceptedAt: now })
          .where(acceptableInvitation(inv, companyId, id, now))
          .returning().get();
        if (!accepted) return null;
        tx.update(users).set({ companyId, role: accepted.role, updatedAt: now }).where(eq(users.id, userId)).run();
        return accepted;
      }, { behavior: 'immediate' });
    },
    async cancel(companyId, id) {
      // The conditional UPDATE is the compare-and-set: an accept that won the race leaves it accepted.
      return db.update(inv).set({ status: 'cancelled' }).where(cancellableInvitation(inv, companyId, id)).returning().get() ?? null;
    },
  };
}
