/**
 * POST /api/bigcommerce/adopt (settings.adoptInstallation: the owner): brings a store's
 * installation from BigCommerce into the caller's company with the code its install page gave
 * (decision 056). The store connection changes: every screen reads it again.
 */
import { AdoptInstallationResponse } from '@catalog/contracts/bigcommerce-app';
import { apiFetch } from '../../../lib/api-client';
import { invalidateApiQuery } from '../../../lib/api-query';
import { SETTINGS_QUERY } from './get-settings';

export async function adoptInstallation(code: string): Promise<AdoptInstallationResponse> {
  const adopted = await apiFetch('/api/bigcommerce/adopt', { method: 'POST', body: { code }, schema: AdoptInstallationResponse });
  invalidateApiQuery(SETTINGS_QUERY);
  return adopted;
}
