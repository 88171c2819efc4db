/**
 * Copies what Stripe confirmed about a subscription onto the company: plan and product limit
 * (from contracts' PLANS, by the subscription's price), status, end of the paid period, and
 * whether it was cancelled. Every path that changes a plan ends here (webhooks, the return
 * from checkout, downgrades, cancellation), so the plan always follows Stripe.
 *
 * - A live subscription (active, trialing, past_due) sets the plan. One that is not the
 *   company's current subscription is adopted only when `adopt` says so (a completed checkout,
 *   or a company without one): a late event about an old subscription never takes over.
 *   Adopting replaces the previous subscription, which is cancelled at Stripe (prorated).
 * - An ended one (canceled, incomplete_expired, unpaid, paused) that is the current one moves
 *   the company to the trial; an old one ending changes nothing.
 * - `incomplete` (first payment pending) changes nothing yet.
 */
import type Stripe from 'stripe';
import type { SubscriptionState } from '@catalog/contracts/subscription';
import { DEFAULT_PLAN, PLANS, planFor } from '@catalog/contracts/plans';
import type { Company, Database } from '../../db/repositories';
import type { Logger } from '../../lib/logger';
import { planForPrice, type PlanPrices } from './plan-prices';
import { isMissing } from './stripe-errors';

const LIVE = new Set<string>(['active', 'trialing', 'past_due']);
const ENDED = new Set<string>(['canceled', 'incomplete_expired', 'unpaid', 'paused']);

export interface SyncContext {
  db: Database;
  stripe: Stripe;
  prices: PlanPrices;
  logger: Logger;
  now: () => Date;
}

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** The plan's defaults with no paid subscription (the period and Stripe ids are cleared). */
export async function moveToTrial(db: Database, company: Company, at: Date, cancelledAt: Date | null): Promise<Company> {
  const updated = await db.companies.update(company.id, {
    subscriptionPlan: DEFAULT_PLAN,
    productLimit: PLANS[DEFAULT_PLAN].productLimit,
    subscriptionStatus: 'active',
    stripeSubscriptionId: null,
    currentPeriodEnd: null,
    cancelledAt,
  }, at);
  return updated ?? company;
}

export async function applySubscription(ctx: SyncContext, company: Company, sub: Stripe.Subscription, opts: { adopt: boolean }): Promise<Company> {
  const current = company.stripeSubscriptionId === sub.id;
  const log = ctx.logger.child({ companyId: company.id, subscription: sub.id, status: sub.status });
  if (ENDED.has(sub.status)) {
    if (!current) return company;
    log.info('billing: subscription ended, moving to the trial');
    return moveToTrial(ctx.db, company, ctx.now(), fromUnix(sub.canceled_at ?? sub.ended_at));
  }
  if (!LIVE.has(sub.status)) return company;
  if (!current && !opts.adopt) {
    log.info('billing: ignoring a subscription that is not the company\'s current one');
    return company;
  }
  const item = sub.items.data[0];
  const plan = planForPrice(ctx.prices, item?.price.id);
  if (!plan) {
    log.warn('billing: subscription has a price that is no plan of ours', { price: item?.price.id });
    return company;
  }
  const periodEnd = Math.max(0, ...sub.items.data.map((it) => it.current_period_end ?? 0));
  const cancelling = sub.cancel_at_period_end || sub.cancel_at !== null;
  const updated = await ctx.db.companies.update(company.id, {
    subscriptionPlan: plan,
    productLimit: PLANS[plan].productLimit,
    stripeSubscriptionId: sub.id,
    stripeCustomerId: idOf(sub.customer) ?? company.stripeCustomerId,
    subscriptionStatus: sub.status,
    currentPeriodEnd: fromUnix(periodEnd),
    cancelledAt: cancelling ? (fromUnix(sub.canceled_at) ?? company.cancelledAt ?? ctx.now()) : null,
  }, ctx.now());
  const previous = !current ? company.stripeSubscriptionId : null;
  if (previous) await cancelReplaced(ctx, previous, log);
  if (company.subscriptionPlan !== plan) log.info('billing: plan changed', { from: company.subscriptionPlan, to: plan });
  return updated ?? company;
}

/** The subscription a new checkout replaced: ended now, the unused time credited. */
async function cancelReplaced(ctx: SyncContext, subscriptionId: string, log: Logger): Promise<void> {
  try {
    await ctx.stripe.subscriptions.cancel(subscriptionId, { prorate: true });
    log.info('billing: cancelled the replaced subscription', { replaced: subscriptionId });
  } catch (err) {
    // Already gone is fine; anything else is logged for a person to look at (the new plan stands).
    if (!isMissing(err)) log.error('billing: could not cancel the replaced subscription', { replaced: subscriptionId, error: String(err) });
  }
}

/** GET /api/subscription: the company's plan as last confirmed, and its product count. */
export async function subscriptionState(db: Database, company: Company, billingEnabled: boolean): Promise<SubscriptionState> {
  const plan = planFor(company.subscriptionPlan);
  return {
    plan: plan.id,
    productLimit: company.productLimit,
    status: company.subscriptionStatus,
    currentPeriodEnd: company.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: plan.id !== DEFAULT_PLAN && company.cancelledAt !== null,
    cancelledAt: company.cancelledAt?.toISOString() ?? null,
    productCount: await db.products.count(company.id),
    billingEnabled,
  };
}
