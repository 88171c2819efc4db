/**
 * The work-order form's bulk adjustment (spec section 5, plus "set to" and price endings):
 * reading what the merchant typed, the new price of one product or variant, the rounding to a
 * price ending, and the toast that says what was applied. Integer cents throughout; the
 * percentage is whole basis points, so no price ever goes through a float.
 */
import { MAX_CENTS, MoneyError, addCents, applyPercent, formatCents, isOnSale, parseMoney, parsePercent } from './money';

/** The bulk adjustment's own messages (spec section 5), shown as they are. */
export const BULK_ADJUSTMENT_MESSAGES = {
  noSelection: 'Please select products first',
  noValue: 'Please enter an adjustment value',
  notANumber: 'Please enter a valid number',
} as const;

/** Which price an adjustment changes. */
export const PRICE_FIELDS = ['regular', 'sale'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

/**
 * How the value is used: `percent` changes the price by a percentage, `fixed` adds or subtracts
 * an amount, `set` replaces the price with the amount.
 */
export const ADJUSTMENT_MODES = ['percent', 'fixed', 'set'] as const;
export type AdjustmentMode = (typeof ADJUSTMENT_MODES)[number];

/** Up or down; ignored by `set`. A value typed with a minus sign goes the other way. */
export const ADJUSTMENT_DIRECTIONS = ['increase', 'decrease'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];

/**
 * The ending a new price is rounded to after the adjustment (see roundToEnding):
 * `none` keeps the cents, `99` and `95` give the nearest X.99 / X.95, `whole` the nearest X.00.
 */
export const PRICE_ENDINGS = ['none', '99', '95', 'whole'] as const;
export type PriceEnding = (typeof PRICE_ENDINGS)[number];

/** Labels for the ending choice, in PRICE_ENDINGS order. */
export const PRICE_ENDING_LABELS: Readonly<Record<PriceEnding, string>> = {
  none: 'No rounding',
  '99': 'Nearest .99',
  '95': 'Nearest .95',
  whole: 'Nearest whole amount',
};

/**
 * The direction the spec gives each field for a percentage: regular prices are increased,
 * sale prices discounted. The form starts with it; the merchant may choose the other.
 */
export function defaultDirection(field: PriceField): AdjustmentDirection {
  return field === 'regular' ? 'increase' : 'decrease';
}

/** What the merchant typed and chose. */
export interface BulkAdjustmentInput {
  field: PriceField;
  mode: AdjustmentMode;
  direction: AdjustmentDirection;
  /** "10", "12.5%", "-3", "4.99", "$5"; checked by parseBulkAdjustment. */
  value: string;
  ending: PriceEnding;
}

/** A checked adjustment: the signed change (or the target) in whole units. */
export type BulkAdjustment =
  | { field: PriceField; mode: 'percent'; basisPoints: number; ending: PriceEnding }
  | { field: PriceField; mode: 'fixed'; deltaCents: number; ending: PriceEnding }
  | { field: PriceField; mode: 'set'; cents: number; ending: PriceEnding };

export type ParseResult = { ok: true; adjustment: BulkAdjustment } | { ok: false; error: string };

/** Signed cents from "5", "-2.50", "+$3.1"; throws MoneyError with the bulk messages. */
function parseAmount(input: string): number {
  const m = /^([+-]?)\s*\$?\s*(.*)$/.exec(input.trim());
  const sign = m?.[1] === '-' ? -1 : 1;
  try {
    return sign * parseMoney(m?.[2] ?? '');
  } catch {
    throw new MoneyError(BULK_ADJUSTMENT_MESSAGES.notANumber);
  }
}

/**
 * Checks the form's bulk adjustment, with the spec's messages in its order: nothing selected,
 * then an empty value, then one that is not a number. A percentage takes up to 2 decimals
 * ("12.5", "10%"); amounts are prices with up to 2 decimals. A minus sign turns the chosen
 * direction around ("-10" with increase lowers prices by 10%), which the preview makes plain.
 */
export function parseBulkAdjustment(input: BulkAdjustmentInput, selectedCount: number): ParseResult {
  if (selectedCount <= 0) return { ok: false, error: BULK_ADJUSTMENT_MESSAGES.noSelection };
  const raw = input.value.trim();
  if (raw === '') return { ok: false, error: BULK_ADJUSTMENT_MESSAGES.noValue };
  const sign = input.direction === 'decrease' ? -1 : 1;
  const { field, ending } = input;
  try {
    switch (input.mode) {
      case 'percent': {
        const basisPoints = sign * parsePercent(raw.replace(/\s*%$/, ''));
        return { ok: true, adjustment: { field, mode: 'percent', basisPoints: basisPoints || 0, ending } };
      }
      case 'fixed': {
        const deltaCents = sign * parseAmount(raw);
        return { ok: true, adjustment: { field, mode: 'fixed', deltaCents: deltaCents || 0, ending } };
      }
      case 'set': {
        const cents = parseAmount(raw);
        if (cents < 0) return { ok: false, error: BULK_ADJUSTMENT_MESSAGES.notANumber };
        return { ok: true, adjustment: { field, mode: 'set', cents, ending } };
      }
    }
  } catch {
    return { ok: false, error: BULK_ADJUSTMENT_MESSAGES.notANumber };
  }
}

/**
 * Rounds a price to an ending: the nearest price whose cents are .99 (or .95, or .00 for
 * `whole`), a tie going up (19.49 -> 19.99 with .99), as merchants' "charm pricing" does.
 * Never below 0 nor above the largest price; 0 stays 0 (a cleared sale price is not a price to
 * round), and a positive price never rounds down to 0 (0.40 -> 1.00 with `whole`).
 */
export function roundToEnding(cents: number, ending: PriceEnding): number {
  if (ending === 'none' || cents <= 0) return cents;
  const target = ending === 'whole' ? 0 : Number(ending);
  const lower = cents - ((cents % 100) - target + 100) % 100;
  if (lower === cents) return cents;
  const upper = lower + 100;
  const upperFits = upper <= MAX_CENTS;
  const lowerFits = lower > 0;
  if (!lowerFits) return upperFits ? upper : cents;
  if (!upperFits) return lower;
  return upper - cents <= cents - lower ? upper : lower;
}

/** The current prices of one product or variant, in cents; null where it has none of its own. */
export interface CurrentPrices {
  regular: number | null;
  /** null or 0: not on sale. */
  sale: number | null;
}

/**
 * The new price of the adjusted field, or undefined when there is nothing to adjust (a variant
 * with no regular price of its own follows its product's). A percentage or fixed change of a
 * sale price starts from the regular price when there is no sale price (null or 0), so "20% off"
 * works on items not yet on sale. The result is rounded to the ending and never below 0.
 */
export function adjustPrice(prices: CurrentPrices, adjustment: BulkAdjustment): number | undefined {
  let next: number;
  if (adjustment.mode === 'set') {
    next = adjustment.cents;
  } else {
    const base = adjustment.field === 'regular' ? prices.regular : isOnSale(prices.sale) ? prices.sale : prices.regular;
    if (base === null) return undefined;
    next = adjustment.mode === 'percent' ? applyPercent(base, adjustment.basisPoints) : addCents(base, adjustment.deltaCents);
  }
  return roundToEnding(Math.min(Math.max(next, 0), MAX_CENTS), adjustment.ending);
}

const plural = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'product' : 'products'}`;

/** "12.5" from 1250 basis points; whole percentages have no decimals. */
export function formatPercent(basisPoints: number): string {
  const abs = Math.abs(basisPoints);
  const whole = Math.floor(abs / 100);
  const frac = abs % 100;
  if (frac === 0) return String(whole);
  return `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}

