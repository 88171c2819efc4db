/**
 * The query parameters /subscription is opened with, handled once and then removed from the
 * URL (history replaced, so Back does not repeat them):
 * - `success=true&plan=...&session_id=...` (back from checkout): the plan change call, which
 *   makes the server confirm the payment with Stripe; the plan shown is what it answers;
 * - `canceled=true`: the 'Payment Canceled' toast;
 * - `upgrade={plan}` (from the pricing page): that plan's upgrade confirmation, once the
 *   current plan is known, for the roles of subscription.change in the permission table.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { PLANS, type PlanId } from '@catalog/contracts/plans';
import { SubscriptionPageQuery, type SubscriptionState } from '@catalog/contracts/subscription';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { changePlan } from '../api/change-plan';
import { SUBSCRIPTION_ERRORS } from '../utils/subscription-copy';

export interface CheckoutReturnOptions {
  state: SubscriptionState | undefined;
  /** null while the signed-in user's role is not known yet. */
  canManage: boolean | null;
  onUpgrade: (plan: PlanId) => void;
  /** The payment went through: the plan Stripe confirmed. */
  onPurchased: (plan: PlanId) => void;
}

async function confirmReturn(plan: PlanId, sessionId: string | undefined, onPurchased: (plan: PlanId) => void) {
  try {
    const next = await changePlan({ plan, ...(sessionId ? { sessionId } : {}) });
    notifications.show({ color: 'green', title: 'Payment Successful', message: `You are now on the ${PLANS[next.plan].name} plan.` });
    onPurchased(next.plan);
  } catch (error) {
    console.error(SUBSCRIPTION_ERRORS.change, error);
    notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error, SUBSCRIPTION_ERRORS.change) });
  }
}

export function useCheckoutReturn({ state, canManage, onUpgrade, onPurchased }: CheckoutReturnOptions) {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);
  const latest = useRef({ onUpgrade, onPurchased });
  latest.current = { onUpgrade, onPurchased };

  useEffect(() => {
    if (!search || handled.current === search) return;
    // Once the user and their plan are known (the upgrade question needs both; the change call
    // needs a signed-in user).
    if (!state || canManage === null) return;
    const query = SubscriptionPageQuery.parse(Object.fromEntries(new URLSearchParams(search)));
    handled.current = search;
    const clean = () => void navigate(pathname, { replace: true });

    if (query.success) {
      if (!query.plan) {
        clean();
        return;
      }
      void confirmReturn(query.plan, query.session_id, (plan) => latest.current.onPurchased(plan)).finally(clean);
      return;
    }
    if (query.canceled) {
      notifications.show({ color: 'yellow', title: 'Payment Canceled', message: 'Your payment was canceled and your plan has not changed.' });
    } else if (query.upgrade && canManage) {
      latest.current.onUpgrade(query.upgrade);
    }
    clean();
  }, [search, pathname, state, canManage, navigate]);
}
