/** The EU prior price guardrail (prior-price.ts, guardrails.ts, guardrail-items.ts), stated as the tests' names. */
import { describe, expect, it } from 'vitest';
import { orderGuardrails } from './bulk-adjustment-preview';
import { guardrailItemsOf, type GuardrailCatalogProduct } from './guardrail-items';
import { DEFAULT_GUARDRAIL_SETTINGS, blockingViolations, guardrailError, guardrailFlags, type GuardrailItem, type GuardrailSettings } from './guardrails';
import { priorLowOf, priorPriceCheck, priorPriceNote, type PriorLow, type PriorLows } from './prior-price';

const EU: GuardrailSettings = { ...DEFAULT_GUARDRAIL_SETTINGS, priorPriceDays: 30, priorPriceShownAs: 'regular' };
const known = (cents: number | null): PriorLow => ({ cents, partial: false });

/** Regular 49.00 before and after, on sale at `sale` after; its low as given. */
const onSale = (sale: number | null, prior?: PriorLow, retail: number | null = null): GuardrailItem => ({
  before: { regular: 4900, sale: null }, after: { regular: 4900, sale }, cost: null, retail, ...(prior ? { prior } : {}),
});

describe('the priorPrice rule', () => {
  it('flags an item put on sale whose regular price is above its 30-day low, and says both prices', () => {
    const item = onSale(4500, known(3900));
    expect(guardrailFlags(item, EU)).toEqual(['priorPrice']);
    expect(priorPriceNote(priorPriceCheck(item, EU), 30)).toBe('Shown as before: 49.00; lowest in the last 30 days: 39.00');
    expect(priorPriceNote(priorPriceCheck(item, EU), 14)).toBe('Shown as before: 49.00; lowest in the last 14 days: 39.00');
  });

  it('passes a "was" price at or below the low', () => {
    expect(guardrailFlags(onSale(4500, known(4900)), EU)).toEqual([]);
    expect(guardrailFlags(onSale(4500, known(5500)), EU)).toEqual([]);
    expect(priorPriceCheck(onSale(4500, known(4900)), EU)).toEqual({ outcome: 'ok' });
  });

  it('checks nothing with the mode off, without a low, for an item not on sale after, or one the order leaves as it was', () => {
    expect(guardrailFlags(onSale(4500, known(3900)), DEFAULT_GUARDRAIL_SETTINGS)).toEqual([]);
    expect(guardrailFlags(onSale(4500, known(3900)), { ...EU, priorPriceDays: null })).toEqual([]);
    expect(priorPriceCheck(onSale(4500), EU)).toBeNull();
    expect(priorPriceCheck(onSale(null, known(3900)), EU)).toBeNull();
    expect(priorPriceCheck(onSale(0, known(3900)), EU)).toBeNull();
    const unchanged: GuardrailItem = { before: { regular: 4900, sale: 4500 }, after: { regular: 4900, sale: 4500 }, cost: null, retail: null, prior: known(3900) };
    expect(guardrailFlags(unchanged, EU)).toEqual([]);
    expect(orderGuardrails([{ target: 'p1', item: unchanged }], EU).notes.size).toBe(0);
  });

  it('reads the MSRP as the "was" price when the theme shows it, the regular price when the item has none', () => {
    const msrp: GuardrailSettings = { ...EU, priorPriceShownAs: 'msrp' };
    expect(guardrailFlags(onSale(4500, known(5000), 5900), msrp)).toEqual(['priorPrice']);
    expect(priorPriceNote(priorPriceCheck(onSale(4500, known(5000), 5900), msrp), 30)).toBe('Shown as before: 59.00; lowest in the last 30 days: 50.00');
    expect(guardrailFlags(onSale(4500, known(5000), 5900), EU)).toEqual([]);
    expect(guardrailFlags(onSale(4500, known(3900), 0), msrp)).toEqual(['priorPrice']);
    expect(guardrailFlags(onSale(4500, known(5000), null), msrp)).toEqual([]);
  });

  it('does not flag a low unknown or partial that the "was" price is not above, and says it could not be checked', () => {
    const gap = onSale(4500, { cents: null, partial: true });
    expect(guardrailFlags(gap, EU)).toEqual([]);
    expect(priorPriceNote(priorPriceCheck(gap, EU), 30)).toBe('Lowest in the last 30 days unknown: not followed for part of the window');
    const partial = onSale(4500, { cents: 4900, partial: true });
    expect(guardrailFlags(partial, EU)).toEqual([]);
    expect(priorPriceNote(priorPriceCheck(partial, EU), 30))
      .toBe('Lowest in the last 30 days unknown: not followed for part of the window (lowest where followed: 49.00)');
    expect(priorPriceNote(priorPriceCheck(onSale(4500, known(null)), EU), 1)).toBe('Lowest in the last day unknown: no price is known for it in that time');
    // Above a partial low it is above the true low too: flagged.
    expect(guardrailFlags(onSale(4500, { cents: 3900, partial: true }), EU)).toEqual(['priorPrice']);
  });

  it('refuses (422) when the rule blocks, naming it', () => {
    const settings = { ...EU, blockingGuardrails: ['priorPrice'] as const };
    const violations = blockingViolations([onSale(4500, known(4900)), onSale(4500, known(3900))], settings);
    expect(violations).toEqual([{ index: 1, rule: 'priorPrice' }]);
    expect(guardrailError(violations, settings).fields).toEqual({ 'productUpdates.1': 'EU prior price' });
  });
});

