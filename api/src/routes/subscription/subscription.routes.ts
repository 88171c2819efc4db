/**
 * /api/subscription (signed in): GET / (subscription.read: the plan Stripe last confirmed, its
 * period and the product count), and for the roles of subscription.change in the permission
 * table (decision 019) POST /checkout (`{plan}` -> `{checkoutUrl}`,
 * an upgrade through Stripe Checkout), POST /change (`{plan, sessionId?}`: the return from
 * checkout, or a downgrade; the same plan is a no-op) and POST /cancel (at the end of the
 * paid period). Change and cancel answer the new subscription state.
 */
import { Hono } from 'hono';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { CheckoutBody, PlanChangeBody, type CheckoutResponse, type SubscriptionState } from '@catalog/contracts/subscription';
import type { Company, Database } from '../../db/repositories';
import { readJson } from '../../lib/http';
import type { AuthedEnv } from '../../middleware/authenticate';
import { guard } from '../../middleware/require-permission';
import type { Billing } from '../../services/billing/billing';

export function subscriptionRoutes({ db, billing }: { db: Database; billing: Billing }) {
  const companyOf = async (companyId: string): Promise<Company> => {
    const company = await db.companies.get(companyId);
    if (!company) throw new ApiError(ErrorCode.NOT_FOUND, 'Your company was not found');
    return company;
  };
  return new Hono<AuthedEnv>()
    .get('/', guard('GET /api/subscription'), async (c) => c.json((await billing.state(await companyOf(c.get('user').companyId))) satisfies SubscriptionState))
    .post('/checkout', guard('POST /api/subscription/checkout'), async (c) => {
      const { plan } = await readJson(c, CheckoutBody);
      const user = c.get('user');
      const body = await billing.checkout(await companyOf(user.companyId), user, plan);
      return c.json(body satisfies CheckoutResponse);
    })
    .post('/change', guard('POST /api/subscription/change'), async (c) => {
      const body = await readJson(c, PlanChangeBody);
      return c.json((await billing.change(await companyOf(c.get('user').companyId), body)) satisfies SubscriptionState);
    })
    .post('/cancel', guard('POST /api/subscription/cancel'), async (c) => {
      return c.json((await billing.cancel(await companyOf(c.get('user').companyId))) satisfies SubscriptionState);
    });
}
