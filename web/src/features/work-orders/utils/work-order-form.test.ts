/** The create form's state, validation and payload, stated as the tests' names. */
import { parseBulkAdjustment, type BulkAdjustmentInput } from '@catalog/contracts/bulk-adjustment';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildWorkOrder, SCHEDULE_PASSED_MESSAGE } from './build-work-order';
import { testProduct, testVariant } from './test-fixtures';
import { orderGuardrails } from '@catalog/contracts/bulk-adjustment-preview';
import { DEFAULT_GUARDRAIL_SETTINGS } from '@catalog/contracts/guardrails';
import { WORK_ORDER_MESSAGES } from '@catalog/contracts/work-orders';
import {
  bulkAdjust,
  countSkipped,
  explainDraft,
  initialFormState,
  skippedNotes,
  workOrderFormReducer as reduce,
  type WorkOrderFormAction,
  type WorkOrderFormState,
} from './work-order-form';

const ID = '6f1c2a4e-8b7d-4c3e-9a1f-2b3c4d5e6f70';
const NOW = new Date(2030, 5, 1, 12, 0);
// The contracts' schema reads the clock for its 366-day bound: the tests' clock is NOW.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterAll(() => {
  vi.useRealTimers();
});

const shirt = testProduct(101, {
  name: 'Linen Shirt',
  regularPrice: '11.99',
  salePrice: '8.15',
  variants: [
    testVariant(1001, 101, { regularPrice: '31.99' }),
    testVariant(1002, 101, { regularPrice: '11.99', salePrice: '10.00' }),
    testVariant(1003, 101), // follows the product's prices
  ],
});
const bottle = testProduct(102, { name: 'Water Bottle', regularPrice: '20.00', salePrice: '0.00' });

function state(...actions: WorkOrderFormAction[]): WorkOrderFormState {
  return actions.reduce(reduce, initialFormState(ID));
}

function bulk(overrides: Partial<BulkAdjustmentInput>): WorkOrderFormAction {
  const parsed = parseBulkAdjustment(
    { field: 'regular', mode: 'percent', direction: 'increase', value: '10', ending: 'none', ...overrides },
    1,
  );
  if (!parsed.ok) throw new Error(parsed.error);
  return { type: 'bulk', adjustment: parsed.adjustment };
}

const ready = (...actions: WorkOrderFormAction[]) =>
  state({ type: 'title', value: 'Spring prices' }, { type: 'select', products: [shirt, bottle] }, ...actions);

