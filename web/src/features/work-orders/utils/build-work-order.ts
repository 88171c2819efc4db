/**
 * From the form's state to what is sent: the spec's validation (section 5, in its order: title,
 * products, prices, schedule) with its messages, the POST /api/work-orders body with one item
 * per changed product and per changed variant (every variant change is kept: the first version
 * of the app kept only a product's first one), and the price lines the preview shows. Prices that
 * stay as they are are not sent.
 */
import {
  classifyChange,
  type PriceChangeLine,
} from '@catalog/contracts/bulk-adjustment-preview';
import type { PriceField } from '@catalog/contracts/bulk-adjustment';
import { guardrailItemsOf, type GuardrailChange } from '@catalog/contracts/guardrail-items';
import type { GuardrailItem } from '@catalog/contracts/guardrails';
import type { PriorLows } from '@catalog/contracts/prior-price';
import { MONEY_MESSAGE } from '@catalog/contracts/money';
import { endComesAfterStart } from '@catalog/contracts/work-order-end';
import {
  CreateWorkOrderBody,
  isTooFarAhead,
  WORK_ORDER_MESSAGES,
  type CreateWorkOrderInput,
} from '@catalog/contracts/work-orders';
import { fromDateTimeInputs } from './schedule-inputs';
import { buildRepeat } from './repeat-inputs';
import {
  centsOf,
  guardrailCatalogProduct,
  ownRetail,
  priceText,
  productPrices,
  productTarget,
  variantLabel,
  variantOwnPrices,
  variantRegular,
  variantTarget,
} from './price-targets';
import type { LocalProduct } from '../../../local/catalog-query';
import type { LocalVariant } from './price-targets';
import { baseVariantOf, emptyListPrices, hasOwnListPrices, listCents, listGuardrailProduct, NO_BASE_VARIANT_MESSAGE, NO_LIST_PRICE_MESSAGE, sameTarget, type ListPrices } from './list-prices';
import { selectedProducts, type PriceDraft, type WorkOrderFormState } from './work-order-form';

/** A scheduled time that has already passed would run at once; say so rather than surprise. */
export const SCHEDULE_PASSED_MESSAGE = 'The scheduled time has passed. Choose a later time or Execute Immediately.';

/** The message of a price field that does not hold a price. */
export const PRICE_FIELD_MESSAGE = MONEY_MESSAGE;

export interface FormErrors {
  title?: string;
  /** No product selected, or none of them with a price to change. */
  selection?: string;
  schedule?: string;
  /** The end ("Revert at"): incomplete, or not after the order runs. */
  revert?: string;
  /** "Repeat" (issue 36): its until date or chosen dates, against the start and the end. */
  repeat?: string;
  /** By target, then field. */
  prices: Record<string, Partial<Record<PriceField, string>>>;
  /** Anything else the contract refuses (a title too long, too many items). */
  form?: string;
}

export interface BuiltWorkOrder {
  /** The first problem, in the spec's order, for a toast; undefined when there is none. */
  firstError: string | undefined;
  errors: FormErrors;
  /** Present only when there are no errors. */
  body: CreateWorkOrderInput | undefined;
  /** Every drafted price, old -> new, for the preview (unchanged ones included). */
  lines: PriceChangeLine[];
  /** A target's regular price after the order, for the preview's sale price check. */
  regularAfter: (target: string) => number | null;
  /**
   * Every item of the order (each target with a drafted price) as the guardrails read it: its
   * effective prices before and after (a variant's none inherits its product's), cost and MSRP.
   */
  guardrailItems: Array<{ target: string; item: GuardrailItem }>;
  /** The product and variant of a target, to explain its rows. */
  targetOf: (target: string) => { product: LocalProduct; variant?: LocalVariant } | undefined;
  scheduledAt: Date | null;
  /** When the order's prices go back by themselves, if it has an end. */
  revertAt: Date | null;
}

type Item = CreateWorkOrderInput['productUpdates'][number];

interface Target {
  key: string;
  label: string;
  item: Pick<Item, 'productId' | 'productName' | 'variantId' | 'variantSku'>;
  product: LocalProduct;
  variant?: LocalVariant;
  oldRegular: number | null;
  oldSale: number | null;
  oldRetail: number | null;
  /** A price list order's item whose list has no price for it (another currency, no record). */
  unpriced?: boolean;
  /** Why a price list order cannot change it (a product without options whose base variant is unknown). */
  blocked?: string;
}

const FIELD_OF_ITEM = { regular: 'newRegularPrice', sale: 'newSalePrice', retail: 'newRetailPrice' } as const;

