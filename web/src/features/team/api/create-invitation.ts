/** POST /api/invitations: invite by email with a role; answers the link to share. */
import { CreateInvitationResponse, type InviteBody } from '@catalog/contracts/team';
import { apiFetch } from '../../../lib/api-client';
import { invalidateApiQuery } from '../../../lib/api-query';
import { INVITATIONS_QUERY } from './get-invitations';

export async function createInvitation(body: InviteBody): Promise<CreateInvitationResponse> {
  const created = await apiFetch('/api/invitations', { method: 'POST', body, schema: CreateInvitationResponse });
  invalidateApiQuery(INVITATIONS_QUERY);
  return created;
}
