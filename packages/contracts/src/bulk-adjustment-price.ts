/**
 * The new price of one product or variant under a bulk adjustment, and how it was reached (the
 * preview's "Why?"), with its rounding to a price ending.
 */
import { formatPercent } from './bulk-adjustment-messages';
import { PRICE_FIELD_LABELS, type BulkAdjustment, type SkipReason } from './bulk-adjustment-vocabulary';
import { MAX_CENTS, addCents, applyPercent, formatCents, isOnSale } from './money';
import { describeRounding, roundPrice, roundingFromLegacyEnding } from './price-rounding';

/**
 * Rounds a price to one of the endings earlier versions offered ('none', '99', '95', 'whole'),
 * to the nearest, a tie going up (19.49 -> 19.99 with .99). See price-rounding.ts for the rest.
 */
export function roundToEnding(cents: number, ending: 'none' | '99' | '95' | 'whole'): number {
  return roundPrice(cents, roundingFromLegacyEnding(ending));
}

/**
 * The current prices of one product or variant, in cents; null where it has none of its own.
 * `cost` and `retail` are the item's effective ones (a variant's own, else its product's: see
 * itemCostAndRetail), null when it has none; absent reads as none.
 */
export interface CurrentPrices {
  regular: number | null;
  /** null or 0: not on sale. */
  sale: number | null;
  retail?: number | null;
  cost?: number | null;
  /**
   * The item's lowest prior price in cents (issue 36), for `priorLow`: the lowest known (where the
   * store was followed); null or absent when none is known.
   */
  priorLow?: number | null;
}

/**
 * How an adjustment reached a price, for the preview's "Why?": the rule, the value it gave
 * before rounding, the rounding, the result. `skipped` says why an item was left alone.
 */
export type AdjustmentExplanation =
  | { skipped: SkipReason }
  | { skipped: null; rule: string; beforeRounding: number; rounding: string; result: number };

const percentText = (bp: number) => `${formatPercent(bp)}%`;

/**
 * The new price of the adjusted field and how it was reached, or why the item is left alone (a
 * variant with no regular price of its own follows its product's; no cost, no MSRP). A
 * percentage or fixed change of a sale price starts from the regular price when there is no
 * sale price (null or 0), so "20% off" works on items not yet on sale. The result is rounded
 * and kept within 0 and MAX_CENTS.
 */
export function explainAdjustment(prices: CurrentPrices, adjustment: BulkAdjustment): AdjustmentExplanation {
  let next: number;
  let rule: string;
  const name = PRICE_FIELD_LABELS[adjustment.field];
  switch (adjustment.mode) {
    case 'set':
      next = adjustment.cents;
      rule = `Set the ${name} to ${formatCents(adjustment.cents)}`;
      break;
    case 'marginOverCost': {
      const cost = prices.cost ?? null;
      if (cost === null) return { skipped: 'noCost' };
      next = applyPercent(cost, adjustment.basisPoints);
      rule = `Cost ${formatCents(cost)} + ${percentText(adjustment.basisPoints)}`;
      break;
    }
    case 'priorLow': {
      const low = prices.priorLow ?? null;
      if (low === null) return { skipped: 'noPriorLow' };
      next = low;
      rule = `Lowest price of the last ${adjustment.days} ${adjustment.days === 1 ? 'day' : 'days'}: ${formatCents(low)}`;
      break;
    }
    case 'percentOfRetail': {
      const retail = prices.retail ?? null;
      if (retail === null || retail === 0) return { skipped: 'noRetail' };
      next = applyPercent(retail, adjustment.basisPoints - 10_000);
      rule = `${percentText(adjustment.basisPoints)} of MSRP ${formatCents(retail)}`;
      break;
    }
    default: {
      const base =
        adjustment.field === 'regular' ? prices.regular
          : adjustment.field === 'retail' ? (prices.retail ?? null)
            : isOnSale(prices.sale) ? prices.sale : prices.regular;
      if (base === null) return { skipped: 'noPrice' };
      const from = adjustment.field === 'sale' && !isOnSale(prices.sale) ? `regular price ${formatCents(base)}` : `${name} ${formatCents(base)}`;
      const signed = adjustment.mode === 'percent' ? adjustment.basisPoints : adjustment.deltaCents;
      const amount = adjustment.mode === 'percent' ? percentText(Math.abs(signed)) : formatCents(Math.abs(signed));
      next = adjustment.mode === 'percent' ? applyPercent(base, adjustment.basisPoints) : addCents(base, adjustment.deltaCents);
      rule = `${from.charAt(0).toUpperCase()}${from.slice(1)} ${signed < 0 ? '-' : '+'} ${amount}`;
    }
  }
  const beforeRounding = Math.min(Math.max(next, 0), MAX_CENTS);
  const result = roundPrice(beforeRounding, adjustment.rounding);
  const rounding = adjustment.rounding.kind === 'none' ? 'No rounding' : `Rounded ${describeRounding(adjustment.rounding)}`;
  return { skipped: null, rule, beforeRounding, rounding, result };
}

/** The new price of the adjusted field, or undefined when the item is left as it is (explainAdjustment). */
export function adjustPrice(prices: CurrentPrices, adjustment: BulkAdjustment): number | undefined {
  const explained = explainAdjustment(prices, adjustment);
  return explained.skipped === null ? explained.result : undefined;
}
