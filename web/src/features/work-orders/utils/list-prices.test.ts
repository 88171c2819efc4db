/** The create form through a price list (issue 35): its prices, its body, its guardrails, its drafts. */
import { orderGuardrails } from '@catalog/contracts/bulk-adjustment-preview';
import { parseBulkAdjustment } from '@catalog/contracts/bulk-adjustment';
import { DEFAULT_GUARDRAIL_SETTINGS } from '@catalog/contracts/guardrails';
import { CreateWorkOrderBody, priceListItemIssues } from '@catalog/contracts/work-orders';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildWorkOrder } from './build-work-order';
import type { RecordTuple } from '../../../local/price-list-db';
import { draftTarget, parseDraftState, toStoredDraft } from './draft-state';
import { listCents, NO_BASE_VARIANT_MESSAGE, onListSale, NO_LIST_PRICE_MESSAGE, type ListPrices } from './list-prices';
import { testProduct, testVariant } from './test-fixtures';
import { initialFormState, workOrderFormReducer as reduce, type WorkOrderFormAction, type WorkOrderFormState } from './work-order-form';

const ID = '6f1c2a4e-8b7d-4c3e-9a1f-2b3c4d5e6f70';
const NOW = new Date(2030, 5, 1, 12, 0);
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterAll(() => {
  vi.useRealTimers();
});

const WHOLESALE = { priceListId: 7, currency: 'USD' };
const EURO = { priceListId: 8, currency: 'EUR' };

/** A shirt with two sizes (S has a record in the list, M has none) and a mug without options (base variant 5101). */
const shirt = testProduct(101, {
  name: 'Shirt', regularPrice: '20.00', salePrice: '18.00', costPrice: '10.00',
  variants: [testVariant(1001, 101, { variantSku: 'SHIRT-S' }), testVariant(1002, 101, { variantSku: 'SHIRT-M', regularPrice: '22.00' })],
});
const mug = testProduct(102, { name: 'Mug', regularPrice: '12.00', baseVariantId: 5101 });
const oldMug = testProduct(103, { name: 'Old Mug', regularPrice: '9.00' });

const wholesale: ListPrices = {
  target: WHOLESALE,
  catalogCurrency: true,
  records: new Map<number, Record<number, RecordTuple>>([[101, { 1001: ['15.00', '14.00', null, null] }], [102, { 5101: ['10.00', null, null, null] }]]),
};
const euro: ListPrices = { target: EURO, catalogCurrency: false, records: new Map([[102, { 5101: ['11.00', null, null, null] }]]) };

function state(...actions: WorkOrderFormAction[]): WorkOrderFormState {
  return actions.reduce(reduce, initialFormState(ID));
}
const ready = (...actions: WorkOrderFormAction[]) =>
  state({ type: 'title', value: 'Wholesale prices' }, { type: 'select', products: [shirt, mug] }, { type: 'target', target: WHOLESALE }, ...actions);
const price = (target: string, value: string, field: 'regular' | 'sale' = 'regular'): WorkOrderFormAction => ({ type: 'price', target, field, value });

describe('a price list\u2019s prices', () => {
  it('are the record\u2019s, else the catalog\u2019s in the catalog\u2019s currency, else unknown', () => {
    expect(listCents(wholesale, shirt, shirt.variants[0])).toEqual({ regular: 1500, sale: 1400, known: true, record: true });
    expect(listCents(wholesale, shirt, shirt.variants[1])).toEqual({ regular: 2200, sale: 1800, known: true, record: false });
    expect(listCents(wholesale, mug)).toMatchObject({ regular: 1000, sale: null, record: true });
    expect(listCents(euro, shirt, shirt.variants[0])).toEqual({ regular: null, sale: null, known: false, record: false });
    expect(listCents(euro, mug)).toMatchObject({ regular: 1100, known: true });
  });

  it('put an item on sale where the list’s customers pay a sale price: the record’s, or the catalog’s without one', () => {
    expect(onListSale(wholesale, shirt)).toBe(true);
    expect(onListSale(wholesale, mug)).toBe(false);
    // The record is whole: no sale of its own is no sale, whatever the catalog says.
    const onSaleMug = testProduct(102, { ...mug, salePrice: '11.00' });
    expect(onListSale(wholesale, onSaleMug)).toBe(false);
    expect(onListSale({ ...wholesale, records: new Map() }, onSaleMug)).toBe(true);
    expect(onListSale(euro, shirt)).toBe(false);
  });
});

