/**
 * SQLite idempotency keys. A claim is one INSERT (or one compare-and-set UPDATE taking over a
 * stale claim), so two requests with one key never both own it, whatever the process count.
 */
import type { IdempotencyClaim, IdempotencyRepository } from '../repositories';
import { idempotencyKeyOf, staleClaim, unfinishedClaim } from '../repository-shared';
import { idempotencyKeys as ik } from '../schema.sqlite';
import type { SqliteDb } from './types';

export function sqliteIdempotency(db: SqliteDb): IdempotencyRepository {
  // Synchronous, so nothing runs between these statements in this process; another process
  // can still release the key in between, which the loop retries.
  function claim(companyId: string, input: Parameters<IdempotencyRepository['claim']>[1]): IdempotencyClaim {
    const { key, scope, fingerprint, now, staleBefore } = input;
    for (let attempt = 0; attempt < 3; attempt++) {
      const inserted = db.insert(ik).values({ companyId, key, scope, fingerprint, createdAt: now })
        .onConflictDoNothing().returning({ key: ik.key }).get();
      if (inserted) return { claimed: true };
      const takenOver = db.update(ik).set({ scope, fingerprint, createdAt: now })
        .where(staleClaim(ik, companyId, key, staleBefore)).returning({ key: ik.key }).get();
      if (takenOver) return { claimed: true };
      const record = db.select().from(ik).where(idempotencyKeyOf(ik, companyId, key)).get();
      if (record) return { claimed: false, record };
    }
    throw new Error(`idempotency key ${key} keeps disappearing`);
  }
  return {
    claim: async (companyId, input) => claim(companyId, input),
    async complete(companyId, key, { status, response }, now = new Date()) {
      const done = db.update(ik).set({ status, response, completedAt: now })
        .where(unfinishedClaim(ik, companyId, key)).returning({ key: ik.key }).get();
      return done !== undefined;
    },
    async release(companyId, key) {
      db.delete(ik).where(unfinishedClaim(ik, companyId, key)).run();
    },
  };
}
