/** DELETE /api/invitations/{id}: cancels an invitation; its entry disappears from the list. */
import { MessageResponse } from '@catalog/contracts/common';
import { apiFetch } from '../../../lib/api-client';
import { invalidateApiQuery } from '../../../lib/api-query';
import { INVITATIONS_QUERY } from './get-invitations';

export async function cancelInvitation(id: string): Promise<MessageResponse> {
  const result = await apiFetch(`/api/invitations/${encodeURIComponent(id)}`, { method: 'DELETE', schema: MessageResponse });
  invalidateApiQuery(INVITATIONS_QUERY);
  return result;
}
