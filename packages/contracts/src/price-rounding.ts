/**
 * Rounding a new price (issue 19): to an ending (.99, .95, .49, .00, or the merchant's own one or
 * two digits) or to an increment (0.05 ... 1.00), up, down or to the nearest. Pure, integer cents.
 *
 * Every rounding is "the price whose value is `remainder` modulo `modulus`":
 * - a two-digit ending "dd" is cents dd of every whole amount (modulus 100, remainder dd);
 * - a one-digit ending "d" is the last whole digit with .00 ("9" -> 9.00, 19.00, 29.00: modulus
 *   1000, remainder d * 100);
 * - an increment is its multiples (modulus = the increment, remainder 0).
 *
 * Limits: 0 stays 0 (no price, or a cleared sale price, is not rounded). A positive price never
 * rounds to 0 or below: when the chosen candidate would be 0 (or less), the next one up is taken
 * (0.40 "down to .00" gives 1.00). Nothing rounds above MAX_CENTS: the candidate below is taken.
 * When neither candidate fits (no such price between 0.01 and 99,999,999.99) the price is kept
 * as it is.
 */
import { MAX_CENTS } from './money';

export const ROUNDING_DIRECTIONS = ['nearest', 'up', 'down'] as const;
export type RoundingDirection = (typeof ROUNDING_DIRECTIONS)[number];

/** The increments offered, in cents: 0.05, 0.10, 0.25, 0.50, 1.00. */
export const ROUNDING_INCREMENTS = [5, 10, 25, 50, 100] as const;
export type RoundingIncrement = (typeof ROUNDING_INCREMENTS)[number];

/** The endings offered by name; any other one or two digits is a custom ending. */
export const PRESET_ENDINGS = ['99', '95', '49', '00'] as const;

/** A checked rounding. `ending` is one or two digits. */
export type Rounding =
  | { kind: 'none' }
  | { kind: 'ending'; ending: string; direction: RoundingDirection }
  | { kind: 'increment'; stepCents: RoundingIncrement; direction: RoundingDirection };

export const NO_ROUNDING: Rounding = { kind: 'none' };

/** The endings earlier versions saved ('none' | '99' | '95' | 'whole'), as a rounding: to the nearest, as they did. */
export function roundingFromLegacyEnding(ending: string | null | undefined): Rounding {
  switch (ending) {
    case '99':
    case '95':
      return { kind: 'ending', ending, direction: 'nearest' };
    case 'whole':
      return { kind: 'ending', ending: '00', direction: 'nearest' };
    default:
      return NO_ROUNDING;
  }
}

/** Whether `text` is an ending: one or two digits. */
export const isEnding = (text: string): boolean => /^\d{1,2}$/.test(text);

function pattern(rounding: Exclude<Rounding, { kind: 'none' }>): { modulus: number; remainder: number } {
  if (rounding.kind === 'increment') return { modulus: rounding.stepCents, remainder: 0 };
  if (!isEnding(rounding.ending)) throw new RangeError(`Not an ending: "${rounding.ending}"`);
  return rounding.ending.length === 2
    ? { modulus: 100, remainder: Number(rounding.ending) }
    : { modulus: 1000, remainder: Number(rounding.ending) * 100 };
}

const fits = (cents: number) => cents > 0 && cents <= MAX_CENTS;

/** Rounds a price in cents (see the file's comment for the limits). */
export function roundPrice(cents: number, rounding: Rounding): number {
  if (rounding.kind === 'none' || cents <= 0) return cents;
  const { modulus, remainder } = pattern(rounding);
  const lower = cents - ((((cents - remainder) % modulus) + modulus) % modulus);
  if (lower === cents) return cents;
  const upper = lower + modulus;
  let first: number;
  let second: number;
  if (rounding.direction === 'up') [first, second] = [upper, lower];
  else if (rounding.direction === 'down') [first, second] = [lower, upper];
  else [first, second] = upper - cents <= cents - lower ? [upper, lower] : [lower, upper];
  if (fits(first)) return first;
  return fits(second) ? second : cents;
}

const DIRECTION_TEXT: Readonly<Record<RoundingDirection, string>> = { nearest: 'to the nearest', up: 'up to', down: 'down to' };

/** "to the nearest .99", "up to x9.00", "down to the nearest 0.25"; '' for none. */
export function describeRounding(rounding: Rounding): string {
  if (rounding.kind === 'none') return '';
  if (rounding.kind === 'increment') {
    const step = `${Math.floor(rounding.stepCents / 100)}.${String(rounding.stepCents % 100).padStart(2, '0')}`;
    return rounding.direction === 'nearest' ? `to the nearest ${step}` : `${rounding.direction} to a multiple of ${step}`;
  }
  const ending = rounding.ending.length === 2 ? `.${rounding.ending}` : `x${rounding.ending}.00`;
  return `${DIRECTION_TEXT[rounding.direction]} ${ending}`;
}
