/** GET /api/subscription: the plan Stripe last confirmed, its period and the product count. */
import { SubscriptionState } from '@catalog/contracts/subscription';
import { apiFetch } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/api-query';

/** Query key; replaced by the answer of a plan change or a cancellation. */
export const SUBSCRIPTION_QUERY = 'subscription';

export function getSubscription(): Promise<SubscriptionState> {
  return apiFetch('/api/subscription', { schema: SubscriptionState });
}

export function useSubscription() {
  return useApiQuery(SUBSCRIPTION_QUERY, getSubscription);
}
