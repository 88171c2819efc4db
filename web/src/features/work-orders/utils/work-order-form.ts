/**
 * The create form's whole state and the one reducer that changes it: title, schedule, the
 * selected products (snapshots of their local catalog rows) and the drafted prices per product
 * and variant. Plain data only, so it is autosaved as a draft (utils/draft-state.ts).
 *
 * `id` is the submission's idempotency key and the draft's id: made once with the form, kept
 * across failed attempts (a retry after a lost response finds the first order) and in its
 * draft, replaced only by `reset` (a new form) or `restore` (a saved draft, with its own id).
 */
import {
  PRICE_FIELDS, PRICE_FIELD_LABELS, explainAdjustment, skippedMessage, type AdjustmentExplanation, type BulkAdjustment, type CurrentPrices, type PriceField, type SkipReason,
} from '@catalog/contracts/bulk-adjustment';
import type { LocalProduct } from '../../../local/catalog-query';
import {
  centsOf,
  priceText,
  itemCostAndRetail,
  ownRetail,
  productPrices,
  productTarget,
  variantOwnPrices,
  variantTarget,
  type LocalVariant,
} from './price-targets';

export type ScheduleMode = 'immediate' | 'scheduled';

/**
 * The drafted prices of one product or variant. A field left undefined keeps the current price;
 * a string is what was typed (checked on submit); a null sale price removes it.
 */
export interface PriceDraft {
  regular?: string;
  sale?: string | null;
  /** The retail price (MSRP); null removes it. */
  retail?: string | null;
}

export interface WorkOrderFormState {
  id: string;
  title: string;
  schedule: ScheduleMode;
  /** 'yyyy-mm-dd' and 'HH:mm' in local time, when scheduled. */
  date: string;
  time: string;
  /** "End the sale automatically": the order's prices go back at revertDate revertTime (local). */
  revert: boolean;
  revertDate: string;
  revertTime: string;
  /** Selected product ids, in the order they were selected. */
  selectedIds: number[];
  /** The selected products' rows as read from the local catalog. */
  products: Record<number, LocalProduct>;
  /** By target ("p101", "v1001"). */
  drafts: Record<string, PriceDraft>;
  /**
   * The bulk adjustment last applied to each field, so the preview can explain a row (rule ->
   * before rounding -> rounding -> result); absent in drafts saved before it.
   */
  adjustments?: Partial<Record<PriceField, BulkAdjustment>>;
}

export type WorkOrderFormAction =
  | { type: 'title'; value: string }
  | { type: 'schedule'; value: ScheduleMode }
  | { type: 'date'; value: string }
  | { type: 'time'; value: string }
  | { type: 'revert'; value: boolean }
  | { type: 'revertDate'; value: string }
  | { type: 'revertTime'; value: string }
  | { type: 'toggle'; product: LocalProduct }
  | { type: 'select'; products: readonly LocalProduct[] }
  | { type: 'deselect'; productId: number }
  | { type: 'clearSelection' }
  /** undefined: keep the current price; null: remove the sale price. */
  | { type: 'price'; target: string; field: PriceField; value: string | null | undefined }
  | { type: 'bulk'; adjustment: BulkAdjustment }
  | { type: 'removeSalePrices' }
  /** A price import (utils/csv-import.ts): selects its products, drafts its prices, titles the order. */
  | { type: 'import'; title: string; products: readonly LocalProduct[]; drafts: Record<string, PriceDraft> }
  /** Newer rows of selected products (after a pull): current prices follow the store. */
  | { type: 'refresh'; products: readonly LocalProduct[] }
  | { type: 'reset'; id: string }
  /** A saved draft replaces the form (already checked: utils/draft-state.ts). */
  | { type: 'restore'; state: WorkOrderFormState };

export function initialFormState(id: string): WorkOrderFormState {
  return {
    id, title: '', schedule: 'immediate', date: '', time: '', revert: false, revertDate: '', revertTime: '', selectedIds: [], products: {}, drafts: {},
  };
}

