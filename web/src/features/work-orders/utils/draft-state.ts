/**
 * The create form as a stored draft: what is saved (the form's plain state, versioned), when a
 * form is worth saving, the summary the Drafts list shows, and the defensive check that turns a
 * stored value back into a form state. A draft comes from IndexedDB, which an older app, another
 * tab or a broken write may have left in any shape: anything that does not check out is
 * rejected as a whole (the caller drops it and says so) rather than half-restored.
 */
import { PRICE_FIELDS, parseSavedAdjustment } from '@catalog/contracts/bulk-adjustment';
import { ReplicatedProduct, ReplicatedVariant } from '@catalog/contracts/replication';
import { PriceListTarget } from '@catalog/contracts/work-orders';
import type { LocalProduct } from '../../../local/catalog-query';
import { storedRepeat } from './repeat-inputs';
import type { PriceDraft, WorkOrderFormState } from './work-order-form';

/** Bumped when the stored shape changes incompatibly (older drafts are then rejected). */
export const DRAFT_STATE_VERSION = 1;

/** The URL parameter of /work-orders/create naming the draft the form edits. */
export const DRAFT_PARAM = 'draft';

/** The address of the form editing a draft. */
export const draftPath = (id: string) => `/work-orders/create?${DRAFT_PARAM}=${encodeURIComponent(id)}`;

/** The title the Drafts list shows for a draft without one. */
export const UNTITLED_DRAFT = 'Untitled draft';

export interface StoredDraftState {
  version: typeof DRAFT_STATE_VERSION;
  form: Omit<WorkOrderFormState, 'id'>;
}

/** What is written to the drafts table: the form without its id (the row's key is the id). */
export function toStoredDraft(state: WorkOrderFormState): StoredDraftState {
  const { id: _id, ...form } = state;
  return { version: DRAFT_STATE_VERSION, form };
}

/** Nothing entered yet: such a form is not saved as a draft. */
export function isBlankForm(state: WorkOrderFormState): boolean {
  return (
    state.title.trim() === '' &&
    state.schedule === 'immediate' &&
    state.date === '' &&
    state.time === '' &&
    !state.revert &&
    !state.target &&
    state.selectedIds.length === 0 &&
    Object.keys(state.drafts).length === 0
  );
}

/** The Drafts list's summary of a form. */
export function draftSummary(state: WorkOrderFormState): { title: string; productCount: number } {
  return { title: state.title.trim(), productCount: state.selectedIds.length };
}

/** The price list a stored draft changes (issue 35), read defensively; null: the catalog (or unreadable). */
export function draftTarget(stored: unknown): PriceListTarget | null {
  const form = isRecord(stored) && isRecord(stored.form) ? stored.form : null;
  return (form?.target ? PriceListTarget.safeParse(form.target).data : null) ?? null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseProduct(value: unknown): LocalProduct | null {
  if (!isRecord(value) || !Array.isArray(value.variants)) return null;
  const product = ReplicatedProduct.safeParse(value);
  if (!product.success) return null;
  const variants: LocalProduct['variants'] = [];
  for (const v of value.variants) {
    const variant = ReplicatedVariant.safeParse(v);
    if (!variant.success || variant.data.productId !== product.data.id) return null;
    variants.push(variant.data);
  }
  return { ...product.data, variants };
}

function parsePriceDraft(value: unknown): PriceDraft | null {
  if (!isRecord(value)) return null;
  const draft: PriceDraft = {};
  if (value.regular !== undefined) {
    if (typeof value.regular !== 'string') return null;
    draft.regular = value.regular;
  }
  if (value.sale !== undefined) {
    if (value.sale !== null && typeof value.sale !== 'string') return null;
    draft.sale = value.sale;
  }
  if (value.retail !== undefined) {
    if (value.retail !== null && typeof value.retail !== 'string') return null;
    draft.retail = value.retail;
  }
  return draft.regular === undefined && draft.sale === undefined && draft.retail === undefined ? null : draft;
}

const DATE = /^(\d{4}-\d{2}-\d{2})?$/;
const TIME = /^(\d{2}:\d{2}(:\d{2})?)?$/;

/**
 * The form state stored in a draft, with `id` as its id; null when the value is not a draft
 * this app wrote (wrong version, a field of the wrong type, a selected product without its row).
 */
export function parseDraftState(value: unknown, id: string): WorkOrderFormState | null {
  if (!isRecord(value) || value.version !== DRAFT_STATE_VERSION || !isRecord(value.form)) return null;
  const form = value.form;
  if (typeof form.title !== 'string') return null;
  if (form.schedule !== 'immediate' && form.schedule !== 'scheduled') return null;
  if (typeof form.date !== 'string' || !DATE.test(form.date)) return null;
  if (typeof form.time !== 'string' || !TIME.test(form.time)) return null;
  // The end (issue 18) came later: a draft saved before it has none.
  const revert = form.revert ?? false;
  const revertDate = form.revertDate ?? '';
  const revertTime = form.revertTime ?? '';
  if (typeof revert !== 'boolean' || typeof revertDate !== 'string' || !DATE.test(revertDate)) return null;
  if (typeof revertTime !== 'string' || !TIME.test(revertTime)) return null;
  if (!Array.isArray(form.selectedIds) || !isRecord(form.products) || !isRecord(form.drafts)) return null;
  // The price list (issue 35) came later: a draft saved before it changes the catalog.
  const target = form.target == null ? null : PriceListTarget.safeParse(form.target);
  if (target && !target.success) return null;
  // "Repeat" (issue 36) came later: a draft saved before it does not repeat.
  const repeat = storedRepeat(form);
  if (!repeat) return null;

  const selectedIds: number[] = [];
  const products: Record<number, LocalProduct> = {};
  for (const productId of form.selectedIds) {
    if (typeof productId !== 'number' || !Number.isSafeInteger(productId) || products[productId]) return null;
    const product = parseProduct(form.products[String(productId)]);
    if (!product || product.id !== productId) return null;
    selectedIds.push(productId);
    products[productId] = product;
  }

  const drafts: Record<string, PriceDraft> = {};
  for (const [target, draft] of Object.entries(form.drafts)) {
    if (!/^[pv]\d+$/.test(target)) return null;
    const parsed = parsePriceDraft(draft);
    if (!parsed) return null;
    drafts[target] = parsed;
  }

  // The last bulk adjustment per field (issue 19), to explain rows; one that does not read is
  // dropped (the rows are then shown without an explanation), not the draft.
  const adjustments: NonNullable<WorkOrderFormState['adjustments']> = {};
  if (isRecord(form.adjustments)) {
    for (const field of PRICE_FIELDS) {
      const adjustment = parseSavedAdjustment(form.adjustments[field]);
      if (adjustment && adjustment.field === field) adjustments[field] = adjustment;
    }
  }

  return {
    id, title: form.title, schedule: form.schedule, date: form.date, time: form.time, revert, revertDate, revertTime, selectedIds, products, drafts,
    ...(isRecord(form.adjustments) ? { adjustments } : {}),
    ...(target ? { target: target.data } : {}),
    ...repeat,
  };
}