describe('validation messages (spec section 5)', () => {
  it("asks for a title: 'Please enter a work order title'", () => {
    const built = buildWorkOrder(state({ type: 'title', value: '   ' }), NOW);
    expect(built.errors.title).toBe('Please enter a work order title');
    expect(built.firstError).toBe('Please enter a work order title');
    expect(built.body).toBeUndefined();
  });

  it("asks for products: 'Please select at least one product'", () => {
    const built = buildWorkOrder(state({ type: 'title', value: 'Sale' }), NOW);
    expect(built.errors.selection).toBe('Please select at least one product');
    expect(built.firstError).toBe('Please select at least one product');
  });

  it("asks for prices: 'Please set prices for selected products'", () => {
    const built = buildWorkOrder(ready(), NOW);
    expect(built.errors.selection).toBe('Please set prices for selected products');
    // Typing the current price is no change either.
    const same = buildWorkOrder(ready({ type: 'price', target: 'p102', field: 'regular', value: '20' }), NOW);
    expect(same.firstError).toBe('Please set prices for selected products');
  });

  it("asks for both date and time: 'Please set both date and time for scheduled work order'", () => {
    const base = ready(bulk({}), { type: 'schedule', value: 'scheduled' });
    expect(buildWorkOrder(base, NOW).errors.schedule).toBe('Please set both date and time for scheduled work order');
    expect(buildWorkOrder(reduce(base, { type: 'date', value: '2030-06-02' }), NOW).firstError).toBe(
      'Please set both date and time for scheduled work order',
    );
    expect(buildWorkOrder(reduce(base, { type: 'time', value: '09:00' }), NOW).firstError).toBe(
      'Please set both date and time for scheduled work order',
    );
  });

  it('refuses a scheduled time that has passed', () => {
    const past = ready(bulk({}), { type: 'schedule', value: 'scheduled' }, { type: 'date', value: '2030-06-01' }, { type: 'time', value: '11:59' });
    expect(buildWorkOrder(past, NOW).errors.schedule).toBe(SCHEDULE_PASSED_MESSAGE);
  });

  it('refuses a start or an end more than 366 days ahead, as the server does (issue 31)', () => {
    const far = ready(bulk({}), { type: 'schedule', value: 'scheduled' }, { type: 'date', value: '2031-06-03' }, { type: 'time', value: '12:00' });
    expect(buildWorkOrder(far, NOW).errors.schedule).toBe(WORK_ORDER_MESSAGES.scheduleTooFar);
    const end = ready(bulk({}), { type: 'revert', value: true }, { type: 'revertDate', value: '2031-06-03' }, { type: 'revertTime', value: '12:00' });
    expect(buildWorkOrder(end, NOW).errors.revert).toBe(WORK_ORDER_MESSAGES.revertTooFar);
  });

  it('names the price field that does not hold a price', () => {
    const built = buildWorkOrder(ready({ type: 'price', target: 'v1001', field: 'sale', value: '12,50' }), NOW);
    expect(built.errors.prices).toEqual({ v1001: { sale: 'Enter a price between 0.00 and 99,999,999.99' } });
    expect(built.firstError).toBe('Linen Shirt (SKU-1001): Enter a price between 0.00 and 99,999,999.99');
  });

  it('reports the problems in the spec order, title first', () => {
    const built = buildWorkOrder(state({ type: 'schedule', value: 'scheduled' }), NOW);
    expect(built.errors).toMatchObject({
      title: 'Please enter a work order title',
      selection: 'Please select at least one product',
      schedule: 'Please set both date and time for scheduled work order',
    });
    expect(built.firstError).toBe('Please enter a work order title');
  });
});

describe('the payload', () => {
  it('keeps every variant change as its own item, with prices as strings', () => {
    const built = buildWorkOrder(ready(bulk({})), NOW);
    expect(built.firstError).toBeUndefined();
    expect(built.body).toEqual({
      id: ID,
      title: 'Spring prices',
      scheduledAt: null,
      executeImmediately: true,
      revertAt: null,
      productUpdates: [
        { productId: 101, productName: 'Linen Shirt', newRegularPrice: '13.19' },
        { productId: 101, productName: 'Linen Shirt', variantId: 1001, variantSku: 'SKU-1001', newRegularPrice: '35.19' },
        { productId: 101, productName: 'Linen Shirt', variantId: 1002, variantSku: 'SKU-1002', newRegularPrice: '13.19' },
        { productId: 102, productName: 'Water Bottle', newRegularPrice: '22.00' },
      ],
    });
  });

  it('sends a scheduled order with its time as an ISO date-time', () => {
    const built = buildWorkOrder(
      ready(bulk({}), { type: 'schedule', value: 'scheduled' }, { type: 'date', value: '2030-06-02' }, { type: 'time', value: '09:30' }),
      NOW,
    );
    expect(built.body?.executeImmediately).toBe(false);
    expect(built.body?.scheduledAt).toBe(new Date(2030, 5, 2, 9, 30).toISOString());
  });

  it('keeps the same id across attempts, and a new one only after reset', () => {
    const form = ready(bulk({}));
    expect(buildWorkOrder(form, NOW).body?.id).toBe(ID);
    expect(buildWorkOrder(form, NOW).body?.id).toBe(ID);
    expect(reduce(form, { type: 'reset', id: 'other' }).id).toBe('other');
  });

  it('leaves out prices that do not change, and shows them as unchanged in the preview', () => {
    const built = buildWorkOrder(
      ready({ type: 'price', target: 'p102', field: 'regular', value: '20.00' }, { type: 'price', target: 'p101', field: 'regular', value: '12' }),
      NOW,
    );
    expect(built.body?.productUpdates).toEqual([{ productId: 101, productName: 'Linen Shirt', newRegularPrice: '12.00' }]);
    expect(built.lines.map((l) => [l.target, l.oldCents, l.newCents])).toEqual([
      ['p101', 1199, 1200],
      ['p102', 2000, 2000],
    ]);
  });

  it('drops the drafts of a product that is deselected', () => {
    const form = ready(bulk({}), { type: 'deselect', productId: 101 });
    expect(form.selectedIds).toEqual([102]);
    expect(Object.keys(form.drafts)).toEqual(['p102']);
  });
});

