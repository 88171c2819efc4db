/** GET /api/company/users: the members of the caller's company (Team Members list). */
import { TeamMember } from '@catalog/contracts/team';
import { apiFetch } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/api-query';

/** Query key; invalidated after a member is removed. */
export const TEAM_MEMBERS_QUERY = 'company/users';

export function getTeamMembers(): Promise<TeamMember[]> {
  return apiFetch('/api/company/users', { schema: TeamMember.array() });
}

export function useTeamMembers() {
  return useApiQuery(TEAM_MEMBERS_QUERY, getTeamMembers);
}
