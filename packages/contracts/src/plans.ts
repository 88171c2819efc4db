/**
 * The subscription plans: one table that the pricing page, the subscription screen and the
 * API's limits all read. DESIGN.md section 6 fixes the numbers (the trial keeps 5 products:
 * the stored default wins over the old pricing page's 25).
 */
import { z } from 'zod';

export const PLAN_IDS = ['trial', 'starter', 'premium'] as const;
export const PlanId = z.enum(PLAN_IDS);
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
      'Catalog pricing backups',
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
