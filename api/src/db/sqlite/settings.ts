/** SQLite api_settings repository: one row per company. */
import { and, asc, eq, isNotNull, isNull, lt, max, or } from 'drizzle-orm';
import type { ApiSettings, LowestPriceRepository, SettingsRepository } from '../repositories';
import { laterOf, newSettingsRow, NO_CHECKS, syncedPatch } from '../repository-shared';
import { apiSettings, storeWebhookReceipts as receipts } from '../schema.sqlite';
import type { SqliteDb } from './types';

/**
 * `coverage` keeps the spans the prices were followed (issue 36): a complete sync opens one (from
 * its start) unless one is open, a disconnect closes it.
 */
export function sqliteSettings(db: SqliteDb, coverage: Pick<LowestPriceRepository, 'openCoverage' | 'closeCoverage'>): SettingsRepository {
  return {
    async get(companyId) {
      return db.select().from(apiSettings).where(eq(apiSettings.companyId, companyId)).get() ?? null;
    },
    async upsert(companyId, input, now = new Date()) {
      return db.insert(apiSettings)
        .values(newSettingsRow(companyId, input, now))
        .onConflictDoUpdate({ target: apiSettings.companyId, set: { ...input, updatedAt: now } })
        .returning().get() satisfies ApiSettings;
    },
    async markSynced(companyId, at, pass) {
      const found = db.update(apiSettings).set(syncedPatch(at, pass))
        .where(eq(apiSettings.companyId, companyId)).returning({ id: apiSettings.id }).all().length > 0;
      if (found && pass) await coverage.openCoverage(companyId, pass.startedAt);
      return found;
    },
    async setWebhooks(companyId, webhooks, now = new Date()) {
      return db.update(apiSettings).set({ webhookSecret: webhooks?.secret ?? null, webhookDestination: webhooks?.destination ?? null, ...(webhooks ? {} : NO_CHECKS), updatedAt: now })
        .where(eq(apiSettings.companyId, companyId)).returning({ id: apiSettings.id }).all().length > 0;
    },
    async claimWebhookCheck(companyId, { at, dueBefore }) {
      return db.transaction((tx) => {
        const claimed = tx.update(apiSettings).set({ webhooksCheckedAt: at })
          .where(and(eq(apiSettings.companyId, companyId), isNotNull(apiSettings.webhookDestination),
            or(isNull(apiSettings.webhooksCheckedAt), lt(apiSettings.webhooksCheckedAt, dueBefore))))
          .returning({ goodAt: apiSettings.webhooksGoodAt }).get();
        if (!claimed) return null;
        const [received] = tx.select({ at: max(receipts.receivedAt) }).from(receipts).where(eq(receipts.companyId, companyId)).all();
        return { goodAt: laterOf(claimed.goodAt, received?.at ?? null) };
      });
    },
    async webhookChecksDue(dueBefore, limit) {
      return db.select({ companyId: apiSettings.companyId }).from(apiSettings)
        .where(and(isNotNull(apiSettings.webhookDestination), or(isNull(apiSettings.webhooksCheckedAt), lt(apiSettings.webhooksCheckedAt, dueBefore))))
        .orderBy(asc(apiSettings.webhooksCheckedAt), asc(apiSettings.companyId)).limit(limit).all().map((r) => r.companyId);
    },
    async markWebhooksGood(companyId, at) {
      db.update(apiSettings).set({ webhooksGoodAt: at }).where(eq(apiSettings.companyId, companyId)).run();
    },
    async delete(companyId) {
      const found = db.delete(apiSettings).where(eq(apiSettings.companyId, companyId)).returning({ id: apiSettings.id }).all().length > 0;
      if (found) await coverage.closeCoverage(companyId, new Date());
      return found;
    },
    async requireFullSync(companyId, now = new Date()) {
      db.update(apiSettings).set({ fullSyncAt: null, updatedAt: now }).where(eq(apiSettings.companyId, companyId)).run();
    },
  };
}