/** The list's items: a product without options (its base variant) and every variant, at the list's prices. */
function listTargetsOf(state: WorkOrderFormState, list: ListPrices): Target[] {
  return selectedProducts(state).flatMap((product): Target[] => {
    const at = (variant?: LocalVariant) => {
      const prices = listCents(list, product, variant);
      return { oldRegular: prices.regular, oldSale: prices.sale, oldRetail: null, ...(prices.known ? {} : { unpriced: true }) };
    };
    if (hasOwnListPrices(product)) {
      const base = baseVariantOf(product);
      return [{
        key: productTarget(product),
        label: product.name,
        item: { productId: product.id, productName: product.name, ...(base === null ? {} : { variantId: base }) },
        product,
        ...at(),
        ...(base === null ? { blocked: NO_BASE_VARIANT_MESSAGE } : {}),
      }];
    }
    return product.variants.map((variant) => ({
      key: variantTarget(product, variant),
      label: `${product.name} (${variantLabel(variant)})`,
      item: { productId: product.id, productName: product.name, variantId: variant.id, variantSku: variant.variantSku },
      product,
      variant,
      ...at(variant),
    }));
  });
}

function targetsOf(state: WorkOrderFormState): Target[] {
  return selectedProducts(state).flatMap((product): Target[] => {
    const own = productPrices(product);
    const productItem: Target = {
      key: productTarget(product),
      label: product.name,
      item: { productId: product.id, productName: product.name },
      product,
      oldRegular: own.regular,
      oldSale: own.sale,
      oldRetail: ownRetail(product),
    };
    return [productItem, ...product.variants.map((variant) => ({
      key: variantTarget(product, variant),
      label: `${product.name} (${variantLabel(variant)})`,
      item: { productId: product.id, productName: product.name, variantId: variant.id, variantSku: variant.variantSku },
      product,
      variant,
      oldRegular: variantRegular(product, variant),
      oldSale: variantOwnPrices(variant).sale,
      oldRetail: ownRetail(variant),
    }))];
  });
}

/** The drafted value in cents: a number, null (removed), undefined (not drafted) or 'invalid'. */
function drafted(draft: PriceDraft | undefined, field: PriceField): number | null | undefined | 'invalid' {
  const value = draft?.[field];
  if (value === undefined) return undefined;
  if (value === null) return null;
  return centsOf(value) ?? 'invalid';
}

/**
 * `list`: the records of the form's price list (state.target) as the device has them; absent or
 * of another list, the list's prices are read as unknown. `lows`: the lowest prior prices at the
 * order's moment (issue 36, the EU mode), which the guardrail items carry.
 */
