/**
 * Changing and cancelling plans (POST /api/subscription/change and /cancel), always through
 * what Stripe confirms:
 * - the return from checkout names its session: Stripe is asked about it (before or after its
 *   webhook, whichever comes first) and the plan is set from the subscription it created;
 * - an upgrade without a completed checkout is refused (409: check out first); if the company
 *   has a subscription, Stripe is asked first, in case the webhook is late;
 * - a downgrade to a paid plan changes the subscription item's price, prorated; to the trial it
 *   ends the subscription now (prorated: plan changes take effect immediately);
 * - the same plan changes nothing;
 * - cancel sets cancel_at_period_end; the company moves to the trial when the period ends
 *   (customer.subscription.deleted).
 * A company on a paid plan with no Stripe subscription (set by an operator) changes locally.
 */
import type Stripe from 'stripe';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { DEFAULT_PLAN, PLANS, planFor } from '@catalog/contracts/plans';
import { planChangeKind, type PlanChangeBody } from '@catalog/contracts/subscription';
import type { Company } from '../../db/repositories';
import { priceFor } from './plan-prices';
import { callStripe, isMissing } from './stripe-errors';
import { applySubscription, moveToTrial, type SyncContext } from './subscription-sync';

export type BillingContext = Omit<SyncContext, 'stripe'> & { stripe: Stripe | null };

export const BILLING_OFF_MESSAGE = 'Payments are not set up on this server, so paid plans cannot be changed';

export function withStripe(ctx: BillingContext): SyncContext {
  if (!ctx.stripe) throw new ApiError(ErrorCode.UPSTREAM, BILLING_OFF_MESSAGE);
  return { ...ctx, stripe: ctx.stripe };
}

/** The subscription Stripe has now, applied to the company. */
async function refresh(ctx: SyncContext, company: Company, subscriptionId: string, adopt: boolean): Promise<Company> {
  const sub = await callStripe('read the subscription', ctx.logger, () => ctx.stripe.subscriptions.retrieve(subscriptionId));
  return applySubscription(ctx, company, sub, { adopt });
}

/** The return from checkout: the session's subscription, if the session is this company's and paid. */
export async function confirmCheckout(ctx: SyncContext, company: Company, sessionId: string): Promise<Company> {
  let session: Stripe.Checkout.Session;
  try {
    session = await ctx.stripe.checkout.sessions.retrieve(sessionId);
  } catch (err) {
    if (isMissing(err)) throw new ApiError(ErrorCode.NOT_FOUND, 'That checkout was not found');
    return callStripe('read the checkout', ctx.logger, () => Promise.reject(err));
  }
  const ownedBy = session.client_reference_id ?? session.metadata?.companyId;
  if (ownedBy !== company.id) throw new ApiError(ErrorCode.NOT_FOUND, 'That checkout was not found');
  const subscriptionId = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
  if (session.status !== 'complete' || !subscriptionId) return company;
  return refresh(ctx, company, subscriptionId, true);
}

export async function changePlan(ctx: BillingContext, company: Company, body: PlanChangeBody): Promise<Company> {
  let current = company;
  if (body.sessionId) current = await confirmCheckout(withStripe(ctx), current, body.sessionId);
  const kind = planChangeKind(planFor(current.subscriptionPlan).id, body.plan);
  if (kind === 'same') return current;

  if (kind === 'upgrade') {
    if (current.stripeSubscriptionId && ctx.stripe) {
      current = await refresh(withStripe(ctx), current, current.stripeSubscriptionId, false);
      if (planChangeKind(planFor(current.subscriptionPlan).id, body.plan) !== 'upgrade') return current;
    }
    throw new ApiError(ErrorCode.CONFLICT, `Moving up to ${PLANS[body.plan].name} needs a completed checkout: choose the plan to pay for it`);
  }

  const subscriptionId = current.stripeSubscriptionId;
  if (!subscriptionId) {
    // Nothing is billed: the plan was set without Stripe, so it changes here.
    if (body.plan === DEFAULT_PLAN) return moveToTrial(ctx.db, current, ctx.now(), null);
    const plan = body.plan;
    return (await ctx.db.companies.update(current.id, { subscriptionPlan: plan, productLimit: PLANS[plan].productLimit, cancelledAt: null }, ctx.now())) ?? current;
  }
  const sctx = withStripe(ctx);
  const target = body.plan;
  if (target === 'trial') {
    const ended = await endNow(sctx, subscriptionId);
    return ended ? applySubscription(sctx, current, ended, { adopt: false }) : moveToTrial(ctx.db, current, ctx.now(), ctx.now());
  }
  const updated = await callStripe('change the plan', ctx.logger, async () => {
    const sub = await sctx.stripe.subscriptions.retrieve(subscriptionId);
    const item = sub.items.data[0];
    if (!item) throw new ApiError(ErrorCode.CONFLICT, 'Your subscription has nothing to change; contact support');
    return sctx.stripe.subscriptions.update(subscriptionId, {
      items: [{ id: item.id, price: priceFor(ctx.prices, target) }],
      proration_behavior: 'create_prorations',
      // Choosing a plan again also takes back a pending cancellation.
      cancel_at_period_end: false,
    });
  });
  return applySubscription(sctx, current, updated, { adopt: false });
}

/** Ends a subscription now with the unused time credited; null when Stripe no longer has it. */
async function endNow(ctx: SyncContext, subscriptionId: string): Promise<Stripe.Subscription | null> {
  try {
    return await ctx.stripe.subscriptions.cancel(subscriptionId, { prorate: true });
  } catch (err) {
    if (isMissing(err)) return null;
    return callStripe('end the subscription', ctx.logger, () => Promise.reject(err));
  }
}

export async function cancelAtPeriodEnd(ctx: BillingContext, company: Company): Promise<Company> {
  const plan = planFor(company.subscriptionPlan);
  if (plan.id === DEFAULT_PLAN) throw new ApiError(ErrorCode.CONFLICT, 'You are on the Trial plan: there is no subscription to cancel');
  const subscriptionId = company.stripeSubscriptionId;
  if (!subscriptionId) return moveToTrial(ctx.db, company, ctx.now(), ctx.now());
  const sctx = withStripe(ctx);
  const updated = await callStripe('cancel the subscription', ctx.logger, () =>
    sctx.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
  );
  return applySubscription(sctx, company, updated, { adopt: false });
}
