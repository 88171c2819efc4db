/** The rules of price-rounding.ts: every ending and increment, each direction, at the edges. */
import { describe, expect, it } from 'vitest';
import { MAX_CENTS } from './money';
import { describeRounding, roundPrice, roundingFromLegacyEnding, type Rounding, type RoundingDirection } from './price-rounding';

const ending = (e: string, direction: RoundingDirection = 'nearest'): Rounding => ({ kind: 'ending', ending: e, direction });
const step = (stepCents: 5 | 10 | 25 | 50 | 100, direction: RoundingDirection = 'nearest'): Rounding => ({ kind: 'increment', stepCents, direction });

describe('roundPrice: endings', () => {
  it('rounds to .99, .95, .49 and .00, up, down and to the nearest (a tie going up)', () => {
    expect(roundPrice(2120, ending('99'))).toBe(2099);
    expect(roundPrice(2120, ending('99', 'up'))).toBe(2199);
    expect(roundPrice(2180, ending('99', 'down'))).toBe(2099);
    expect(roundPrice(2149, ending('99'))).toBe(2199); // 0.50 either way
    expect(roundPrice(2100, ending('95'))).toBe(2095);
    expect(roundPrice(2100, ending('95', 'up'))).toBe(2195);
    expect(roundPrice(2160, ending('49'))).toBe(2149);
    expect(roundPrice(2160, ending('49', 'up'))).toBe(2249);
    expect(roundPrice(2210, ending('49', 'down'))).toBe(2149);
    expect(roundPrice(2150, ending('00'))).toBe(2200);
    expect(roundPrice(2149, ending('00'))).toBe(2100);
    expect(roundPrice(2101, ending('00', 'up'))).toBe(2200);
    expect(roundPrice(2199, ending('00', 'down'))).toBe(2100);
  });

  it('keeps a price that already ends so, whatever the direction', () => {
    for (const direction of ['nearest', 'up', 'down'] as const) {
      expect(roundPrice(2199, ending('99', direction))).toBe(2199);
      expect(roundPrice(1900, ending('9', direction))).toBe(1900);
      expect(roundPrice(1250, step(25, direction))).toBe(1250);
    }
  });

  it('reads a custom two-digit ending as the cents ("50" -> x.50)', () => {
    expect(roundPrice(1234, ending('50'))).toBe(1250);
    expect(roundPrice(1299, ending('50'))).toBe(1250);
    expect(roundPrice(1201, ending('50', 'up'))).toBe(1250);
    expect(roundPrice(1249, ending('50', 'down'))).toBe(1150);
    expect(roundPrice(1234, ending('05'))).toBe(1205);
  });

  it('reads a custom one-digit ending as the last whole digit with .00 ("9" -> x9.00)', () => {
    expect(roundPrice(2000, ending('9'))).toBe(1900);
    expect(roundPrice(2450, ending('9'))).toBe(2900); // 4.50 to 29.00, 5.50 to 19.00
    expect(roundPrice(2350, ending('9'))).toBe(1900);
    expect(roundPrice(2001, ending('9', 'up'))).toBe(2900);
    expect(roundPrice(2899, ending('9', 'down'))).toBe(1900);
    expect(roundPrice(1234, ending('0'))).toBe(1000);
    expect(roundPrice(1234, ending('5', 'up'))).toBe(1500);
  });

  it('refuses an ending that is not one or two digits', () => {
    for (const bad of ['', '123', 'a', '9.', '-1']) expect(() => roundPrice(100, ending(bad))).toThrow(RangeError);
  });
});

describe('roundPrice: increments', () => {
  it('rounds to the nearest 0.05, 0.10, 0.25, 0.50 and 1.00, half going up', () => {
    expect(roundPrice(1232, step(5))).toBe(1230);
    expect(roundPrice(1233, step(5))).toBe(1235);
    expect(roundPrice(1234, step(10))).toBe(1230);
    expect(roundPrice(1235, step(10))).toBe(1240);
    expect(roundPrice(1237, step(25))).toBe(1225);
    expect(roundPrice(1238, step(25))).toBe(1250);
    expect(roundPrice(1274, step(50))).toBe(1250);
    expect(roundPrice(1275, step(50))).toBe(1300);
    expect(roundPrice(1249, step(100))).toBe(1200);
    expect(roundPrice(1250, step(100))).toBe(1300);
  });

  it('rounds up and down to a multiple', () => {
    expect(roundPrice(1201, step(25, 'up'))).toBe(1225);
    expect(roundPrice(1249, step(25, 'down'))).toBe(1225);
    expect(roundPrice(1201, step(100, 'up'))).toBe(1300);
    expect(roundPrice(1299, step(100, 'down'))).toBe(1200);
  });
});