export function selectedProducts(state: WorkOrderFormState): LocalProduct[] {
  return state.selectedIds.flatMap((id) => state.products[id] ?? []);
}

function withDraft(
  drafts: Record<string, PriceDraft>,
  target: string,
  field: PriceField,
  value: string | null | undefined,
): Record<string, PriceDraft> {
  const next: PriceDraft = { ...drafts[target] };
  // A regular price cannot be removed: null there means "keep it", as undefined does.
  if (value === undefined || (field === 'regular' && value === null)) delete next[field];
  else if (field === 'regular') next.regular = value as string;
  else next[field] = value;
  const result = { ...drafts };
  if (next.regular === undefined && next.sale === undefined && next.retail === undefined) delete result[target];
  else result[target] = next;
  return result;
}

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

/** A valid drafted regular price in cents, or undefined (none drafted, or not a price). */
function draftedRegular(draft: PriceDraft | undefined): number | undefined {
  return draft?.regular === undefined ? undefined : (centsOf(draft.regular) ?? undefined);
}

/** What a bulk adjustment did: the new state and how many items it left alone, by reason. */
export interface BulkResult {
  state: WorkOrderFormState;
  skipped: Record<SkipReason, number>;
}

/**
 * Applies a bulk adjustment to every selected product and each variant with a price of its own.
 * It always starts from the current prices, so applying twice does not compound; a sale price
 * with no base of its own starts from the regular price after the order (drafted, else current).
 * An item with no cost (margin over cost) or no MSRP (percentage of retail) is left as it is and
 * counted; a variant that inherits its product's cost or MSRP uses its product's.
 */
/**
 * The prices an adjustment starts from for one product (no variant) or variant, or null when it
 * leaves the item to follow its product (a variant with no price, cost or MSRP of its own).
 */
function adjustmentBase(product: LocalProduct, variant: LocalVariant | undefined, adjustment: BulkAdjustment, drafts: Record<string, PriceDraft>): CurrentPrices | null {
  const fromCost = adjustment.mode === 'marginOverCost' || adjustment.mode === 'percentOfRetail';
  const own = productPrices(product);
  const productCosts = itemCostAndRetail(product);
  const productRegular = draftedRegular(drafts[productTarget(product)]) ?? own.regular;
  if (!variant) {
    return {
      regular: adjustment.field === 'sale' ? productRegular : own.regular, sale: own.sale,
      ...productCosts, retail: adjustment.field === 'retail' && !fromCost ? ownRetail(product) : productCosts.retail,
    };
  }
  const prices = variantOwnPrices(variant);
  const costs = itemCostAndRetail(product, variant);
  const ownBase = adjustment.mode === 'marginOverCost' ? costs.cost !== productCosts.cost : costs.retail !== productCosts.retail;
  if (adjustment.field === 'regular') {
    // A variant without a price of its own follows its product's new price, unless the new
    // price comes from a cost or MSRP of its own.
    return prices.regular !== null || adjustment.mode === 'set' || (fromCost && ownBase) ? { ...prices, ...costs } : null;
  }
  if (adjustment.field === 'retail') {
    const ownMsrp = ownRetail(variant);
    return ownMsrp !== null || adjustment.mode === 'set' || (fromCost && ownBase) ? { ...prices, ...costs, retail: fromCost ? costs.retail : ownMsrp } : null;
  }
  const regular = draftedRegular(drafts[variantTarget(product, variant)]) ?? prices.regular ?? productRegular;
  return { regular, sale: prices.sale, ...costs };
}

