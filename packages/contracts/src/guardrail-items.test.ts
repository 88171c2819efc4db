/**
 * guardrailItemsOf, the one builder the device's preview and the API's gate both call: an
 * order's items as GuardrailItems in effective cents (a variant's null inherits its product's,
 * also after the order), cost and MSRP (a variant's null inheriting; the MSRP after the order).
 */
import { describe, expect, it } from 'vitest';
import { guardrailItemsOf, type GuardrailCatalogProduct } from './guardrail-items';
import { blockingViolations, DEFAULT_GUARDRAIL_SETTINGS } from './guardrails';

const none = { cost: null, retail: null };
const product: GuardrailCatalogProduct = {
  id: 1, regular: 5_000, sale: 4_000, ...none,
  variants: [
    { id: 11, regular: null, sale: null, ...none },
    { id: 12, regular: 6_000, sale: null, ...none },
  ],
};

describe('guardrailItemsOf', () => {
  it('gives a product its own prices before and after; what the item leaves stays', () => {
    expect(guardrailItemsOf([{ productId: 1, regular: 4_500 }], [product])).toEqual([
      { before: { regular: 5_000, sale: 4_000 }, after: { regular: 4_500, sale: 4_000 }, cost: null, retail: null },
    ]);
    expect(guardrailItemsOf([{ productId: 1, sale: null }], [product])[0]!.after).toEqual({ regular: 5_000, sale: null });
    // A product's regular price cannot be cleared: null leaves it.
    expect(guardrailItemsOf([{ productId: 1, regular: null }], [product])[0]!.after.regular).toBe(5_000);
  });

  it('lets a variant inherit its product\u2019s prices, also the new ones the same order sets', () => {
    const items = guardrailItemsOf([
      { productId: 1, regular: 0, sale: null },
      { productId: 1, variantId: 11, sale: 1_000 },
      { productId: 1, variantId: 12, regular: null },
    ], [product]);
    expect(items[1]).toEqual({ before: { regular: 5_000, sale: 4_000 }, after: { regular: 0, sale: 1_000 }, cost: null, retail: null });
    // Made to inherit again: the product's new regular price, and its (cleared) sale price.
    expect(items[2]).toEqual({ before: { regular: 6_000, sale: 4_000 }, after: { regular: 0, sale: null }, cost: null, retail: null });
    expect(blockingViolations(items, { ...DEFAULT_GUARDRAIL_SETTINGS, blockingGuardrails: ['zeroPrice', 'saleAtOrAboveRegular'] })).toEqual([
      { index: 0, rule: 'zeroPrice' }, { index: 1, rule: 'saleAtOrAboveRegular' }, { index: 1, rule: 'zeroPrice' }, { index: 2, rule: 'zeroPrice' },
    ]);
  });

  it('reads cost and MSRP, a variant\u2019s null inheriting the product\u2019s', () => {
    const withCost = { ...product, cost: 3_000, retail: 7_000, variants: [{ id: 11, regular: null, sale: null, cost: null, retail: 8_000 }] };
    const [item] = guardrailItemsOf([{ productId: 1, variantId: 11, regular: 2_500 }], [withCost]);
    expect(item).toMatchObject({ cost: 3_000, retail: 8_000 });
    expect(blockingViolations([item!], { guardrailThresholdPercent: 50, retailFloor: true, blockingGuardrails: ['belowCost', 'belowRetailFloor'] }))
      .toEqual([{ index: 0, rule: 'belowRetailFloor' }]);
  });

  it('holds the prices to the MSRP the order leaves, not the one it replaces (the API read the old one)', () => {
    const msrp = { ...product, retail: 7_000, variants: [{ id: 11, regular: null, sale: null, cost: null, retail: null }] };
    const floor = { ...DEFAULT_GUARDRAIL_SETTINGS, retailFloor: true, blockingGuardrails: ['belowRetailFloor' as const] };
    // Lowered with the price: no longer below it.
    const lowered = guardrailItemsOf([{ productId: 1, regular: 4_500, retail: 4_000 }, { productId: 1, variantId: 11, regular: 4_200 }], [msrp]);
    expect(lowered.map((i) => i.retail)).toEqual([4_000, 4_000]);
    expect(blockingViolations(lowered, floor)).toEqual([]);
    // Cleared: no floor at all; a variant's own new MSRP is its floor.
    expect(guardrailItemsOf([{ productId: 1, regular: 4_500, retail: null }], [msrp])[0]!.retail).toBeNull();
    expect(guardrailItemsOf([{ productId: 1, variantId: 11, regular: 4_500, retail: 9_000 }], [msrp])[0]!.retail).toBe(9_000);
  });

  it('leaves out an item whose product or variant is gone (same prices before and after: no rule broken)', () => {
    const items = guardrailItemsOf([{ productId: 99, regular: 0 }, { productId: 1, variantId: 99, regular: 0 }], [product]);
    expect(blockingViolations(items, { ...DEFAULT_GUARDRAIL_SETTINGS, blockingGuardrails: ['zeroPrice'] })).toEqual([]);
  });
});
