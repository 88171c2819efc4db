import { describe, expect, it } from 'vitest';
import { CompanySettings, DEFAULT_COMPANY_SETTINGS, UpdateCompanySettingsBody } from './company-settings';
import { ErrorBody } from './errors';
import { blockingViolations, DEFAULT_GUARDRAIL_SETTINGS, guardrailError, guardrailFlags, type GuardrailItem } from './guardrails';

const item = (over: Partial<GuardrailItem> & { after: GuardrailItem['after'] }): GuardrailItem => ({
  before: { regular: 10_000, sale: null }, cost: null, retail: null, ...over,
});
const settings = DEFAULT_GUARDRAIL_SETTINGS;

describe('guardrailFlags', () => {
  it('flags nothing on an item the order leaves as it was, whatever its prices', () => {
    expect(guardrailFlags(item({ before: { regular: 0, sale: 0 }, after: { regular: 0, sale: null }, cost: 500 }), settings)).toEqual([]);
  });

  it('flags a selling price below cost (the sale price when on sale), not one at cost', () => {
    expect(guardrailFlags(item({ after: { regular: 9_000, sale: null }, cost: 9_001 }), settings)).toEqual(['belowCost']);
    expect(guardrailFlags(item({ after: { regular: 9_000, sale: null }, cost: 9_000 }), settings)).toEqual([]);
    expect(guardrailFlags(item({ after: { regular: 12_000, sale: 7_000 }, cost: 8_000 }), settings)).toEqual(['belowCost']);
    expect(guardrailFlags(item({ after: { regular: 9_000, sale: null }, cost: null }), settings)).toEqual([]);
  });

  it('flags a sale price at or above the regular price, and a regular price of 0.00', () => {
    expect(guardrailFlags(item({ after: { regular: 10_000, sale: 10_000 } }), settings)).toEqual(['saleAtOrAboveRegular']);
    expect(guardrailFlags(item({ after: { regular: 10_000, sale: 9_999 } }), settings)).toEqual([]);
    expect(guardrailFlags(item({ before: { regular: 10, sale: null }, after: { regular: 0, sale: null } }), settings)).toEqual(['zeroPrice', 'largeChange']);
  });

  it('flags a change over the threshold in either direction, the threshold itself not', () => {
    expect(guardrailFlags(item({ after: { regular: 15_000, sale: null } }), settings)).toEqual([]);
    expect(guardrailFlags(item({ after: { regular: 15_001, sale: null } }), settings)).toEqual(['largeChange']);
    expect(guardrailFlags(item({ after: { regular: 4_999, sale: null } }), settings)).toEqual(['largeChange']);
    expect(guardrailFlags(item({ after: { regular: 4_999, sale: null } }), { ...settings, guardrailThresholdPercent: 60 })).toEqual([]);
    expect(guardrailFlags(item({ before: { regular: 0, sale: null }, after: { regular: 1, sale: null } }), settings)).toEqual(['largeChange']);
  });

  it('flags a regular price under MSRP only when the company sets the floor', () => {
    const under = item({ after: { regular: 9_500, sale: null }, retail: 9_900 });
    expect(guardrailFlags(under, settings)).toEqual([]);
    expect(guardrailFlags(under, { ...settings, retailFloor: true })).toEqual(['belowRetailFloor']);
  });
});

describe('blocking guardrails', () => {
  const items = [
    item({ after: { regular: 1, sale: null }, cost: 500 }),
    item({ after: { regular: 10_500, sale: null } }),
    item({ after: { regular: 10_000, sale: 12_000 } }),
  ];

  it('blocks nothing unless the company chose blocking rules', () => {
    expect(blockingViolations(items, settings)).toEqual([]);
  });

  it('lists each item and the blocking rule it breaks, and the refusal names both', () => {
    const blocking = { ...settings, blockingGuardrails: ['belowCost', 'saleAtOrAboveRegular'] as const };
    const violations = blockingViolations(items, blocking);
    expect(violations).toEqual([{ index: 0, rule: 'belowCost' }, { index: 2, rule: 'saleAtOrAboveRegular' }]);
    const error = guardrailError(violations, blocking);
    expect(error.status).toBe(422);
    expect(error.code).toBe('GUARDRAIL');
    expect(error.message).toBe("This order breaks your company's blocking guardrails: Below cost (1 item), Sale price at or above regular price (1 item).");
    expect(error.fields).toEqual({ 'productUpdates.0': 'Below cost', 'productUpdates.2': 'Sale price at or above regular price' });
    expect(ErrorBody.safeParse(error.toBody()).success).toBe(true);
  });
});

describe('company settings', () => {
  it('starts with approvals off, a 50% threshold, no floor, nothing blocking and the EU prior price mode off', () => {
    expect(CompanySettings.parse(DEFAULT_COMPANY_SETTINGS)).toEqual({
      ordersNeedApproval: false, guardrailThresholdPercent: 50, retailFloor: false, blockingGuardrails: [], priorPriceDays: null,
      priorPriceShownAs: 'regular', publishPriorPrice: false,
    });
  });

  it('takes a change of some settings, and refuses an empty one, unknown keys, repeats and out-of-range thresholds', () => {
    expect(UpdateCompanySettingsBody.safeParse({ retailFloor: true }).success).toBe(true);
    expect(UpdateCompanySettingsBody.safeParse({}).success).toBe(false);
    expect(UpdateCompanySettingsBody.safeParse({ isAdmin: true }).success).toBe(false);
    expect(UpdateCompanySettingsBody.safeParse({ blockingGuardrails: ['zeroPrice', 'zeroPrice'] }).success).toBe(false);
    expect(UpdateCompanySettingsBody.safeParse({ blockingGuardrails: ['priceOfGold'] }).success).toBe(false);
    for (const t of [0, 1001, 1.5, '50']) expect(UpdateCompanySettingsBody.safeParse({ guardrailThresholdPercent: t }).success).toBe(false);
    for (const t of [1, 1000]) expect(UpdateCompanySettingsBody.safeParse({ guardrailThresholdPercent: t }).success).toBe(true);
    for (const d of [0, 366, 1.5, '30']) expect(UpdateCompanySettingsBody.safeParse({ priorPriceDays: d }).success).toBe(false);
    for (const d of [1, 30, 365, null]) expect(UpdateCompanySettingsBody.safeParse({ priorPriceDays: d }).success).toBe(true);
  });
});
