/** POST /api/subscription/cancel: cancels at the end of the paid period; answers the new state. */
import { SubscriptionState } from '@catalog/contracts/subscription';
import { apiFetch } from '../../../lib/api-client';
import { invalidateApiQuery, setApiQueryData } from '../../../lib/api-query';
import { CURRENT_USER_QUERY } from '../../../lib/current-user';
import { SUBSCRIPTION_QUERY } from './get-subscription';

export async function cancelSubscription(): Promise<SubscriptionState> {
  const state = await apiFetch('/api/subscription/cancel', { method: 'POST', body: {}, schema: SubscriptionState });
  setApiQueryData(SUBSCRIPTION_QUERY, state);
  invalidateApiQuery(CURRENT_USER_QUERY);
  return state;
}
