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
  explainAdjustment,
  parseRounding,
  skippedMessage,
  parseSavedAdjustment,
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
      'Applied 10% increase to 2 products, rounded to the nearest .99',
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

const withCost = (prices: { regular?: number | null; sale?: number | null; cost?: number | null; retail?: number | null }, overrides: Partial<BulkAdjustmentInput>) =>
  adjustPrice({ regular: prices.regular ?? null, sale: prices.sale ?? null, cost: prices.cost, retail: prices.retail }, parsed(overrides));

describe('adjustPrice: margin over cost', () => {
  it('sets the price to cost x (1 + p), half a cent up', () => {
    expect(withCost({ regular: 5000, cost: 1000 }, { mode: 'marginOverCost', value: '40' })).toBe(1400);
    expect(withCost({ regular: 5000, cost: 999 }, { mode: 'marginOverCost', value: '12.5%' })).toBe(1124); // 11.23875
    expect(withCost({ regular: 5000, cost: 1000 }, { mode: 'marginOverCost', value: '0' })).toBe(1000);
  });

  it('ignores the direction and refuses a negative margin', () => {
    expect(withCost({ regular: 5000, cost: 1000 }, { mode: 'marginOverCost', value: '40', direction: 'decrease' })).toBe(1400);
    expect(parseBulkAdjustment(input({ mode: 'marginOverCost', value: '-10' }), 1)).toEqual({ ok: false, error: 'Please enter a valid number' });
  });

  it('leaves an item with no cost (null or absent) as it is', () => {
    expect(withCost({ regular: 5000, cost: null }, { mode: 'marginOverCost', value: '40' })).toBeUndefined();
    expect(withCost({ regular: 5000 }, { mode: 'marginOverCost', value: '40' })).toBeUndefined();
    expect(explainAdjustment({ regular: 5000, sale: null }, parsed({ mode: 'marginOverCost', value: '40' }))).toEqual({ skipped: 'noCost' });
  });

  it('gives 0 for a cost of 0 and stops at the largest price', () => {
    expect(withCost({ regular: 5000, cost: 0 }, { mode: 'marginOverCost', value: '40' })).toBe(0);
    expect(withCost({ regular: 5000, cost: MAX_CENTS }, { mode: 'marginOverCost', value: '40' })).toBe(MAX_CENTS);
    expect(withCost({ regular: 5000, cost: MAX_CENTS }, { mode: 'marginOverCost', value: '40', ending: '00' })).toBe(MAX_CENTS - 99);
  });

  it('sets a sale price (or MSRP) from cost too', () => {
    expect(withCost({ regular: 5000, sale: 4000, cost: 2000 }, { field: 'sale', mode: 'marginOverCost', value: '25' })).toBe(2500);
    expect(withCost({ regular: 5000, cost: 2000, retail: 9000 }, { field: 'retail', mode: 'marginOverCost', value: '100' })).toBe(4000);
  });
});

describe('adjustPrice: percentage of retail (MSRP)', () => {
  it('sets the price to p% of the MSRP', () => {
    expect(withCost({ regular: 5000, retail: 6000 }, { mode: 'percentOfRetail', value: '90' })).toBe(5400);
    expect(withCost({ regular: 5000, retail: 1999 }, { mode: 'percentOfRetail', value: '90%' })).toBe(1799); // 17.991
    expect(withCost({ regular: 5000, retail: 2000 }, { mode: 'percentOfRetail', value: '150' })).toBe(3000);
    expect(withCost({ regular: 5000, retail: 2000 }, { mode: 'percentOfRetail', value: '0' })).toBe(0);
  });

  it('leaves an item with no MSRP (null, absent or 0) as it is', () => {
    expect(withCost({ regular: 5000, retail: null }, { mode: 'percentOfRetail', value: '90' })).toBeUndefined();
    expect(withCost({ regular: 5000 }, { mode: 'percentOfRetail', value: '90' })).toBeUndefined();
    expect(withCost({ regular: 5000, retail: 0 }, { mode: 'percentOfRetail', value: '90' })).toBeUndefined();
  });

  it('stops at the largest price and rounds after', () => {
    expect(withCost({ regular: 5000, retail: MAX_CENTS }, { mode: 'percentOfRetail', value: '200' })).toBe(MAX_CENTS);
    expect(withCost({ regular: 5000, retail: 6000 }, { mode: 'percentOfRetail', value: '90', ending: '99', roundDirection: 'down' })).toBe(5399);
  });
});

