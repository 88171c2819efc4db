/**
 * The Stripe objects the fake keeps, in the JSON shape Stripe's API answers with (the fields
 * the Checkout and Billing flows read, plus the usual `object`, `created`, `livemode`,
 * `metadata`). Times are Unix seconds, amounts integer cents, ids `<prefix>_test_<random>`.
 */
import { randomBytes } from 'node:crypto';

export type Metadata = Record<string, string>;

export interface StripeCustomer {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Metadata;
  livemode: false;
}

export interface StripePrice {
  id: string;
  object: 'price';
  active: boolean;
  created: number;
  currency: string;
  unit_amount: number;
  nickname: string | null;
  product: string;
  recurring: { interval: 'month'; interval_count: 1; usage_type: 'licensed' };
  type: 'recurring';
  lookup_key: string | null;
  metadata: Metadata;
  livemode: false;
}

export interface StripeSubscriptionItem {
  id: string;
  object: 'subscription_item';
  created: number;
  price: StripePrice;
  quantity: number;
  subscription: string;
  current_period_start: number;
  current_period_end: number;
  metadata: Metadata;
}

export type SubscriptionStatus = 'active' | 'canceled' | 'incomplete' | 'past_due' | 'trialing' | 'unpaid';

export interface StripeSubscription {
  id: string;
  object: 'subscription';
  created: number;
  start_date: number;
  billing_cycle_anchor: number;
  customer: string;
  status: SubscriptionStatus;
  currency: string;
  collection_method: 'charge_automatically';
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  latest_invoice: string | null;
  items: { object: 'list'; data: StripeSubscriptionItem[]; has_more: false; total_count: number; url: string };
  metadata: Metadata;
  livemode: false;
}

export interface StripeCheckoutSession {
  id: string;
  object: 'checkout.session';
  created: number;
  expires_at: number;
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  subscription: string | null;
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  metadata: Metadata;
  livemode: false;
}

/** What a subscription checkout sells; kept beside the session (Stripe lists it as line_items). */
export interface SessionLine {
  price: string;
  quantity: number;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
}

/** A proration the fake computed for a price change (what Stripe would put on the next invoice). */
export interface Proration {
  subscription: string;
  customer: string;
  /** Positive: the customer owes it; negative: a credit. */
  amount: number;
  fromPrice: string;
  toPrice: string;
  created: number;
}

export function newId(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** A month as Stripe bills it here: 30 days. */
export const PERIOD_SECONDS = 30 * 24 * 60 * 60;

export function priceObject(input: { id: string; unitAmount: number; nickname: string; product?: string; created: number }): StripePrice {
  return {
    id: input.id,
    object: 'price',
    active: true,
    created: input.created,
    currency: 'usd',
    unit_amount: input.unitAmount,
    nickname: input.nickname,
    product: input.product ?? `prod_${input.id.replace(/^price_/, '')}`,
    recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
    type: 'recurring',
    lookup_key: null,
    metadata: {},
    livemode: false,
  };
}
