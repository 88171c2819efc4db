/**
 * Choosing a plan card: `ask(plan)` opens the confirmation (nothing for the current plan),
 * `confirm()` then either starts checkout and sends the browser to Stripe's page (an upgrade)
 * or changes the plan now (the same or a lower one), with the spec's toasts on success and
 * failure ('Failed to start checkout process', 'No checkout URL received from server',
 * 'Failed to update subscription plan', or the server's own message).
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { PLANS, type Plan, type PlanId } from '@catalog/contracts/plans';
import { planChangeKind, type PaidPlanId, type SubscriptionState } from '@catalog/contracts/subscription';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { changePlan } from '../api/change-plan';
import { startCheckout } from '../api/start-checkout';
import { SUBSCRIPTION_ERRORS } from '../utils/subscription-copy';

export interface PendingChange {
  kind: 'upgrade' | 'downgrade';
  from: Plan;
  to: Plan;
}

export interface PlanChangeOptions {
  /** Sends the browser to the checkout page; tests pass their own. */
  redirect?: (url: string) => void;
}

const showError = (error: unknown, fallback: string) => {
  console.error(fallback, error);
  notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error, fallback) });
};

export function usePlanChange(state: SubscriptionState | undefined, { redirect = (url) => window.location.assign(url) }: PlanChangeOptions = {}) {
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = useCallback(
    (plan: PlanId) => {
      if (!state) return;
      const kind = planChangeKind(state.plan, plan);
      if (kind !== 'same') setPending({ kind, from: PLANS[state.plan], to: PLANS[plan] });
    },
    [state],
  );

  const close = useCallback(() => setPending(null), []);

  const confirm = useCallback(async () => {
    if (!pending) return;
    setBusy(true);
    if (pending.kind === 'upgrade') {
      try {
        // The page is left for Stripe's: stay busy until the browser goes.
        redirect(await startCheckout(pending.to.id as PaidPlanId));
      } catch (error) {
        showError(error, SUBSCRIPTION_ERRORS.checkout);
        setBusy(false);
      }
      return;
    }
    try {
      const next = await changePlan({ plan: pending.to.id });
      notifications.show({ color: 'green', title: 'Plan Updated', message: `You are now on the ${PLANS[next.plan].name} plan.` });
      setPending(null);
    } catch (error) {
      showError(error, SUBSCRIPTION_ERRORS.change);
    } finally {
      setBusy(false);
    }
  }, [pending, redirect]);

  return { pending, busy, ask, close, confirm };
}
