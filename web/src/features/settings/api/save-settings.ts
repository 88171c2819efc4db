/**
 * POST /api/settings (settings.update in the permission table): saves the store connection
 * after the store accepted the credentials; the answer (token masked) becomes the settings
 * every screen shows, so the sidebar says 'Connected Store' at once.
 */
import { Settings, type SaveSettingsBody } from '@catalog/contracts/settings';
import { apiFetch } from '../../../lib/api-client';
import { setApiQueryData } from '../../../lib/api-query';
import { SETTINGS_QUERY } from './get-settings';

export async function saveSettings(body: SaveSettingsBody): Promise<Settings> {
  const saved = await apiFetch('/api/settings', { method: 'POST', body, schema: Settings });
  setApiQueryData(SETTINGS_QUERY, saved);
  return saved;
}
