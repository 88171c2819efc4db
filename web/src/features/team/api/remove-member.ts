/** DELETE /api/company/users/{id}: removes a member, who moves to a company of their own. */
import { MessageResponse } from '@catalog/contracts/common';
import { apiFetch } from '../../../lib/api-client';
import { invalidateApiQuery } from '../../../lib/api-query';
import { TEAM_MEMBERS_QUERY } from './get-team-members';

export async function removeMember(id: string): Promise<MessageResponse> {
  const result = await apiFetch(`/api/company/users/${encodeURIComponent(id)}`, { method: 'DELETE', schema: MessageResponse });
  invalidateApiQuery(TEAM_MEMBERS_QUERY);
  return result;
}
