/**
 * GET and PATCH /api/company/settings (issue 19): whether members' work orders need approval and
 * the guardrails of work orders. Every role reads them (the work-order form shows which rules
 * block); owners and admins change them, and the answer becomes what every screen reads.
 */
import { CompanySettings, type UpdateCompanySettingsBody } from '@catalog/contracts/company-settings';
import { apiFetch } from '../../../lib/api-client';
import { setApiQueryData, useApiQuery } from '../../../lib/api-query';
import { COMPANY_SETTINGS_QUERY, getCompanySettings } from '../../../lib/company-settings';

export function useCompanySettings() {
  return useApiQuery(COMPANY_SETTINGS_QUERY, getCompanySettings);
}

export async function updateCompanySettings(body: UpdateCompanySettingsBody): Promise<CompanySettings> {
  const saved = await apiFetch('/api/company/settings', { method: 'PATCH', body, schema: CompanySettings });
  setApiQueryData(COMPANY_SETTINGS_QUERY, saved);
  return saved;
}
