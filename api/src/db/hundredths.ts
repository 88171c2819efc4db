/**
 * Decimal quantities with two places (the spec's decimal(10,2): a product's weight) stored
 * exactly, as prices are (decision 001): an integer number of hundredths in the database, a
 * number with at most two decimals in the code. A value with more places is rounded half away
 * from zero to the nearest hundredth on the way in.
 */
export const toHundredths = (value: number): number => Math.sign(value) * Math.round(Math.abs(value) * 100);
export const fromHundredths = (hundredths: number): number => hundredths / 100;
/** A store's value as the database keeps it: rounded to hundredths (null stays null). */
export const roundToHundredths = (value: number | null | undefined): number | null =>
  value == null || !Number.isFinite(value) ? null : fromHundredths(toHundredths(value));
