/** The rules of bulk-adjustment.ts, stated as the tests' names. */
import { describe, expect, it } from 'vitest';
import {
  BULK_ADJUSTMENT_MESSAGES,
  adjustPrice,
  bulkAdjustmentMessage,
  defaultDirection,
  formatPercent,
  parseBulkAdjustment,
  removeSalePricesMessage,
  roundToEnding,
  type BulkAdjustment,
  type BulkAdjustmentInput,
} from './bulk-adjustment';
import { MAX_CENTS } from './money';

const input = (overrides: Partial<BulkAdjustmentInput> = {}): BulkAdjustmentInput => ({
  field: 'regular',
  mode: 'percent',
  direction: 'increase',
  value: '10',
  ending: 'none',
  ...overrides,
});

function parsed(overrides: Partial<BulkAdjustmentInput> = {}): BulkAdjustment {
  const result = parseBulkAdjustment(input(overrides), 1);
  if (!result.ok) throw new Error(result.error);
  return result.adjustment;
}

const adjust = (regular: number | null, sale: number | null, overrides: Partial<BulkAdjustmentInput>) =>
  adjustPrice({ regular, sale }, parsed(overrides));

describe('parseBulkAdjustment', () => {
  it("says 'Please select products first' before anything else", () => {
    expect(parseBulkAdjustment(input({ value: '' }), 0)).toEqual({ ok: false, error: 'Please select products first' });
  });

  it("says 'Please enter an adjustment value' for an empty or blank value", () => {
    for (const value of ['', '   ']) {
      expect(parseBulkAdjustment(input({ value }), 3)).toEqual({ ok: false, error: BULK_ADJUSTMENT_MESSAGES.noValue });
    }
  });

  it("says 'Please enter a valid number' for what is not a number", () => {
    for (const mode of ['percent', 'fixed', 'set'] as const) {
      for (const value of ['abc', '1e3', '10..5', '1,5', '12.345', '--3', 'NaN', 'Infinity']) {
        expect(parseBulkAdjustment(input({ mode, value }), 3), `${mode} ${value}`).toEqual({
          ok: false,
          error: 'Please enter a valid number',
        });
      }
    }
  });

  it('reads percentages as signed basis points, with an optional % sign', () => {
    expect(parsed({ value: '10' })).toMatchObject({ mode: 'percent', basisPoints: 1000 });
    expect(parsed({ value: '12.5%' })).toMatchObject({ basisPoints: 1250 });
    expect(parsed({ value: '7.25', direction: 'decrease' })).toMatchObject({ basisPoints: -725 });
  });

  it('turns the direction around for a value typed with a minus sign', () => {
    expect(parsed({ value: '-30' })).toMatchObject({ basisPoints: -3000 });
    expect(parsed({ value: '-30', direction: 'decrease' })).toMatchObject({ basisPoints: 3000 });
    expect(parsed({ mode: 'fixed', value: '-2.50' })).toMatchObject({ deltaCents: -250 });
  });

  it('reads fixed amounts as signed cents, with an optional $ sign', () => {
    expect(parsed({ mode: 'fixed', value: '5' })).toMatchObject({ mode: 'fixed', deltaCents: 500 });
    expect(parsed({ mode: 'fixed', value: '$1.15', direction: 'decrease' })).toMatchObject({ deltaCents: -115 });
  });

  it('refuses a negative "set to" price', () => {
    expect(parseBulkAdjustment(input({ mode: 'set', value: '-1' }), 1)).toEqual({
      ok: false,
      error: 'Please enter a valid number',
    });
    expect(parsed({ mode: 'set', value: '19.9' })).toMatchObject({ mode: 'set', cents: 1990 });
  });
});

describe('adjustPrice: percentage', () => {
  it('raises a regular price by the percentage, rounding half up to the cent', () => {
    expect(adjust(1999, null, { value: '10' })).toBe(2199); // 21.989
    expect(adjust(1000, null, { value: '12.5' })).toBe(1125);
    expect(adjust(115, null, { value: '10' })).toBe(127); // 1.265 -> 1.27, exact in cents
  });

  it('lowers a regular price by the percentage', () => {
    expect(adjust(2000, null, { value: '30', direction: 'decrease' })).toBe(1400);
    expect(adjust(999, null, { value: '15', direction: 'decrease' })).toBe(849); // 8.4915
  });

  it('discounts a sale price by the percentage (the spec default for sale prices)', () => {
    expect(defaultDirection('sale')).toBe('decrease');
    expect(defaultDirection('regular')).toBe('increase');
    expect(adjust(2000, 1500, { field: 'sale', value: '10', direction: 'decrease' })).toBe(1350);
  });

  it('bases a sale price of 0 or none on the regular price', () => {
    expect(adjust(2000, 0, { field: 'sale', value: '25', direction: 'decrease' })).toBe(1500);
    expect(adjust(2000, null, { field: 'sale', value: '25', direction: 'decrease' })).toBe(1500);
    expect(adjust(2000, null, { field: 'sale', mode: 'fixed', value: '3', direction: 'decrease' })).toBe(1700);
  });

  it('never lowers a price below 0, even by more than 100%', () => {
    expect(adjust(1000, null, { value: '100', direction: 'decrease' })).toBe(0);
    expect(adjust(1000, null, { value: '150', direction: 'decrease' })).toBe(0);
  });

  it('never raises a price past the largest price', () => {
    expect(adjust(MAX_CENTS - 100, null, { value: '50' })).toBe(MAX_CENTS);
  });

  it('leaves a price that follows its product (none of its own) alone', () => {
    expect(adjust(null, null, { value: '10' })).toBeUndefined();
    expect(adjust(null, null, { field: 'sale', value: '10' })).toBeUndefined();
  });
});

