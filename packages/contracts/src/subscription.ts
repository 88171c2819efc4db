/**
 * Changing plans: the bodies of the change, cancel and checkout calls, the checkout response,
 * the query the app is sent back with from checkout, and whether a move is an upgrade (which
 * goes through checkout) or a downgrade (which is a direct call after confirmation).
 */
import { z } from 'zod';
import { PLANS, PlanId } from './plans';

const PLAN_MESSAGE = 'Please choose a plan';

/** POST /api/subscription/change: a downgrade, or the plan confirmed on return from checkout. */
export const PlanChangeBody = z.object({
  plan: z.enum(PlanId.options, { error: PLAN_MESSAGE }),
});
export type PlanChangeBody = z.infer<typeof PlanChangeBody>;

/** Plans that are paid through checkout. */
export const PaidPlanId = PlanId.exclude(['trial']);
export type PaidPlanId = z.infer<typeof PaidPlanId>;

/** POST /api/subscription/checkout: only paid plans have a checkout. */
export const CheckoutBody = z.object({
  plan: z.enum(PaidPlanId.options, { error: PLAN_MESSAGE }),
});
export type CheckoutBody = z.infer<typeof CheckoutBody>;

/** Where the browser goes next; the client shows 'No checkout URL received from server' without it. */
export const CheckoutResponse = z.object({
  checkoutUrl: z.url(),
});
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

/**
 * Query parameters of /subscription: success/canceled/plan on return from checkout, upgrade
 * from the pricing page. Unknown plans are dropped rather than failing the page.
 */
export const SubscriptionPageQuery = z.object({
  success: z.stringbool().optional().catch(undefined),
  canceled: z.stringbool().optional().catch(undefined),
  plan: PlanId.optional().catch(undefined),
  upgrade: PlanId.optional().catch(undefined),
});
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
