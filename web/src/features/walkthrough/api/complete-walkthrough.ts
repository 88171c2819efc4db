/** POST /api/auth/user/walkthrough-complete: the tour is done (finished or skipped) for good. */
import { CurrentUser } from '@catalog/contracts/auth';
import { apiFetch } from '../../../lib/api-client';
import { setApiQueryData } from '../../../lib/api-query';
import { CURRENT_USER_QUERY } from '../../../lib/current-user';

export async function completeWalkthrough(): Promise<CurrentUser> {
  const user = await apiFetch('/api/auth/user/walkthrough-complete', {
    method: 'POST',
    schema: CurrentUser,
  });
  setApiQueryData(CURRENT_USER_QUERY, user);
  return user;
}