describe('adjustPrice: fixed amount', () => {
  it('adds an amount', () => {
    expect(adjust(1999, null, { mode: 'fixed', value: '5' })).toBe(2499);
  });

  it('subtracts an amount', () => {
    expect(adjust(1999, null, { mode: 'fixed', value: '0.99', direction: 'decrease' })).toBe(1900);
  });

  it('never lowers a price below 0 on a fixed decrease', () => {
    expect(adjust(300, null, { mode: 'fixed', value: '5', direction: 'decrease' })).toBe(0);
    expect(adjust(2000, 300, { field: 'sale', mode: 'fixed', value: '5', direction: 'decrease' })).toBe(0);
  });
});

describe('adjustPrice: set to', () => {
  it('sets the price whatever it was, and whatever the direction', () => {
    expect(adjust(1999, null, { mode: 'set', value: '24.5' })).toBe(2450);
    expect(adjust(null, null, { mode: 'set', value: '24.5', direction: 'decrease' })).toBe(2450);
    expect(adjust(2000, null, { field: 'sale', mode: 'set', value: '15' })).toBe(1500);
  });

  it('rounds a set price to the ending too', () => {
    expect(adjust(1000, null, { mode: 'set', value: '20', ending: '99' })).toBe(1999);
  });
});

describe('roundToEnding', () => {
  it('keeps the cents with no rounding', () => {
    expect(roundToEnding(1234, 'none')).toBe(1234);
  });

  it('goes to the nearest .99, a tie going up', () => {
    expect(roundToEnding(2199, '99')).toBe(2199);
    expect(roundToEnding(2200, '99')).toBe(2199);
    expect(roundToEnding(2120, '99')).toBe(2099);
    expect(roundToEnding(2150, '99')).toBe(2199);
    expect(roundToEnding(2149, '99')).toBe(2199); // 0.50 either way
    expect(roundToEnding(2148, '99')).toBe(2099);
  });

  it('goes to the nearest .95, a tie going up', () => {
    expect(roundToEnding(2195, '95')).toBe(2195);
    expect(roundToEnding(2199, '95')).toBe(2195);
    expect(roundToEnding(2100, '95')).toBe(2095);
    expect(roundToEnding(2145, '95')).toBe(2195);
    expect(roundToEnding(2144, '95')).toBe(2095);
  });

  it('goes to the nearest whole amount, half going up', () => {
    expect(roundToEnding(2149, 'whole')).toBe(2100);
    expect(roundToEnding(2150, 'whole')).toBe(2200);
    expect(roundToEnding(2100, 'whole')).toBe(2100);
  });

  it('never rounds below 0, and never rounds a positive price down to 0', () => {
    expect(roundToEnding(30, '99')).toBe(99);
    expect(roundToEnding(3, '95')).toBe(95);
    expect(roundToEnding(40, 'whole')).toBe(100);
  });

  it('leaves 0 at 0 (a removed sale price stays removed)', () => {
    for (const ending of ['99', '95', 'whole'] as const) expect(roundToEnding(0, ending)).toBe(0);
  });

  it('never rounds past the largest price', () => {
    expect(roundToEnding(MAX_CENTS, 'whole')).toBe(MAX_CENTS - 99);
    expect(roundToEnding(MAX_CENTS - 1, '99')).toBe(MAX_CENTS);
  });

  it('applies after the adjustment', () => {
    expect(adjust(1999, null, { value: '10', ending: '99' })).toBe(2199); // 21.99 already
    expect(adjust(2000, null, { value: '10', ending: '95' })).toBe(2195); // 22.00 -> 21.95
    expect(adjust(2000, null, { value: '10', direction: 'decrease', ending: 'whole' })).toBe(1800);
    expect(adjust(100, null, { value: '100', direction: 'decrease', ending: '99' })).toBe(0);
  });
});

describe('messages', () => {
  it("reads 'Applied {X}% increase/discount to N products' for percentages", () => {
    expect(bulkAdjustmentMessage(parsed({ value: '10' }), 12)).toBe('Applied 10% increase to 12 products');
    expect(bulkAdjustmentMessage(parsed({ field: 'sale', value: '12.5', direction: 'decrease' }), 1)).toBe(
      'Applied 12.5% discount to 1 product',
    );
    expect(bulkAdjustmentMessage(parsed({ value: '-30' }), 3)).toBe('Applied 30% discount to 3 products');
  });

  it('names amounts, set prices and the rounding', () => {
    expect(bulkAdjustmentMessage(parsed({ mode: 'fixed', value: '5' }), 2)).toBe('Applied 5.00 increase to 2 products');
    expect(bulkAdjustmentMessage(parsed({ mode: 'fixed', value: '0.5', direction: 'decrease' }), 2)).toBe(
      'Applied 0.50 discount to 2 products',
    );
    expect(bulkAdjustmentMessage(parsed({ mode: 'set', field: 'sale', value: '9.99' }), 1200)).toBe(
      'Set the sale price to 9.99 for 1,200 products',
    );
    expect(bulkAdjustmentMessage(parsed({ value: '10', ending: '99' }), 2)).toBe(
      'Applied 10% increase to 2 products, rounded to .99',
    );
    expect(removeSalePricesMessage(4)).toBe('Removed the sale prices of 4 products');
  });

  it('formats percentages without needless decimals', () => {
    expect(formatPercent(1000)).toBe('10');
    expect(formatPercent(1250)).toBe('12.5');
    expect(formatPercent(-725)).toBe('7.25');
    expect(formatPercent(5)).toBe('0.05');
  });
});
