/**
 * The work-order form's bulk adjustment (spec section 5, plus "set to" and price endings):
 * reading what the merchant typed, the new price of one product or variant, the rounding to a
 * price ending, and the toast that says what was applied. Integer cents throughout; the
 * percentage is whole basis points, so no price ever goes through a float.
 */
import { MAX_CENTS, MoneyError, addCents, applyPercent, formatCents, isOnSale, parseMoney, parsePercent } from './money';
import {
  NO_ROUNDING, ROUNDING_DIRECTIONS, ROUNDING_INCREMENTS, describeRounding, isEnding, roundPrice, roundingFromLegacyEnding,
  type Rounding, type RoundingDirection, type RoundingIncrement,
} from './price-rounding';

export * from './price-rounding';

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
 */
export const ADJUSTMENT_MODES = ['percent', 'fixed', 'set', 'marginOverCost', 'percentOfRetail'] as const;
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
  | (AdjustmentBase & { mode: 'percentOfRetail'; basisPoints: number });

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

/** The rounding the form's choice names; an error message when its custom ending or increment is not one. */
export function parseRounding(input: Pick<BulkAdjustmentInput, 'ending' | 'customEnding' | 'incrementCents' | 'roundDirection'>):
  { ok: true; rounding: Rounding } | { ok: false; error: string } {
  const direction = input.roundDirection ?? 'nearest';
  if (!(ROUNDING_DIRECTIONS as readonly string[]).includes(direction)) return { ok: false, error: ROUNDING_MESSAGES.increment };
  switch (input.ending) {
    case 'none':
      return { ok: true, rounding: NO_ROUNDING };
    case 'whole':
      return { ok: true, rounding: { kind: 'ending', ending: '00', direction } };
    case 'custom': {
      const ending = (input.customEnding ?? '').trim();
      return isEnding(ending) ? { ok: true, rounding: { kind: 'ending', ending, direction } } : { ok: false, error: ROUNDING_MESSAGES.customEnding };
    }
    case 'increment': {
      const step = input.incrementCents;
      return (ROUNDING_INCREMENTS as readonly number[]).includes(step ?? -1)
        ? { ok: true, rounding: { kind: 'increment', stepCents: step as RoundingIncrement, direction } }
        : { ok: false, error: ROUNDING_MESSAGES.increment };
    }
    default:
      return isEnding(input.ending) ? { ok: true, rounding: { kind: 'ending', ending: input.ending, direction } } : { ok: true, rounding: roundingFromLegacyEnding(input.ending) };
  }
}

/**
 * Checks the form's bulk adjustment, with the spec's messages in its order: nothing selected,
 * then an empty value, then one that is not a number. A percentage takes up to 2 decimals
 * ("12.5", "10%"); amounts are prices with up to 2 decimals. A minus sign turns the chosen
 * direction around ("-10" with increase lowers prices by 10%), which the preview makes plain.
 * A margin over cost and a percentage of retail take no sign.
 */
export function parseBulkAdjustment(input: BulkAdjustmentInput, selectedCount: number): ParseResult {
  if (selectedCount <= 0) return { ok: false, error: BULK_ADJUSTMENT_MESSAGES.noSelection };
  const raw = input.value.trim();
  if (raw === '') return { ok: false, error: BULK_ADJUSTMENT_MESSAGES.noValue };
  const roundingResult = parseRounding(input);
  if (!roundingResult.ok) return roundingResult;
  const sign = input.direction === 'decrease' ? -1 : 1;
  const { field } = input;
  const { rounding } = roundingResult;
  try {
    switch (input.mode) {
      case 'percent': {
        const basisPoints = sign * parsePercent(raw.replace(/\s*%$/, ''));
        return { ok: true, adjustment: { field, mode: 'percent', basisPoints: basisPoints || 0, rounding } };
      }
      case 'fixed': {
        const deltaCents = sign * parseAmount(raw);
        return { ok: true, adjustment: { field, mode: 'fixed', deltaCents: deltaCents || 0, rounding } };
      }
      case 'set': {
        const cents = parseAmount(raw);
        if (cents < 0) return { ok: false, error: BULK_ADJUSTMENT_MESSAGES.notANumber };
        return { ok: true, adjustment: { field, mode: 'set', cents, rounding } };
      }
      case 'marginOverCost':
      case 'percentOfRetail': {
        const basisPoints = parsePercent(raw.replace(/\s*%$/, ''));
        if (basisPoints < 0) return { ok: false, error: BULK_ADJUSTMENT_MESSAGES.notANumber };
        return { ok: true, adjustment: { field, mode: input.mode, basisPoints, rounding } };
      }
    }
  } catch {
    return { ok: false, error: BULK_ADJUSTMENT_MESSAGES.notANumber };
  }
}

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
}

