/** GET /api/invitations: the company's invitations with their status (Pending Invitations list). */
import { Invitation } from '@catalog/contracts/team';
import { apiFetch } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/api-query';

/** Query key; invalidated after an invitation is sent or cancelled. */
export const INVITATIONS_QUERY = 'invitations';

export function getInvitations(): Promise<Invitation[]> {
  return apiFetch('/api/invitations', { schema: Invitation.array() });
}

export function useInvitations() {
  return useApiQuery(INVITATIONS_QUERY, getInvitations);
}
