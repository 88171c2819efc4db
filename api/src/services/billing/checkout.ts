/**
 * Starting a checkout (an upgrade): the company's Stripe customer, created once and reused
 * (its id kept on the company), and a Checkout Session in subscription mode for the plan's
 * price. Stripe sends the browser back to `/subscription?success=true&plan={plan}` with the
 * session id (which the change call confirms with Stripe), or to `/subscription?canceled=true`.
 * The session and its subscription carry the company id (client_reference_id, metadata), so
 * the webhook finds the company even before the customer id was saved.
 */
import type Stripe from 'stripe';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { PLANS, planFor } from '@catalog/contracts/plans';
import { planChangeKind, type PaidPlanId } from '@catalog/contracts/subscription';
import type { Company, User } from '../../db/repositories';
import { priceFor } from './plan-prices';
import { callStripe, isMissing } from './stripe-errors';
import type { SyncContext } from './subscription-sync';

/** The customer to bill: the company's, unless Stripe no longer has it; else a new one. */
export async function ensureCustomer(ctx: SyncContext, company: Company, user: User): Promise<string> {
  if (company.stripeCustomerId) {
    try {
      const existing = await ctx.stripe.customers.retrieve(company.stripeCustomerId);
      if (!('deleted' in existing && existing.deleted)) return existing.id;
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
    ctx.logger.warn('billing: the saved Stripe customer is gone, creating another', { companyId: company.id, customer: company.stripeCustomerId });
  }
  const customer = await ctx.stripe.customers.create(
    { name: company.name, email: user.email, metadata: { companyId: company.id } },
    // Two checkouts started at once create one customer.
    { idempotencyKey: `customer-${company.id}-${company.stripeCustomerId ?? 'first'}` },
  );
  await ctx.db.companies.update(company.id, { stripeCustomerId: customer.id }, ctx.now());
  return customer.id;
}

export interface CheckoutRequest {
  plan: PaidPlanId;
  /** Where the app is: PUBLIC_URL (config.publicUrl), never the origin a request names. */
  appOrigin: string;
}

export async function startCheckout(ctx: SyncContext, company: Company, user: User, { plan, appOrigin }: CheckoutRequest): Promise<{ checkoutUrl: string }> {
  const current = planFor(company.subscriptionPlan);
  const kind = planChangeKind(current.id, plan);
  if (kind === 'same') throw new ApiError(ErrorCode.CONFLICT, `You are already on the ${current.name} plan`);
  if (kind === 'downgrade') {
    throw new ApiError(ErrorCode.CONFLICT, `${PLANS[plan].name} is below your ${current.name} plan: change to it without a checkout`);
  }
  const session: Stripe.Checkout.Session = await callStripe('start the checkout', ctx.logger, async () => {
    const customer = await ensureCustomer(ctx, company, user);
    return ctx.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: company.id,
      line_items: [{ price: priceFor(ctx.prices, plan), quantity: 1 }],
      success_url: `${appOrigin}/subscription?success=true&plan=${plan}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appOrigin}/subscription?canceled=true`,
      metadata: { companyId: company.id, plan },
      subscription_data: { metadata: { companyId: company.id, plan } },
    });
  });
  if (!session.url) throw new ApiError(ErrorCode.UPSTREAM, 'The payment provider did not return a checkout page');
  ctx.logger.info('billing: checkout started', { companyId: company.id, plan, session: session.id });
  return { checkoutUrl: session.url };
}
