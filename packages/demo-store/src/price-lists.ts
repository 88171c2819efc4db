/**
 * One store's price lists (Price Lists v3): the lists, each list's records (a variant's prices
 * in a currency, overriding the catalog's), their assignments to customer groups and channels,
 * and the customer groups and channels themselves. Every change tells the store's webhooks
 * (store/priceList/*). Routes and the admin surface both go through here.
 */
import type { Catalog } from './catalog';
import { generatePricing, generateRecords } from './generate-price-lists';
import { recordKey } from './price-list-types';
import type { PriceList, PriceListAssignment, PriceRecord, PricingData } from './price-list-types';
import { toIsoSeconds } from './pricing';
import type { HookEventData } from './webhooks';

/** A record's identity in webhook payloads. */
export interface RecordId {
  price_list_id: number;
  variant_id: number;
  currency: string;
}

export type PricingListener = (scope: string, data: HookEventData) => void;

/** A record write: which variant (by id or SKU) and currency, and its prices. */
export interface RecordInput {
  variant_id?: unknown;
  sku?: unknown;
  currency?: unknown;
  price?: unknown;
  sale_price?: unknown;
  retail_price?: unknown;
  map_price?: unknown;
}

export type RecordOutcome =
  | { ok: true; record: PriceRecord; created: boolean }
  | { ok: false; status: 404 | 422; title: string; errors: Record<string, string>; variant_id?: number; sku?: string; currency?: string };

const PRICE_FIELDS = ['price', 'sale_price', 'retail_price', 'map_price'] as const;

export class PriceLists {
  data: PricingData = generatePricing();
  onChange: PricingListener | undefined;
  /** Generated lists whose records have not been read yet. */
  private pending = new Set<number>([...this.data.lists.keys()]);
  /** Each list's records in listing order, dropped at its next write. */
  private readonly sorted = new Map<number, PriceRecord[]>();
  /** A sorted listing's records by variant id (gone with the listing, at the list's next write). */
  private readonly byVariant = new WeakMap<PriceRecord[], Map<number, PriceRecord[]>>();
  /** Batch upserts running now (the file allows 2 at once per store). */
  batchesInFlight = 0;

  constructor(
    private readonly catalog: Catalog,
    private readonly seed: string,
    private readonly now: () => number = Date.now,
  ) {}

  reset(): void {
    this.data = generatePricing();
    this.pending = new Set(this.data.lists.keys());
    this.sorted.clear();
    this.batchesInFlight = 0;
  }

  /** The currencies the store sells in: those its channels enable. */
  currencies(): Set<string> {
    return new Set(this.data.currencies.flatMap((c) => c.enabled_currencies));
  }

  lists(): PriceList[] {
    return [...this.data.lists.values()].sort((a, b) => a.id - b.id);
  }

  list(id: number): PriceList | undefined {
    return this.data.lists.get(id);
  }

  nameTaken(name: string, except?: number): boolean {
    return this.lists().some((l) => l.id !== except && l.name.toLowerCase() === name.toLowerCase());
  }

  createList(name: string, active: boolean): PriceList {
    const at = toIsoSeconds(this.now());
    const list: PriceList = { id: this.data.nextListId++, name, active, date_created: at, date_modified: at };
    this.data.lists.set(list.id, list);
    this.data.records.set(list.id, new Map());
    this.onChange?.('store/priceList/created', { price_list_id: list.id });
    return list;
  }

  updateList(list: PriceList, patch: { name?: string; active?: boolean }): PriceList {
    const wasActive = list.active;
    Object.assign(list, patch, { date_modified: toIsoSeconds(this.now()) });
    this.onChange?.('store/priceList/updated', { price_list_id: list.id });
    if (list.active !== wasActive) this.onChange?.(list.active ? 'store/priceList/activated' : 'store/priceList/deactivated', { price_list_id: list.id });
    return list;
  }

