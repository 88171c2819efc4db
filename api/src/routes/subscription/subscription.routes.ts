/**
 * /api/subscription (signed in): GET / (subscription.read: the plan Stripe last confirmed, its
 * period and the product count), and for the roles of subscription.change in the permission
 * table (decision 019) POST /checkout (`{plan}` -> `{checkoutUrl}`,
 * an upgrade through Stripe Checkout), POST /change (`{plan, sessionId?}`: the return from
 * checkout, or a downgrade; the same plan is a no-op) and POST /cancel (at the end of the
 * paid period). Change and cancel answer the new subscription state.
 */
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import type { CheckoutResponse, SubscriptionState } from '@catalog/contracts/subscription';
import type { Company, Database } from '../../db/repositories';
import type { Billing } from '../../services/billing/billing';
import { defineRoutes } from '../define-routes';

export function subscriptionRoutes({ db, billing }: { db: Database; billing: Billing }) {
  const companyOf = async (companyId: string): Promise<Company> => {
    const company = await db.companies.get(companyId);
    if (!company) throw new ApiError(ErrorCode.NOT_FOUND, 'Your company was not found');
    return company;
  };
  return defineRoutes({
    'GET /api/subscription': async (c) => c.json((await billing.state(await companyOf(c.get('user').companyId))) satisfies SubscriptionState),
    'POST /api/subscription/checkout': async (c, { body: { plan } }) => {
      const user = c.get('user');
      const body = await billing.checkout(await companyOf(user.companyId), user, plan);
      return c.json(body satisfies CheckoutResponse);
    },
    'POST /api/subscription/change': async (c, { body }) => {
      return c.json((await billing.change(await companyOf(c.get('user').companyId), body)) satisfies SubscriptionState);
    },
    'POST /api/subscription/cancel': async (c) => {
      return c.json((await billing.cancel(await companyOf(c.get('user').companyId))) satisfies SubscriptionState);
    },
  });
}
