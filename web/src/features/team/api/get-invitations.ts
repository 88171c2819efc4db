/**
 * GET /api/invitations: the company's invitations with their status (Pending Invitations list),
 * newest first, in pages (issue 31: `{ invitations, nextCursor }`); the first page is a query,
 * the next ones load on demand.
 */
import { InvitationListResponse } from '@catalog/contracts/team';
import { apiFetch } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/api-query';
import { usePagedList } from '../../../lib/use-paged-list';

/** Query key (the first page); invalidated after an invitation is sent or cancelled. */
export const INVITATIONS_QUERY = 'invitations';

/** A page of the list: the first without `cursor`, the next with the `nextCursor` of the one before. */
export function getInvitations(cursor: string | null = null): Promise<InvitationListResponse> {
  return apiFetch('/api/invitations', { query: { cursor }, schema: InvitationListResponse });
}

/** The first page (the query: error, refetch) and `invitations`, every page loaded. */
export function useInvitations() {
  const query = useApiQuery(INVITATIONS_QUERY, () => getInvitations());
  const invitations = usePagedList(query.data, (page) => page.invitations, (cursor) => getInvitations(cursor));
  return { ...query, invitations };
}
