/**
 * GET /api/settings: the store connection (null while no store is connected). The sidebar reads
 * it for 'Connected Store' / 'Not Connected'.
 */
import { SettingsResponse } from '@catalog/contracts/settings';
import { apiFetch } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/api-query';

/** Query key; set it from the response after saving the settings. */
export const SETTINGS_QUERY = 'settings';

export function getSettings(): Promise<SettingsResponse> {
  return apiFetch('/api/settings', { schema: SettingsResponse });
}

export function useSettings() {
  return useApiQuery(SETTINGS_QUERY, getSettings);
}