describe('bulk adjustment on the selection', () => {
  it('raises regular prices of products and of variants with a price of their own', () => {
    const form = ready(bulk({ value: '10' }));
    expect(form.drafts).toEqual({
      p101: { regular: '13.19' },
      v1001: { regular: '35.19' },
      v1002: { regular: '13.19' },
      p102: { regular: '22.00' },
    });
  });

  it('does not compound when applied twice', () => {
    expect(ready(bulk({}), bulk({})).drafts).toEqual(ready(bulk({})).drafts);
  });

  it('discounts sale prices, starting from the regular price where there is none (or 0)', () => {
    const form = ready(bulk({ field: 'sale', direction: 'decrease', value: '20' }));
    expect(form.drafts).toEqual({
      p101: { sale: '6.52' }, // 8.15 - 20%
      v1001: { sale: '25.59' }, // no sale price: 31.99 - 20%
      v1002: { sale: '8.00' }, // 10.00 - 20%
      v1003: { sale: '9.59' }, // follows the product: 11.99 - 20%
      p102: { sale: '16.00' }, // sale 0: 20.00 - 20%
    });
  });

  it('bases a new sale price on the drafted regular price', () => {
    const form = ready({ type: 'price', target: 'p102', field: 'regular', value: '30' }, bulk({ field: 'sale', direction: 'decrease', value: '10' }));
    expect(form.drafts.p102).toEqual({ regular: '30', sale: '27.00' });
  });

  it('never goes below 0, and rounds to the ending', () => {
    expect(ready(bulk({ mode: 'fixed', direction: 'decrease', value: '25' })).drafts.p102).toEqual({ regular: '0.00' });
    expect(ready(bulk({ value: '10', ending: '99' })).drafts.p102).toEqual({ regular: '21.99' });
  });

  it('removes all sale prices of the selection, and only existing ones', () => {
    const form = ready({ type: 'price', target: 'p102', field: 'sale', value: '15' }, { type: 'removeSalePrices' });
    expect(form.drafts).toEqual({ p101: { sale: null }, v1002: { sale: null } });
    const built = buildWorkOrder(reduce(form, { type: 'title', value: 'No sale' }), NOW);
    expect(built.body?.productUpdates).toEqual([
      { productId: 101, productName: 'Linen Shirt', newSalePrice: null },
      { productId: 101, productName: 'Linen Shirt', variantId: 1002, variantSku: 'SKU-1002', newSalePrice: null },
    ]);
  });
});

