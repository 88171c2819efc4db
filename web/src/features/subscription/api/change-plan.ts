/**
 * POST /api/subscription/change: a downgrade, or the plan confirmed on the return from checkout
 * (with Stripe's session id). The answer is the new state; the current user (plan and limit in
 * the shell) is read again.
 */
import { SubscriptionState, type PlanChangeBody } from '@catalog/contracts/subscription';
import { apiFetch } from '../../../lib/api-client';
import { invalidateApiQuery, setApiQueryData } from '../../../lib/api-query';
import { CURRENT_USER_QUERY } from '../../../lib/current-user';
import { SUBSCRIPTION_QUERY } from './get-subscription';

export async function changePlan(body: PlanChangeBody): Promise<SubscriptionState> {
  const state = await apiFetch('/api/subscription/change', { method: 'POST', body, schema: SubscriptionState });
  setApiQueryData(SUBSCRIPTION_QUERY, state);
  invalidateApiQuery(CURRENT_USER_QUERY);
  return state;
}
