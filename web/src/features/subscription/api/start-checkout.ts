/**
 * POST /api/subscription/checkout: the Stripe Checkout page to pay for a plan. An answer
 * without a usable URL is an error of its own ('No checkout URL received from server').
 */
import type { PaidPlanId } from '@catalog/contracts/subscription';
import { apiFetch } from '../../../lib/api-client';
import { SUBSCRIPTION_ERRORS } from '../utils/subscription-copy';

export class MissingCheckoutUrlError extends Error {
  constructor() {
    super(SUBSCRIPTION_ERRORS.noCheckoutUrl);
    this.name = 'MissingCheckoutUrlError';
  }
}

export async function startCheckout(plan: PaidPlanId): Promise<string> {
  const body = await apiFetch<{ checkoutUrl?: unknown }>('/api/subscription/checkout', { method: 'POST', body: { plan } });
  const url = body?.checkoutUrl;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new MissingCheckoutUrlError();
  return url;
}