export function bulkAdjust(state: WorkOrderFormState, adjustment: BulkAdjustment): BulkResult {
  let drafts = state.drafts;
  const skipped: Record<SkipReason, number> = { noPrice: 0, noCost: 0, noRetail: 0 };
  const adjust = (target: string, product: LocalProduct, variant?: LocalVariant) => {
    const base = adjustmentBase(product, variant, adjustment, drafts);
    if (!base) return;
    const explained = explainAdjustment(base, adjustment);
    if (explained.skipped === null) drafts = withDraft(drafts, target, adjustment.field, priceText(explained.result));
    else skipped[explained.skipped] += 1;
  };
  for (const product of selectedProducts(state)) {
    adjust(productTarget(product), product);
    for (const variant of product.variants) adjust(variantTarget(product, variant), product, variant);
  }
  return { state: { ...state, drafts, adjustments: { ...state.adjustments, [adjustment.field]: adjustment } }, skipped };
}

/** How many selected items a bulk adjustment would leave as they are, by reason (no cost, no MSRP). */
export function countSkipped(products: readonly LocalProduct[], adjustment: BulkAdjustment): Record<SkipReason, number> {
  const state: WorkOrderFormState = { ...initialFormState(''), selectedIds: products.map((p) => p.id), products: Object.fromEntries(products.map((p) => [p.id, p])) };
  return bulkAdjust(state, adjustment).skipped;
}

/**
 * The notes the preview shows for the adjustments from cost or MSRP: "Regular price: 12 items
 * have no cost and are left as they are."
 */
export function skippedNotes(adjustments: WorkOrderFormState['adjustments'], products: readonly LocalProduct[]): string[] {
  return PRICE_FIELDS.flatMap((field) => {
    const adjustment = adjustments?.[field];
    if (!adjustment || (adjustment.mode !== 'marginOverCost' && adjustment.mode !== 'percentOfRetail')) return [];
    const reason = adjustment.mode === 'marginOverCost' ? 'noCost' : 'noRetail';
    const message = skippedMessage(reason, countSkipped(products, adjustment)[reason]);
    const name = PRICE_FIELD_LABELS[field];
    return message ? [`${name.charAt(0).toUpperCase()}${name.slice(1)}: ${message}.`] : [];
  });
}

/**
 * Why a drafted price is what it is, for the preview's "Why?": the explanation of the field's
 * last bulk adjustment when it still gives the drafted price, else null (typed by hand, imported,
 * or edited after the adjustment).
 */
export function explainDraft(state: WorkOrderFormState, product: LocalProduct, variant: LocalVariant | undefined, field: PriceField): AdjustmentExplanation | null {
  const adjustment = state.adjustments?.[field];
  const target = variant ? variantTarget(product, variant) : productTarget(product);
  const drafted = state.drafts[target]?.[field];
  if (!adjustment || typeof drafted !== 'string') return null;
  const base = adjustmentBase(product, variant, adjustment, state.drafts);
  if (!base) return null;
  const explained = explainAdjustment(base, adjustment);
  return explained.skipped === null && centsOf(drafted) === explained.result ? explained : null;
}

export function applyBulkAdjustment(state: WorkOrderFormState, adjustment: BulkAdjustment): WorkOrderFormState {
  return bulkAdjust(state, adjustment).state;
}

/** 'Remove All Sale Prices': clears every selected product's and variant's sale price. */
export function removeSalePrices(state: WorkOrderFormState): WorkOrderFormState {
  let drafts = state.drafts;
  for (const product of selectedProducts(state)) {
    const targets: Array<[string, number | null]> = [
      [productTarget(product), productPrices(product).sale],
      ...product.variants.map((v): [string, number | null] => [variantTarget(product, v), variantOwnPrices(v).sale]),
    ];
    // Only a price that exists is removed; a drafted one on an item not on sale is just dropped.
    for (const [target, sale] of targets) drafts = withDraft(drafts, target, 'sale', sale ? null : undefined);
  }
  return { ...state, drafts };
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
      return applyBulkAdjustment(state, action.adjustment);
    case 'removeSalePrices':
      return removeSalePrices(state);
    case 'import': {
      const selected = withProducts(state, action.products);
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