describe('issue 19: margin over cost, share of MSRP, retail prices, explanations, guardrails', () => {
  const costly = testProduct(201, {
    name: 'Oak Table', regularPrice: '100.00', costPrice: '40.00', retailPrice: '150.00',
    variants: [
      testVariant(2001, 201, { regularPrice: '120.00', costPrice: '50.00' }), // own cost
      testVariant(2002, 201, { regularPrice: '110.00' }), // inherits the product's cost and MSRP
      testVariant(2003, 201), // follows the product's price, cost and MSRP
    ],
  });
  const noCost = testProduct(202, { name: 'Chair', regularPrice: '30.00' });
  const pick = (...actions: WorkOrderFormAction[]) =>
    state({ type: 'title', value: 'Margins' }, { type: 'select', products: [costly, noCost] }, ...actions);
  const adjustment = (overrides: Partial<BulkAdjustmentInput>) => {
    const parsed = parseBulkAdjustment({ field: 'regular', mode: 'marginOverCost', direction: 'increase', value: '40', ending: 'none', ...overrides }, 1);
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed.adjustment;
  };

  it('sets cost + 40% from the variant\'s own cost, else the product\'s, and counts the items with no cost', () => {
    const { state: next, skipped } = bulkAdjust(pick(), adjustment({}));
    expect(next.drafts.p201).toEqual({ regular: '56.00' });
    expect(next.drafts.v2001).toEqual({ regular: '70.00' });
    expect(next.drafts.v2002).toEqual({ regular: '56.00' });
    expect(next.drafts.v2003).toBeUndefined(); // follows its product's new price
    expect(next.drafts.p202).toBeUndefined();
    expect(skipped).toEqual({ noPrice: 0, noCost: 1, noRetail: 0, noPriorLow: 0 });
    expect(countSkipped([costly, noCost], adjustment({}))).toEqual(skipped);
    expect(skippedNotes(next.adjustments, [costly, noCost])).toEqual(['Regular price: 1 item has no cost and is left as it is.']);
    expect(skippedNotes(reduce(next, { type: 'bulk', adjustment: adjustment({ mode: 'percent' }) }).adjustments, [costly, noCost])).toEqual([]);
  });

  it('sets 90% of MSRP and leaves items without one alone', () => {
    const { state: next, skipped } = bulkAdjust(pick(), adjustment({ mode: 'percentOfRetail', value: '90', ending: '99', roundDirection: 'down' }));
    expect(next.drafts.p201).toEqual({ regular: '134.99' });
    expect(next.drafts.v2002).toEqual({ regular: '134.99' });
    expect(skipped.noRetail).toBe(1);
  });

  it('changes the MSRP as a field of its own and sends it as newRetailPrice', () => {
    const next = reduce(pick(), { type: 'bulk', adjustment: adjustment({ field: 'retail', mode: 'percent', value: '10' }) });
    expect(next.drafts.p201).toEqual({ retail: '165.00' });
    expect(next.drafts.v2001).toBeUndefined(); // no MSRP of its own: follows the product's
    const built = buildWorkOrder(reduce(next, { type: 'price', target: 'p202', field: 'retail', value: null }), NOW);
    expect(built.body?.productUpdates).toEqual([
      { productId: 201, productName: 'Oak Table', newRetailPrice: '165.00' },
    ]);
    expect(built.lines.find((l) => l.target === 'p201')).toMatchObject({ field: 'retail', oldCents: 15000, newCents: 16500 });
  });

  it('explains a drafted price by its bulk adjustment, and not once it was edited by hand', () => {
    let next = reduce(pick(), { type: 'bulk', adjustment: adjustment({ ending: 'increment', incrementCents: 100, roundDirection: 'up' }) });
    expect(next.adjustments?.regular?.mode).toBe('marginOverCost');
    expect(explainDraft(next, costly, undefined, 'regular')).toEqual({
      skipped: null, rule: 'Cost 40.00 + 40%', beforeRounding: 5600, rounding: 'Rounded up to a multiple of 1.00', result: 5600,
    });
    expect(explainDraft(next, costly, costly.variants[0], 'regular')).toMatchObject({ rule: 'Cost 50.00 + 40%', result: 7000 });
    next = reduce(next, { type: 'price', target: 'p201', field: 'regular', value: '57.00' });
    expect(explainDraft(next, costly, undefined, 'regular')).toBeNull();
    expect(explainDraft(next, noCost, undefined, 'regular')).toBeNull();
  });

  it('gives the guardrails every drafted item with its effective prices, cost and MSRP', () => {
    const next = reduce(pick(), { type: 'bulk', adjustment: adjustment({ value: '0' }) }); // price = cost
    const withZero = reduce(next, { type: 'price', target: 'p202', field: 'regular', value: '0' });
    const built = buildWorkOrder(withZero, NOW);
    expect(built.guardrailItems.map((i) => i.target)).toEqual(['p201', 'v2001', 'v2002', 'p202']);
    expect(built.guardrailItems[0]!.item).toEqual({ before: { regular: 10000, sale: null }, after: { regular: 4000, sale: null }, cost: 4000, retail: 15000 });
    const g = orderGuardrails(built.guardrailItems, { ...DEFAULT_GUARDRAIL_SETTINGS, retailFloor: true, blockingGuardrails: ['zeroPrice'] });
    expect(g.flags.get('p202')).toEqual(['zeroPrice', 'largeChange']);
    expect(g.flags.get('p201')).toEqual(['largeChange', 'belowRetailFloor']);
    expect(g.counts.belowCost).toBe(0); // at cost is not below it
    expect(g.blocking).toEqual([{ rule: 'zeroPrice', count: 1 }]);
    expect([g.itemsUp, g.itemsDown, g.itemsUnchanged]).toEqual([0, 4, 0]);
  });
});