describe('priorLowOf', () => {
  const lows: PriorLows = { gaps: false, byVariant: new Map([[1, 900], [2, 700], [3, null]]) };
  it('gives one variant its low, the lowest of several, and marks a low partial when some are unknown or the window had gaps', () => {
    expect(priorLowOf(lows, [1])).toEqual({ cents: 900, partial: false });
    expect(priorLowOf(lows, [1, 2])).toEqual({ cents: 700, partial: false });
    expect(priorLowOf(lows, [1, 3])).toEqual({ cents: 900, partial: true });
    expect(priorLowOf(lows, [3])).toEqual({ cents: null, partial: false });
    expect(priorLowOf(lows, [4])).toEqual({ cents: null, partial: false });
    expect(priorLowOf({ ...lows, gaps: true }, [1])).toEqual({ cents: 900, partial: true });
    expect(priorLowOf(lows, [])).toBeUndefined();
  });
});

describe('guardrailItemsOf with the lows', () => {
  const simple: GuardrailCatalogProduct = { id: 10, regular: 4900, sale: null, cost: null, retail: null, baseVariantId: 100, variants: [] };
  const options: GuardrailCatalogProduct = {
    id: 20, regular: 3000, sale: null, cost: null, retail: null, baseVariantId: 200,
    variants: [
      { id: 201, regular: null, sale: null, cost: null, retail: null },
      { id: 202, regular: null, sale: null, cost: null, retail: null },
      { id: 203, regular: 5000, sale: null, cost: null, retail: null },
    ],
  };
  const lows: PriorLows = { gaps: false, byVariant: new Map([[100, 3900], [201, 2800], [202, 2500], [203, 1000]]) };

  it('gives a product without options its base variant\u2019s low, a variant its own', () => {
    const [product, variant] = guardrailItemsOf([{ productId: 10, sale: 4500 }, { productId: 20, variantId: 203, sale: 4000 }], [simple, options], lows);
    expect(product!.prior).toEqual({ cents: 3900, partial: false });
    expect(variant!.prior).toEqual({ cents: 1000, partial: false });
  });

  it('gives a product\u2019s own prices the lowest low of the variants that show them (no regular price of their own after the order)', () => {
    const [product] = guardrailItemsOf([{ productId: 20, sale: 2900 }], [options], lows);
    expect(product!.prior).toEqual({ cents: 2500, partial: false });
    expect(guardrailFlags(product!, EU)).toEqual(['priorPrice']);
    // Given a price of its own by the same order, 202 no longer shows the product's.
    const [again] = guardrailItemsOf([{ productId: 20, sale: 2900 }, { productId: 20, variantId: 202, regular: 2600 }], [options], lows);
    expect(again!.prior).toEqual({ cents: 2800, partial: false });
    // No variant shows them: nothing to check.
    const own = { ...options, variants: options.variants.map((v) => ({ ...v, regular: 5000 })) };
    expect(guardrailItemsOf([{ productId: 20, sale: 2900 }], [own], lows)[0]!.prior).toBeUndefined();
  });

  it('gives no low without the lows, and an unknown one to a product without options whose base variant is unknown', () => {
    expect(guardrailItemsOf([{ productId: 10, sale: 4500 }], [simple])[0]!.prior).toBeUndefined();
    expect(guardrailItemsOf([{ productId: 10, sale: 4500 }], [{ ...simple, baseVariantId: null }], { ...lows, gaps: true })[0]!.prior)
      .toEqual({ cents: null, partial: true });
  });
});

describe('orderGuardrails in the EU mode', () => {
  it('notes each flagged or unchecked item by target and counts those it could not check', () => {
    const g = orderGuardrails([
      { target: 'p1', item: onSale(4500, known(3900)) },
      { target: 'p2', item: onSale(4500, { cents: null, partial: true }) },
      { target: 'p3', item: onSale(4500, known(4900)) },
    ], { ...EU, blockingGuardrails: ['priorPrice'] });
    expect([...g.notes]).toEqual([
      ['p1', 'Shown as before: 49.00; lowest in the last 30 days: 39.00'],
      ['p2', 'Lowest in the last 30 days unknown: not followed for part of the window'],
    ]);
    expect(g.priorUnknown).toBe(1);
    expect(g.counts.priorPrice).toBe(1);
    expect(g.blocking).toEqual([{ rule: 'priorPrice', count: 1 }]);
  });
});
