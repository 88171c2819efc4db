/**
 * GET /api/company/users: the members of the caller's company (Team Members list), oldest first,
 * in pages (issue 31: `{ members, nextCursor }`); the first page is a query, the next ones load
 * on demand.
 */
import { TeamMemberListResponse } from '@catalog/contracts/team';
import { apiFetch } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/api-query';
import { usePagedList } from '../../../lib/use-paged-list';

/** Query key (the first page); invalidated after a member is removed. */
export const TEAM_MEMBERS_QUERY = 'company/users';

/** A page of the list: the first without `cursor`, the next with the `nextCursor` of the one before. */
export function getTeamMembers(cursor: string | null = null): Promise<TeamMemberListResponse> {
  return apiFetch('/api/company/users', { query: { cursor }, schema: TeamMemberListResponse });
}

/** The first page (the query: error, refetch) and `members`, every page loaded. */
export function useTeamMembers() {
  const query = useApiQuery(TEAM_MEMBERS_QUERY, () => getTeamMembers());
  const members = usePagedList(query.data, (page) => page.members, (cursor) => getTeamMembers(cursor));
  return { ...query, members };
}
