/**
 * The signed-in user as the API knows them (GET /api/auth/user): name, role, company and
 * whether they have seen the tour. Shared by the shell, the dashboard and the walkthrough.
 */
import { CurrentUser } from '@catalog/contracts/auth';
import { apiFetch } from './api-client';
import { useApiQuery } from './api-query';

/** The query key of GET /api/auth/user, for setApiQueryData after a write returns the user. */
export const CURRENT_USER_QUERY = 'auth/user';

export function fetchCurrentUser(): Promise<CurrentUser> {
  return apiFetch('/api/auth/user', { schema: CurrentUser });
}

export function useCurrentUser() {
  return useApiQuery(CURRENT_USER_QUERY, fetchCurrentUser);
}
