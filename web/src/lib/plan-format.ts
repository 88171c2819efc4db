/**
 * How a plan's numbers read on screen, shared by the pricing page and the subscription screen
 * so both say "$5 / month", "Up to 1,000 products" and "Unlimited users" the same way.
 */
import type { Plan } from '@catalog/contracts/plans';

/** Whole dollars without decimals ("$5"), otherwise two decimals ("$4.99"). */
export function formatPlanAmount(priceCents: number): string {
  const dollars = priceCents / 100;
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}

/** "$5 / month" for paid plans, "$0 forever" for the trial. */
export function formatPlanPrice(plan: Pick<Plan, 'priceCents' | 'period'>): string {
  const amount = formatPlanAmount(plan.priceCents);
  return plan.period === 'month' ? `${amount} / month` : `${amount} forever`;
}

/** The period part on its own, as printed after the big amount: "/ month" or "forever". */
export function formatPlanPeriod(plan: Pick<Plan, 'period'>): string {
  return plan.period === 'month' ? '/ month' : 'forever';
}

export function formatProductLimit(productLimit: number): string {
  return `Up to ${productLimit.toLocaleString('en-US')} products`;
}

export function formatUserLimit(userLimit: number | null): string {
  if (userLimit === null) return 'Unlimited users';
  return userLimit === 1 ? '1 user' : `${userLimit.toLocaleString('en-US')} users`;
}
