/**
 * Price list replication, server -> device (issue 35): GET /api/price-lists/changes answers the
 * company's price list records changed after a cursor, in pages, as the catalog's replication
 * does (replication.ts). The cursor is the company's record version: every written or deleted
 * record takes the next one, so page after page sees every change once, in version order. Each
 * page also carries every list whole (they are few, and a renamed list or a new assignment moves
 * no record's version) and the catalog's currency, which says where a list without a record
 * pays the catalog's price (price-list-view.ts).
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { queryInt, singleLineText } from './common';
import { PriceListSummary } from './price-lists';
import { RECORD_COLUMNS, RECORD_KEY_COLUMNS, ReplicationRowShape, rowsOf, RowColumns, type ColumnsOf } from './replication-rows';

/** Records per page: a page is written to IndexedDB in one transaction. */
export const DEFAULT_PRICE_LIST_CHANGES_LIMIT = 5000;
export const MAX_PRICE_LIST_CHANGES_LIMIT = 5000;

/** GET /api/price-lists/changes?cursor=&limit=&catalog= */
export const PriceListChangesQuery = lazySchema(() =>
  z.object({
    /** The `cursor` of the previous page; 0 (or absent) for a first pull. */
    cursor: queryInt(0, Number.MAX_SAFE_INTEGER, 'The cursor').default(0),
    limit: queryInt(1, MAX_PRICE_LIST_CHANGES_LIMIT, 'The limit').default(DEFAULT_PRICE_LIST_CHANGES_LIMIT),
    /** The `catalogId` the device's copy was pulled from; another one gets `reset: true`. */
    catalog: singleLineText(200, { label: 'The catalog', trim: true }).min(1).optional(),
    /** `arrays`: records and deleted keys as arrays of their values in `columns` order (replication-rows.ts, decision 064). */
    rows: ReplicationRowShape,
  }),
);
export type PriceListChangesQuery = z.infer<typeof PriceListChangesQuery>;

/** A record's key: its list, variant (a product without options: its base variant) and currency, with its product. */
export const PriceListRecordKey = lazySchema(() =>
  z.object({
    priceListId: z.number().int(),
    variantId: z.number().int(),
    productId: z.number().int(),
    currency: z.string(),
  }),
);
export type PriceListRecordKey = z.infer<typeof PriceListRecordKey>;

/** A record as it is now; money as strings ("19.90"), an unset sale, retail (MSRP) or MAP price null. */
export const ReplicatedPriceListRecord = lazySchema(() =>
  PriceListRecordKey.extend({
    price: z.string(),
    salePrice: z.string().nullable(),
    retailPrice: z.string().nullable(),
    mapPrice: z.string().nullable(),
  }),
);
export type ReplicatedPriceListRecord = z.infer<typeof ReplicatedPriceListRecord>;

export const PriceListChangesResponse = lazySchema(() =>
  z.object({
    /** Whose price lists these are (the company, its store and the connection: decision 059): the device sends it back as `catalog`. */
    catalogId: z.string(),
    /**
     * true: the device's copy cannot be brought up to date by changes (another company's or
     * store's, or a cursor ahead of the server's: the lists were cleared since). Drop the copy,
     * then apply this page, which starts from 0.
     */
    reset: z.boolean(),
    /** Pass back as `cursor` for the next page. */
    cursor: z.number().int().nonnegative(),
    hasMore: z.boolean(),
    /** The company's latest record version: with the start cursor it gives a first pull's progress. */
    latestVersion: z.number().int().nonnegative(),
    /** The currency of the catalog's prices (the default storefront's); null when the store did not say. */
    catalogCurrency: z.string().nullable(),
    /** Every list of the company now, whole: the device replaces its lists with them. */
    lists: z.array(PriceListSummary),
    /** Changed live records (upsert by key). */
    records: z.array(ReplicatedPriceListRecord),
    /** Deleted records (drop by key). A key is in one of the two at most. */
    deleted: z.array(PriceListRecordKey),
  }),
);
export type PriceListChangesResponse = z.infer<typeof PriceListChangesResponse>;

// The columns are exactly the records' and keys' fields (compile time).
const recordColumns: ColumnsOf<ReplicatedPriceListRecord, typeof RECORD_COLUMNS> = true;
const keyColumns: ColumnsOf<PriceListRecordKey, typeof RECORD_KEY_COLUMNS> = true;
void recordColumns;
void keyColumns;

/**
 * A page asked with `rows=arrays`: records and deleted keys as arrays in the order `columns`
 * names (RECORD_COLUMNS, RECORD_KEY_COLUMNS); parsed, it is the PriceListChangesResponse of objects.
 */
export const PriceListChangesArraysResponse = lazySchema(() =>
  PriceListChangesResponse.extend({
    columns: RowColumns,
    records: rowsOf(ReplicatedPriceListRecord, RECORD_COLUMNS),
    deleted: rowsOf(PriceListRecordKey, RECORD_KEY_COLUMNS),
  }),
);

/** GET /api/price-lists/changes answers either shape, as `rows` asks. */
export const PriceListChangesPage = lazySchema(() => z.union([PriceListChangesResponse, PriceListChangesArraysResponse]));