describe('a price list work order', () => {
  it('sends the target and names a variant in every item: a product without options by its base variant', () => {
    const built = buildWorkOrder(ready(price('v1001', '13.50'), price('v1002', '16.00', 'sale'), price('p102', '9.50')), NOW, wholesale);
    expect(built.firstError).toBeUndefined();
    expect(built.body).toMatchObject({
      target: WHOLESALE,
      productUpdates: [
        { productId: 101, variantId: 1001, newRegularPrice: '13.50' },
        { productId: 101, variantId: 1002, newSalePrice: '16.00' },
        { productId: 102, variantId: 5101, newRegularPrice: '9.50' },
      ],
    });
    expect(CreateWorkOrderBody.safeParse(built.body).success).toBe(true);
    // The preview compares with the list's prices, not the catalog's.
    expect(built.lines).toEqual(expect.arrayContaining([
      expect.objectContaining({ target: 'v1001', field: 'regular', oldCents: 1500, newCents: 1350 }),
      expect.objectContaining({ target: 'p102', field: 'regular', oldCents: 1000, newCents: 950 }),
    ]));
  });

  it('never sends the product of a product with options itself, nor an MSRP', () => {
    const built = buildWorkOrder(ready(price('p101', '30.00'), { type: 'price', target: 'v1001', field: 'retail', value: '40.00' }, price('v1001', '13.00')), NOW, wholesale);
    expect(built.body?.productUpdates).toEqual([{ productId: 101, productName: 'Shirt', variantId: 1001, variantSku: 'SHIRT-S', newRegularPrice: '13.00' }]);
    expect(priceListItemIssues(built.body!.productUpdates)).toEqual([]);
  });

  it('refuses a product without options whose base variant the device does not know, saying why', () => {
    const built = buildWorkOrder(
      state({ type: 'title', value: 'T' }, { type: 'target', target: WHOLESALE }, { type: 'select', products: [oldMug] }, price('p103', '8.00')),
      NOW, wholesale,
    );
    expect(built.body).toBeUndefined();
    expect(built.errors.prices.p103?.regular).toBe(NO_BASE_VARIANT_MESSAGE);
    expect(built.firstError).toBe(`Old Mug: ${NO_BASE_VARIANT_MESSAGE}`);
  });

  it('asks for a price with a sale price where the list has no price in its currency', () => {
    const built = buildWorkOrder(
      state({ type: 'title', value: 'T' }, { type: 'select', products: [shirt] }, { type: 'target', target: EURO }, price('v1002', '9.00', 'sale')),
      NOW, euro,
    );
    expect(built.errors.prices.v1002?.regular).toBe(NO_LIST_PRICE_MESSAGE);
    expect(built.body).toBeUndefined();
  });

  it('checks the guardrails on the list\u2019s prices: 15.00 -> 1.00 is a big drop, the catalog\u2019s 20.00 is not the base', () => {
    const built = buildWorkOrder(ready(price('v1001', '1.00')), NOW, wholesale);
    expect(built.guardrailItems).toEqual([{ target: 'v1001', item: { before: { regular: 1500, sale: 1400 }, after: { regular: 100, sale: 1400 }, cost: 1000, retail: null } }]);
    expect(orderGuardrails(built.guardrailItems, DEFAULT_GUARDRAIL_SETTINGS).flagged).toBe(1);
  });

  it('adjusts the list\u2019s prices in bulk: 10% off the record\u2019s and the catalog\u2019s, never a product with options itself', () => {
    const parsed = parseBulkAdjustment({ field: 'regular', mode: 'percent', direction: 'decrease', value: '10', ending: 'none' }, 2);
    if (!parsed.ok) throw new Error(parsed.error);
    const after = reduce(ready(), { type: 'bulk', adjustment: parsed.adjustment, list: wholesale });
    expect(after.drafts).toEqual({ v1001: { regular: '13.50' }, v1002: { regular: '19.80' }, p102: { regular: '9.00' } });
    const removed = reduce(ready(), { type: 'removeSalePrices', list: wholesale });
    expect(removed.drafts).toEqual({ v1001: { sale: null }, v1002: { sale: null } });
  });
});

describe('switching prices', () => {
  it('drops the drafted prices and adjustments (they were of the other prices) and keeps the selection', () => {
    const drafted = state({ type: 'select', products: [shirt] }, price('v1001', '13.00'));
    const switched = reduce(drafted, { type: 'target', target: WHOLESALE });
    expect(switched).toMatchObject({ target: WHOLESALE, drafts: {}, selectedIds: [101] });
    expect(reduce(switched, { type: 'target', target: { ...WHOLESALE } })).toBe(switched);
    expect(reduce(switched, { type: 'target', target: null }).target).toBeNull();
  });

  it('follows an import\u2019s target; an import without one leaves the prices as they are', () => {
    const imported = reduce(state(price('p102', '1.00')), { type: 'import', title: 'Wholesale.csv', products: [mug], drafts: { p102: { regular: '9.00' } }, target: WHOLESALE });
    expect(imported).toMatchObject({ target: WHOLESALE, drafts: { p102: { regular: '9.00' } } });
    const again = reduce(imported, { type: 'import', title: 'More.csv', products: [shirt], drafts: { v1001: { regular: '14.00' } } });
    expect(again).toMatchObject({ target: WHOLESALE, drafts: { p102: { regular: '9.00' }, v1001: { regular: '14.00' } } });
  });

  it('keeps the target in the draft; a draft saved before price lists changes the catalog; a broken target is refused', () => {
    const form = ready(price('v1001', '13.00'));
    expect(parseDraftState(JSON.parse(JSON.stringify(toStoredDraft(form))), ID)).toEqual(form);
    const { target: _target, ...older } = toStoredDraft(state({ type: 'title', value: 'Old' })).form;
    expect(parseDraftState({ version: 1, form: older }, ID)?.target).toBeUndefined();
    expect(parseDraftState({ version: 1, form: { ...older, target: { priceListId: 'x' } } }, ID)).toBeNull();
    // The Drafts list names it.
    expect(draftTarget(toStoredDraft(form))).toEqual(WHOLESALE);
    expect(draftTarget({ version: 1, form: older })).toBeNull();
    expect(draftTarget('broken')).toBeNull();
  });
});
