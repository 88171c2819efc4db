/**
 * The price-history part of the data layer's contract: the entries every price change leaves
 * (a sync's, a work order's, a manual edit's, an undo's) and their repository. A leaf module:
 * the catalog contract's sync writer produces these entries, and repositories.ts re-exports
 * them for every other caller.
 */
import type { PriceChangeType } from '@catalog/contracts/products';
import type { KeysetPage } from './keyset';

/**
 * What a price list record's entry did to the record (issue 36): 'created' (there was none
 * before it: its "before" prices are the catalog's, what the list's customers paid then) or
 * 'deleted' (there is none after it: its "after" prices are the catalog's of that moment, and
 * from then on the catalog's prices apply, following the catalog's later changes). Null: the
 * record's prices changed, a catalog entry, or an entry written before the marker existed (read
 * as its prices say: a record at them).
 */
export type RecordChange = 'created' | 'deleted';

export interface PriceHistoryEntry {
  id: string;
  companyId: string;
  productId: string;
  variantId: string | null;
  oldRegularPriceCents: number | null;
  newRegularPriceCents: number | null;
  oldSalePriceCents: number | null;
  newSalePriceCents: number | null;
  /** The retail price (MSRP) a work order (or its undo) changed; null when it did not (issue 19). */
  oldRetailPriceCents?: number | null;
  newRetailPriceCents?: number | null;
  /** The price list and currency of a record's change (issue 35); null: the catalog's prices. */
  priceListId?: number | null;
  currency?: string | null;
  /** Whether a price list record's change created or deleted it; null or absent: neither. */
  recordChange?: RecordChange | null;
  changeType: PriceChangeType;
  workOrderId: string | null;
  changedBy: string | null;
  createdAt: Date;
}
export interface NewPriceHistoryEntry {
  id?: string;
  productId: string;
  variantId?: string | null;
  oldRegularPriceCents?: number | null;
  newRegularPriceCents?: number | null;
  oldSalePriceCents?: number | null;
  newSalePriceCents?: number | null;
  oldRetailPriceCents?: number | null;
  newRetailPriceCents?: number | null;
  priceListId?: number | null;
  currency?: string | null;
  recordChange?: RecordChange | null;
  changeType: PriceChangeType;
  workOrderId?: string | null;
  changedBy?: string | null;
  /** Default: now. */
  createdAt?: Date;
}

/** A listed entry carries the store's ids of its product and variant (the API speaks those). */
export interface ListedPriceHistoryEntry extends PriceHistoryEntry {
  productExternalId: number;
  /** Also for a variant deleted since. */
  variantExternalId: number | null;
}

/** An exported entry also names its product and the SKU of what changed (the variant's, else the product's). */
export interface ExportedPriceHistoryEntry extends ListedPriceHistoryEntry {
  productName: string;
  sku: string | null;
}

/** A page of a history export: `from <= createdAt < to`, after the last entry of the previous page. */
export interface PriceHistoryPageOptions {
  from?: Date;
  to?: Date;
  /** Only this product's entries (its variants' included). */
  productId?: string;
  /** The last entry of the previous page (pages follow createdAt, then id). */
  after?: { createdAt: Date; id: string };
  limit: number;
}

/**
 * An audited entry (the price history export for audits, issue 36) also says which work order it
 * was, who approved that order, and for an undo who pressed Undo or whether the order's end came.
 */
export interface AuditedPriceHistoryEntry extends ExportedPriceHistoryEntry {
  /** Null: no order, or the order was deleted since. */
  workOrderTitle: string | null;
  /** The user who approved the order (user id); null: never approved. */
  approvedBy: string | null;
  /** The order's undo: 'manual' (Undo pressed, by `undoneBy`) or 'end' (its end time came); null: none asked. */
  undoTrigger: 'manual' | 'end' | null;
  undoneBy: string | null;
}

export interface PriceHistoryRepository {
  /**
   * Adds entries in one transaction; rejects entries whose product is another company's, and
   * (UniqueViolationError, nothing added) a batch holding an id that is already taken.
   */
  add(companyId: string, entries: NewPriceHistoryEntry[]): Promise<PriceHistoryEntry[]>;
  /**
   * Newest first, by (createdAt, id); includes the product's variant entries. At most `limit`
   * (default 500) after `after`, the last entry of the page before (a keyset page, issue 31).
   */
  listForProduct(companyId: string, productId: string, opts?: Partial<KeysetPage>): Promise<ListedPriceHistoryEntry[]>;
  /** The entries of these products (and their variants) made after `since`, newest first. */
  listSince(companyId: string, productIds: readonly string[], since: Date): Promise<PriceHistoryEntry[]>;
  /** Oldest first, by (createdAt, id): one page of an export (keyset pages, stable while entries are added). */
  listPage(companyId: string, opts: PriceHistoryPageOptions): Promise<ExportedPriceHistoryEntry[]>;
  /** listPage's page with each entry's work order facts (one statement): a page of the export for audits. */
  listAuditPage(companyId: string, opts: PriceHistoryPageOptions): Promise<AuditedPriceHistoryEntry[]>;
  /**
   * The company's entries made after `after` and at or before `until`, oldest first (by time,
   * then id): the changes a backup's prices went through since (issue 17). At most `limit`.
   */
  listForCompany(companyId: string, range: { after: Date; until: Date; limit?: number }): Promise<ListedPriceHistoryEntry[]>;
}
