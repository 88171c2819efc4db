/**
 * Guardrails of a work order (issue 19): the risky rows a bulk price change can hold, flagged
 * in the preview on the device for every item, and refused by the server (422 GUARDRAIL) for the
 * rules a company makes blocking. One function decides both, so the form and the API agree.
 * Integer cents throughout; an item's prices are its effective ones (a variant's null inherits
 * its product's), before and after the order.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { ApiError, ErrorCode } from './errors';
import { isOnSale } from './money';
import { priorPriceCheck, type PriorLow, type PriorPriceCheck, type PriorPriceSettings } from './prior-price';

export const GUARDRAIL_RULES = ['belowCost', 'saleAtOrAboveRegular', 'zeroPrice', 'largeChange', 'belowRetailFloor', 'priorPrice'] as const;
export const GuardrailRule = lazySchema(() => z.enum(GUARDRAIL_RULES));
export type GuardrailRule = z.infer<typeof GuardrailRule>;

/** The company's default for `largeChange`: a change of more than 50%, up or down. */
export const DEFAULT_GUARDRAIL_THRESHOLD_PERCENT = 50;
export const MIN_GUARDRAIL_THRESHOLD_PERCENT = 1;
export const MAX_GUARDRAIL_THRESHOLD_PERCENT = 1000;

/**
 * What the company set (company settings): the threshold, the MSRP floor, the blocking rules, and
 * the EU prior price mode (prior-price.ts: its window and the "was" price its theme shows).
 */
export interface GuardrailSettings extends PriorPriceSettings {
  guardrailThresholdPercent: number;
  /** Whether a regular price below the item's retail price (MSRP) is flagged. */
  retailFloor: boolean;
  /** Rules that refuse the order instead of only flagging its rows. */
  blockingGuardrails: readonly GuardrailRule[];
}

export const DEFAULT_GUARDRAIL_SETTINGS: GuardrailSettings = {
  guardrailThresholdPercent: DEFAULT_GUARDRAIL_THRESHOLD_PERCENT,
  retailFloor: false,
  blockingGuardrails: [],
};

/** A rule's name as the preview, the settings and the server's refusal say it. */
export function guardrailLabel(rule: GuardrailRule, settings: Pick<GuardrailSettings, 'guardrailThresholdPercent'> = DEFAULT_GUARDRAIL_SETTINGS): string {
  switch (rule) {
    case 'belowCost': return 'Below cost';
    case 'saleAtOrAboveRegular': return 'Sale price at or above regular price';
    case 'zeroPrice': return 'Price of 0.00';
    case 'largeChange': return `Change over ${settings.guardrailThresholdPercent}%`;
    case 'belowRetailFloor': return 'Below MSRP floor';
    case 'priorPrice': return 'EU prior price';
  }
}

/** Effective prices of one item in cents; a sale price of null or 0 is no sale. */
export interface GuardrailPrices {
  regular: number;
  sale: number | null;
}

/**
 * One product or variant of an order: its prices before and after, its cost and MSRP after the
 * order (null: none), and its lowest prior price at the moment the order would run (absent: not
 * asked, the EU mode being off or the lows not read).
 */
export interface GuardrailItem {
  before: GuardrailPrices;
  after: GuardrailPrices;
  cost: number | null;
  retail: number | null;
  prior?: PriorLow;
}

/** What a customer pays: the sale price when on sale, else the regular price. */
const sellingPrice = (p: GuardrailPrices): number => (isOnSale(p.sale) ? p.sale! : p.regular);

/** Whether going from `from` to `to` moves by more than `percent` % of `from` (any move from 0 does). */
function changesMoreThan(from: number, to: number, percent: number): boolean {
  if (from === to) return false;
  if (from <= 0) return true;
  return Math.abs(to - from) * 100 > percent * from;
}

