/** SQLite users repository. Emails are stored trimmed and lower-cased. */
import { and, asc, eq } from 'drizzle-orm';
import { normalizeEmail } from '../email';
import { rethrowUnique } from '../errors';
import type { User, UsersRepository } from '../repositories';
import { users } from '../schema.sqlite';
import type { SqliteDb } from './types';

export function sqliteUsers(db: SqliteDb): UsersRepository {
  return {
    async create(input) {
      const now = input.now ?? new Date();
      try {
        return db.insert(users).values({
          id: input.id ?? crypto.randomUUID(),
          companyId: input.companyId,
          email: normalizeEmail(input.email),
          firebaseUid: input.firebaseUid ?? null,
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          profileImageUrl: input.profileImageUrl ?? null,
          role: input.role ?? 'member',
          createdAt: now,
          updatedAt: now,
        }).returning().get() satisfies User;
      } catch (err) {
        rethrowUnique(err);
      }
    },
    async getById(companyId, id) {
      return db.select().from(users).where(and(eq(users.companyId, companyId), eq(users.id, id))).get() ?? null;
    },
    async getByEmail(email) {
      return db.select().from(users).where(eq(users.email, normalizeEmail(email))).get() ?? null;
    },
    async getByFirebaseUid(firebaseUid) {
      return db.select().from(users).where(eq(users.firebaseUid, firebaseUid)).get() ?? null;
    },
    async listByCompany(companyId) {
      return db.select().from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.createdAt), asc(users.id)).all();
    },
    async update(companyId, id, patch, now = new Date()) {
      const values = { ...patch, updatedAt: now };
      if (patch.email !== undefined) values.email = normalizeEmail(patch.email);
      try {
        return db.update(users).set(values)
          .where(and(eq(users.companyId, companyId), eq(users.id, id))).returning().get() ?? null;
      } catch (err) {
        rethrowUnique(err);
      }
    },
  };
}
