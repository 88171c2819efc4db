/**
 * Catalog replication, server -> device: GET /api/catalog/changes returns the company's catalog
 * changes after a cursor, in pages. The cursor is the company's change version: every written
 * product or variant row takes the next version, so a page is consistent and nothing is skipped
 * when writes happen between pages. Only changes travel after the first pull.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { IntId, IsoDateTime, queryInt, singleLineText } from './common';
import { Product, Variant } from './products';
import { PRODUCT_COLUMNS, ReplicationRowShape, rowsOf, RowColumns, VARIANT_COLUMNS, type ColumnsOf } from './replication-rows';

/**
 * The shape of what a device stores. Bump it when the replicated shape changes: devices that
 * pull with an older number are told to `reset` (drop their copy and pull from 0).
 * 2: retail price, cost price and brand (issue 19, decision 037).
 * 3: a product's base variant id (issue 35): a price list prices a product without options by it.
 */
export const CATALOG_SCHEMA_VERSION = 3;

/** Rows per page: a page is written to IndexedDB in one transaction (1-5k rows). */
export const DEFAULT_CHANGES_LIMIT = 2000;
export const MAX_CHANGES_LIMIT = 5000;

export const CatalogChangesQuery = lazySchema(() =>
  z.object({
    /** The `cursor` of the previous page; 0 (or absent) for a first pull. */
    cursor: queryInt(0, Number.MAX_SAFE_INTEGER, 'The cursor').default(0),
    limit: queryInt(1, MAX_CHANGES_LIMIT, 'The limit').default(DEFAULT_CHANGES_LIMIT),
    /** The device's CATALOG_SCHEMA_VERSION; a different one gets `reset: true`. */
    schema: queryInt(0, 1_000_000, 'The schema version').optional(),
    /**
     * The `catalogId` the device's copy was pulled from; another one (the user moved to another
     * company) gets `reset: true`.
     */
    catalog: singleLineText(64, { label: 'The catalog', trim: true }).min(1).optional(),
    /** `arrays`: products and variants as arrays of their values in `columns` order (replication-rows.ts, decision 064). */
    rows: ReplicationRowShape,
  }),
);
export type CatalogChangesQuery = z.infer<typeof CatalogChangesQuery>;

/** A product row as replicated: variants travel as their own rows. */
export const ReplicatedProduct = lazySchema(() =>
  Product.omit({ variants: true }).extend({
    isVisible: z.boolean(),
    lastUpdated: IsoDateTime,
    version: z.number().int().nonnegative(),
    /**
     * The store's id of the product's base variant (the one a product without options has, which
     * the catalog does not list): what a price list record of such a product names. null: unknown
     * (not synced since issue 35); absent in a copy pulled before schema 3.
     */
    baseVariantId: IntId.nullable().optional(),
  }),
);
export type ReplicatedProduct = z.infer<typeof ReplicatedProduct>;

export const ReplicatedVariant = lazySchema(() =>
  Variant.extend({
    version: z.number().int().nonnegative(),
  }),
);
export type ReplicatedVariant = z.infer<typeof ReplicatedVariant>;

export const CatalogChangesResponse = lazySchema(() =>
  z.object({
    schemaVersion: z.number().int(),
    /** Whose catalog this is (the company): the device stores it and sends it back as `catalog`. */
    catalogId: z.string(),
    /**
     * true: the device's copy cannot be brought up to date by changes (another schema version,
     * another company's catalog, or a cursor ahead of the server's, e.g. after a server restore). Delete the local catalog,
     * then apply this page, which starts from 0.
     */
    reset: z.boolean(),
    /** Pass back as `cursor` for the next page. */
    cursor: z.number().int().nonnegative(),
    hasMore: z.boolean(),
    /** The company's latest version: with the start cursor it gives a first pull's progress. */
    latestVersion: z.number().int().nonnegative(),
    /** Live products in the catalog now (for "n of N" during a first pull). */
    totalProducts: z.number().int().nonnegative(),
    /** Changed live products (upsert by id). */
    products: z.array(ReplicatedProduct),
    /** Changed live variants (upsert by id). */
    variants: z.array(ReplicatedVariant),
    /** Tombstones: delete locally (a deleted product's variants are listed too). */
    deletedProductIds: z.array(IntId),
    deletedVariantIds: z.array(IntId),
  }),
);
export type CatalogChangesResponse = z.infer<typeof CatalogChangesResponse>;

// The columns are exactly the rows' keys (compile time).
const productColumns: ColumnsOf<ReplicatedProduct, typeof PRODUCT_COLUMNS> = true;
const variantColumns: ColumnsOf<ReplicatedVariant, typeof VARIANT_COLUMNS> = true;
void productColumns;
void variantColumns;

/**
 * A page asked with `rows=arrays`: products and variants as arrays in the order `columns` names
 * (PRODUCT_COLUMNS, VARIANT_COLUMNS); parsed, it is the CatalogChangesResponse of objects.
 */
export const CatalogChangesArraysResponse = lazySchema(() =>
  CatalogChangesResponse.extend({
    columns: RowColumns,
    products: rowsOf(ReplicatedProduct, PRODUCT_COLUMNS),
    variants: rowsOf(ReplicatedVariant, VARIANT_COLUMNS),
  }),
);

/** GET /api/catalog/changes answers either shape, as `rows` asks. */
export const CatalogChangesPage = lazySchema(() => z.union([CatalogChangesResponse, CatalogChangesArraysResponse]));

/**
 * GET /api/catalog/version: the company's catalog version (the cursor a device that has every
 * change holds) and its catalog id, and the same of its price lists. An online device asks every few seconds while it is shown,
 * and pulls only when its cursor is behind: a store change reaches it within seconds for the
 * price of one small read.
 */
export const CatalogVersionResponse = lazySchema(() =>
  z.object({
    catalogId: z.string(),
    version: z.number().int().nonnegative(),
    /**
     * The price lists' copy as GET /api/price-lists/changes names it (its `catalogId`: company,
     * store and connection) and the last version of their record sequence (issue 35): a device
     * pulls its price lists when its copy is of another one or its cursor differs (behind: a
     * change came without the catalog changing; ahead: the lists were cleared).
     */
    priceListCatalogId: z.string(),
    priceListVersion: z.number().int().nonnegative(),
    /**
     * When the lists themselves (names, customer groups, channels) were last read from the store
     * (ISO; null: never): they move no record version, so a device whose last pull is older than
     * this reading pulls once more for the lists.
     */
    priceListsReadAt: z.string().nullable(),
  }),
);
export type CatalogVersionResponse = z.infer<typeof CatalogVersionResponse>;
