/**
 * GET and PATCH /api/company/settings (issue 19): whether members' work orders need approval and
 * the guardrails of work orders. Every role reads them (the work-order form shows which rules
 * block); owners and admins change them, and the answer becomes what every screen reads (and
 * the storefront publication's state is read again).
 */
import { CompanySettings, type UpdateCompanySettingsBody } from '@catalog/contracts/company-settings';
import { apiFetch } from '../../../lib/api-client';
import { invalidateApiQuery, setApiQueryData, useApiQuery } from '../../../lib/api-query';
import { COMPANY_SETTINGS_QUERY, getCompanySettings } from '../../../lib/company-settings';
import { PRIOR_PRICE_PUBLICATION_QUERY } from './prior-price-publication';

export function useCompanySettings() {
  return useApiQuery(COMPANY_SETTINGS_QUERY, getCompanySettings);
}

export async function updateCompanySettings(body: UpdateCompanySettingsBody): Promise<CompanySettings> {
  const saved = await apiFetch('/api/company/settings', { method: 'PATCH', body, schema: CompanySettings });
  setApiQueryData(COMPANY_SETTINGS_QUERY, saved);
  // Publishing on or off, another window: the publication has a change to write.
  invalidateApiQuery(PRIOR_PRICE_PUBLICATION_QUERY);
  return saved;
}
