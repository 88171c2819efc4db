/**
 * Stripe's webhooks (POST /api/stripe/webhook): the signature is verified over the raw body
 * with STRIPE_WEBHOOK_SECRET (`constructEventAsync`; a bad or missing one is a 400 and nothing
 * changes), then each event is handled once:
 * - checkout.session.completed: the session's subscription becomes the company's;
 * - customer.subscription.created|updated|deleted: the company follows the subscription.
 * The subscription is read again from Stripe rather than taken from the event, so events that
 * arrive late or out of order cannot put back an older state. Handled event ids are recorded
 * (stripe_events) after the work is done: a redelivered event is acknowledged and skipped; a
 * failure is answered 500 so Stripe delivers the event again. Two deliveries racing each other
 * may both run, which is harmless since both apply what Stripe has now.
 */
import type Stripe from 'stripe';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import type { Company } from '../../db/repositories';
import { callStripe, isMissing } from './stripe-errors';
import { applySubscription, type SyncContext } from './subscription-sync';

export interface WebhookResult {
  received: true;
  /** The event id was handled before; nothing was done. */
  duplicate?: true;
  /** Why the event changed nothing (not a type we handle, no matching company). */
  ignored?: string;
}

const SUBSCRIPTION_EVENTS = new Set(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']);

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

export async function verifyEvent(stripe: Stripe, rawBody: string, signature: string | undefined, secret: string): Promise<Stripe.Event> {
  if (!signature) throw new ApiError(ErrorCode.VALIDATION, 'Missing Stripe-Signature header');
  try {
    return await stripe.webhooks.constructEventAsync(rawBody, signature, secret);
  } catch {
    throw new ApiError(ErrorCode.VALIDATION, 'The Stripe signature does not match this payload');
  }
}

async function companyFor(ctx: SyncContext, customer: string | null, companyId: string | null | undefined): Promise<Company | null> {
  if (customer) {
    const byCustomer = await ctx.db.companies.getByStripeCustomerId(customer);
    if (byCustomer) return byCustomer;
  }
  return companyId ? ctx.db.companies.get(companyId) : null;
}

async function currentSubscription(ctx: SyncContext, sent: Stripe.Subscription): Promise<Stripe.Subscription> {
  try {
    return await ctx.stripe.subscriptions.retrieve(sent.id);
  } catch (err) {
    if (isMissing(err)) return sent;
    return callStripe('read the subscription', ctx.logger, () => Promise.reject(err));
  }
}

async function handle(ctx: SyncContext, event: Stripe.Event): Promise<string | null> {
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object;
    const subscriptionId = idOf(session.subscription);
    if (session.mode !== 'subscription' || !subscriptionId) return 'not a subscription checkout';
    const company = await companyFor(ctx, idOf(session.customer), session.client_reference_id ?? session.metadata?.companyId);
    if (!company) return 'no company for this checkout';
    const sub = await callStripe('read the subscription', ctx.logger, () => ctx.stripe.subscriptions.retrieve(subscriptionId));
    await applySubscription(ctx, company, sub, { adopt: true });
    return null;
  }
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    const sent = event.data.object as Stripe.Subscription;
    const company = await companyFor(ctx, idOf(sent.customer), sent.metadata?.companyId);
    if (!company) return 'no company for this customer';
    const sub = await currentSubscription(ctx, sent);
    // A company without a subscription takes this one (its checkout event may come later).
    await applySubscription(ctx, company, sub, { adopt: company.stripeSubscriptionId === null });
    return null;
  }
  return `${event.type} is not handled`;
}

export async function handleWebhook(ctx: SyncContext, event: Stripe.Event): Promise<WebhookResult> {
  if (await ctx.db.stripeEvents.seen(event.id)) return { received: true, duplicate: true };
  const ignored = await handle(ctx, event);
  await ctx.db.stripeEvents.record(event.id, ctx.now());
  if (ignored) ctx.logger.info('billing: webhook changed nothing', { event: event.id, type: event.type, reason: ignored });
  return ignored ? { received: true, ignored } : { received: true };
}