/** Whether the order leaves the item's regular and sale prices as they were (a sale price of 0 is none). */
function leftAsItWas({ before, after }: GuardrailItem): boolean {
  return before.regular === after.regular && (isOnSale(before.sale) ? before.sale : null) === (isOnSale(after.sale) ? after.sale : null);
}

/**
 * The EU prior price check of an item the order changes (prior-price.ts); null when there is
 * nothing to check (the mode off, no low asked, not on sale after, or left as it was).
 */
export function priorPriceOf(item: GuardrailItem, settings: GuardrailSettings): PriorPriceCheck | null {
  return leftAsItWas(item) ? null : priorPriceCheck(item, settings);
}

/**
 * The rules an item breaks after the order, in GUARDRAIL_RULES order. An item the order leaves
 * as it was breaks none: the flags are about what the order does.
 */
export function guardrailFlags(item: GuardrailItem, settings: GuardrailSettings): GuardrailRule[] {
  const { before, after, cost, retail } = item;
  const beforeSale = isOnSale(before.sale) ? before.sale : null;
  const afterSale = isOnSale(after.sale) ? after.sale : null;
  if (leftAsItWas(item)) return [];
  const flags: GuardrailRule[] = [];
  if (cost !== null && cost > 0 && sellingPrice(after) < cost) flags.push('belowCost');
  if (afterSale !== null && afterSale >= after.regular) flags.push('saleAtOrAboveRegular');
  if (after.regular === 0) flags.push('zeroPrice');
  const threshold = settings.guardrailThresholdPercent;
  const largeRegular = changesMoreThan(before.regular, after.regular, threshold);
  const largeSale = beforeSale !== null && afterSale !== null && changesMoreThan(beforeSale, afterSale, threshold);
  if (largeRegular || largeSale) flags.push('largeChange');
  if (settings.retailFloor && retail !== null && retail > 0 && after.regular < retail) flags.push('belowRetailFloor');
  if (priorPriceCheck(item, settings)?.outcome === 'above') flags.push('priorPrice');
  return flags;
}

/** A blocking rule an order's item breaks: its index in the order's items and the rule. */
export interface GuardrailViolation {
  index: number;
  rule: GuardrailRule;
}

/** The items of an order that break a rule the company made blocking, in item order. */
export function blockingViolations(items: readonly GuardrailItem[], settings: GuardrailSettings): GuardrailViolation[] {
  if (settings.blockingGuardrails.length === 0) return [];
  const blocking = new Set(settings.blockingGuardrails);
  return items.flatMap((item, index) =>
    guardrailFlags(item, settings).filter((rule) => blocking.has(rule)).map((rule) => ({ index, rule })),
  );
}

/** The most items named one by one in a refusal; the message counts the rest. */
export const MAX_LISTED_VIOLATIONS = 100;

/**
 * The server's refusal of an order that breaks blocking rules: 422 GUARDRAIL, the message naming
 * the rules and counts, `fields` naming each item ("productUpdates.3" -> "Below cost").
 */
export function guardrailError(violations: readonly GuardrailViolation[], settings: GuardrailSettings, itemsPath = 'productUpdates'): ApiError {
  const counts = new Map<GuardrailRule, number>();
  for (const v of violations) counts.set(v.rule, (counts.get(v.rule) ?? 0) + 1);
  const summary = GUARDRAIL_RULES.filter((r) => counts.has(r))
    .map((r) => `${guardrailLabel(r, settings)} (${counts.get(r)} ${counts.get(r) === 1 ? 'item' : 'items'})`)
    .join(', ');
  const fields: Record<string, string> = {};
  for (const v of violations.slice(0, MAX_LISTED_VIOLATIONS)) {
    const key = `${itemsPath}.${v.index}`;
    fields[key] = fields[key] ? `${fields[key]}; ${guardrailLabel(v.rule, settings)}` : guardrailLabel(v.rule, settings);
  }
  return new ApiError(ErrorCode.GUARDRAIL, `This order breaks your company's blocking guardrails: ${summary}.`, { fields });
}
