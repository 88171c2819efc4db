/**
 * SQLite data of the BigCommerce app (issue 34): installations, store users, accepted payload
 * ids and one-time sign-in codes. Each method is one statement (after a DELETE of expired rows
 * for the payload ids and the codes), so accepting a payload id and taking a code are atomic.
 */
import { eq } from 'drizzle-orm';
import type { BigCommerceAppRepository } from '../repositories';
import { rethrowUnique } from '../errors';
import {
  expiredPayloadIds, expiredSignInCodes, installationUpsert, installedStore, storeUser, takeableSignInCode, toInstallation,
  uninstalledBeforeQuery,
} from '../repository-shared.bigcommerce-app';
import { bigcommerceInstallations as inst, bigcommercePayloadIds as jtis, bigcommerceUsers as bcUsers, signInCodes as codes, users } from '../schema.sqlite';
import type { SqliteDb } from './types';

export function sqliteBigCommerceApp(db: SqliteDb): BigCommerceAppRepository {
  return {
    async installation(storeHash) {
      const row = db.select().from(inst).where(eq(inst.storeHash, storeHash)).get();
      return row ? toInstallation(row) : null;
    },
    async installationOfCompany(companyId) {
      const row = db.select().from(inst).where(eq(inst.companyId, companyId)).get();
      return row ? toInstallation(row) : null;
    },
    async saveInstallation(input) {
      const { values, set } = installationUpsert(input);
      try {
        return toInstallation(db.insert(inst).values(values).onConflictDoUpdate({ target: inst.storeHash, set }).returning().get());
      } catch (err) {
        rethrowUnique(err);
      }
    },
    async markUninstalled(storeHash, at) {
      return db.update(inst).set({ uninstalledAt: at }).where(installedStore(inst, storeHash)).returning({ storeHash: inst.storeHash }).get() !== undefined;
    },
    async uninstalledBefore(before, limit) {
      const { where, orderBy } = uninstalledBeforeQuery(inst, before);
      return db.select().from(inst).where(where).orderBy(...orderBy).limit(limit).all().map(toInstallation);
    },
    async deleteInstallation(storeHash) {
      db.delete(inst).where(eq(inst.storeHash, storeHash)).run();
    },

    async userOf(storeHash, bcUserId) {
      return db.select({ userId: bcUsers.userId }).from(bcUsers).where(storeUser(bcUsers, storeHash, bcUserId)).get()?.userId ?? null;
    },
    async linkUser(storeHash, bcUserId, userId, now) {
      db.insert(bcUsers).values({ storeHash, bcUserId, userId, ...(now ? { createdAt: now } : {}) })
        .onConflictDoUpdate({ target: [bcUsers.storeHash, bcUsers.bcUserId], set: { userId } }).run();
    },
    async unlinkUser(storeHash, bcUserId) {
      return db.delete(bcUsers).where(storeUser(bcUsers, storeHash, bcUserId)).returning({ userId: bcUsers.userId }).get()?.userId ?? null;
    },

    async acceptPayloadId(jti, expiresAt, now) {
      db.delete(jtis).where(expiredPayloadIds(jtis, now)).run();
      return db.insert(jtis).values({ jti, expiresAt }).onConflictDoNothing().returning({ jti: jtis.jti }).get() !== undefined;
    },

    async createSignInCode({ codeHash, userId, expiresAt, now }) {
      db.insert(codes).values({ codeHash, userId, expiresAt, createdAt: now }).run();
    },
    async takeSignInCode(codeHash, now) {
      db.delete(codes).where(expiredSignInCodes(codes, now)).run();
      const taken = db.update(codes).set({ usedAt: now }).where(takeableSignInCode(codes, codeHash, now)).returning({ userId: codes.userId }).get();
      if (!taken) return null;
      const user = db.select({ companyId: users.companyId }).from(users).where(eq(users.id, taken.userId)).get();
      return user ? { userId: taken.userId, companyId: user.companyId } : null;
    },
  };
}
