/**
 * The price list part of the data layer's contract (issue 35): a company's copy of its store's
 * price lists, their assignments, customer groups and channels, and every list's records (one per
 * variant and currency). Re-exported by repositories.ts.
 *
 * Ids are the store's numbers. Records carry a position in the company's own change sequence of
 * records (`version`); a record deleted in the store stays as a tombstone with a new version, so
 * a device's pull sees the deletion. Writes go in chunks: a company has 100,000s of records and
 * no call loads them all.
 */
import type { PriceChangeType } from '@catalog/contracts/products';
import type { ReplicationRowShape } from '@catalog/contracts/replication-rows';

/** A price list as the store describes it. */
export interface PriceListInput {
  id: number;
  name: string;
  active: boolean;
  dateModified: Date | null;
}

/** A list's assignment to a customer group, a channel, or a group on a channel. */
export interface PriceListAssignmentInput {
  id: number;
  priceListId: number;
  customerGroupId: number | null;
  channelId: number | null;
}

export interface CustomerGroupInput {
  id: number;
  name: string;
  isDefault: boolean;
}

export interface StoreChannelInput {
  id: number;
  name: string;
  defaultCurrency: string | null;
  enabledCurrencies: string[];
}

/** What a full read of the store's price list metadata found. */
export interface PriceListMetadata {
  lists: PriceListInput[];
  assignments: PriceListAssignmentInput[];
  customerGroups: CustomerGroupInput[];
  channels: StoreChannelInput[];
}

/**
 * One record as the store has it: money in cents, an unset sale, retail or MAP price null. The
 * client's PriceRecord is one (its ISO `dateModified` is read as a time). A write of our own,
 * which knows neither, leaves `sku` and `dateModified` out: the stored ones stay.
 */
export interface PriceListRecordInput {
  priceListId: number;
  variantId: number;
  productId: number;
  sku?: string | null;
  currency: string;
  priceCents: number;
  salePriceCents: number | null;
  retailPriceCents: number | null;
  mapPriceCents: number | null;
  dateModified?: Date | string | null;
}

/** A live record as stored. */
export interface PriceListRecord {
  priceListId: number;
  variantId: number;
  productId: number;
  sku: string | null;
  currency: string;
  priceCents: number;
  salePriceCents: number | null;
  retailPriceCents: number | null;
  mapPriceCents: number | null;
  dateModified: Date | null;
  /** Our product_variants.id when the variant was synced when the record was written. */
  variantRowId: string | null;
  version: number;
}

/** A record changed after a device's cursor (GET /api/price-lists/changes): as it is now, or its tombstone. */
export interface PriceListRecordChange extends PriceListRecord {
  /** The store no longer has it: the device drops it. */
  deleted: boolean;
}

/**
 * A page of changesSince (at most `limit` records) as the JSON arrays of the wire's page
 * (contracts price-list-changes.ts: `records` and the tombstones' keys, `deleted`, by version).
 */
export interface PriceListChangesJson {
  /** The last version of the page; `afterVersion` when it is empty. */
  cursor: number;
  hasMore: boolean;
  /** Each a JSON array's text, UTF-8. */
  records: Buffer;
  deleted: Buffer;
}

/** How many live records a list has in a currency. */
export interface PriceListRecordCount {
  priceListId: number;
  currency: string;
  records: number;
}

/** A list with what hangs on it, for GET /api/price-lists. */
export interface StoredPriceList {
  id: number;
  name: string;
  active: boolean;
  dateModified: Date | null;
  /** Currencies of its live records and of the channels it is assigned to, sorted. */
  currencies: string[];
  /** Live records per currency (currencies without records: 0). */
  recordCounts: { currency: string; records: number }[];
  customerGroups: { id: number; name: string }[];
  channels: { id: number; name: string; defaultCurrency: string | null; currencies: string[] }[];
  recordsReadAt: Date | null;
}

/** GET /api/price-lists/{id}/records: filters and the keyset (variant id, then currency). */
export interface PriceListRecordsQuery {
  productId?: number;
  sku?: string;
  currency?: string;
  /** The key of the last record of the page before. */
  after?: { variantId: number; currency: string };
  limit: number;
}

/** Where a list's records stand, for the sync to choose a full or an incremental read. */
export interface PriceListReadState {
  id: number;
  recordsReadAt: Date | null;
  recordsSince: Date | null;
  fullReadDue: boolean;
}

export interface PriceListSyncState {
  /** The last version of the company's record sequence (every change and tombstone takes one). */
  recordVersion: number;
  listsReadAt: Date | null;
  /** A list or assignment webhook came after the metadata was read (null: none). */
  listsDueAt: Date | null;
  /** Why the store's price lists could not be read at the last try ('forbidden', ...); null when they could. */
  unavailable: string | null;
  lists: PriceListReadState[];
}

/**
 * A record write that is a change made in the store, found by a sync or a webhook's refresh: each
 * record whose price, sale price or retail price it changes gets a price history entry of that
 * type, dated `at`, in the transaction that writes it (issue 36; repository-shared.price-list-history.ts
 * says what the entries hold). Only for lists read whole before (a list's first read knows no
 * earlier price), and only for records of products we have. A work order's own writes pass none:
 * its run records its history itself.
 */
