/**
 * Plan checks for the routes of a feature some plans lack (contracts plans.ts PLAN_FEATURES):
 * `requirePlanFeature(db, 'pricingBackups')` answers 403 PLAN_LIMIT, with a message naming the
 * plan that has it, to a company on another plan (decision 032). The plan is read from the
 * company row on every request, so an upgrade or a downgrade counts at once. Put it after the
 * route's role guard: a role the table refuses is told that first.
 */
import type { MiddlewareHandler } from 'hono';
import { planFeatureError, planHasFeature, type PlanFeature } from '@catalog/contracts/plans';
import type { Database } from '../db/repositories';
import type { AuthedEnv } from './authenticate';

export function requirePlanFeature(db: Database, feature: PlanFeature): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    const company = await db.companies.get(c.get('user').companyId);
    if (!company) throw planFeatureError(feature, null);
    if (!planHasFeature(company.subscriptionPlan, feature)) throw planFeatureError(feature, company.subscriptionPlan);
    await next();
  };
}
