import { describe, expect, it } from 'vitest';
import { fromCents, fromCentsOrNull, toCents, toCentsOrNull } from './money';

describe('money at the BigCommerce boundary', () => {
  it('turns the floats BigCommerce sends into the cents their decimals show', () => {
    expect(toCents(19.9)).toBe(1990);
    expect(toCents(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996
    expect(toCents(4.35)).toBe(435);
    expect(toCents(1_234_567.89)).toBe(123_456_789);
    expect(toCents(0)).toBe(0);
    expect(toCents(7)).toBe(700);
  });

  it('checks every two-decimal amount up to 100.00 converts exactly', () => {
    for (let cents = 0; cents <= 10_000; cents++) expect(toCents(Number((cents / 100).toFixed(2)))).toBe(cents);
  });

  it('rounds a float with more than two decimals to the nearest cent', () => {
    expect(toCents(12.345678)).toBe(1235);
    expect(toCents(-3.5)).toBe(-350);
  });

  it('turns cents back into the number JSON writes for two decimals', () => {
    expect(fromCents(1990)).toBe(19.9);
    expect(JSON.stringify(fromCents(1999))).toBe('19.99');
    expect(fromCents(5)).toBe(0.05);
    expect(fromCents(0)).toBe(0);
    expect(fromCents(-250)).toBe(-2.5);
  });

  it('keeps null (a variant inheriting the product price) distinct from 0', () => {
    expect(toCentsOrNull(null)).toBeNull();
    expect(toCentsOrNull(undefined)).toBeNull();
    expect(toCentsOrNull(0)).toBe(0);
    expect(fromCentsOrNull(null)).toBeNull();
    expect(fromCentsOrNull(0)).toBe(0);
  });

  it('refuses what is not an amount', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => fromCents(1.5)).toThrow(RangeError);
  });
});
