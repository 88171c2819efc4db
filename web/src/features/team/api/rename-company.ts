/** PUT /api/company/name: renames the company; the current user (title, sidebar) is read again. */
import { CompanyNameResponse, type CompanyNameBody } from '@catalog/contracts/team';
import { apiFetch } from '../../../lib/api-client';
import { invalidateApiQuery } from '../../../lib/api-query';
import { CURRENT_USER_QUERY } from '../../../lib/current-user';

export async function renameCompany(body: CompanyNameBody): Promise<CompanyNameResponse> {
  const renamed = await apiFetch('/api/company/name', { method: 'PUT', body, schema: CompanyNameResponse });
  invalidateApiQuery(CURRENT_USER_QUERY);
  return renamed;
}
