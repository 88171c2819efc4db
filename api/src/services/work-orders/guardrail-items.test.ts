/**
 * guardrailItems: an order's items as contracts' GuardrailItem from the catalog's rows, in
 * effective cents (a variant's null inherits its product's, also after the order), cost and
 * MSRP from the rows (a variant's null inherits).
 */
import { describe, expect, it } from 'vitest';
import { blockingViolations, DEFAULT_GUARDRAIL_SETTINGS } from '@catalog/contracts/guardrails';
import { guardrailItems, type GuardrailProductRow } from './guardrail-items';

const none = { costPriceCents: null, retailPriceCents: null };
const product: GuardrailProductRow = {
  externalId: 1, regularPriceCents: 5_000, salePriceCents: 4_000, ...none,
  variants: [
    { externalId: 11, regularPriceCents: null, salePriceCents: null, ...none },
    { externalId: 12, regularPriceCents: 6_000, salePriceCents: null, ...none },
  ],
};

describe('guardrailItems', () => {
  it('gives a product its own prices before and after; what the item leaves stays', () => {
    expect(guardrailItems([{ externalProductId: 1, externalVariantId: null, newRegularPriceCents: 4_500 }], [product])).toEqual([
      { before: { regular: 5_000, sale: 4_000 }, after: { regular: 4_500, sale: 4_000 }, cost: null, retail: null },
    ]);
    expect(guardrailItems([{ externalProductId: 1, externalVariantId: null, newSalePriceCents: null }], [product])[0]!.after).toEqual({ regular: 5_000, sale: null });
  });

  it('lets a variant inherit its product\u2019s prices, also the new ones the same order sets', () => {
    const items = guardrailItems([
      { externalProductId: 1, externalVariantId: null, newRegularPriceCents: 0, newSalePriceCents: null },
      { externalProductId: 1, externalVariantId: 11, newSalePriceCents: 1_000 },
      { externalProductId: 1, externalVariantId: 12, newRegularPriceCents: null },
    ], [product]);
    expect(items[1]).toEqual({ before: { regular: 5_000, sale: 4_000 }, after: { regular: 0, sale: 1_000 }, cost: null, retail: null });
    // Made to inherit again: the product's new regular price, and its (cleared) sale price.
    expect(items[2]).toEqual({ before: { regular: 6_000, sale: 4_000 }, after: { regular: 0, sale: null }, cost: null, retail: null });
    expect(blockingViolations(items, { ...DEFAULT_GUARDRAIL_SETTINGS, blockingGuardrails: ['zeroPrice', 'saleAtOrAboveRegular'] })).toEqual([
      { index: 0, rule: 'zeroPrice' }, { index: 1, rule: 'saleAtOrAboveRegular' }, { index: 1, rule: 'zeroPrice' }, { index: 2, rule: 'zeroPrice' },
    ]);
  });

  it('reads cost and MSRP, a variant\u2019s null inheriting the product\u2019s', () => {
    const withCost = {
      ...product, costPriceCents: 3_000, retailPriceCents: 7_000,
      variants: [{ externalId: 11, regularPriceCents: null, salePriceCents: null, costPriceCents: null, retailPriceCents: 8_000 }],
    };
    const [item] = guardrailItems([{ externalProductId: 1, externalVariantId: 11, newRegularPriceCents: 2_500 }], [withCost]);
    expect(item).toMatchObject({ cost: 3_000, retail: 8_000 });
    expect(blockingViolations([item!], { guardrailThresholdPercent: 50, retailFloor: true, blockingGuardrails: ['belowCost', 'belowRetailFloor'] }))
      .toEqual([{ index: 0, rule: 'belowRetailFloor' }]);
  });

  it('holds the prices to the MSRP the order sets, as the device\u2019s preview does (it read the one replaced)', () => {
    const msrp = { ...product, retailPriceCents: 7_000 };
    const items = guardrailItems([{ externalProductId: 1, externalVariantId: null, newRegularPriceCents: 4_500, newRetailPriceCents: 4_000 }], [msrp]);
    expect(items[0]!.retail).toBe(4_000);
    expect(blockingViolations(items, { ...DEFAULT_GUARDRAIL_SETTINGS, retailFloor: true, blockingGuardrails: ['belowRetailFloor'] })).toEqual([]);
  });

  it('leaves out an item whose product or variant is gone (same prices before and after: no rule broken)', () => {
    const items = guardrailItems([
      { externalProductId: 99, externalVariantId: null, newRegularPriceCents: 0 },
      { externalProductId: 1, externalVariantId: 99, newRegularPriceCents: 0 },
    ], [product]);
    expect(blockingViolations(items, { ...DEFAULT_GUARDRAIL_SETTINGS, blockingGuardrails: ['zeroPrice'] })).toEqual([]);
  });
});
