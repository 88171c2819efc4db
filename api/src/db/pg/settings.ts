/** PostgreSQL api_settings repository: one row per company. */
import { eq } from 'drizzle-orm';
import type { SettingsRepository } from '../repositories';
import { newSettingsRow } from '../repository-shared';
import { apiSettings } from '../schema.pg';
import type { PgDb } from './types';

export function pgSettings(db: PgDb): SettingsRepository {
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
    async markSynced(companyId, at) {
      const rows = await db.update(apiSettings).set({ lastSyncAt: at, updatedAt: at })
        .where(eq(apiSettings.companyId, companyId)).returning({ id: apiSettings.id });
      return rows.length > 0;
    },
  };
}
