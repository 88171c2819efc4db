/**
 * DELETE /api/settings (settings.update in the permission table): disconnects the store. The
 * server removes its webhooks from the store, forgets the credentials and the app's copy of the
 * catalog, and cancels pending work orders; every screen then shows no store connected.
 */
import { apiFetch } from '../../../lib/api-client';
import { setApiQueryData } from '../../../lib/api-query';
import { SETTINGS_QUERY } from './get-settings';

export async function disconnectStore(): Promise<void> {
  await apiFetch('/api/settings', { method: 'DELETE' });
  setApiQueryData(SETTINGS_QUERY, null);
}
