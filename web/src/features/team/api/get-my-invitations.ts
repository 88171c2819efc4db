/** GET /api/my-invitations: invitations addressed to the signed-in user that they can accept. */
import { Invitation } from '@catalog/contracts/team';
import { apiFetch } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/api-query';

export const MY_INVITATIONS_QUERY = 'my-invitations';

export function getMyInvitations(): Promise<Invitation[]> {
  return apiFetch('/api/my-invitations', { schema: Invitation.array() });
}

export function useMyInvitations() {
  return useApiQuery(MY_INVITATIONS_QUERY, getMyInvitations);
}
