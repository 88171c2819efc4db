/**
 * The words of the subscription screen, kept apart from the components so the rules are
 * tested on their own: the spec's failure messages (section 8), the end-of-period notice, what
 * a plan's product limit means for the products a company has, and what each confirmation
 * says before a plan changes.
 */
import type { Plan } from '@catalog/contracts/plans';
import type { PlanChangeKind } from '@catalog/contracts/subscription';
import { formatPlanPrice } from '../../../lib/plan-format';

/** The spec's fallbacks when the server gives no message of its own. */
export const SUBSCRIPTION_ERRORS = {
  change: 'Failed to update subscription plan',
  cancel: 'Failed to cancel subscription',
  checkout: 'Failed to start checkout process',
  noCheckoutUrl: 'No checkout URL received from server',
} as const;

/** 'Mar 8, 2030' in the reader's time zone (tests pass one); '' for an unreadable value. */
export function formatDay(value: string | Date, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone }).format(date);
}

const count = (n: number) => n.toLocaleString('en-US');
const products = (n: number) => `${count(n)} ${n === 1 ? 'product' : 'products'}`;

/** The notice of a cancelled subscription that runs to the end of its period. */
export function endOfPeriodNotice(endsOn: string, timeZone?: string): string {
  return `Your subscription ends on ${formatDay(endsOn, timeZone)}; you will move to the Trial plan then.`;
}

/**
 * What a plan's limit means for the products the company has: all of them are kept, or the
 * data stays and the next sync keeps only the first N.
 */
export function productLimitNote(productCount: number, plan: Pick<Plan, 'name' | 'productLimit'>): string {
  const limit = count(plan.productLimit);
  if (productCount <= plan.productLimit) {
    return `You have ${products(productCount)}; the ${plan.name} plan syncs up to ${limit}.`;
  }
  return `You have ${products(productCount)}; the ${plan.name} plan syncs ${limit}. Your products stay, but your next sync keeps only the first ${limit}.`;
}

/** A paid plan's status as a person reads it; '' when there is nothing to say beyond "active". */
export function statusLabel(status: string): string {
  const labels: Record<string, string> = {
    active: 'Active',
    trialing: 'Trialing',
    past_due: 'Payment past due',
    unpaid: 'Unpaid',
    incomplete: 'Payment incomplete',
    canceled: 'Cancelled',
    paused: 'Paused',
  };
  return labels[status] ?? status.replace(/_/g, ' ');
}

export interface ConfirmationCopy {
  title: string;
  message: string;
  /** Shown under the message when the plan keeps fewer products than the company has. */
  warning: string | null;
  confirmLabel: string;
}

/** The question before a plan change: an upgrade leads to payment, a downgrade happens now. */
export function planChangeConfirmation(
  kind: Exclude<PlanChangeKind, 'same'>,
  from: Plan,
  to: Plan,
  productCount: number,
): ConfirmationCopy {
  if (kind === 'upgrade') {
    return {
      title: `Upgrade to ${to.name}?`,
      message: `You will go to the secure payment page to subscribe to ${to.name} for ${formatPlanPrice(to)}. Your plan changes as soon as the payment is confirmed.`,
      warning: null,
      confirmLabel: 'Continue to payment',
    };
  }
  const warning = productCount > to.productLimit ? productLimitNote(productCount, to) : null;
  const message =
    to.priceCents === 0
      ? `Your ${from.name} subscription ends now and you move to the ${to.name} plan at once. Unused time is credited to your account.`
      : `You move from ${from.name} to ${to.name} (${formatPlanPrice(to)}) now. Unused time on ${from.name} is credited to your next invoice.`;
  return { title: `Downgrade to ${to.name}?`, message, warning, confirmLabel: `Downgrade to ${to.name}` };
}
