/**
 * PostgreSQL idempotency keys. A claim is one INSERT ... ON CONFLICT DO NOTHING (or one
 * compare-and-set UPDATE taking over a stale claim), so of many instances racing with one key
 * exactly one owns it.
 */
import type { IdempotencyClaim, IdempotencyRepository } from '../repositories';
import { idempotencyKeyOf, staleClaim, unfinishedClaim } from '../repository-shared';
import { idempotencyKeys as ik } from '../schema.pg';
import type { PgDb } from './types';

export function pgIdempotency(db: PgDb): IdempotencyRepository {
  // Another request may release the key between these statements: the loop then claims it anew.
  async function claim(companyId: string, input: Parameters<IdempotencyRepository['claim']>[1]): Promise<IdempotencyClaim> {
    const { key, scope, fingerprint, now, staleBefore } = input;
    for (let attempt = 0; attempt < 3; attempt++) {
      const [inserted] = await db.insert(ik).values({ companyId, key, scope, fingerprint, createdAt: now })
        .onConflictDoNothing().returning({ key: ik.key });
      if (inserted) return { claimed: true };
      const [takenOver] = await db.update(ik).set({ scope, fingerprint, createdAt: now })
        .where(staleClaim(ik, companyId, key, staleBefore)).returning({ key: ik.key });
      if (takenOver) return { claimed: true };
      const [record] = await db.select().from(ik).where(idempotencyKeyOf(ik, companyId, key));
      if (record) return { claimed: false, record };
    }
    throw new Error(`idempotency key ${key} keeps disappearing`);
  }
  return {
    claim,
    async complete(companyId, key, { status, response }, now = new Date()) {
      const [done] = await db.update(ik).set({ status, response, completedAt: now })
        .where(unfinishedClaim(ik, companyId, key)).returning({ key: ik.key });
      return done !== undefined;
    },
    async release(companyId, key) {
      await db.delete(ik).where(unfinishedClaim(ik, companyId, key));
    },
  };
}
