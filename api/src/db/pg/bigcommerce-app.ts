/**
 * PostgreSQL data of the BigCommerce app (issue 34): installations, store users, accepted
 * payload ids and one-time sign-in codes. Each method is one statement (after a DELETE of
 * expired rows for the payload ids and the codes): of requests racing on any number of
 * instances, exactly one accepts a payload id (INSERT ... ON CONFLICT DO NOTHING) and exactly
 * one takes a code (an UPDATE that rechecks `used_at IS NULL` on the row it waited for).
 */
import { eq } from 'drizzle-orm';
import type { BigCommerceAppRepository } from '../repositories';
import { rethrowUnique } from '../errors';
import {
  expiredPayloadIds, expiredSignInCodes, installationUpsert, installedStore, storeUser, takeableSignInCode, toInstallation,
  uninstalledBeforeQuery,
} from '../repository-shared.bigcommerce-app';
import { bigcommerceInstallations as inst, bigcommercePayloadIds as jtis, bigcommerceUsers as bcUsers, signInCodes as codes, users } from '../schema.pg';
import type { PgDb } from './types';

export function pgBigCommerceApp(db: PgDb): BigCommerceAppRepository {
  return {
    async installation(storeHash) {
      const [row] = await db.select().from(inst).where(eq(inst.storeHash, storeHash));
      return row ? toInstallation(row) : null;
    },
    async installationOfCompany(companyId) {
      const [row] = await db.select().from(inst).where(eq(inst.companyId, companyId));
      return row ? toInstallation(row) : null;
    },
    async saveInstallation(input) {
      const { values, set } = installationUpsert(input);
      try {
        const [row] = await db.insert(inst).values(values).onConflictDoUpdate({ target: inst.storeHash, set }).returning();
        return toInstallation(row!);
      } catch (err) {
        rethrowUnique(err);
      }
    },
    async markUninstalled(storeHash, at) {
      const rows = await db.update(inst).set({ uninstalledAt: at }).where(installedStore(inst, storeHash)).returning({ storeHash: inst.storeHash });
      return rows.length > 0;
    },
    async uninstalledBefore(before, limit) {
      const { where, orderBy } = uninstalledBeforeQuery(inst, before);
      const rows = await db.select().from(inst).where(where).orderBy(...orderBy).limit(limit);
      return rows.map(toInstallation);
    },
    async deleteInstallation(storeHash) {
      await db.delete(inst).where(eq(inst.storeHash, storeHash));
    },

    async userOf(storeHash, bcUserId) {
      const [row] = await db.select({ userId: bcUsers.userId }).from(bcUsers).where(storeUser(bcUsers, storeHash, bcUserId));
      return row?.userId ?? null;
    },
    async linkUser(storeHash, bcUserId, userId, now) {
      await db.insert(bcUsers).values({ storeHash, bcUserId, userId, ...(now ? { createdAt: now } : {}) })
        .onConflictDoUpdate({ target: [bcUsers.storeHash, bcUsers.bcUserId], set: { userId } });
    },
    async unlinkUser(storeHash, bcUserId) {
      const [row] = await db.delete(bcUsers).where(storeUser(bcUsers, storeHash, bcUserId)).returning({ userId: bcUsers.userId });
      return row?.userId ?? null;
    },

    async acceptPayloadId(jti, expiresAt, now) {
      await db.delete(jtis).where(expiredPayloadIds(jtis, now));
      const inserted = await db.insert(jtis).values({ jti, expiresAt }).onConflictDoNothing().returning({ jti: jtis.jti });
      return inserted.length > 0;
    },

    async createSignInCode({ codeHash, userId, expiresAt, now }) {
      await db.insert(codes).values({ codeHash, userId, expiresAt, createdAt: now });
    },
    async takeSignInCode(codeHash, now) {
      await db.delete(codes).where(expiredSignInCodes(codes, now));
      const [row] = await db.update(codes).set({ usedAt: now }).where(takeableSignInCode(codes, codeHash, now)).returning({ userId: codes.userId });
      if (!row) return null;
      const [user] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, row.userId));
      return user ? { userId: row.userId, companyId: user.companyId } : null;
    },
  };
}
