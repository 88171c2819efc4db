/** SQLite users repository. Emails are stored trimmed and lower-cased. */
import { and, eq, sql } from 'drizzle-orm';
import { normalizeEmail } from '../email';
import { IdentityConflictError, rethrowUnique } from '../errors';
import { afterKey, keysetOrder } from '../keyset';
import type { User, UsersRepository } from '../repositories';
import { newCompanyRow, newUserRow, provisionedRows, userInCompany } from '../repository-shared';
import { companies, users } from '../schema.sqlite';
import type { SqliteDb } from './types';

export function sqliteUsers(db: SqliteDb): UsersRepository {
  // Every signed-in request looks its caller up: prepared once (on first use, after the
  // migrations), not rebuilt and re-prepared by drizzle each time.
  let byFirebaseUid: { get(values: { uid: string }): User | undefined } | undefined;
  return {
    async provision(input) {
      const now = input.now ?? new Date();
      const email = normalizeEmail(input.email);
      // better-sqlite3 is synchronous: this whole function runs as one immediate transaction.
      return db.transaction((tx) => {
        const byUid = tx.select().from(users).where(eq(users.firebaseUid, input.firebaseUid)).get();
        if (byUid) return byUid;
        const byEmail = tx.select().from(users).where(eq(users.email, email)).get();
        if (byEmail) {
          // Linked by email only when nobody owns the row yet and the token proves the address.
          if (byEmail.firebaseUid !== null) throw new IdentityConflictError('taken');
          if (!input.emailVerified) throw new IdentityConflictError('unverified');
          return tx.update(users).set({ firebaseUid: input.firebaseUid, updatedAt: now })
            .where(eq(users.id, byEmail.id)).returning().get()!;
        }
        const rows = provisionedRows(input, now);
        tx.insert(companies).values(rows.company).run();
        return tx.insert(users).values(rows.user).returning().get();
      }, { behavior: 'immediate' });
    },
    async create(input) {
      const now = input.now ?? new Date();
      try {
        return db.insert(users).values(newUserRow(input, now)).returning().get() satisfies User;
      } catch (err) {
        rethrowUnique(err);
      }
    },
    async getById(companyId, id) {
      return db.select().from(users).where(userInCompany(users, companyId, id)).get() ?? null;
    },
    async getByEmail(email) {
      return db.select().from(users).where(eq(users.email, normalizeEmail(email))).get() ?? null;
    },
    async getByFirebaseUid(firebaseUid) {
      byFirebaseUid ??= db.select().from(users).where(eq(users.firebaseUid, sql.placeholder('uid'))).prepare();
      return byFirebaseUid.get({ uid: firebaseUid }) ?? null;
    },
    async listByCompany(companyId, page) {
      const rows = db.select().from(users).where(and(eq(users.companyId, companyId), afterKey(users.createdAt, users.id, page?.after, 'oldest')))
        .orderBy(...keysetOrder(users.createdAt, users.id, 'oldest'));
      return (page ? rows.limit(page.limit) : rows).all();
    },
    async update(companyId, id, patch, now = new Date()) {
      const values = { ...patch, updatedAt: now };
      if (patch.email !== undefined) values.email = normalizeEmail(patch.email);
      try {
        return db.update(users).set(values)
          .where(userInCompany(users, companyId, id)).returning().get() ?? null;
      } catch (err) {
        rethrowUnique(err);
      }
    },
    async moveToNewCompany(companyId, userId, input, now = input.now ?? new Date()) {
      return db.transaction((tx) => {
        const user = tx.select({ id: users.id }).from(users)
          .where(userInCompany(users, companyId, userId)).get();
        if (!user) return null;
        const company = tx.insert(companies).values(newCompanyRow(input, now)).returning().get();
        const moved = tx.update(users).set({ companyId: company.id, role: 'owner', updatedAt: now })
          .where(eq(users.id, userId)).returning().get()!;
        return { user: moved, company };
      }, { behavior: 'immediate' });
    },
  };
}