describe('adjustPrice: retail price (MSRP) as the field', () => {
  it('changes the MSRP by a percentage or an amount, or sets it', () => {
    expect(withCost({ regular: 5000, retail: 6000 }, { field: 'retail', value: '10' })).toBe(6600);
    expect(withCost({ regular: 5000, retail: 6000 }, { field: 'retail', mode: 'fixed', value: '5', direction: 'decrease' })).toBe(5500);
    expect(withCost({ regular: 5000, retail: null }, { field: 'retail', mode: 'set', value: '70' })).toBe(7000);
  });

  it('leaves an item with no MSRP of its own alone for a percentage or an amount', () => {
    expect(withCost({ regular: 5000, retail: null }, { field: 'retail', value: '10' })).toBeUndefined();
  });
});

describe('parseRounding and the rounding of an adjustment', () => {
  it('reads the endings, a custom ending, an increment and the direction', () => {
    expect(parseRounding({ ending: '49', roundDirection: 'up' })).toEqual({ ok: true, rounding: { kind: 'ending', ending: '49', direction: 'up' } });
    expect(parseRounding({ ending: 'custom', customEnding: ' 9 ' })).toEqual({ ok: true, rounding: { kind: 'ending', ending: '9', direction: 'nearest' } });
    expect(parseRounding({ ending: 'increment', incrementCents: 25, roundDirection: 'down' })).toEqual({ ok: true, rounding: { kind: 'increment', stepCents: 25, direction: 'down' } });
    expect(parseRounding({ ending: 'none' })).toEqual({ ok: true, rounding: { kind: 'none' } });
  });

  it("still reads an earlier version's 'whole' as .00 to the nearest", () => {
    expect(parseRounding({ ending: 'whole' })).toEqual({ ok: true, rounding: { kind: 'ending', ending: '00', direction: 'nearest' } });
    expect(adjust(2000, null, { value: '10', direction: 'decrease', ending: 'whole' })).toBe(1800);
  });

  it('refuses a custom ending that is not one or two digits, and an increment not offered', () => {
    for (const customEnding of ['', '123', 'ab', '.5', undefined]) {
      expect(parseRounding({ ending: 'custom', customEnding })).toMatchObject({ ok: false });
      expect(parseBulkAdjustment(input({ ending: 'custom', customEnding }), 1)).toMatchObject({ ok: false, error: expect.stringContaining('one or two digits') });
    }
    for (const incrementCents of [0, 1, 20, 200, undefined]) expect(parseRounding({ ending: 'increment', incrementCents })).toMatchObject({ ok: false });
  });

  it('rounds the result of every mode', () => {
    expect(adjust(1001, null, { value: '10', ending: 'increment', incrementCents: 25, roundDirection: 'up' })).toBe(1125);
    expect(adjust(2000, null, { mode: 'set', value: '23.40', ending: 'custom', customEnding: '9' })).toBe(1900);
    expect(withCost({ regular: 5000, cost: 1000 }, { mode: 'marginOverCost', value: '40', ending: '95', roundDirection: 'up' })).toBe(1495);
  });

  it('never rounds a positive result below 0 and leaves a result of 0 at 0', () => {
    expect(adjust(100, null, { value: '70', direction: 'decrease', ending: '00', roundDirection: 'down' })).toBe(100);
    expect(adjust(100, null, { value: '100', direction: 'decrease', ending: '00', roundDirection: 'up' })).toBe(0);
  });
});

