/**
 * GET /api/my-invitations: invitations addressed to the signed-in user that they can accept,
 * newest first, in pages (issue 31: `{ invitations, nextCursor }`); the first page is a query,
 * the next ones load on demand.
 */
import { InvitationListResponse } from '@catalog/contracts/team';
import { apiFetch } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/api-query';
import { usePagedList } from '../../../lib/use-paged-list';

export const MY_INVITATIONS_QUERY = 'my-invitations';

/** A page of the list: the first without `cursor`, the next with the `nextCursor` of the one before. */
export function getMyInvitations(cursor: string | null = null): Promise<InvitationListResponse> {
  return apiFetch('/api/my-invitations', { query: { cursor }, schema: InvitationListResponse });
}

/**
 * The first page (the query: error, refetch) and `invitations`, every page loaded. `enabled`
 * false: not asked (the API lists them only for a verified email address, and answers anyone
 * else 403 EMAIL_NOT_VERIFIED: the app does not ask what it knows will be refused).
 */
export function useMyInvitations(enabled = true) {
  const query = useApiQuery(MY_INVITATIONS_QUERY, () => getMyInvitations(), { enabled });
  const invitations = usePagedList(query.data, (page) => page.invitations, (cursor) => getMyInvitations(cursor));
  return { ...query, invitations };
}