/** Why an item is left as it is: no price to start from, no cost, no retail price (MSRP). */
export type SkipReason = 'noPrice' | 'noCost' | 'noRetail';

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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isBasisPoints = (v: unknown): v is number => Number.isSafeInteger(v) && Math.abs(v as number) <= 1_000_000_000;

/** A saved rounding: a Rounding, or an earlier version's `ending` ('none' | '99' | '95' | 'whole'). */
function savedRounding(value: Record<string, unknown>): Rounding | null {
  const r = value.rounding;
  if (r === undefined) return typeof value.ending === 'string' || value.ending === undefined ? roundingFromLegacyEnding(value.ending as string | undefined) : null;
  if (!isRecord(r)) return null;
  if (r.kind === 'none') return NO_ROUNDING;
  if (!(ROUNDING_DIRECTIONS as readonly unknown[]).includes(r.direction)) return null;
  const direction = r.direction as RoundingDirection;
  if (r.kind === 'ending' && typeof r.ending === 'string' && isEnding(r.ending)) return { kind: 'ending', ending: r.ending, direction };
  if (r.kind === 'increment' && (ROUNDING_INCREMENTS as readonly unknown[]).includes(r.stepCents)) {
    return { kind: 'increment', stepCents: r.stepCents as RoundingIncrement, direction };
  }
  return null;
}

/**
 * A bulk adjustment as a draft saved it (the form keeps the last one per field to explain its
 * rows), checked; null when it is not one. An adjustment saved with an earlier version's
 * `ending` ('none' | '99' | '95' | 'whole') reads as the same rounding to the nearest.
 */
export function parseSavedAdjustment(value: unknown): BulkAdjustment | null {
  if (!isRecord(value) || !(PRICE_FIELDS as readonly unknown[]).includes(value.field)) return null;
  const rounding = savedRounding(value);
  if (!rounding) return null;
  const field = value.field as PriceField;
  switch (value.mode) {
    case 'percent':
      return isBasisPoints(value.basisPoints) ? { field, rounding, mode: 'percent', basisPoints: value.basisPoints } : null;
    case 'marginOverCost':
    case 'percentOfRetail':
      return isBasisPoints(value.basisPoints) && value.basisPoints >= 0 ? { field, rounding, mode: value.mode, basisPoints: value.basisPoints } : null;
    case 'fixed':
      return Number.isSafeInteger(value.deltaCents) && Math.abs(value.deltaCents as number) <= MAX_CENTS
        ? { field, rounding, mode: 'fixed', deltaCents: value.deltaCents as number } : null;
    case 'set':
      return Number.isSafeInteger(value.cents) && (value.cents as number) >= 0 && (value.cents as number) <= MAX_CENTS
        ? { field, rounding, mode: 'set', cents: value.cents as number } : null;
    default:
      return null;
  }
}

/** "12 items have no cost and are left as they are"; '' for none. */
export function skippedMessage(reason: Exclude<SkipReason, 'noPrice'>, count: number): string {
  if (count <= 0) return '';
  const items = `${count.toLocaleString('en-US')} ${count === 1 ? 'item has' : 'items have'}`;
  const what = reason === 'noCost' ? 'no cost' : 'no retail price (MSRP)';
  return `${items} ${what} and ${count === 1 ? 'is' : 'are'} left as ${count === 1 ? 'it is' : 'they are'}`;
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

/**
 * The toast after Apply. A percentage reads as the spec's 'Applied {X}% increase/discount to N
 * products'; an amount as 'Applied 5.00 increase to N products'; a set price as 'Set the sale
 * price to 9.99 for N products'; 'Set the regular price to cost + 40% for N products'. N counts
 * the selected products (their variants included).
 */
export function bulkAdjustmentMessage(adjustment: BulkAdjustment, productCount: number): string {
  const note = adjustment.rounding.kind === 'none' ? '' : `, rounded ${describeRounding(adjustment.rounding)}`;
  const name = PRICE_FIELD_LABELS[adjustment.field];
  switch (adjustment.mode) {
    case 'set':
      return `Set the ${name} to ${formatCents(adjustment.cents)} for ${plural(productCount)}${note}`;
    case 'marginOverCost':
      return `Set the ${name} to cost + ${formatPercent(adjustment.basisPoints)}% for ${plural(productCount)}${note}`;
    case 'percentOfRetail':
      return `Set the ${name} to ${formatPercent(adjustment.basisPoints)}% of MSRP for ${plural(productCount)}${note}`;
    default: {
      const signed = adjustment.mode === 'percent' ? adjustment.basisPoints : adjustment.deltaCents;
      const kind = signed < 0 ? 'discount' : 'increase';
      const amount = adjustment.mode === 'percent' ? `${formatPercent(signed)}%` : formatCents(Math.abs(signed));
      return `Applied ${amount} ${kind} to ${plural(productCount)}${note}`;
    }
  }
}

/** The toast after 'Remove All Sale Prices'. */
export function removeSalePricesMessage(productCount: number): string {
  return `Removed the sale prices of ${plural(productCount)}`;
}
