/**
 * POST /api/invitations/{id}/accept: joins the inviting company with the invited role. The Team
 * page reloads afterwards, since everything the user sees now belongs to another company.
 */
import { AcceptInvitationResponse } from '@catalog/contracts/team';
import { apiFetch } from '../../../lib/api-client';

export function acceptInvitation(id: string): Promise<AcceptInvitationResponse> {
  return apiFetch(`/api/invitations/${encodeURIComponent(id)}/accept`, { method: 'POST', schema: AcceptInvitationResponse });
}