export function buildWorkOrder(state: WorkOrderFormState, now: Date = new Date(), list: ListPrices | null = null, lows: PriorLows | null = null): BuiltWorkOrder {
  const listTarget = state.target ?? null;
  const view = listTarget && (list && sameTarget(list.target, listTarget) ? list : emptyListPrices(listTarget));
  const errors: FormErrors = { prices: {} };
  const lines: PriceChangeLine[] = [];
  const items: Item[] = [];
  const regularAfterByTarget = new Map<string, number | null>();
  let firstPriceError: string | undefined;

  const targets = new Map<string, Target>();
  /** The drafted targets and what each sets, for the guardrails (contracts guardrailItemsOf). */
  const guarded: Array<{ target: string; change: GuardrailChange }> = [];

  const addError = (target: Target, field: PriceField, message: string) => {
    errors.prices[target.key] = { ...errors.prices[target.key], [field]: message };
    firstPriceError ??= `${target.label}: ${message}`;
  };
  // A price list order changes a record's price and sale price only (no MSRP).
  const fields = view ? (['regular', 'sale'] as const) : (['regular', 'sale', 'retail'] as const);
  for (const target of view ? listTargetsOf(state, view) : targetsOf(state)) {
    targets.set(target.key, target);
    const draft = state.drafts[target.key];
    if (draft && target.blocked) {
      addError(target, draft.regular !== undefined ? 'regular' : 'sale', target.blocked);
      continue;
    }
    if (draft && target.unpriced && draft.regular === undefined && draft.sale !== undefined) addError(target, 'regular', NO_LIST_PRICE_MESSAGE);
    const item: Item = { ...target.item };
    let regularAfter = target.oldRegular;
    const change: GuardrailChange = { productId: target.product.id, variantId: target.variant?.id ?? null };
    for (const field of fields) {
      const value = drafted(draft, field);
      if (value === undefined) continue;
      if (value === 'invalid') {
        addError(target, field, PRICE_FIELD_MESSAGE);
        continue;
      }
      const oldCents = field === 'regular' ? target.oldRegular : field === 'sale' ? target.oldSale : target.oldRetail;
      lines.push({ target: target.key, label: target.label, field, oldCents, newCents: value });
      // A regular price of none is sent as newRegularPrice null, which leaves it (it never inherits).
      if (field !== 'regular' || value !== null) change[field] = value;
      if (field === 'regular' && value !== null) regularAfter = value;
      if (classifyChange(field, oldCents, value) === 'unchanged') continue;
      item[FIELD_OF_ITEM[field]] = value === null ? null : priceText(value);
    }
    regularAfterByTarget.set(target.key, regularAfter);
    if (item.newRegularPrice !== undefined || item.newSalePrice !== undefined || item.newRetailPrice !== undefined) items.push(item);
    if (draft) guarded.push({ target: target.key, change });
  }
  // Every drafted target as the server's gate reads it: the same builder, on the local catalog's prices.
  // A price list order's: on the list's prices (its records over the catalog's), as the gate reads them.
  const catalog = selectedProducts(state).map((p) => (view ? listGuardrailProduct(view, p) : guardrailCatalogProduct(p)));
  const checked = guardrailItemsOf(guarded.map((g) => g.change), catalog, lows);
  const guardrailItems = guarded.map((g, i) => ({ target: g.target, item: checked[i]! }));

  if (!state.title.trim()) errors.title = WORK_ORDER_MESSAGES.title;
  if (state.selectedIds.length === 0) errors.selection = WORK_ORDER_MESSAGES.noProducts;
  else if (items.length === 0 && !firstPriceError) errors.selection = WORK_ORDER_MESSAGES.noPrices;

  let scheduledAt: Date | null = null;
  if (state.schedule === 'scheduled') {
    if (!state.date.trim() || !state.time.trim()) errors.schedule = WORK_ORDER_MESSAGES.schedule;
    else {
      scheduledAt = fromDateTimeInputs(state.date, state.time);
      if (!scheduledAt) errors.schedule = WORK_ORDER_MESSAGES.schedule;
      else if (scheduledAt.getTime() <= now.getTime()) errors.schedule = SCHEDULE_PASSED_MESSAGE;
      else if (isTooFarAhead(scheduledAt.toISOString(), now.getTime())) errors.schedule = WORK_ORDER_MESSAGES.scheduleTooFar;
    }
  }

  let revertAt: Date | null = null;
  if (state.revert) {
    revertAt = fromDateTimeInputs(state.revertDate, state.revertTime);
    if (!revertAt) errors.revert = WORK_ORDER_MESSAGES.revertDate;
    else if (!endComesAfterStart(revertAt, { status: 'pending', executeImmediately: state.schedule === 'immediate', scheduledAt }, now)) {
      errors.revert = WORK_ORDER_MESSAGES.revertAfterStart;
    }
    else if (isTooFarAhead(revertAt.toISOString(), now.getTime())) errors.revert = WORK_ORDER_MESSAGES.revertTooFar;
  }

  // A scheduled order may repeat (issue 36); the choice is offered, and read, only then.
  const repeat = scheduledAt && !errors.revert ? buildRepeat(state, { scheduledAt, time: state.time, revertAt }, now) : { rule: null };
  if (repeat.error) errors.repeat = repeat.error;

  let body: CreateWorkOrderInput | undefined;
  const firstError = errors.title ?? errors.selection ?? firstPriceError ?? errors.schedule ?? errors.revert ?? errors.repeat;
  if (!firstError) {
    const candidate: CreateWorkOrderInput = {
      id: state.id,
      title: state.title.trim(),
      productUpdates: items,
      scheduledAt: scheduledAt ? scheduledAt.toISOString() : null,
      executeImmediately: state.schedule === 'immediate',
      revertAt: revertAt ? revertAt.toISOString() : null,
      ...(listTarget ? { target: listTarget } : {}),
      ...(repeat.rule ? { repeat: repeat.rule } : {}),
    };
    const checked = CreateWorkOrderBody.safeParse(candidate);
    if (checked.success) body = candidate;
    else errors.form = checked.error.issues[0]?.message ?? 'This work order cannot be created';
  }

  return {
    firstError: firstError ?? errors.form,
    errors,
    body,
    lines,
    regularAfter: (target) => regularAfterByTarget.get(target) ?? null,
    guardrailItems,
    targetOf: (key) => {
      const target = targets.get(key);
      return target && { product: target.product, variant: target.variant };
    },
    scheduledAt,
    revertAt: errors.revert ? null : revertAt,
  };
}
