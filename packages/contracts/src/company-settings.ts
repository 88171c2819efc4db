/**
 * A company's own settings (issue 19): whether members' work orders need an owner's or admin's
 * approval, and the guardrails of its work orders (the large-change threshold, the MSRP floor,
 * which rules block), and the EU prior price mode (issue 36): its window, the "was" price the theme shows, and
 * whether the low is published to the storefront. `GET /api/company/settings` (every role) and `PATCH` (owner and admin).
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import {
  DEFAULT_GUARDRAIL_SETTINGS, GUARDRAIL_RULES, GuardrailRule, MAX_GUARDRAIL_THRESHOLD_PERCENT, MIN_GUARDRAIL_THRESHOLD_PERCENT,
} from './guardrails';
import { MAX_PRIOR_PRICE_DAYS, MIN_PRIOR_PRICE_DAYS, PriorPriceShownAs } from './lowest-price';

export const CompanySettings = lazySchema(() =>
  z.object({
    /** A member's order waits as `awaiting_approval` until an owner or admin approves it (Starter, Premium). */
    ordersNeedApproval: z.boolean(),
    /** `largeChange` flags a price that moves by more than this percentage, up or down. */
    guardrailThresholdPercent: z.number().int().min(MIN_GUARDRAIL_THRESHOLD_PERCENT).max(MAX_GUARDRAIL_THRESHOLD_PERCENT),
    /** Flag a regular price below the item's retail price (MSRP). */
    retailFloor: z.boolean(),
    /** The rules that refuse an order (422 GUARDRAIL) rather than only flag it; each at most once. */
    blockingGuardrails: z.array(GuardrailRule).max(GUARDRAIL_RULES.length)
      .refine((rules) => new Set(rules).size === rules.length, 'must name each rule at most once'),
    /** The EU prior price mode (issue 36): the days before a reduction whose lowest price counts; null: off. */
    priorPriceDays: z.number().int().min(MIN_PRIOR_PRICE_DAYS).max(MAX_PRIOR_PRICE_DAYS).nullable(),
    /** The "was" price the storefront's theme strikes through beside a sale price: the regular price, or the MSRP. */
    priorPriceShownAs: PriorPriceShownAs,
    /** Write each variant's lowest prior price to a storefront-readable variant metafield while it is on sale. */
    publishPriorPrice: z.boolean(),
  }),
);
export type CompanySettings = z.infer<typeof CompanySettings>;

export const DEFAULT_COMPANY_SETTINGS: CompanySettings = {
  ordersNeedApproval: false,
  ...DEFAULT_GUARDRAIL_SETTINGS,
  blockingGuardrails: [],
  priorPriceDays: null,
  priorPriceShownAs: 'regular',
  publishPriorPrice: false,
};

/** PATCH /api/company/settings: the settings to change, at least one. */
export const UpdateCompanySettingsBody = lazySchema(() =>
  CompanySettings.partial()
    .strict()
    .refine((body) => Object.keys(body).length > 0, 'Change at least one setting'),
);
export type UpdateCompanySettingsBody = z.infer<typeof UpdateCompanySettingsBody>;
