/**
 * GET /api/company/settings (issue 19), read by the /settings page and by the work-order preview
 * (its guardrails): one request function and one cache key for both features.
 */
import { CompanySettings } from '@catalog/contracts/company-settings';
import { apiFetch } from './api-client';

export const COMPANY_SETTINGS_QUERY = 'company/settings';

export function getCompanySettings(): Promise<CompanySettings> {
  return apiFetch('/api/company/settings', { schema: CompanySettings });
}
