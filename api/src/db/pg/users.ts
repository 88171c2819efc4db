/** PostgreSQL users repository. Emails are stored trimmed and lower-cased. */
import { and, asc, eq } from 'drizzle-orm';
import { normalizeEmail } from '../email';
import { rethrowUnique } from '../errors';
import type { UsersRepository } from '../repositories';
import { users } from '../schema.pg';
import type { PgDb } from './types';

export function pgUsers(db: PgDb): UsersRepository {
  return {
    async create(input) {
      const now = input.now ?? new Date();
      const [row] = await db.insert(users).values({
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
      }).returning().catch(rethrowUnique);
      return row!;
    },
    async getById(companyId, id) {
      const [row] = await db.select().from(users).where(and(eq(users.companyId, companyId), eq(users.id, id)));
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
    async listByCompany(companyId) {
      return db.select().from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.createdAt), asc(users.id));
    },
    async update(companyId, id, patch, now = new Date()) {
      const values = { ...patch, updatedAt: now };
      if (patch.email !== undefined) values.email = normalizeEmail(patch.email);
      const [row] = await db.update(users).set(values)
        .where(and(eq(users.companyId, companyId), eq(users.id, id))).returning().catch(rethrowUnique);
      return row ?? null;
    },
  };
}
