/**
 * Plans and billing as one object the routes use: the subscription state, checkout, plan
 * change, cancellation and Stripe's webhooks, over the Stripe SDK (api.stripe.com, or the
 * local stand-in through STRIPE_API_URL). Without Stripe configuration (`stripe: null`)
 * everything that needs Stripe answers 502 'Payments are not set up on this server'; what needs
 * no billing (the state, a local downgrade of a plan set without Stripe) still works.
 */
import type Stripe from 'stripe';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import type { CheckoutResponse, PaidPlanId, PlanChangeBody, SubscriptionState } from '@catalog/contracts/subscription';
import type { StripeConfig } from '../../config';
import type { Company, Database, User } from '../../db/repositories';
import type { Logger } from '../../lib/logger';
import { startCheckout } from './checkout';
import { cancelAtPeriodEnd, changePlan, withStripe, type BillingContext } from './plan-change';
import type { PlanPrices } from './plan-prices';
import { createStripeClient } from './stripe-client';
import { subscriptionState } from './subscription-sync';
import { handleWebhook, verifyEvent, type WebhookResult } from './webhook-events';

export interface Billing {
  /** Stripe is configured. */
  enabled: boolean;
  state(company: Company): Promise<SubscriptionState>;
  /** Stripe sends the browser back to PUBLIC_URL (`publicUrl`), never to the request's Host. */
  checkout(company: Company, user: User, plan: PaidPlanId): Promise<CheckoutResponse>;
  change(company: Company, body: PlanChangeBody): Promise<SubscriptionState>;
  cancel(company: Company): Promise<SubscriptionState>;
  /** Verifies and handles one delivery; a bad signature is a 400 VALIDATION. */
  webhook(rawBody: string, signature: string | undefined): Promise<WebhookResult>;
}

export interface BillingOptions {
  db: Database;
  logger: Logger;
  /** null: payments are not set up. */
  stripe: Stripe | null;
  prices: PlanPrices;
  webhookSecret: string | null;
  /** PUBLIC_URL (config.publicUrl): the origin Stripe sends the browser back to. */
  publicUrl: string;
  now?: () => Date;
}

export function createBilling(options: BillingOptions): Billing {
  const ctx: BillingContext = {
    db: options.db,
    stripe: options.stripe,
    prices: options.prices,
    logger: options.logger.child({ component: 'billing' }),
    now: options.now ?? (() => new Date()),
  };
  const enabled = options.stripe !== null;
  const state = (company: Company) => subscriptionState(options.db, company, enabled);
  return {
    enabled,
    state,
    checkout: (company, user, plan) => startCheckout(withStripe(ctx), company, user, { plan, appOrigin: options.publicUrl }),
    change: async (company, body) => state(await changePlan(ctx, company, body)),
    cancel: async (company) => state(await cancelAtPeriodEnd(ctx, company)),
    async webhook(rawBody, signature) {
      if (!options.stripe || !options.webhookSecret) throw new ApiError(ErrorCode.NOT_FOUND, 'Stripe webhooks are not set up on this server');
      const event = await verifyEvent(options.stripe, rawBody, signature, options.webhookSecret);
      return handleWebhook(withStripe(ctx), event);
    },
  };
}

/** Billing from STRIPE_* (config.stripe); without it, billing that refuses what needs Stripe. */
export function billingFromConfig(stripe: StripeConfig | undefined, deps: { db: Database; logger: Logger; publicUrl: string }): Billing {
  return createBilling({
    ...deps,
    stripe: stripe ? createStripeClient(stripe) : null,
    prices: stripe?.prices ?? { starter: '', premium: '' },
    webhookSecret: stripe?.webhookSecret ?? null,
  });
}
