/**
 * The EU prior price guardrail (issue 36, Directive 98/6/EC Article 6a; decision 063 says how the
 * low is computed): an item an order leaves on sale must not show a "was" price above the lowest
 * price it had in the company's window (`priorPriceDays`) before the sale starts. The "was" price
 * is what the theme strikes through beside the sale price: the regular price after the order, or
 * the MSRP when the company says its theme shows that (`priorPriceShownAs`; an item without an
 * MSRP shows its regular price).
 *
 * A low is known, unknown (null: nothing known in the window) or partial (the window had gaps:
 * spans the store was not followed, when a lower price may have applied unseen). An item is
 * flagged only when its "was" price is above the low known: the true low can only be lower. When
 * it is not above it but the low is unknown or partial, the item is not flagged and the preview
 * says it could not be checked. Pure, integer cents; a leaf module (guardrails.ts reads it).
 */
import { formatCents, isOnSale } from './money';
import type { PriorPriceShownAs } from './lowest-price';

/** The company's EU prior price settings, as the rule reads them (company-settings.ts). */
export interface PriorPriceSettings {
  /** The window in days; null or absent: the EU mode is off and the rule checks nothing. */
  priorPriceDays?: number | null;
  /** The "was" price the theme shows beside a sale price; absent: the regular price. */
  priorPriceShownAs?: PriorPriceShownAs;
}

/** An item's lowest prior price. */
export interface PriorLow {
  /** The lowest price known in the window, in cents; null: none known. */
  cents: number | null;
  /** Part of the window (or of the variants showing it) is unknown: a lower price may have applied there. */
  partial: boolean;
}

/** The lows of the variants a check reads (the API's lowest prices, at the moment the sale would start). */
export interface PriorLows {
  /** The window had gaps: every low in it is partial. */
  gaps: boolean;
  /** By the store's variant id (a product without options: its base variant's); null: none known. */
  byVariant: ReadonlyMap<number, number | null>;
}

/**
 * The low shown by items made of these variants: one variant's, or for a product's own price the
 * lowest of its variants that show it. Undefined when there are none (nothing shows the price); a
 * variant missing from `lows` is unknown.
 */
export function priorLowOf(lows: PriorLows, variantIds: readonly number[]): PriorLow | undefined {
  if (variantIds.length === 0) return undefined;
  let cents: number | null = null;
  let unknown = false;
  for (const id of variantIds) {
    const low = lows.byVariant.get(id) ?? null;
    if (low === null) unknown = true;
    else if (cents === null || low < cents) cents = low;
  }
  return { cents, partial: lows.gaps || (unknown && cents !== null) };
}

/** What the rule reads of an item: its prices and MSRP after the order, and its low (absent: not asked). */
export interface PriorPriceItem {
  after: { regular: number; sale: number | null };
  retail: number | null;
  prior?: PriorLow;
}

/**
 * How an item on sale compares with its low: `above` breaks the rule; `unknown` could not be
 * checked (no low known, or the "was" price is not above a partial one); `ok` is within it.
 */
export type PriorPriceCheck =
  | { outcome: 'above'; wasCents: number; lowCents: number }
  | { outcome: 'unknown'; lowCents: number | null; partial: boolean }
  | { outcome: 'ok' };

/** The "was" price the storefront shows beside the sale price (see the file's comment). */
export function wasPriceCents(item: Pick<PriorPriceItem, 'after' | 'retail'>, shownAs: PriorPriceShownAs = 'regular'): number {
  return shownAs === 'msrp' && item.retail !== null && item.retail > 0 ? item.retail : item.after.regular;
}

/** The check of one item; null when there is nothing to check: the mode is off, no low was asked, or it is not on sale after the order. */
export function priorPriceCheck(item: PriorPriceItem, settings: PriorPriceSettings): PriorPriceCheck | null {
  if (settings.priorPriceDays == null || item.prior === undefined || !isOnSale(item.after.sale)) return null;
  const was = wasPriceCents(item, settings.priorPriceShownAs);
  const { cents, partial } = item.prior;
  if (cents !== null && was > cents) return { outcome: 'above', wasCents: was, lowCents: cents };
  if (cents === null || partial) return { outcome: 'unknown', lowCents: cents, partial };
  return { outcome: 'ok' };
}

/** "the last 30 days", "the last day". */
export const lastDaysText = (days: number) => (days === 1 ? 'the last day' : `the last ${days} days`);

/**
 * The preview's words for a check: "Shown as before: 49.00; lowest in the last 30 days: 39.00",
 * or why it could not be checked; null when there is nothing to say.
 */
export function priorPriceNote(check: PriorPriceCheck | null, days: number): string | null {
  if (!check || check.outcome === 'ok') return null;
  const last = lastDaysText(days);
  if (check.outcome === 'above') return `Shown as before: ${formatCents(check.wasCents)}; lowest in ${last}: ${formatCents(check.lowCents)}`;
  const unknown = `Lowest in ${last} unknown`;
  if (!check.partial) return `${unknown}: no price is known for it in that time`;
  const where = check.lowCents === null ? '' : ` (lowest where followed: ${formatCents(check.lowCents)})`;
  return `${unknown}: not followed for part of the window${where}`;
}
