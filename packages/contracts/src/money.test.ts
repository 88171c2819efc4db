/** The rules of money.ts, stated as the tests' names. */
import { describe, expect, it } from 'vitest';
import {
  MAX_CENTS,
  MONEY_MESSAGE,
  MoneyCents,
  MoneyError,
  MoneyString,
  NullableMoneyString,
  addCents,
  applyPercent,
  formatCents,
  isOnSale,
  normalizeMoney,
  parseMoney,
  parsePercent,
  salePriceOrNull,
} from './money';

describe('isOnSale', () => {
  it("reads the store's sale price of 0 and the app's null as not on sale, in cents and as a price string", () => {
    for (const none of [0, null, undefined, '0', '0.00', '']) expect(isOnSale(none), String(none)).toBe(false);
    for (const sale of [1, 1990, '0.01', '19.90']) expect(isOnSale(sale), String(sale)).toBe(true);
  });

  it('keeps a sale price and turns "not on sale" into null', () => {
    expect(salePriceOrNull(1990)).toBe(1990);
    expect(salePriceOrNull('19.90')).toBe('19.90');
    expect(salePriceOrNull(0)).toBeNull();
    expect(salePriceOrNull('0.00')).toBeNull();
    expect(salePriceOrNull(undefined)).toBeNull();
  });
});

describe('parseMoney', () => {
  it('reads "19.90", "19.9", "19" and " 19.90 " as cents', () => {
    expect(parseMoney('19.90')).toBe(1990);
    expect(parseMoney('19.9')).toBe(1990);
    expect(parseMoney('19')).toBe(1900);
    expect(parseMoney(' 19.90 ')).toBe(1990);
    expect(parseMoney('0.01')).toBe(1);
    expect(parseMoney('0')).toBe(0);
  });

  it('reads the largest decimal(10,2) value exactly', () => {
    expect(parseMoney('99999999.99')).toBe(MAX_CENTS);
  });

  it('reads prices that floats get wrong exactly (1.15, 4.35, 1.005 is refused)', () => {
    // 1.15 * 100 = 114.99999999999999 and 4.35 * 100 = 434.99999999999994 in floats.
    expect(parseMoney('1.15')).toBe(115);
    expect(parseMoney('4.35')).toBe(435);
    expect(() => parseMoney('1.005')).toThrow(MoneyError);
  });

  it('rejects a price above 99,999,999.99', () => {
    expect(() => parseMoney('100000000')).toThrow(/above 99,999,999.99/);
    expect(() => parseMoney('99999999.991')).toThrow(MoneyError);
    expect(() => parseMoney('123456789012345')).toThrow(/at most 14 characters/);
    expect(() => parseMoney('12345678901234')).toThrow(/above/);
  });

  it('rejects negatives', () => {
    expect(() => parseMoney('-1')).toThrow(/negative/);
    expect(() => parseMoney('-0.01')).toThrow(RangeError);
  });

  it('rejects more than 2 decimals', () => {
    expect(() => parseMoney('19.901')).toThrow(/at most 2 decimals/);
  });

  it('rejects exponent notation, NaN, Infinity, separators and empty input', () => {
    for (const bad of ['1e3', '1E3', '1.5e1', 'NaN', 'Infinity', '1,000.00', '$5', '19.', '.5', '+5', '0x10', '', '   ']) {
      expect(() => parseMoney(bad), bad).toThrow(MoneyError);
    }
  });
});

describe('formatCents', () => {
  it('keeps 19.90 as "19.90"', () => {
    expect(formatCents(parseMoney('19.90'))).toBe('19.90');
  });

  it('pads small amounts: 0 -> "0.00", 5 -> "0.05", 50 -> "0.50"', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(50)).toBe('0.50');
    expect(formatCents(MAX_CENTS)).toBe('99999999.99');
  });

  it('signs a negative difference', () => {
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatCents(-1990)).toBe('-19.90');
  });

  it('refuses fractions of a cent', () => {
    expect(() => formatCents(19.9)).toThrow(MoneyError);
    expect(() => formatCents(Number.NaN)).toThrow(MoneyError);
  });

  it('round-trips every cent value near the edges', () => {
    for (const cents of [0, 1, 9, 10, 99, 100, 101, 999_999, MAX_CENTS - 1, MAX_CENTS]) {
      expect(parseMoney(formatCents(cents))).toBe(cents);
    }
  });

  it('normalizes "19.9" to "19.90" and "007" to "7.00"', () => {
    expect(normalizeMoney('19.9')).toBe('19.90');
    expect(normalizeMoney('007')).toBe('7.00');
  });
});

