/**
 * The bulk adjustment's vocabulary: its messages, the price fields, modes, directions and
 * rounding choices the form offers (with their labels), what the merchant typed
 * (BulkAdjustmentInput), the checked adjustment it becomes (BulkAdjustment) and why an item is
 * left as it is (SkipReason).
 */
import type { Rounding, RoundingDirection } from './price-rounding';

/** The bulk adjustment's own messages (spec section 5), shown as they are. */
export const BULK_ADJUSTMENT_MESSAGES = {
  noSelection: 'Please select products first',
  noValue: 'Please enter an adjustment value',
  notANumber: 'Please enter a valid number',
} as const;

/** Which price an adjustment changes: regular, sale, or retail (MSRP, issue 19). */
export const PRICE_FIELDS = ['regular', 'sale', 'retail'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

/** A field's name for people: 'regular price', 'sale price', 'retail price (MSRP)'. */
export const PRICE_FIELD_LABELS: Readonly<Record<PriceField, string>> = {
  regular: 'regular price',
  sale: 'sale price',
  retail: 'retail price (MSRP)',
};

/**
 * How the value is used: `percent` changes the price by a percentage, `fixed` adds or subtracts
 * an amount, `set` replaces the price with the amount, `marginOverCost` sets it to the item's
 * cost plus a percentage (`cost + 40%`: cost x 1.40), `percentOfRetail` to a percentage of its
 * retail price (`90% of MSRP`). An item with no cost (or no MSRP) is left as it is.
 * `priorLow` (issue 36, the EU mode) takes no value: it sets the regular price (or the MSRP) to
 * the item's lowest price of the company's window, unrounded, so a sale shows a lawful "was"
 * price (the lowest known where part of the window was not followed: the preview says so); an
 * item with no known low is left as it is.
 */
export const ADJUSTMENT_MODES = ['percent', 'fixed', 'set', 'marginOverCost', 'percentOfRetail', 'priorLow'] as const;
export type AdjustmentMode = (typeof ADJUSTMENT_MODES)[number];

/** Up or down; used by `percent` and `fixed` only. A value typed with a minus sign goes the other way. */
export const ADJUSTMENT_DIRECTIONS = ['increase', 'decrease'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];

/**
 * The rounding choice of the form: no rounding, an ending (.99, .95, .49, .00, or `custom`: the
 * merchant's own digits), or `increment` (to the nearest 0.05 ... 1.00). `whole` is what earlier
 * versions called .00 and is still read (roundingFromLegacyEnding).
 */
export const PRICE_ENDINGS = ['none', '99', '95', '49', '00', 'custom', 'increment'] as const;
export type PriceEnding = (typeof PRICE_ENDINGS)[number] | 'whole';

/** Labels for the rounding choice, in PRICE_ENDINGS order. */
export const PRICE_ENDING_LABELS: Readonly<Record<(typeof PRICE_ENDINGS)[number], string>> = {
  none: 'No rounding',
  '99': 'Ending .99',
  '95': 'Ending .95',
  '49': 'Ending .49',
  '00': 'Ending .00 (whole amounts)',
  custom: 'My own ending',
  increment: 'To an increment (0.05 to 1.00)',
};

export const ROUNDING_MESSAGES = {
  customEnding: 'Please enter an ending of one or two digits (50 for x.50, 9 for x9.00)',
  increment: 'Please choose an increment: 0.05, 0.10, 0.25, 0.50 or 1.00',
} as const;

/**
 * The direction the spec gives each field for a percentage: regular (and retail) prices are
 * increased, sale prices discounted. The form starts with it; the merchant may choose the other.
 */
export function defaultDirection(field: PriceField): AdjustmentDirection {
  return field === 'sale' ? 'decrease' : 'increase';
}

/** What the merchant typed and chose. */
export interface BulkAdjustmentInput {
  field: PriceField;
  mode: AdjustmentMode;
  direction: AdjustmentDirection;
  /** "10", "12.5%", "-3", "4.99", "$5"; checked by parseBulkAdjustment. */
  value: string;
  ending: PriceEnding;
  /** With `custom`: one or two digits ("50", "9"). */
  customEnding?: string;
  /** With `increment`: the step in cents (5, 10, 25, 50, 100). */
  incrementCents?: number;
  /** Up, down or to the nearest; default nearest. */
  roundDirection?: RoundingDirection;
  /** With `priorLow`: the company's window in days (priorPriceDays); default 30. */
  days?: number;
}

interface AdjustmentBase {
  field: PriceField;
  rounding: Rounding;
}

/** A checked adjustment: the signed change (or the target) in whole units. */
export type BulkAdjustment =
  | (AdjustmentBase & { mode: 'percent'; basisPoints: number })
  | (AdjustmentBase & { mode: 'fixed'; deltaCents: number })
  | (AdjustmentBase & { mode: 'set'; cents: number })
  /** cost x (1 + basisPoints / 10,000); basis points at least 0 (a margin, not a loss). */
  | (AdjustmentBase & { mode: 'marginOverCost'; basisPoints: number })
  /** retail x basisPoints / 10,000. */
  | (AdjustmentBase & { mode: 'percentOfRetail'; basisPoints: number })
  /** The item's lowest price in the `days` before the order runs; never rounded. */
  | (AdjustmentBase & { mode: 'priorLow'; days: number });

export type ParseResult = { ok: true; adjustment: BulkAdjustment } | { ok: false; error: string };

/** Why an item is left as it is: no price to start from, no cost, no retail price (MSRP), no known low (`priorLow`). */
export type SkipReason = 'noPrice' | 'noCost' | 'noRetail' | 'noPriorLow';

/** The fields `priorLow` sets: the "was" prices a theme shows. */
export const PRIOR_LOW_FIELDS: readonly PriceField[] = ['regular', 'retail'];

/** The mode's name in the form: "The 30-day low (EU prior price)". */
export const priorLowModeLabel = (days: number) => `The ${days}-day low (EU prior price)`;

/** Said when `priorLow` is applied to sale prices. */
export const PRIOR_LOW_FIELD_MESSAGE = 'The lowest prior price sets a regular price or an MSRP: choose one of them';
