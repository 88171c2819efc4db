/** SQLite api_settings repository: one row per company. */
import { eq } from 'drizzle-orm';
import type { ApiSettings, SettingsRepository } from '../repositories';
import { newSettingsRow } from '../repository-shared';
import { apiSettings } from '../schema.sqlite';
import type { SqliteDb } from './types';

export function sqliteSettings(db: SqliteDb): SettingsRepository {
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
    async markSynced(companyId, at) {
      return db.update(apiSettings).set({ lastSyncAt: at, updatedAt: at })
        .where(eq(apiSettings.companyId, companyId)).returning({ id: apiSettings.id }).all().length > 0;
    },
  };
}
