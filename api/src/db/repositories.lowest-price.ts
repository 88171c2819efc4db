/**
 * The lowest prior price's part of the data layer's contract (issue 36): an item's price changes
 * around a window, read for many items at once, and the spans the company's prices were
 * followed (store_coverage). An item is a product's or a variant's prices in the catalog, or its
 * record in one price list and currency. repositories.ts re-exports it.
 */
import type { RecordChange } from './repositories.price-history';

/** A product's own prices (variantId null) or a variant's, by our ids. */
export interface PriceItem {
  productId: string;
  variantId: string | null;
}

/** The catalog (null) or one price list and currency. */
export type PriceTarget = { priceListId: number; currency: string } | null;

/**
 * One recorded change of an item: its prices right before and right after, and for a price list
 * record whether the change created or deleted it (the side without a record then holds the
 * catalog's prices of that moment, which price-steps.ts does not take as the record's).
 */
export interface ItemPriceChange {
  at: Date;
  oldRegular: number | null;
  oldSale: number | null;
  newRegular: number | null;
  newSale: number | null;
  recordChange: RecordChange | null;
}

/** What an item's changes say about `[from, to)`. */
export interface ItemChanges extends PriceItem {
  /** The newest change at or before `from`: its new prices applied at `from`. */
  atStart: ItemPriceChange | null;
  /** The oldest change after `from` (in the window or after it): its old prices applied at `from` when `atStart` is null. */
  firstAfter: ItemPriceChange | null;
  /** The changes with `from < at < to`, oldest first. */
  inWindow: ItemPriceChange[];
}

/** A span the company's prices were followed: `[startedAt, endedAt)`, endedAt null while it lasts. */
export interface CoverageSpan {
  startedAt: Date;
  endedAt: Date | null;
}

export interface LowestPriceRepository {
  /** The changes of these items (at most a few thousand) around `[from, to)` of the target; one answer per item, in their order. */
  itemChanges(companyId: string, items: readonly PriceItem[], target: PriceTarget, window: { from: Date; to: Date }): Promise<ItemChanges[]>;
  /** The company's spans that overlap `[from, to)`, oldest first. */
  coverage(companyId: string, window: { from: Date; to: Date }): Promise<CoverageSpan[]>;
  /** A completed sync at `at`: opens a span from `at` unless one is open. */
  openCoverage(companyId: string, at: Date): Promise<void>;
  /** The store is disconnected at `at`, or its webhooks were last known active then: the open span ends (not before it started). */
  closeCoverage(companyId: string, at: Date): Promise<void>;
}
