/**
 * The create form's bulk adjustments (see work-order-form.ts): one applied to every selected
 * item, the items it would leave alone and the preview's notes on them, the "Why?" of a drafted
 * price, and 'Remove All Sale Prices'. "Set to the 30-day low" (issue 36) reads the lows the
 * server gave for the order's moment and target (`lows`): without them it changes nothing.
 */
import {
  PRICE_FIELDS, PRICE_FIELD_LABELS, explainAdjustment, skippedMessage, type AdjustmentExplanation, type BulkAdjustment, type CurrentPrices, type PriceField, type SkipReason,
} from '@catalog/contracts/bulk-adjustment';
import type { PriorLows } from '@catalog/contracts/prior-price';
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
import { baseVariantOf, hasOwnListPrices, listCents, listPricesOf, type ListPrices } from './list-prices';
import { targetPriorLow } from './prior-lows';
import { initialFormState, selectedProducts, withDraft, type PriceDraft, type WorkOrderFormState } from './work-order-form-state';

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
 * The prices an adjustment starts from for one product (no variant) or variant, or null when it
 * leaves the item to follow its product (a variant with no price, cost or MSRP of its own).
 */
function adjustmentBase(product: LocalProduct, variant: LocalVariant | undefined, adjustment: BulkAdjustment, drafts: Record<string, PriceDraft>, list: ListPrices | null): CurrentPrices | null {
  if (list) return listAdjustmentBase(product, variant, adjustment, drafts, list);
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

/**
 * The prices an adjustment starts from in a price list (issue 35): the list's price and sale
 * price, its MSRP or the catalog's, the catalog's cost; null for what a price list order does not
 * change (a product with options itself, a product whose base variant is unknown, the MSRP).
 */
function listAdjustmentBase(product: LocalProduct, variant: LocalVariant | undefined, adjustment: BulkAdjustment, drafts: Record<string, PriceDraft>, list: ListPrices): CurrentPrices | null {
  if (adjustment.field === 'retail') return null;
  if (!variant && (!hasOwnListPrices(product) || baseVariantOf(product) === null)) return null;
  const prices = listCents(list, product, variant);
  const costs = itemCostAndRetail(product, variant);
  const retail = centsOf(listPricesOf(list, product, variant).retailPrice) ?? costs.retail;
  const target = variant ? variantTarget(product, variant) : productTarget(product);
  const regular = adjustment.field === 'sale' ? (draftedRegular(drafts[target]) ?? prices.regular) : prices.regular;
  return { regular, sale: prices.sale, cost: costs.cost, retail };
}

/**
 * adjustmentBase with the target's low for `priorLow` (null: none known); null when the
 * adjustment leaves the item alone uncounted (it follows its product, or nothing shows its price).
 */
function basePrices(product: LocalProduct, variant: LocalVariant | undefined, adjustment: BulkAdjustment, drafts: Record<string, PriceDraft>, list: ListPrices | null, lows: PriorLows | null): CurrentPrices | null {
  const base = adjustmentBase(product, variant, adjustment, drafts, list);
  if (!base || adjustment.mode !== 'priorLow') return base;
  const priorLow = lows ? targetPriorLow(lows, product, variant, adjustment.field, list) : null;
  return priorLow === undefined ? null : { ...base, priorLow };
}

/**
 * Applies a bulk adjustment to every selected product and each variant with a price of its own.
 * It always starts from the current prices, so applying twice does not compound; a sale price
 * with no base of its own starts from the regular price after the order (drafted, else current).
 * An item with no cost (margin over cost) or no MSRP (percentage of retail) is left as it is and
 * counted; a variant that inherits its product's cost or MSRP uses its product's.
 */
export function bulkAdjust(state: WorkOrderFormState, adjustment: BulkAdjustment, list: ListPrices | null = null, lows: PriorLows | null = null): BulkResult {
  let drafts = state.drafts;
  const skipped: Record<SkipReason, number> = { noPrice: 0, noCost: 0, noRetail: 0, noPriorLow: 0 };
  const adjust = (target: string, product: LocalProduct, variant?: LocalVariant) => {
    const base = basePrices(product, variant, adjustment, drafts, list, lows);
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

/** How many selected items a bulk adjustment would leave as they are, by reason (no cost, no MSRP, no known low). */
export function countSkipped(products: readonly LocalProduct[], adjustment: BulkAdjustment, list: ListPrices | null = null, lows: PriorLows | null = null): Record<SkipReason, number> {
  const state: WorkOrderFormState = { ...initialFormState(''), selectedIds: products.map((p) => p.id), products: Object.fromEntries(products.map((p) => [p.id, p])) };
  return bulkAdjust(state, adjustment, list, lows).skipped;
}

const SKIP_REASON = { marginOverCost: 'noCost', percentOfRetail: 'noRetail', priorLow: 'noPriorLow' } as const;

/**
 * The notes the preview shows for the adjustments from cost, MSRP or the 30-day low (this one
 * only with the lows the preview read): "Regular price: 12 items have no cost and are left as they are."
 */
export function skippedNotes(adjustments: WorkOrderFormState['adjustments'], products: readonly LocalProduct[], list: ListPrices | null = null, lows: PriorLows | null = null): string[] {
  return PRICE_FIELDS.flatMap((field) => {
    const adjustment = adjustments?.[field];
    if (!adjustment || !(adjustment.mode in SKIP_REASON) || (adjustment.mode === 'priorLow' && !lows)) return [];
    const reason = SKIP_REASON[adjustment.mode as keyof typeof SKIP_REASON];
    const message = skippedMessage(reason, countSkipped(products, adjustment, list, lows)[reason], adjustment.mode === 'priorLow' ? adjustment.days : undefined);
    const name = PRICE_FIELD_LABELS[field];
    return message ? [`${name.charAt(0).toUpperCase()}${name.slice(1)}: ${message}.`] : [];
  });
}

/**
 * Why a drafted price is what it is, for the preview's "Why?": the explanation of the field's
 * last bulk adjustment when it still gives the drafted price, else null (typed by hand, imported,
 * or edited after the adjustment).
 */
export function explainDraft(
  state: WorkOrderFormState, product: LocalProduct, variant: LocalVariant | undefined, field: PriceField, list: ListPrices | null = null, lows: PriorLows | null = null,
): AdjustmentExplanation | null {
  const adjustment = state.adjustments?.[field];
  const target = variant ? variantTarget(product, variant) : productTarget(product);
  const drafted = state.drafts[target]?.[field];
  if (!adjustment || typeof drafted !== 'string') return null;
  const base = basePrices(product, variant, adjustment, state.drafts, list, lows);
  if (!base) return null;
  const explained = explainAdjustment(base, adjustment);
  return explained.skipped === null && centsOf(drafted) === explained.result ? explained : null;
}

export function applyBulkAdjustment(state: WorkOrderFormState, adjustment: BulkAdjustment, list: ListPrices | null = null, lows: PriorLows | null = null): WorkOrderFormState {
  return bulkAdjust(state, adjustment, list, lows).state;
}

/** The sale prices of a product's keys: the catalog's own, or the list's (issue 35) of what a list order changes. */
function salesOf(product: LocalProduct, list: ListPrices | null): Array<[string, number | null]> {
  if (!list) {
    return [
      [productTarget(product), productPrices(product).sale],
      ...product.variants.map((v): [string, number | null] => [variantTarget(product, v), variantOwnPrices(v).sale]),
    ];
  }
  if (hasOwnListPrices(product)) return baseVariantOf(product) === null ? [] : [[productTarget(product), listCents(list, product).sale]];
  return product.variants.map((v): [string, number | null] => [variantTarget(product, v), listCents(list, product, v).sale]);
}

/** 'Remove All Sale Prices': clears every selected product's and variant's sale price (`list`: in that price list). */
export function removeSalePrices(state: WorkOrderFormState, list: ListPrices | null = null): WorkOrderFormState {
  let drafts = state.drafts;
  for (const product of selectedProducts(state)) {
    const targets = salesOf(product, list);
    // Only a price that exists is removed; a drafted one on an item not on sale is just dropped.
    for (const [target, sale] of targets) drafts = withDraft(drafts, target, 'sale', sale ? null : undefined);
  }
  return { ...state, drafts };
}