describe('MoneyString', () => {
  it('refuses a string over 14 characters before parsing it: a million digits cost no BigInt', () => {
    expect(MoneyString.safeParse('000000000019.9').success).toBe(true);
    const fifteen = MoneyString.safeParse('0000000000019.9');
    expect(fifteen.success).toBe(false);
    expect(fifteen.error?.issues).toEqual([expect.objectContaining({ code: 'too_big', message: MONEY_MESSAGE })]);
    const started = performance.now();
    expect(NullableMoneyString.safeParse('9'.repeat(1_000_000)).success).toBe(false);
    expect(() => parseMoney('9'.repeat(1_000_000))).toThrow(MoneyError);
    expect(performance.now() - started).toBeLessThan(20);
  });

  it('normalizes to 2 decimals', () => {
    expect(MoneyString.parse('19.9')).toBe('19.90');
    expect(MoneyString.parse(' 5 ')).toBe('5.00');
  });

  it(`says '${MONEY_MESSAGE}' for anything that is not a price`, () => {
    for (const bad of ['-1', '1e3', 'abc', '100000000', '1.234', 19.9, null]) {
      const result = MoneyString.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Enter a price between 0.00 and 99,999,999.99');
    }
  });

  it('lets a nullable price be null (a cleared sale price)', () => {
    expect(NullableMoneyString.parse(null)).toBeNull();
    expect(NullableMoneyString.parse('0.5')).toBe('0.50');
  });
});

describe('MoneyCents', () => {
  it('accepts whole cents from 0 to 9,999,999,999', () => {
    expect(MoneyCents.parse(0)).toBe(0);
    expect(MoneyCents.parse(MAX_CENTS)).toBe(MAX_CENTS);
  });

  it('rejects fractions, negatives and values above the maximum', () => {
    for (const bad of [1.5, -1, MAX_CENTS + 1, Number.NaN, Number.POSITIVE_INFINITY, '100']) {
      expect(MoneyCents.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
});

describe('parsePercent', () => {
  it('reads percent strings as basis points', () => {
    expect(parsePercent('10')).toBe(1000);
    expect(parsePercent('12.5')).toBe(1250);
    expect(parsePercent('0.01')).toBe(1);
    expect(parsePercent('-7.25')).toBe(-725);
    expect(parsePercent('+3')).toBe(300);
  });

  it("says 'Please enter an adjustment value' for an empty value", () => {
    expect(() => parsePercent('  ')).toThrow('Please enter an adjustment value');
  });

  it("says 'Please enter a valid number' for a non-number", () => {
    for (const bad of ['abc', '1e2', '10%', '1.234', 'NaN', '12345678']) {
      expect(() => parsePercent(bad), bad).toThrow('Please enter a valid number');
    }
  });
});

describe('applyPercent', () => {
  it('raises 19.90 by 10% to 21.89', () => {
    expect(applyPercent(1990, '10')).toBe(2189);
  });

  it('rounds half up: 10% of 0.05 is 0.005, so 0.05 + 10% = 0.06', () => {
    expect(applyPercent(5, '10')).toBe(6); // 5.5 cents -> 6
    expect(applyPercent(5, 1000)).toBe(6);
    expect(applyPercent(4, '10')).toBe(4); // 4.4 cents -> 4
  });

  it('rounds half up on a discount too: 0.15 - 10% = 0.135 -> 0.14', () => {
    expect(applyPercent(15, '-10')).toBe(14);
  });

  it('takes 12.5 off 80.00 to give 70.00', () => {
    expect(applyPercent(8000, '-12.5')).toBe(7000);
  });

  it('never lowers a price below 0, even by more than 100%', () => {
    expect(applyPercent(1990, '-100')).toBe(0);
    expect(applyPercent(1990, '-150')).toBe(0);
  });

  it('never raises a price above 99,999,999.99', () => {
    expect(applyPercent(MAX_CENTS, '50')).toBe(MAX_CENTS);
  });

  it('stays exact where float math rounds the wrong way: 0.50 + 15% = 0.575 -> 0.58', () => {
    expect(Math.round(50 * (1 + 15 / 100))).toBe(57); // what a float computation would store
    expect(applyPercent(50, '15')).toBe(58);
  });

  it('keeps a product beyond 2^53 exact (BigInt), then clamps to the maximum', () => {
    expect(applyPercent(MAX_CENTS, 99_999_999)).toBe(MAX_CENTS);
    expect(applyPercent(parseMoney('99989999.99'), '0.01')).toBe(parseMoney('99999998.99'));
  });

  it('refuses a fractional number of basis points or cents', () => {
    expect(() => applyPercent(1990, 12.5)).toThrow(MoneyError);
    expect(() => applyPercent(19.9, '10')).toThrow(MoneyError);
  });
});

describe('addCents', () => {
  it('never uses floats: 0.10 + 0.20 is exactly 0.30', () => {
    expect(0.1 + 0.2).not.toBe(0.3); // the float trap this module avoids
    expect(formatCents(addCents(parseMoney('0.10'), parseMoney('0.20')))).toBe('0.30');
  });

  it('never lowers a price below 0 on a fixed decrease', () => {
    expect(addCents(500, -1000)).toBe(0);
  });

  it('never raises a price above 99,999,999.99 on a fixed increase', () => {
    expect(addCents(MAX_CENTS - 1, 500)).toBe(MAX_CENTS);
  });

  it('refuses fractions of a cent', () => {
    expect(() => addCents(100, 0.5)).toThrow(MoneyError);
  });
});
