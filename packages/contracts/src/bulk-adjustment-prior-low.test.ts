/** The bulk adjustment "set to the 30-day low" (issue 36), stated as the tests' names. */
import { describe, expect, it } from 'vitest';
import {
  NO_ROUNDING, PRIOR_LOW_FIELD_MESSAGE, bulkAdjustmentMessage, explainAdjustment, parseBulkAdjustment, parseSavedAdjustment, priorLowModeLabel, skippedMessage,
  type BulkAdjustmentInput,
} from './bulk-adjustment';

const input = (overrides: Partial<BulkAdjustmentInput> = {}): BulkAdjustmentInput => ({
  field: 'regular', mode: 'priorLow', direction: 'increase', value: '', ending: '99', ...overrides,
});

describe('parseBulkAdjustment: the lowest prior price', () => {
  it('takes no value and no rounding (rounded up, a price would be above the low), with the company\u2019s days', () => {
    expect(parseBulkAdjustment(input({ days: 14 }), 3)).toEqual({ ok: true, adjustment: { field: 'regular', mode: 'priorLow', days: 14, rounding: NO_ROUNDING } });
    expect(parseBulkAdjustment(input({ value: 'abc' }), 3)).toMatchObject({ ok: true, adjustment: { days: 30 } });
    expect(parseBulkAdjustment(input({ field: 'retail', days: 400 }), 3)).toMatchObject({ ok: true, adjustment: { field: 'retail', days: 30 } });
  });

  it('refuses sale prices, and still asks for a selection first', () => {
    expect(parseBulkAdjustment(input({ field: 'sale' }), 3)).toEqual({ ok: false, error: PRIOR_LOW_FIELD_MESSAGE });
    expect(parseBulkAdjustment(input(), 0)).toEqual({ ok: false, error: 'Please select products first' });
  });
});

describe('explainAdjustment: the lowest prior price', () => {
  const adjustment = { field: 'regular', mode: 'priorLow', days: 30, rounding: NO_ROUNDING } as const;

  it('sets the price to the item\u2019s low, unrounded, and says where it came from', () => {
    expect(explainAdjustment({ regular: 4900, sale: 4500, priorLow: 3999 }, adjustment)).toEqual({
      skipped: null, rule: 'Lowest price of the last 30 days: 39.99', beforeRounding: 3999, rounding: 'No rounding', result: 3999,
    });
  });

  it('leaves an item with no known low as it is', () => {
    expect(explainAdjustment({ regular: 4900, sale: null, priorLow: null }, adjustment)).toEqual({ skipped: 'noPriorLow' });
    expect(explainAdjustment({ regular: 4900, sale: null }, adjustment)).toEqual({ skipped: 'noPriorLow' });
  });
});

describe('the lowest prior price\u2019s words', () => {
  it('names the mode and the toast with the company\u2019s days, and counts the items left alone', () => {
    expect(priorLowModeLabel(30)).toBe('The 30-day low (EU prior price)');
    expect(bulkAdjustmentMessage({ field: 'regular', mode: 'priorLow', days: 14, rounding: NO_ROUNDING }, 12)).toBe('Set the regular price to the 14-day low for 12 products');
    expect(skippedMessage('noPriorLow', 3, 30)).toBe('3 items have no known lowest price of the last 30 days and are left as they are');
    expect(skippedMessage('noPriorLow', 1, 1)).toBe('1 item has no known lowest price of the last day and is left as it is');
  });
});

describe('parseSavedAdjustment: the lowest prior price', () => {
  it('restores a saved one, and refuses days out of range or a sale price', () => {
    expect(parseSavedAdjustment({ field: 'regular', mode: 'priorLow', days: 30, rounding: { kind: 'none' } }))
      .toEqual({ field: 'regular', mode: 'priorLow', days: 30, rounding: NO_ROUNDING });
    expect(parseSavedAdjustment({ field: 'regular', mode: 'priorLow', days: 0, rounding: { kind: 'none' } })).toBeNull();
    expect(parseSavedAdjustment({ field: 'sale', mode: 'priorLow', days: 30, rounding: { kind: 'none' } })).toBeNull();
  });
});
