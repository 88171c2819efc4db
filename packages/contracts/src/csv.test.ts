/** The spreadsheet rules both sides share: the formula guard and its inverse, and the history range query. */
import { describe, expect, it } from 'vitest';
import { guardFormula, historyRange, MAX_HISTORY_RANGE_DAYS, needsFormulaGuard, PriceHistoryCsvQuery, unguardFormula } from './csv';

describe('the formula guard', () => {
  it.each(['=1+1', '+SKU', '-A1', '@SUM(A1)', '\tx', '\rx', '-', '-5e3', '-1,5', '\uFF1D1+1', '\uFF0BSKU', '\uFF0DA1', '\uFF20SUM(A1)', '\uFF0D5'])('guards %j', (cell) => {
    expect(needsFormulaGuard(cell)).toBe(true);
    expect(guardFormula(cell)).toBe(`'${cell}`);
    expect(unguardFormula(guardFormula(cell))).toBe(cell);
  });

  it.each(['-5', '-12.50', '0', '19.90', 'SKU-1', "'quoted", ''])('leaves %j as it is, both ways', (cell) => {
    expect(needsFormulaGuard(cell)).toBe(false);
    expect(guardFormula(cell)).toBe(cell);
    expect(unguardFormula(cell)).toBe(cell);
  });
});

describe('PriceHistoryCsvQuery', () => {
  it('fills a left-out range with the last 30 days', () => {
    const now = new Date('2025-03-31T12:00:00Z');
    const parsed = PriceHistoryCsvQuery.parse({});
    expect(historyRange(parsed, now)).toEqual({ from: new Date('2025-03-01T12:00:00Z'), to: now });
    const to = PriceHistoryCsvQuery.parse({ to: '2025-02-01T00:00:00+01:00' });
    expect(historyRange(to, now)).toEqual({ from: new Date('2025-01-01T23:00:00Z'), to: new Date('2025-01-31T23:00:00Z') });
  });

  it(`takes a range of at most ${MAX_HISTORY_RANGE_DAYS} days, start before end`, () => {
    expect(PriceHistoryCsvQuery.safeParse({ from: '2024-01-01T00:00:00Z', to: '2025-01-01T00:00:00Z' }).success).toBe(true);
    const long = PriceHistoryCsvQuery.safeParse({ from: '2023-12-31T00:00:00Z', to: '2025-01-01T00:00:00Z' });
    expect(long.error?.issues.map((i) => [i.path, i.message])).toEqual([[['from'], 'A range is at most 366 days']]);
    const backwards = PriceHistoryCsvQuery.safeParse({ from: '2025-01-02T00:00:00Z', to: '2025-01-01T00:00:00Z' });
    expect(backwards.error?.issues.map((i) => i.message)).toEqual(['The start must be before the end']);
  });

  it('refuses what is not a date and time, long text before any parsing', () => {
    for (const bad of ['2025-03-01', 'yesterday', '1e3', 'x'.repeat(1_000_000), '2025-03-01T00:00:00Z\u0000']) {
      expect(PriceHistoryCsvQuery.safeParse({ from: bad }).error?.issues[0]?.path).toEqual(['from']);
    }
  });
});
