/** The lowest prior price's contract (issue 36): what counts as the price paid, and the query's bounds. */
import { describe, expect, it } from 'vitest';
import { effectivePriceCents, LowestPriceQuery } from './lowest-price';

describe('effectivePriceCents', () => {
  it('is the sale price whenever one is set (above 0), as the storefront charges it', () => {
    expect(effectivePriceCents(2000, 1500)).toBe(1500);
    expect(effectivePriceCents(2000, null)).toBe(2000);
    expect(effectivePriceCents(2000, 0)).toBe(2000);
    expect(effectivePriceCents(2000, 2000)).toBe(2000);
    expect(effectivePriceCents(2000, 2500)).toBe(2500);
    expect(effectivePriceCents(null, 900)).toBe(900);
    expect(effectivePriceCents(null, null)).toBeNull();
  });
});

describe('LowestPriceQuery', () => {
  it('takes a moment, 1 to 365 days and a price list with its currency, all optional', () => {
    expect(LowestPriceQuery.parse({})).toEqual({});
    expect(LowestPriceQuery.parse({ at: '2030-03-31T00:00:00Z', days: '30', priceListId: '7', currency: 'EUR' }))
      .toEqual({ at: new Date('2030-03-31T00:00:00Z'), days: 30, priceListId: 7, currency: 'EUR' });
  });

  it('refuses days out of range, a bad moment, a list without a currency (or the reverse) and unknown keys', () => {
    for (const days of ['0', '366', '1.5', 'abc', '']) expect(LowestPriceQuery.safeParse({ days }).success, days).toBe(false);
    for (const at of ['yesterday', '2030-03-31', 'x'.repeat(50)]) expect(LowestPriceQuery.safeParse({ at }).success, at).toBe(false);
    expect(LowestPriceQuery.safeParse({ priceListId: '7' }).error?.issues[0]?.path).toEqual(['currency']);
    expect(LowestPriceQuery.safeParse({ currency: 'EUR' }).error?.issues[0]?.path).toEqual(['priceListId']);
    expect(LowestPriceQuery.safeParse({ limit: '5' }).success).toBe(false);
  });
});
