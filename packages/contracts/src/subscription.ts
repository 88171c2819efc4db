/**
 * Changing plans: the bodies of the change, cancel and checkout calls, the checkout response,
 * the query the app is sent back with from checkout, the subscription state the screen shows,
 * and whether a move is an upgrade (which goes through checkout) or a downgrade (which is a
 * direct call after confirmation).
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { IsoDateTime, singleLineText } from './common';
import { PLANS, PlanId } from './plans';

const PLAN_MESSAGE = 'Please choose a plan';

/**
 * POST /api/subscription/change: a downgrade, or the plan confirmed on return from checkout.
 * `sessionId` (the `session_id` Stripe puts in the success URL) lets the server ask Stripe
 * about that checkout at once, before its webhook arrives; the plan always follows Stripe.
 */
export const PlanChangeBody = lazySchema(() =>
  z.object({
    plan: z.enum(PlanId.options, { error: PLAN_MESSAGE }),
    sessionId: singleLineText(255, { label: 'The checkout session', trim: true }).min(1).regex(/^cs_[A-Za-z0-9_]+$/, 'Unknown checkout session').optional(),
  }),
);
export type PlanChangeBody = z.infer<typeof PlanChangeBody>;

/** Plans that are paid through checkout. */
export const PaidPlanId = lazySchema(() => PlanId.exclude(['trial']));
export type PaidPlanId = z.infer<typeof PaidPlanId>;

/** POST /api/subscription/checkout: only paid plans have a checkout. */
export const CheckoutBody = lazySchema(() =>
  z.object({
    plan: z.enum(PaidPlanId.options, { error: PLAN_MESSAGE }),
  }),
);
export type CheckoutBody = z.infer<typeof CheckoutBody>;

/** Where the browser goes next; the client shows 'No checkout URL received from server' without it. */
export const CheckoutResponse = lazySchema(() =>
  z.object({
    checkoutUrl: z.url(),
  }),
);
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

/**
 * Query parameters of /subscription: success/canceled/plan on return from checkout, upgrade
 * from the pricing page. Unknown plans are dropped rather than failing the page.
 */
export const SubscriptionPageQuery = lazySchema(() =>
  z.object({
    success: z.stringbool().optional().catch(undefined),
    canceled: z.stringbool().optional().catch(undefined),
    plan: PlanId.optional().catch(undefined),
    upgrade: PlanId.optional().catch(undefined),
    /** Stripe's `{CHECKOUT_SESSION_ID}` in the success URL. */
    session_id: z.string().regex(/^cs_[A-Za-z0-9_]+$/).optional().catch(undefined),
  }),
);
export type SubscriptionPageQuery = z.infer<typeof SubscriptionPageQuery>;

export type PlanChangeKind = 'upgrade' | 'downgrade' | 'same';

/** A move to a higher rank goes through checkout; the same or a lower one is a direct change. */
export function planChangeKind(current: PlanId, target: PlanId): PlanChangeKind {
  const from = PLANS[current].rank;
  const to = PLANS[target].rank;
  if (to > from) return 'upgrade';
  return to < from ? 'downgrade' : 'same';
}

/** Whether the plan allows one more user in a company that has `users` already. */
export function canAddUser(plan: PlanId, users: number): boolean {
  const limit = PLANS[plan].userLimit;
  return limit === null || users < limit;
}

/**
 * GET /api/subscription, and the answer of change and cancel: the company's plan as Stripe last
 * confirmed it, when the paid period ends, and how many products the company has now.
 */
export const SubscriptionState = lazySchema(() =>
  z.object({
    plan: PlanId,
    productLimit: z.number().int().nonnegative(),
    /** 'active' on the trial and on a paid plan in good standing; else Stripe's status ('past_due', ...). */
    status: z.string(),
    /** End of the paid period: the renewal date, or the last day when `cancelAtPeriodEnd`. */
    currentPeriodEnd: IsoDateTime.nullable(),
    /** The subscription was cancelled and ends at `currentPeriodEnd`; the company then moves to the trial. */
    cancelAtPeriodEnd: z.boolean(),
    cancelledAt: IsoDateTime.nullable(),
    /** Products the company has now; a plan's limit applies from the next sync. */
    productCount: z.number().int().nonnegative(),
    /** false: payments are not set up on this server, so plans cannot be changed. */
    billingEnabled: z.boolean(),
  }),
);
export type SubscriptionState = z.infer<typeof SubscriptionState>;