describe('roundPrice: limits', () => {
  const all: Rounding[] = [
    ...['99', '95', '49', '00', '50', '9', '0'].flatMap((e) => (['nearest', 'up', 'down'] as const).map((d) => ending(e, d))),
    ...([5, 10, 25, 50, 100] as const).flatMap((s) => (['nearest', 'up', 'down'] as const).map((d) => step(s, d))),
  ];

  it('leaves 0 at 0 (no price to round)', () => {
    for (const r of all) expect(roundPrice(0, r), describeRounding(r)).toBe(0);
  });

  it('never rounds a positive price to 0 or below: it takes the next price up instead', () => {
    expect(roundPrice(40, ending('00', 'down'))).toBe(100);
    expect(roundPrice(40, ending('00'))).toBe(100);
    expect(roundPrice(30, ending('99', 'down'))).toBe(99);
    expect(roundPrice(3, ending('95'))).toBe(95);
    expect(roundPrice(1, step(5, 'down'))).toBe(5);
    expect(roundPrice(99, step(100, 'down'))).toBe(100);
    expect(roundPrice(500, ending('9', 'down'))).toBe(900);
    expect(roundPrice(1, ending('0'))).toBe(1000);
    for (const r of all) for (const cents of [1, 2, 49, 50, 99, 101, 999]) expect(roundPrice(cents, r), `${cents} ${describeRounding(r)}`).toBeGreaterThan(0);
  });

  it('never rounds above 99,999,999.99: it takes the price below instead', () => {
    expect(roundPrice(MAX_CENTS, ending('00'))).toBe(MAX_CENTS - 99);
    expect(roundPrice(MAX_CENTS, ending('00', 'up'))).toBe(MAX_CENTS - 99);
    expect(roundPrice(MAX_CENTS, ending('99', 'up'))).toBe(MAX_CENTS);
    expect(roundPrice(MAX_CENTS - 1, ending('99'))).toBe(MAX_CENTS);
    expect(roundPrice(MAX_CENTS, step(100, 'up'))).toBe(MAX_CENTS - 99);
    expect(roundPrice(MAX_CENTS, ending('9', 'up'))).toBe(9_999_999_900);
    for (const r of all) for (const cents of [MAX_CENTS, MAX_CENTS - 1, MAX_CENTS - 50]) expect(roundPrice(cents, r), `${cents} ${describeRounding(r)}`).toBeLessThanOrEqual(MAX_CENTS);
  });

  it('gives a price with the ending (or a multiple of the increment) across a range of prices', () => {
    for (let cents = 1; cents <= 5000; cents += 7) {
      expect(roundPrice(cents, ending('49', 'up')) % 100).toBe(49);
      expect(roundPrice(cents, ending('9', 'down')) % 1000).toBe(900);
      const up = roundPrice(cents, step(25, 'up'));
      expect(up % 25).toBe(0);
      expect(up).toBeGreaterThanOrEqual(cents);
      expect(up - cents).toBeLessThan(25);
    }
  });

  it('keeps "no rounding" as it is', () => {
    expect(roundPrice(1234, { kind: 'none' })).toBe(1234);
  });
});

describe('roundingFromLegacyEnding: endings saved by earlier versions', () => {
  it("maps 'none', '99', '95' and 'whole' to the nearest, as they rounded", () => {
    expect(roundingFromLegacyEnding('none')).toEqual({ kind: 'none' });
    expect(roundingFromLegacyEnding('99')).toEqual(ending('99'));
    expect(roundingFromLegacyEnding('95')).toEqual(ending('95'));
    expect(roundingFromLegacyEnding('whole')).toEqual(ending('00'));
    expect(roundingFromLegacyEnding(undefined)).toEqual({ kind: 'none' });
    expect(roundingFromLegacyEnding('nonsense')).toEqual({ kind: 'none' });
  });
});

describe('describeRounding', () => {
  it('says each rounding in words', () => {
    expect(describeRounding(ending('99'))).toBe('to the nearest .99');
    expect(describeRounding(ending('9', 'up'))).toBe('up to x9.00');
    expect(describeRounding(ending('00', 'down'))).toBe('down to .00');
    expect(describeRounding(step(5))).toBe('to the nearest 0.05');
    expect(describeRounding(step(100, 'up'))).toBe('up to a multiple of 1.00');
    expect(describeRounding({ kind: 'none' })).toBe('');
  });
});
