/**
 * The create form's whole state and the one reducer that changes it: title, schedule, the
 * selected products (snapshots of their local catalog rows) and the drafted prices per product
 * and variant. Plain data only, so it is autosaved as a draft (utils/draft-state.ts).
 *
 * `id` is the submission's idempotency key and the draft's id: made once with the form, kept
 * across failed attempts (a retry after a lost response finds the first order) and in its
 * draft, replaced only by `reset` (a new form) or `restore` (a saved draft, with its own id).
 *
 * The state itself is in work-order-form-state.ts, the bulk adjustments in work-order-form-bulk.ts;
 * this file re-exports what the form's users need.
 */
import type { BulkAdjustment, PriceField } from '@catalog/contracts/bulk-adjustment';
import type { PriorLows } from '@catalog/contracts/prior-price';
import type { PriceListTarget } from '@catalog/contracts/work-orders';
import type { LocalProduct } from '../../../local/catalog-query';
import { sameTarget, type ListPrices } from './list-prices';
import { productTarget, variantTarget } from './price-targets';
import type { RepeatFields } from './repeat-inputs';
import { applyBulkAdjustment, removeSalePrices } from './work-order-form-bulk';
import { initialFormState, withDraft, type PriceDraft, type ScheduleMode, type WorkOrderFormState } from './work-order-form-state';

export { bulkAdjust, countSkipped, explainDraft, skippedNotes } from './work-order-form-bulk';
export { initialFormState, selectedProducts, type PriceDraft, type WorkOrderFormState } from './work-order-form-state';

export type WorkOrderFormAction =
  | { type: 'title'; value: string }
  | { type: 'schedule'; value: ScheduleMode }
  | { type: 'date'; value: string }
  | { type: 'time'; value: string }
  | { type: 'revert'; value: boolean }
  | { type: 'revertDate'; value: string }
  | { type: 'revertTime'; value: string }
  /** "Repeat" (issue 36): the choice, its until date or its chosen dates (repeat-inputs.ts). */
  | { type: 'repeat'; value: RepeatFields }
  | { type: 'toggle'; product: LocalProduct }
  | { type: 'select'; products: readonly LocalProduct[] }
  | { type: 'deselect'; productId: number }
  | { type: 'clearSelection' }
  /** undefined: keep the current price; null: remove the sale price. */
  | { type: 'price'; target: string; field: PriceField; value: string | null | undefined }
  /** `list`: the records of the form's price list, when it has one (the screen adds them); `lows`: the 30-day lows (issue 36). */
  | { type: 'bulk'; adjustment: BulkAdjustment; list?: ListPrices | null; lows?: PriorLows | null }
  | { type: 'removeSalePrices'; list?: ListPrices | null }
  /** "Prices:" (issue 35): the catalog (null) or a price list; another one drops the drafted prices, which were of the other prices. */
  | { type: 'target'; target: PriceListTarget | null }
  /**
   * A price import (utils/csv-import.ts): selects its products, drafts its prices, titles the
   * order; a `target` (a file of a price list's prices, null: the catalog's) switches the prices first.
   */
  | { type: 'import'; title: string; products: readonly LocalProduct[]; drafts: Record<string, PriceDraft>; target?: PriceListTarget | null }
  /** Newer rows of selected products (after a pull): current prices follow the store. */
  | { type: 'refresh'; products: readonly LocalProduct[] }
  | { type: 'reset'; id: string }
  /** A saved draft replaces the form (already checked: utils/draft-state.ts). */
  | { type: 'restore'; state: WorkOrderFormState };

function withoutProduct(state: WorkOrderFormState, productId: number): WorkOrderFormState {
  const product = state.products[productId];
  if (!product) return state;
  const products = { ...state.products };
  delete products[productId];
  const drafts = { ...state.drafts };
  delete drafts[productTarget(product)];
  for (const v of product.variants) delete drafts[variantTarget(product, v)];
  return { ...state, selectedIds: state.selectedIds.filter((id) => id !== productId), products, drafts };
}

function withProducts(state: WorkOrderFormState, list: readonly LocalProduct[]): WorkOrderFormState {
  const products = { ...state.products };
  const selectedIds = [...state.selectedIds];
  for (const product of list) {
    if (!products[product.id]) selectedIds.push(product.id);
    products[product.id] = product;
  }
  return { ...state, selectedIds, products };
}

/** The form on other prices: its drafts and adjustments were of the prices it leaves, so they go. */
function withTarget(state: WorkOrderFormState, target: PriceListTarget | null): WorkOrderFormState {
  if (sameTarget(state.target, target)) return state;
  return { ...state, target, drafts: {}, adjustments: {} };
}

export function workOrderFormReducer(state: WorkOrderFormState, action: WorkOrderFormAction): WorkOrderFormState {
  switch (action.type) {
    case 'title':
      return { ...state, title: action.value };
    case 'schedule':
      return { ...state, schedule: action.value };
    case 'date':
      return { ...state, date: action.value };
    case 'time':
      return { ...state, time: action.value };
    case 'revert':
      return { ...state, revert: action.value };
    case 'revertDate':
      return { ...state, revertDate: action.value };
    case 'revertTime':
      return { ...state, revertTime: action.value };
    case 'repeat':
      return { ...state, ...action.value };
    case 'toggle':
      return state.products[action.product.id]
        ? withoutProduct(state, action.product.id)
        : withProducts(state, [action.product]);
    case 'select':
      return withProducts(state, action.products);
    case 'deselect':
      return withoutProduct(state, action.productId);
    case 'clearSelection':
      return { ...state, selectedIds: [], products: {}, drafts: {}, adjustments: {} };
    case 'price':
      return { ...state, drafts: withDraft(state.drafts, action.target, action.field, action.value) };
    case 'bulk':
      return applyBulkAdjustment(state, action.adjustment, action.list ?? null, action.lows ?? null);
    case 'removeSalePrices':
      return removeSalePrices(state, action.list ?? null);
    case 'target':
      return withTarget(state, action.target);
    case 'import': {
      const selected = withProducts(action.target === undefined ? state : withTarget(state, action.target), action.products);
      return { ...selected, title: action.title, drafts: { ...selected.drafts, ...action.drafts } };
    }
    case 'refresh': {
      const fresh = action.products.filter((p) => state.products[p.id]);
      if (fresh.length === 0) return state;
      const products = { ...state.products };
      for (const p of fresh) products[p.id] = p;
      return { ...state, products };
    }
    case 'reset':
      return initialFormState(action.id);
    case 'restore':
      return action.state;
  }
}
