/** The route table's rows for the subscription and the webhooks providers call: Stripe's and the store's. */
import { UuidParam } from '@catalog/contracts/common';
import { StoreWebhookPayload } from '@catalog/contracts/store-webhooks';
import { CheckoutBody, CheckoutResponse, PlanChangeBody, SubscriptionState } from '@catalog/contracts/subscription';
import type { RouteRows } from './route-spec';

export const BILLING_ROUTES = {
  'GET /api/subscription': { summary: 'The plan Stripe last confirmed, its period and the product count', access: 'subscription.read', responses: { 200: SubscriptionState } },
  'POST /api/subscription/checkout': { summary: 'Starts an upgrade through Stripe Checkout', access: 'subscription.change', body: CheckoutBody, responses: { 200: CheckoutResponse } },
  'POST /api/subscription/change': {
    summary: 'Changes the plan: the return from checkout, or a downgrade', access: 'subscription.change', body: PlanChangeBody,
    responses: { 200: SubscriptionState },
  },
  'POST /api/subscription/cancel': { summary: 'Cancels the plan at the end of the paid period', access: 'subscription.change', responses: { 200: SubscriptionState } },

  'POST /api/stripe/webhook': { summary: 'Stripe\u2019s events, signed by Stripe; answers `{ received: true }`', access: 'webhook', verifiedBy: 'stripeSignature' },
  'POST /api/webhooks/bigcommerce/:id': {
    summary: 'The store\u2019s webhook deliveries for a company, recorded for the refresh worker', access: 'webhook', verifiedBy: 'storeWebhookSecret',
    params: UuidParam, body: StoreWebhookPayload,
  },
} as const satisfies RouteRows;
