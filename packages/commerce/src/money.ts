/**
 * Money at the BigCommerce boundary. BigCommerce sends prices as JSON floats (19.9); inside we
 * use integer cents. The conversion reads the two-decimal text of the float (`toFixed(2)`) rather
 * than scaling it (`0.29 * 100` is 28.999999999999996), so the cents are those the decimal
 * shows; and back, cents become the number with at most two decimals. A variant's `null` (inherit) stays null, distinct from 0.
 */

/** 19.9 -> 1990. A float with more than two decimals is rounded as `toFixed(2)` rounds its exact value. */
export function toCents(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a price: ${amount}`);
  const text = Math.abs(amount).toFixed(2);
  const match = /^(\d+)\.(\d{2})$/.exec(text);
  if (!match) throw new RangeError(`Price out of range: ${amount}`);
  const cents = Number(match[1]) * 100 + Number(match[2]);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Price out of range: ${amount}`);
  return amount < 0 && cents !== 0 ? -cents : cents;
}

/** `toCents`, keeping null (and treating a missing field as null). */
export function toCentsOrNull(amount: number | null | undefined): number | null {
  return amount === null || amount === undefined ? null : toCents(amount);
}

/** 1990 -> 19.9 (the number JSON writes for "19.90"). */
export function fromCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const value = Number(`${digits.slice(0, -2)}.${digits.slice(-2)}`);
  return cents < 0 ? -value : value;
}

/** `fromCents`, keeping null. */
export function fromCentsOrNull(cents: number | null): number | null {
  return cents === null ? null : fromCents(cents);
}
