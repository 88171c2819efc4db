/**
 * Money: integer cents inside, strings like "19.90" at the API edge, the spec's decimal(10,2)
 * domain (0.00 to 99,999,999.99) everywhere. Parsing is string work and arithmetic is integer
 * (BigInt where a product could pass 2^53), so no price ever goes through a float.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { TEXT_LIMITS } from './common';

/** 99,999,999.99: the largest price decimal(10,2) holds, in cents. */
export const MAX_CENTS = 9_999_999_999;
const MAX_CENTS_BIG = BigInt(MAX_CENTS);

/** The message shown next to a price field that does not hold a valid price. */
export const MONEY_MESSAGE = 'Enter a price between 0.00 and 99,999,999.99';

/** Thrown for a string that is not a price, or a number that is not whole cents in the domain. */
export class MoneyError extends RangeError {
  override readonly name = 'MoneyError';
}

/** The most characters a price string may have; longer ones are refused before any parsing. */
export const MAX_MONEY_LENGTH = TEXT_LIMITS.money;

/**
 * Cents from "19.9", "19.90", "19" or " 19.90 ". No sign, no exponent, at most 2 decimals, at
 * most MAX_MONEY_LENGTH characters (checked first: a million digits never reach BigInt).
 */
export function parseMoney(input: string): number {
  if (input.length > MAX_MONEY_LENGTH) throw new MoneyError(`A price has at most ${MAX_MONEY_LENGTH} characters`);
  const s = input.trim();
  if (s === '') throw new MoneyError('A price is required');
  if (s.startsWith('-')) throw new MoneyError(`A price cannot be negative: "${s}"`);
  if (/e/i.test(s)) throw new MoneyError(`Write the price without an exponent: "${s}"`);
  const m = /^(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) throw new MoneyError(`Not a price: "${s}" (write it like 19.90)`);
  const whole = m[1] ?? '0';
  const frac = m[2] ?? '';
  if (frac.length > 2) throw new MoneyError(`A price has at most 2 decimals: "${s}"`);
  const cents = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
  if (cents > MAX_CENTS_BIG) throw new MoneyError(`A price cannot be above 99,999,999.99: "${s}"`);
  return Number(cents);
}

/** "19.90" from 1990. Negative amounts (a difference) get a leading "-". */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new MoneyError(`Not a whole number of cents: ${cents}`);
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** "19.9" -> "19.90"; throws MoneyError as parseMoney does. */
export function normalizeMoney(input: string): string {
  return formatCents(parseMoney(input));
}

/**
 * Whether a sale price is one. The store says "not on sale" with a sale price of 0 (BigCommerce
 * has no null there) and the app says it with null: both mean no sale, anything above 0 is a
 * sale price. Takes cents or a price string ("0.00"); this is the one place that rule lives.
 */
export function isOnSale(salePrice: number | string | null | undefined): boolean {
  if (salePrice == null) return false;
  // Number() rather than parseMoney: the device asks this of every row of a 100,000-product pull.
  return (typeof salePrice === 'number' ? salePrice : Number(salePrice)) > 0;
}

/** A sale price as the app keeps it: itself when on sale, else null (the store's 0 included). */
export function salePriceOrNull<T extends number | string>(salePrice: T | null | undefined): T | null {
  return isOnSale(salePrice) ? (salePrice as T) : null;
}

export function isCents(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= MAX_CENTS;
}

function assertInteger(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value)) throw new MoneyError(`${what} must be a whole number: ${value}`);
  return BigInt(value);
}

function clampCents(value: bigint): number {
  if (value < 0n) return 0;
  return Number(value > MAX_CENTS_BIG ? MAX_CENTS_BIG : value);
}

/** A price string at the API edge, normalized to 2 decimals ("19.9" -> "19.90"). */
export const MoneyString = lazySchema(() =>
  z
    .string({ error: MONEY_MESSAGE })
    .max(MAX_MONEY_LENGTH, { error: MONEY_MESSAGE, abort: true })
    .transform((value, ctx) => {
      try {
        return normalizeMoney(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: MONEY_MESSAGE, input: value });
        return z.NEVER;
      }
    }),
);
export type MoneyString = z.infer<typeof MoneyString>;

/** A price that may be absent: a cleared sale price. */
export const NullableMoneyString = lazySchema(() => MoneyString.nullable());
export type NullableMoneyString = z.infer<typeof NullableMoneyString>;

/** Whole cents in the domain, as stored. */
export const MoneyCents = lazySchema(() =>
  z
    .number({ error: MONEY_MESSAGE })
    .int({ error: MONEY_MESSAGE })
    .min(0, { error: MONEY_MESSAGE })
    .max(MAX_CENTS, { error: MONEY_MESSAGE }),
);
export type MoneyCents = z.infer<typeof MoneyCents>;

/**
 * Basis points (hundredths of a percent) from "10", "12.5", "-7.25" or "+3". The messages are
 * the bulk adjustment's own, so a form can show them as they are.
 */
export function parsePercent(input: string): number {
  if (input.length > MAX_MONEY_LENGTH) throw new MoneyError('Please enter a valid number');
  const s = input.trim();
  if (s === '') throw new MoneyError('Please enter an adjustment value');
  const m = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m || (m[2] ?? '').length > 7) throw new MoneyError('Please enter a valid number');
  const bp = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -bp : bp;
}

/**
 * The price after changing it by a percentage: `percent` is a string ("10", "-12.5") or whole
 * basis points (1250 = 12.5%). Rounds half up to the cent and stays within 0 and MAX_CENTS.
 */
export function applyPercent(cents: number, percent: string | number): number {
  const base = assertInteger(cents, 'A price in cents');
  const bp = typeof percent === 'string' ? BigInt(parsePercent(percent)) : assertInteger(percent, 'Basis points');
  const factor = 10_000n + bp;
  if (base <= 0n || factor <= 0n) return 0;
  // Both factors are non-negative here, so truncating after adding half a unit rounds half up.
  return clampCents((base * factor + 5_000n) / 10_000n);
}

/** `cents + delta` (delta may be negative), kept within 0 and MAX_CENTS. */
export function addCents(cents: number, delta: number): number {
  return clampCents(assertInteger(cents, 'A price in cents') + assertInteger(delta, 'An amount in cents'));
}
