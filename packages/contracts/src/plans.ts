/**
 * The subscription plans: one table that the pricing page, the subscription screen and the
 * API's limits all read. The trial keeps 5 products: the stored default wins over the old
 * pricing page's 25.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { ApiError, ErrorCode } from './errors';

export const PLAN_IDS = ['trial', 'starter', 'premium'] as const;
export const PlanId = lazySchema(() => z.enum(PLAN_IDS));
export type PlanId = z.infer<typeof PlanId>;

export interface Plan {
  id: PlanId;
  name: string;
  /** Order of plans: a move to a higher rank goes through checkout, the same or lower is a downgrade. */
  rank: number;
  /** Monthly price in whole cents (integer money everywhere). */
  priceCents: number;
  /** How the price is read out next to the amount: "forever" for the trial, "month" for paid plans. */
  period: 'forever' | 'month';
  /** Products kept at sync time; the rest of the store's catalog is not synced. */
  productLimit: number;
  /** Users in the company, owner included; null means unlimited. */
  userLimit: number | null;
  /** Shown as a highlighted badge on the plan card. */
  mostPopular: boolean;
  teamCollaboration: boolean;
  features: readonly string[];
}

/**
 * What a plan unlocks beyond its limits, by name: the features the plan cards list and the API
 * checks. Which plans include each one is PLAN_FEATURES (below the plans).
 */
export const PLAN_FEATURE_LABELS = {
  /** Backups of every price, compare and restore (issue 17): /backups and /api/backups. */
  pricingBackups: 'Catalog pricing backups',
  /** Members' work orders wait for an owner's or admin's approval (issue 19): the plans with teams. */
  approvals: "Approvals of members' work orders",
} as const;
export type PlanFeature = keyof typeof PLAN_FEATURE_LABELS;

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  trial: {
    id: 'trial',
    name: 'Trial',
    rank: 0,
    priceCents: 0,
    period: 'forever',
    productLimit: 5,
    userLimit: 1,
    mostPopular: false,
    teamCollaboration: false,
    features: ['Up to 5 products', '1 user', 'Bulk and scheduled price updates', 'Email support'],
  },
  starter: {
    id: 'starter',
    name: 'Starter',
    rank: 1,
    priceCents: 500,
    period: 'month',
    productLimit: 100,
    userLimit: 2,
    mostPopular: true,
    teamCollaboration: false,
    features: ['Up to 100 products', '2 users', 'Bulk and scheduled price updates', 'Email support'],
  },
  premium: {
    id: 'premium',
    name: 'Premium',
    rank: 2,
    priceCents: 1000,
    period: 'month',
    productLimit: 1000,
    userLimit: null,
    mostPopular: false,
    teamCollaboration: true,
    features: [
      'Up to 1,000 products',
      'Unlimited users',
      'Bulk and scheduled price updates',
      PLAN_FEATURE_LABELS.pricingBackups,
      'Priority email support',
      'Team collaboration',
    ],
  },
};

/** Plans in display order (by rank). */
export const PLAN_LIST: readonly Plan[] = PLAN_IDS.map((id) => PLANS[id]);

/** The plan a new company starts on. */
export const DEFAULT_PLAN: PlanId = 'trial';

export function planFor(id: string | null | undefined): Plan {
  const parsed = PlanId.safeParse(id);
  return PLANS[parsed.success ? parsed.data : DEFAULT_PLAN];
}

/**
 * The plan-feature table: which plans include each feature. The API refuses a feature the
 * company's plan lacks (403 PLAN_LIMIT, planFeatureError) and the web app shows what the
 * feature does with an upgrade button instead; both read this.
 */
export const PLAN_FEATURES: Readonly<Record<PlanFeature, readonly PlanId[]>> = {
  pricingBackups: ['premium'],
  approvals: ['starter', 'premium'],
};

/** Whether the plan (an id as stored; unknown ids read as the default plan) includes `feature`. */
export function planHasFeature(plan: string | null | undefined, feature: PlanFeature): boolean {
  return PLAN_FEATURES[feature].includes(planFor(plan).id);
}

/** The plans that include `feature`, as stored ids: what the daily backup job looks for. */
export function plansWithFeature(feature: PlanFeature): readonly PlanId[] {
  return PLAN_FEATURES[feature];
}

/** The lowest plan that includes `feature`: the one an upgrade button offers. */
export function planNeededFor(feature: PlanFeature): Plan {
  const plans = PLAN_FEATURES[feature].map((id) => PLANS[id]).sort((a, b) => a.rank - b.rank);
  return plans[0]!;
}

/**
 * The HTTP status of a feature the plan does not include. PLAN_LIMIT's own status is 402 (a
 * limit reached: products, users); a feature outside the plan is forbidden rather than a
 * payment to complete, so it is answered 403 with the same code (decision 032).
 */
export const PLAN_FEATURE_STATUS = 403;

/**
 * The message of that refusal, naming the plan needed: "Catalog pricing backups are part of the
 * Premium plan. Your company is on the Trial plan: upgrade to Premium to use them."
 */
export function planFeatureMessage(feature: PlanFeature, plan: string | null | undefined): string {
  const needed = planNeededFor(feature);
  return `${PLAN_FEATURE_LABELS[feature]} are part of the ${needed.name} plan. Your company is on the ${planFor(plan).name} plan: upgrade to ${needed.name} to use them.`;
}

/** The API's refusal of a feature the plan lacks: 403 PLAN_LIMIT with planFeatureMessage. */
export function planFeatureError(feature: PlanFeature, plan: string | null | undefined): ApiError {
  return new ApiError(ErrorCode.PLAN_LIMIT, planFeatureMessage(feature, plan), { status: PLAN_FEATURE_STATUS });
}
