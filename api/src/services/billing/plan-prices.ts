/**
 * Which Stripe price bills which plan (STRIPE_PRICE_STARTER / STRIPE_PRICE_PREMIUM), both
 * ways: the price a checkout or a downgrade asks for, and the plan a subscription Stripe
 * confirmed stands for. A price we do not know maps to no plan, so it never grants one.
 */
import type { PaidPlanId } from '@catalog/contracts/subscription';

export type PlanPrices = Readonly<Record<PaidPlanId, string>>;

export function priceFor(prices: PlanPrices, plan: PaidPlanId): string {
  return prices[plan];
}

export function planForPrice(prices: PlanPrices, priceId: string | null | undefined): PaidPlanId | null {
  if (!priceId) return null;
  const found = (Object.keys(prices) as PaidPlanId[]).find((plan) => prices[plan] === priceId);
  return found ?? null;
}
