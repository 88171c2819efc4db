/**
 * The create form's state (see work-order-form.ts, its reducer): the types, a new form, the
 * selected products, and the edit of one drafted price.
 */
import type { BulkAdjustment, PriceField } from '@catalog/contracts/bulk-adjustment';
import type { PriceListTarget } from '@catalog/contracts/work-orders';
import type { LocalProduct } from '../../../local/catalog-query';
import type { RepeatFields } from './repeat-inputs';

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

/** The form; its "Repeat" (issue 36) is RepeatFields. */
export interface WorkOrderFormState extends RepeatFields {
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
  /**
   * "Prices:": the price list and currency whose records the order changes (issue 35); null or
   * absent (drafts saved before price lists): the catalog. The drafts' keys are the same either way.
   */
  target?: PriceListTarget | null;
}

export function initialFormState(id: string): WorkOrderFormState {
  return {
    id, title: '', schedule: 'immediate', date: '', time: '', revert: false, revertDate: '', revertTime: '', selectedIds: [], products: {}, drafts: {},
  };
}

export function selectedProducts(state: WorkOrderFormState): LocalProduct[] {
  return state.selectedIds.flatMap((id) => state.products[id] ?? []);
}

/**
 * The drafts with one price typed (a string), removed (null: a sale price or MSRP), or left at
 * the current price (undefined); a target with nothing drafted is dropped.
 */
export function withDraft(
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