describe('explainAdjustment', () => {
  it('gives the rule, the value before rounding, the rounding and the result', () => {
    expect(explainAdjustment({ regular: 5000, sale: null, cost: 1000 }, parsed({ mode: 'marginOverCost', value: '40', ending: '99', roundDirection: 'down' }))).toEqual({
      skipped: null, rule: 'Cost 10.00 + 40%', beforeRounding: 1400, rounding: 'Rounded down to .99', result: 1399,
    });
    expect(explainAdjustment({ regular: 5000, sale: null, retail: 6000 }, parsed({ mode: 'percentOfRetail', value: '90' }))).toMatchObject({
      rule: '90% of MSRP 60.00', beforeRounding: 5400, rounding: 'No rounding', result: 5400,
    });
    expect(explainAdjustment({ regular: 2000, sale: null }, parsed({ value: '10', direction: 'decrease' }))).toMatchObject({ rule: 'Regular price 20.00 - 10%', result: 1800 });
    expect(explainAdjustment({ regular: 2000, sale: null }, parsed({ field: 'sale', mode: 'fixed', value: '3', direction: 'decrease' }))).toMatchObject({ rule: 'Regular price 20.00 - 3.00', result: 1700 });
    expect(explainAdjustment({ regular: 2000, sale: null }, parsed({ mode: 'set', value: '9.99' }))).toMatchObject({ rule: 'Set the regular price to 9.99', result: 999 });
    expect(explainAdjustment({ regular: null, sale: null }, parsed({ value: '10' }))).toEqual({ skipped: 'noPrice' });
  });
});

describe('skippedMessage and the new modes in the toast', () => {
  it('says how many items are left as they are', () => {
    expect(skippedMessage('noCost', 12)).toBe('12 items have no cost and are left as they are');
    expect(skippedMessage('noCost', 1)).toBe('1 item has no cost and is left as it is');
    expect(skippedMessage('noRetail', 3)).toBe('3 items have no retail price (MSRP) and are left as they are');
    expect(skippedMessage('noCost', 0)).toBe('');
  });

  it('names the margin and the share of MSRP', () => {
    expect(bulkAdjustmentMessage(parsed({ mode: 'marginOverCost', value: '40' }), 3)).toBe('Set the regular price to cost + 40% for 3 products');
    expect(bulkAdjustmentMessage(parsed({ mode: 'percentOfRetail', value: '90', ending: 'increment', incrementCents: 5 }), 1)).toBe(
      'Set the regular price to 90% of MSRP for 1 product, rounded to the nearest 0.05',
    );
  });
});

describe('parseSavedAdjustment: a draft saved by this or an earlier version', () => {
  it('reads an adjustment saved with a rounding', () => {
    const adjustment = parsed({ mode: 'marginOverCost', value: '40', ending: 'custom', customEnding: '9', roundDirection: 'up' });
    expect(parseSavedAdjustment(JSON.parse(JSON.stringify(adjustment)))).toEqual(adjustment);
  });

  it("maps an earlier version's ending ('none', '99', '95', 'whole') to the same rounding", () => {
    expect(parseSavedAdjustment({ field: 'regular', mode: 'percent', basisPoints: 1000, ending: 'whole' })).toEqual({
      field: 'regular', mode: 'percent', basisPoints: 1000, rounding: { kind: 'ending', ending: '00', direction: 'nearest' },
    });
    expect(parseSavedAdjustment({ field: 'sale', mode: 'set', cents: 999, ending: '99' })?.rounding).toEqual({ kind: 'ending', ending: '99', direction: 'nearest' });
    expect(parseSavedAdjustment({ field: 'sale', mode: 'fixed', deltaCents: -100, ending: 'none' })?.rounding).toEqual({ kind: 'none' });
  });

  it('refuses what is not an adjustment', () => {
    for (const bad of [null, 1, {}, { field: 'cost', mode: 'set', cents: 1 }, { field: 'regular', mode: 'set', cents: -1 },
      { field: 'regular', mode: 'percent', basisPoints: 1.5 }, { field: 'regular', mode: 'marginOverCost', basisPoints: -5 },
      { field: 'regular', mode: 'set', cents: 1, rounding: { kind: 'ending', ending: '123', direction: 'up' } },
      { field: 'regular', mode: 'set', cents: 1, rounding: { kind: 'increment', stepCents: 3, direction: 'up' } },
      { field: 'regular', mode: 'set', cents: 1, ending: 7 }]) {
      expect(parseSavedAdjustment(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});
