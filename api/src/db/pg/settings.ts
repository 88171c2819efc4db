/** PostgreSQL api_settings repository: one row per company. */
import { and, asc, eq, isNotNull, isNull, lt, max, or } from 'drizzle-orm';
import type { LowestPriceRepository, SettingsRepository } from '../repositories';
import { laterOf, newSettingsRow, NO_CHECKS, syncedPatch } from '../repository-shared';
import { apiSettings, storeWebhookReceipts as receipts } from '../schema.pg';
import type { PgDb } from './types';

/**
 * `coverage` keeps the spans the prices were followed (issue 36): a complete sync opens one (from
 * its start) unless one is open, a disconnect closes it.
 */
export function pgSettings(db: PgDb, coverage: Pick<LowestPriceRepository, 'openCoverage' | 'closeCoverage'>): SettingsRepository {
  return {
    async get(companyId) {
      const [row] = await db.select().from(apiSettings).where(eq(apiSettings.companyId, companyId));
      return row ?? null;
    },
    async upsert(companyId, input, now = new Date()) {
      const [row] = await db.insert(apiSettings)
        .values(newSettingsRow(companyId, input, now))
        .onConflictDoUpdate({ target: apiSettings.companyId, set: { ...input, updatedAt: now } })
        .returning();
      return row!;
    },
    async markSynced(companyId, at, pass) {
      const rows = await db.update(apiSettings).set(syncedPatch(at, pass))
        .where(eq(apiSettings.companyId, companyId)).returning({ id: apiSettings.id });
      if (rows.length > 0 && pass) await coverage.openCoverage(companyId, pass.startedAt);
      return rows.length > 0;
    },
    async setWebhooks(companyId, webhooks, now = new Date()) {
      const rows = await db.update(apiSettings)
        .set({ webhookSecret: webhooks?.secret ?? null, webhookDestination: webhooks?.destination ?? null, ...(webhooks ? {} : NO_CHECKS), updatedAt: now })
        .where(eq(apiSettings.companyId, companyId)).returning({ id: apiSettings.id });
      return rows.length > 0;
    },
    async claimWebhookCheck(companyId, { at, dueBefore }) {
      // The update takes the row's lock: a second claim waits, then finds the check done.
      return db.transaction(async (tx) => {
        const [claimed] = await tx.update(apiSettings).set({ webhooksCheckedAt: at })
          .where(and(eq(apiSettings.companyId, companyId), isNotNull(apiSettings.webhookDestination),
            or(isNull(apiSettings.webhooksCheckedAt), lt(apiSettings.webhooksCheckedAt, dueBefore))))
          .returning({ goodAt: apiSettings.webhooksGoodAt });
        if (!claimed) return null;
        const [received] = await tx.select({ at: max(receipts.receivedAt) }).from(receipts).where(eq(receipts.companyId, companyId));
        return { goodAt: laterOf(claimed.goodAt, received?.at ?? null) };
      });
    },
    async webhookChecksDue(dueBefore, limit) {
      const rows = await db.select({ companyId: apiSettings.companyId }).from(apiSettings)
        .where(and(isNotNull(apiSettings.webhookDestination), or(isNull(apiSettings.webhooksCheckedAt), lt(apiSettings.webhooksCheckedAt, dueBefore))))
        .orderBy(asc(apiSettings.webhooksCheckedAt), asc(apiSettings.companyId)).limit(limit);
      return rows.map((r) => r.companyId);
    },
    async markWebhooksGood(companyId, at) {
      await db.update(apiSettings).set({ webhooksGoodAt: at }).where(eq(apiSettings.companyId, companyId));
    },
    async delete(companyId) {
      const found = (await db.delete(apiSettings).where(eq(apiSettings.companyId, companyId)).returning({ id: apiSettings.id })).length > 0;
      if (found) await coverage.closeCoverage(companyId, new Date());
      return found;
    },
    async requireFullSync(companyId, now = new Date()) {
      await db.update(apiSettings).set({ fullSyncAt: null, updatedAt: now }).where(eq(apiSettings.companyId, companyId));
    },
  };
}