  /** Deletes lists with their records and assignments; one list sends priceList/deleted, several priceLists/deleted. */
  deleteLists(ids: number[]): number[] {
    const gone = ids.filter((id) => this.data.lists.delete(id));
    for (const id of gone) {
      this.data.records.delete(id);
      this.sorted.delete(id);
      this.pending.delete(id);
    }
    this.data.assignments = this.data.assignments.filter((a) => !gone.includes(a.price_list_id));
    if (gone.length === 1) this.onChange?.('store/priceList/deleted', { price_list_id: gone[0] ?? 0 });
    else if (gone.length > 1) this.onChange?.('store/priceLists/deleted', { price_list_ids: gone });
    return gone;
  }

  /** A list's records in variant id, then currency order (kept until the list's next write: a listing of 200,000 is not sorted per page). */
  records(listId: number): PriceRecord[] {
    let sorted = this.sorted.get(listId);
    if (!sorted) {
      sorted = [...this.recordMap(listId).values()].sort((a, b) => a.variant_id - b.variant_id || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
      this.sorted.set(listId, sorted);
    }
    return sorted;
  }

  /**
   * The records of some variants in the listing's order: a `variant_id:in` read (250 ids) looks
   * its ids up instead of testing each of a list's 20,000 records.
   */
  recordsOfVariants(listId: number, variantIds: readonly number[]): PriceRecord[] {
    const sorted = this.records(listId);
    let index = this.byVariant.get(sorted);
    if (!index) {
      index = new Map();
      for (const r of sorted) {
        const same = index.get(r.variant_id);
        if (same) same.push(r);
        else index.set(r.variant_id, [r]);
      }
      this.byVariant.set(sorted, index);
    }
    const found = index;
    return [...new Set(variantIds)].sort((a, b) => a - b).flatMap((id) => found.get(id) ?? []);
  }

  record(listId: number, variantId: number, currency: string): PriceRecord | undefined {
    return this.recordMap(listId).get(recordKey(variantId, currency.toUpperCase()));
  }

  /** Creates or replaces one record (its prices as sent: an unsent sale price is unset). */
  upsert(listId: number, input: RecordInput, notify: 'single' | 'batch' = 'single'): RecordOutcome {
    const checked = this.check(input);
    if (!checked.ok) return checked;
    const { variantId, productId, sku, currency, prices } = checked;
    const records = this.recordMap(listId);
    const key = recordKey(variantId, currency);
    const existing = records.get(key);
    const at = toIsoSeconds(this.now());
    const record: PriceRecord = {
      price_list_id: listId, variant_id: variantId, product_id: productId, sku, currency, price: prices.price ?? 0, ...prices,
      calculated_price: prices.sale_price !== undefined && prices.sale_price > 0 ? prices.sale_price : (prices.price ?? 0),
      date_created: existing?.date_created ?? at, date_modified: at,
    };
    records.set(key, record);
    this.sorted.delete(listId);
    if (notify === 'single') {
      this.onChange?.(existing ? 'store/priceList/record/updated' : 'store/priceList/record/created', { price_list_id: listId, variant_id: variantId, currency });
    }
    return { ok: true, record, created: !existing };
  }

  /** Deletes the records matching every given filter; sends one record/deleted or a records/deleted batch event. */
  deleteRecords(listId: number, filter: { variantIds?: number[]; skus?: string[]; currency?: string }, notify: 'single' | 'batch' = 'batch'): RecordId[] {
    const records = this.recordMap(listId);
    const variants = filter.variantIds ? new Set(filter.variantIds) : undefined;
    const skus = filter.skus ? new Set(filter.skus) : undefined;
    const currency = filter.currency?.toUpperCase();
    const gone: RecordId[] = [];
    // In the listing's order (variant, then currency), so the event lists them as GET does.
    for (const r of this.records(listId)) {
      if ((variants && !variants.has(r.variant_id)) || (skus && !skus.has(r.sku)) || (currency && r.currency !== currency)) continue;
      records.delete(recordKey(r.variant_id, r.currency));
      gone.push({ price_list_id: listId, variant_id: r.variant_id, currency: r.currency });
    }
    if (gone.length > 0) {
      this.sorted.delete(listId);
      if (notify === 'single' && gone.length === 1 && gone[0]) this.onChange?.('store/priceList/record/deleted', gone[0]);
      else this.onChange?.('store/priceList/records/deleted', gone);
    }
    return gone;
  }

  /** A deleted product's variants lose their records in every list (no webhook: the product's says it). */
  dropProduct(productId: number): void {
    for (const [listId, records] of this.data.records) {
      for (const [key, r] of records) if (r.product_id === productId) records.delete(key);
      this.sorted.delete(listId);
    }
  }

  assignments(): PriceListAssignment[] {
    return [...this.data.assignments].sort((a, b) => a.id - b.id);
  }

  /** Assigns a list to a group and/or channel; an assignment of the same group and channel moves to this list. */
  assign(priceListId: number, target: { customer_group_id?: number; channel_id?: number }): PriceListAssignment {
    let assignment = this.data.assignments.find((a) => a.customer_group_id === target.customer_group_id && a.channel_id === target.channel_id);
    if (assignment) assignment.price_list_id = priceListId;
    else {
      assignment = { id: this.data.nextAssignmentId++, price_list_id: priceListId, ...target };
      this.data.assignments.push(assignment);
    }
    this.onChange?.('store/priceList/assignment/updated', assignmentEvent(assignment));
    return assignment;
  }

  unassign(matches: (a: PriceListAssignment) => boolean): PriceListAssignment[] {
    const gone = this.data.assignments.filter(matches);
    this.data.assignments = this.data.assignments.filter((a) => !matches(a));
    for (const a of gone) this.onChange?.('store/priceList/assignment/deleted', assignmentEvent(a));
    return gone;
  }

  private recordMap(listId: number): Map<string, PriceRecord> {
    if (this.pending.delete(listId)) this.data.records.set(listId, generateRecords(listId, this.catalog.data, this.seed));
    let records = this.data.records.get(listId);
    if (!records) {
      records = new Map();
      this.data.records.set(listId, records);
    }
    return records;
  }

  private check(input: RecordInput) {
    const errors: Record<string, string> = {};
    const ids = {
      variant_id: typeof input.variant_id === 'number' ? input.variant_id : undefined,
      sku: typeof input.sku === 'string' ? input.sku : undefined,
      currency: typeof input.currency === 'string' ? input.currency.toUpperCase() : undefined,
    };
    const variant = ids.variant_id !== undefined ? this.catalog.variant(ids.variant_id)
      : ids.sku !== undefined ? this.catalog.variants().find((v) => v.sku === ids.sku) : undefined;
    if (!variant) errors[ids.variant_id === undefined && ids.sku !== undefined ? 'sku' : 'variant_id'] = ids.variant_id === undefined && ids.sku === undefined ? 'variant_id or sku is required' : 'the variant does not exist';
    if (ids.currency === undefined) errors.currency = 'currency is required';
    else if (!this.currencies().has(ids.currency)) errors.currency = `${ids.currency} is not a currency of the store`;
    const prices: Partial<Record<(typeof PRICE_FIELDS)[number], number>> = {};
    for (const field of PRICE_FIELDS) {
      const value = input[field];
      if (value === undefined || value === null) {
        if (field === 'price') errors.price = 'price is required';
        continue;
      }
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) errors[field] = `${field} must be a number of 0 or more`;
      else prices[field] = value;
    }
    if (Object.keys(errors).length > 0 || !variant || ids.currency === undefined) {
      return { ok: false as const, status: 422 as const, title: 'The price record was not valid.', errors, ...ids };
    }
    return { ok: true as const, variantId: variant.id, productId: variant.product_id, sku: variant.sku, currency: ids.currency, prices };
  }
}

function assignmentEvent(a: PriceListAssignment): HookEventData {
  return { price_list_id: a.price_list_id, channel_id: a.channel_id ?? null, customer_group_id: a.customer_group_id ?? null };
}
