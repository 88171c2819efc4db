/** PostgreSQL api_settings repository: one row per company. */
import { eq } from 'drizzle-orm';
import type { LowestPriceRepository, SettingsRepository } from '../repositories';
import { newSettingsRow, syncedPatch } from '../repository-shared';
import { apiSettings } from '../schema.pg';
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
        .set({ webhookSecret: webhooks?.secret ?? null, webhookDestination: webhooks?.destination ?? null, updatedAt: now })
        .where(eq(apiSettings.companyId, companyId)).returning({ id: apiSettings.id });
      return rows.length > 0;
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
