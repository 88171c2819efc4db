/** PostgreSQL users repository. Emails are stored trimmed and lower-cased. */
import { and, eq } from 'drizzle-orm';
import { normalizeEmail } from '../email';
import { IdentityConflictError, rethrowUnique, UniqueViolationError } from '../errors';
import { afterKey, keysetOrder } from '../keyset';
import type { ProvisionInput, User, UsersRepository } from '../repositories';
import { newCompanyRow, newUserRow, provisionedRows, userInCompany } from '../repository-shared';
import { companies, users } from '../schema.pg';
import type { PgDb } from './types';

export function pgUsers(db: PgDb): UsersRepository {
  const provisionOnce = (input: ProvisionInput): Promise<User> => {
    const now = input.now ?? new Date();
    const email = normalizeEmail(input.email);
    return db.transaction(async (tx) => {
      const [byUid] = await tx.select().from(users).where(eq(users.firebaseUid, input.firebaseUid));
      if (byUid) return byUid;
      const [byEmail] = await tx.select().from(users).where(eq(users.email, email)).for('update');
      // The same identity's first request on another process committed its row since the select by uid.
      if (byEmail?.firebaseUid === input.firebaseUid) return byEmail;
      if (byEmail) {
        // Linked by email only when nobody owns the row yet and the token proves the address.
        if (byEmail.firebaseUid !== null) throw new IdentityConflictError('taken');
        if (!input.emailVerified) throw new IdentityConflictError('unverified');
        const [linked] = await tx.update(users).set({ firebaseUid: input.firebaseUid, updatedAt: now })
          .where(eq(users.id, byEmail.id)).returning();
        return linked!;
      }
      const rows = provisionedRows(input, now);
      await tx.insert(companies).values(rows.company);
      // A concurrent first request for the same identity loses here on the unique uid/email
      // and its whole transaction (company included) rolls back.
      const [row] = await tx.insert(users).values(rows.user).returning().catch(rethrowUnique);
      return row!;
    });
  };

  return {
    async provision(input) {
      for (let attempt = 0; ; attempt++) {
        try {
          return await provisionOnce(input);
        } catch (err) {
          if (!(err instanceof UniqueViolationError) || attempt >= 3) throw err;
        }
      }
    },
    async create(input) {
      const now = input.now ?? new Date();
      const [row] = await db.insert(users).values(newUserRow(input, now)).returning().catch(rethrowUnique);
      return row!;
    },
    async getById(companyId, id) {
      const [row] = await db.select().from(users).where(userInCompany(users, companyId, id));
      return row ?? null;
    },
    async getByEmail(email) {
      const [row] = await db.select().from(users).where(eq(users.email, normalizeEmail(email)));
      return row ?? null;
    },
    async getByFirebaseUid(firebaseUid) {
      const [row] = await db.select().from(users).where(eq(users.firebaseUid, firebaseUid));
      return row ?? null;
    },
    async listByCompany(companyId, page) {
      const rows = db.select().from(users).where(and(eq(users.companyId, companyId), afterKey(users.createdAt, users.id, page?.after, 'oldest')))
        .orderBy(...keysetOrder(users.createdAt, users.id, 'oldest'));
      return page ? rows.limit(page.limit) : rows;
    },
    async update(companyId, id, patch, now = new Date()) {
      const values = { ...patch, updatedAt: now };
      if (patch.email !== undefined) values.email = normalizeEmail(patch.email);
      const [row] = await db.update(users).set(values)
        .where(userInCompany(users, companyId, id)).returning().catch(rethrowUnique);
      return row ?? null;
    },
    async moveToNewCompany(companyId, userId, input, now = input.now ?? new Date()) {
      return db.transaction(async (tx) => {
        // The row lock makes a concurrent removal of the same member wait, then find them gone.
        const [user] = await tx.select({ id: users.id }).from(users)
          .where(userInCompany(users, companyId, userId)).for('update');
        if (!user) return null;
        const [company] = await tx.insert(companies).values(newCompanyRow(input, now)).returning();
        const [moved] = await tx.update(users).set({ companyId: company!.id, role: 'owner', updatedAt: now })
          .where(eq(users.id, userId)).returning();
        return { user: moved!, company: company! };
      });
    },
  };
}
