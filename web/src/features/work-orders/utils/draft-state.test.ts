import { describe, expect, it } from 'vitest';
import { draftSummary, isBlankForm, parseDraftState, toStoredDraft } from './draft-state';
import { testProduct, testVariant } from './test-fixtures';
import { initialFormState, workOrderFormReducer, type WorkOrderFormState } from './work-order-form';

const ID = '6f1c3a52-8d4e-4b7a-9c21-0e5d3f4a6b7c';

function filledForm(): WorkOrderFormState {
  let state = initialFormState(ID);
  state = workOrderFormReducer(state, { type: 'title', value: 'Spring' });
  state = workOrderFormReducer(state, { type: 'schedule', value: 'scheduled' });
  state = workOrderFormReducer(state, { type: 'date', value: '2030-03-05' });
  state = workOrderFormReducer(state, { type: 'time', value: '15:07' });
  state = workOrderFormReducer(state, { type: 'toggle', product: testProduct(101, { variants: [testVariant(1001, 101, { regularPrice: '25.00' })] }) });
  state = workOrderFormReducer(state, { type: 'toggle', product: testProduct(102) });
  state = workOrderFormReducer(state, { type: 'price', target: 'p101', field: 'regular', value: '22.00' });
  state = workOrderFormReducer(state, { type: 'price', target: 'v1001', field: 'sale', value: null });
  state = workOrderFormReducer(state, { type: 'price', target: 'p102', field: 'sale', value: 'abc' });
  return state;
}

/** As IndexedDB gives it back: a structured clone. */
const stored = (state: WorkOrderFormState) => structuredClone(toStoredDraft(state));

describe('draft state', () => {
  it('restores every field of the form it was saved from, with the draft id', () => {
    const state = filledForm();
    expect(parseDraftState(stored(state), ID)).toEqual(state);
    expect(parseDraftState(stored(state), 'other-id')?.id).toBe('other-id');
  });

  it('summarises a form for the Drafts list', () => {
    expect(draftSummary(filledForm())).toEqual({ title: 'Spring', productCount: 2 });
  });

  it('treats a form with nothing entered as blank', () => {
    expect(isBlankForm(initialFormState(ID))).toBe(true);
    expect(isBlankForm(workOrderFormReducer(initialFormState(ID), { type: 'title', value: ' ' }))).toBe(true);
    expect(isBlankForm(workOrderFormReducer(initialFormState(ID), { type: 'title', value: 'A' }))).toBe(false);
    expect(isBlankForm(filledForm())).toBe(false);
  });

  const corruptions: Array<[string, (value: ReturnType<typeof stored>) => unknown]> = [
    ['not an object', () => 'hello'],
    ['null', () => null],
    ['another version', (v) => ({ ...v, version: 99 })],
    ['a title that is not text', (v) => ({ ...v, form: { ...v.form, title: 42 } })],
    ['an unknown schedule', (v) => ({ ...v, form: { ...v.form, schedule: 'later' } })],
    ['a malformed date', (v) => ({ ...v, form: { ...v.form, date: 'tomorrow' } })],
    ['selected ids that are not a list', (v) => ({ ...v, form: { ...v.form, selectedIds: '101' } })],
    ['a selected product without its row', (v) => ({ ...v, form: { ...v.form, products: {} } })],
    ['a product row of the wrong shape', (v) => ({ ...v, form: { ...v.form, products: { ...v.form.products, 101: { id: 101 } } } })],
    ['a variant of another product', (v) => ({
      ...v,
      form: { ...v.form, products: { ...v.form.products, 101: { ...v.form.products[101]!, variants: [testVariant(1001, 999)] } } },
    })],
    ['a price that is not text', (v) => ({ ...v, form: { ...v.form, drafts: { p101: { regular: 22 } } } })],
    ['an unknown price target', (v) => ({ ...v, form: { ...v.form, drafts: { x1: { regular: '1.00' } } } })],
    ['the same product twice', (v) => ({ ...v, form: { ...v.form, selectedIds: [101, 101] } })],
  ];
  for (const [what, corrupt] of corruptions) {
    it(`rejects a stored draft with ${what}`, () => {
      expect(parseDraftState(corrupt(stored(filledForm())), ID)).toBeNull();
    });
  }
});

describe('draft state: retail prices and bulk adjustments (issue 19)', () => {
  const withAdjustment = () => {
    let state = filledForm();
    state = workOrderFormReducer(state, { type: 'price', target: 'p102', field: 'retail', value: '30.00' });
    state = workOrderFormReducer(state, { type: 'price', target: 'v1001', field: 'retail', value: null });
    state = workOrderFormReducer(state, {
      type: 'bulk',
      adjustment: { field: 'regular', mode: 'marginOverCost', basisPoints: 4000, rounding: { kind: 'increment', stepCents: 25, direction: 'up' } },
    });
    return state;
  };

  it('restores drafted MSRPs and the last bulk adjustment per field', () => {
    const state = withAdjustment();
    expect(state.adjustments?.regular?.mode).toBe('marginOverCost');
    expect(parseDraftState(stored(state), ID)).toEqual(state);
  });

  it("reads a bulk adjustment saved with an earlier version's ending ('whole' is .00 to the nearest)", () => {
    const value = stored(withAdjustment());
    (value.form as Record<string, unknown>).adjustments = { sale: { field: 'sale', mode: 'percent', basisPoints: -1000, ending: 'whole' } };
    expect(parseDraftState(value, ID)?.adjustments).toEqual({
      sale: { field: 'sale', mode: 'percent', basisPoints: -1000, rounding: { kind: 'ending', ending: '00', direction: 'nearest' } },
    });
  });

  it('drops an unreadable adjustment but keeps the draft, and refuses an MSRP that is not text', () => {
    const value = stored(withAdjustment());
    (value.form as Record<string, unknown>).adjustments = { regular: { field: 'regular', mode: 'nonsense' } };
    expect(parseDraftState(value, ID)?.adjustments).toEqual({});
    const bad = stored(withAdjustment());
    (bad.form as { drafts: Record<string, unknown> }).drafts = { p102: { retail: 30 } };
    expect(parseDraftState(bad, ID)).toBeNull();
  });
});