const ENDING_NOTE: Readonly<Record<PriceEnding, string>> = {
  none: '',
  '99': ', rounded to .99',
  '95': ', rounded to .95',
  whole: ', rounded to whole amounts',
};

/**
 * The toast after Apply. A percentage reads as the spec's 'Applied {X}% increase/discount to N
 * products'; an amount as 'Applied 5.00 increase to N products'; a set price as 'Set the sale
 * price to 9.99 for N products'. N counts the selected products (their variants included).
 */
export function bulkAdjustmentMessage(adjustment: BulkAdjustment, productCount: number): string {
  const note = ENDING_NOTE[adjustment.ending];
  if (adjustment.mode === 'set') {
    return `Set the ${adjustment.field} price to ${formatCents(adjustment.cents)} for ${plural(productCount)}${note}`;
  }
  const signed = adjustment.mode === 'percent' ? adjustment.basisPoints : adjustment.deltaCents;
  const kind = signed < 0 ? 'discount' : 'increase';
  const amount =
    adjustment.mode === 'percent' ? `${formatPercent(signed)}%` : formatCents(Math.abs(signed));
  return `Applied ${amount} ${kind} to ${plural(productCount)}${note}`;
}

/** The toast after 'Remove All Sale Prices'. */
export function removeSalePricesMessage(productCount: number): string {
  return `Removed the sale prices of ${plural(productCount)}`;
}
