/**
 * The published lowest prior price's part of the data layer's contract (issue 36 item 3): per
 * company the state of its publication to the storefront, and the variant metafields written to
 * its store (which metafield holds each variant's low, and what it says). Re-exported by
 * repositories.ts.
 *
 * Price changes do not wait for the store: a completion point (a work order's run, a manual edit,
 * a sync, a webhook refresh) only bumps `requested` (`markChanged`), and the publisher of any
 * process takes a due company under its 'prior-price' lease and writes what changed.
 */

/** The metafield holding a variant's low in the store, and the value written there. */
export interface PublishedLow {
  /** The store's variant id. */
  variantId: number;
  /** The store's metafield id. */
  metafieldId: number;
  value: string;
}

export interface PriorPricePublication {
  companyId: string;
  /** The store the published metafields are in; null before the first run. */
  storeHash: string | null;
  /** The window they were computed with; null: nothing is published. */
  days: number | null;
  /** Price changes asked for; a run handles those up to the value it read at its start. */
  requested: number;
  /** The last value of `requested` a run handled. */
  done: number;
  /** The next daily recomputation and reading of the store's metafields; null: at the next run. */
  refreshAt: Date | null;
  retryAt: Date | null;
  failures: number;
  lastError: string | null;
  /** When the last successful run finished; null before the first one. */
  publishedAt: Date | null;
}

/** What Settings shows of a publication: its row (null before the first mark or run) and the metafields it holds. */
export interface PublicationOverview {
  publication: PriorPricePublication | null;
  /** Variants whose metafield the store holds. */
  variants: number;
}

/** How a run ends: the state it leaves (what it did not name is left as it was). */
export interface PublicationRunEnd {
  storeHash: string;
  days: number | null;
  /** The `requested` a run handled; absent when it did not finish its work. */
  done?: number;
  refreshAt: Date | null;
  retryAt: Date | null;
  failures: number;
  lastError: string | null;
  /** A run that did its work: when it finished. */
  publishedAt?: Date;
}

export interface PriorPriceRepository {
  /** The company's prices changed: its publication, when it has one, is due again. One statement. */
  markChanged(companyId: string): Promise<void>;
  /**
   * Companies whose publication is due at `now`, at most `limit`: a connected store, not retrying
   * later, no live 'prior-price' lease, and either publishing on (`publishPriorPrice` with
   * `priorPriceDays`) with no publication yet, a change not handled, its refresh time come, or
   * another window or store than it was written for; or publishing off with metafields left.
   */
  due(now: Date, limit: number): Promise<string[]>;
  /** The company's publication, made (a change asked for, none handled) when it has none. */
  publication(companyId: string): Promise<PriorPricePublication>;
  /** The company's publication and how many metafields it holds, read only (no row is made). */
  overview(companyId: string): Promise<PublicationOverview>;
  /** Its published metafields, by variant id. */
  published(companyId: string): Promise<PublishedLow[]>;
  /** Records what a batch did in the store: metafields written (created or changed) and variants whose metafield is gone. */
  record(companyId: string, changes: { written?: readonly PublishedLow[]; removed?: readonly number[] }): Promise<void>;
  /** Replaces every published metafield of the company (what the store was read to hold, or none). */
  replace(companyId: string, rows: readonly PublishedLow[]): Promise<void>;
  /** Ends a run. */
  finish(companyId: string, end: PublicationRunEnd): Promise<void>;
}