export interface RecordHistory {
  source: Extract<PriceChangeType, 'sync' | 'webhook'>;
  at: Date;
}

/** A record a webhook named. */
export interface PriceListRecordKey {
  priceListId: number;
  variantId: number;
  currency: string;
}

/** What the store-refresh worker has to read again for a company. */
export interface PendingPriceListRefresh {
  /** The metadata (lists, assignments, groups, channels) is due. */
  lists: boolean;
  records: PriceListRecordKey[];
}

export interface PriceListsRepository {
  /**
   * Saves a full read of the metadata, removing what the store no longer has; a removed list's
   * records become tombstones. Clears `listsDueAt` if no webhook came after `readAt`.
   */
  replaceLists(companyId: string, metadata: PriceListMetadata, readAt?: Date): Promise<void>;
  /**
   * Writes records as the store has them (a list the company does not have is skipped); each
   * changed, new or revived record takes a new version. `seenAt` (default now) marks them found
   * by a read. Returns how many changed.
   */
  upsertRecords(companyId: string, records: readonly PriceListRecordInput[], opts?: { seenAt?: Date; history?: RecordHistory }): Promise<number>;
  /** Makes tombstones of the live records of these variants in one list and currency; returns how many. */
  deleteRecords(companyId: string, priceListId: number, currency: string, variantIds: readonly number[], opts?: { history?: RecordHistory }): Promise<number>;
  /** After a whole read of a list that began at `readStartedAt`: tombstones the live records it did not find. */
  removeUnseen(companyId: string, priceListId: number, readStartedAt: Date, opts?: { history?: RecordHistory }): Promise<number>;
  /** The live records of these variants in one list and currency, by variant id. */
  getRecords(companyId: string, priceListId: number, currency: string, variantIds: readonly number[]): Promise<PriceListRecord[]>;
  /**
   * The company's lists by id, with currencies, groups, channels and record counts. `counts`:
   * recordCounts' answer for the company, when the caller kept one (they are not counted again).
   */
  listLists(companyId: string, counts?: readonly PriceListRecordCount[]): Promise<StoredPriceList[]>;
  /**
   * Live records per list and currency (listLists' counts): a pass over the company's records.
   * They change only with a record written or deleted, which moves the record version.
   */
  recordCounts(companyId: string): Promise<PriceListRecordCount[]>;
  /** One list of the company, or null. */
  getList(companyId: string, priceListId: number): Promise<StoredPriceList | null>;
  /** A page of a list's live records in (variant id, currency) order, after `after`. */
  listRecords(companyId: string, priceListId: number, query: PriceListRecordsQuery): Promise<PriceListRecord[]>;
  /**
   * The company's records (tombstones included) whose version is above `afterVersion`, in version
   * order, at most `limit`: a page of a device's pull.
   */
  changesSince(companyId: string, afterVersion: number, limit: number): Promise<PriceListRecordChange[]>;
  /**
   * Optional: a page of changesSince as the wire's JSON (SQLite: written by SQLite, far cheaper
   * than mapping the rows), its rows as objects or arrays (`shape`, decision 064). Absent, the
   * route maps changesSince's rows.
   */
  changesSinceJson?(companyId: string, afterVersion: number, limit: number, shape: ReplicationRowShape): Promise<PriceListChangesJson>;
  /**
   * The currency of the catalog's prices: the default currency of the store's channel 1 (its
   * default storefront), else of its first channel; null when no channel says.
   */
  catalogCurrency(companyId: string): Promise<string | null>;
  syncState(companyId: string): Promise<PriceListSyncState>;
  /** A read of a list's records that began at `startedAt` completed (`full`: every record was read). */
  markRecordsRead(companyId: string, priceListId: number, input: { startedAt: Date; full: boolean }): Promise<void>;
  /** The next read of the list (every list: null) reads every record. */
  requireFullRead(companyId: string, priceListId: number | null): Promise<void>;
  /** Records why the store's price lists could not be read (null: they could); a reason also drops the metadata's flag. */
  markUnavailable(companyId: string, reason: string | null): Promise<void>;
  /**
   * Queues what webhooks named: records to read again, and/or the metadata (`lists`). Records past
   * `maxQueued` for the company are not queued: their lists' next read is made whole instead.
   */
  queueRefresh(companyId: string, input: { records?: readonly PriceListRecordKey[]; lists?: boolean; at: Date }, maxQueued?: number): Promise<void>;
  /** Companies with records or metadata queued at or before `before`, the longest waiting first. */
  refreshesDue(before: Date, limit: number): Promise<string[]>;
  /** The company's queued records (the longest waiting first) and whether its metadata is due. */
  pendingRefresh(companyId: string, before: Date, limit: number): Promise<PendingPriceListRefresh>;
  /** Forgets the records read at `readAt`, except those queued again since (replaceLists clears the metadata's flag). */
  refreshDone(companyId: string, records: readonly PriceListRecordKey[], readAt: Date): Promise<void>;
  /** Forgets every price list row of the company (its store was disconnected or another connected). */
  clear(companyId: string): Promise<void>;
}
