/**
 * The catalog part of the data layer's contract: product and variant rows, the inputs of a
 * sync and of price edits, change pages for replication, and the products repository.
 *
 * Re-exported by repositories.ts, which every caller imports.
 */

import type { ProductFilters } from '@catalog/contracts/product-filters';
import type { ReplicationRowShape } from '@catalog/contracts/replication-rows';
import type { NewPriceHistoryEntry } from './repositories.price-history';

// ---------------------------------------------------------------- catalog

export interface ProductVariant {
  id: string;
  companyId: string;
  productId: string;
  externalId: number;
  variantSku: string | null;
  optionValues: unknown;
  /** null: inherits the product's price (BigCommerce semantics). */
  regularPriceCents: number | null;
  /** null: inherits the product's sale price. */
  salePriceCents: number | null;
  /** null: inherits the product's retail price (MSRP) / cost price. */
  retailPriceCents: number | null;
  costPriceCents: number | null;
  calculatedPriceCents: number | null;
  stock: number;
  lastUpdated: Date;
  version: number;
  deletedAt: Date | null;
}
export interface Product {
  id: string;
  companyId: string;
  externalId: number;
  name: string;
  sku: string | null;
  description: string | null;
  category: string | null;
  regularPriceCents: number;
  /** null: no sale price. */
  salePriceCents: number | null;
  /** Retail price (MSRP) and cost; null: the store has none. */
  retailPriceCents: number | null;
  costPriceCents: number | null;
  /** The brand's name (copied from the store's brands at sync); null: none. */
  brand: string | null;
  /** The store's id of the variant that is the product itself (price list records of a product without options; issue 35); null: not known yet. */
  baseVariantId: number | null;
  stock: number;
  weight: number | null;
  status: string;
  isVisible: boolean;
  lastUpdated: Date;
  version: number;
  deletedAt: Date | null;
}
export interface ProductWithVariants extends Product {
  /** Live variants only, ordered by external id. */
  variants: ProductVariant[];
}

/**
 * A product as read from the store. `variants`, when given, is the complete list: variants
 * missing from it are tombstoned; when absent, the product's variants are left untouched.
 */
export interface ProductInput {
  externalId: number;
  name: string;
  sku?: string | null;
  description?: string | null;
  category?: string | null;
  regularPriceCents: number;
  salePriceCents?: number | null;
  retailPriceCents?: number | null;
  costPriceCents?: number | null;
  brand?: string | null;
  baseVariantId?: number | null;
  stock?: number;
  weight?: number | null;
  status?: string;
  isVisible?: boolean;
  lastUpdated?: Date;
  variants?: VariantInput[];
}
export interface VariantInput {
  externalId: number;
  variantSku?: string | null;
  optionValues?: unknown;
  regularPriceCents?: number | null;
  salePriceCents?: number | null;
  retailPriceCents?: number | null;
  costPriceCents?: number | null;
  calculatedPriceCents?: number | null;
  stock?: number;
  lastUpdated?: Date;
}
export interface UpsertResult {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Variants that disappeared from their product and were tombstoned. */
  variantsDeleted: number;
  /** The company's catalog version after the write. */
  version: number;
}

/** One batch a sync wrote (CatalogSyncWriter.write): the upsert's counts and the history added. */
export interface SyncWriteResult extends UpsertResult {
  /** Price-history entries added. */
  priceChanges: number;
}

/**
 * The writer a sync hands its batches of products to (ProductsRepository.syncWriter). Each batch
 * is written as `upsertMany` followed by the price history `history(before)` returns, where
 * `before` are the live rows the batch replaces (as `getByExternalIds` reads them), in one
 * transaction. Batches are written in call order; call `write` again only after the previous
 * one settled, and `close` when done.
 */
export interface CatalogSyncWriter {
  write(products: ProductInput[], now: Date, history: (before: ProductWithVariants[]) => NewPriceHistoryEntry[]): Promise<SyncWriteResult>;
  close(): Promise<void>;
}

/**
 * A price edit (manual or work order). `undefined` leaves a price as is; null clears a sale
 * price or makes a variant price inherit the product's. A product's regular price cannot be
 * cleared (null leaves it as is).
 */
export interface PriceChange {
  productId: string;
  variantId?: string | null;
  regularPriceCents?: number | null;
  salePriceCents?: number | null;
  /** Retail price (MSRP): null is none on a product, inherits on a variant. */
  retailPriceCents?: number | null;
}

/**
 * A price list and currency the filters see the catalog through (issue 35): the price range and
 * on sale look at what its customers pay (contracts product-filters.ts throughPriceList).
 * `catalogCurrency`: the list's currency is the catalog's, so a variant without a record pays the
 * catalog's prices; in another currency those are unknown.
 */
export interface PriceListLens {
  priceListId: number;
  currency: string;
  catalogCurrency: boolean;
}

export interface ProductListOptions {
  limit: number;
  offset: number;
  /** Case-insensitive substring of name or SKU. */
  search?: string;
  /** A category path; matches it and every path below it (' > ' separated). */
  category?: string;
  /** Hide products the store marks invisible. */
  visibleOnly?: boolean;
  /**
   * Brand, regular price range, stock level, on sale, visibility, SKU: the rules of
   * contracts' product-filters.ts (matchesProductFilters), in SQL (productFilterConditions).
   */
  filters?: ProductFilters;
  /**
   * Seen through a price list and currency (issue 35): the price range and on sale filters look
   * at its prices (product-filter-sql.ts). Filters nothing by itself.
   */
  priceList?: PriceListLens;
}
export type ProductFilter = Omit<ProductListOptions, 'limit' | 'offset'>;

export type CatalogChange =
  | { kind: 'product'; version: number; product: Product }
  /** `productExternalId`: the store id of the variant's product (devices key products by it). */
  | { kind: 'variant'; version: number; variant: ProductVariant; productExternalId: number };
export interface ChangesPage {
  /** Products and variants (tombstones included: `deletedAt` set), by ascending version. */
  changes: CatalogChange[];
  /** Pass back as `sinceVersion` for the next page. */
  cursor: number;
  hasMore: boolean;
}
/**
 * The page changesSince gives, already as the JSON arrays of the wire's page (contracts
 * replication.ts: ReplicatedProduct and ReplicatedVariant by ascending version, tombstones as
 * their store ids), for a dialect that writes them faster than the service maps rows.
 */
export interface ChangesPageJson {
  cursor: number;
  hasMore: boolean;
  /** Each a JSON array's text, UTF-8. */
  products: Buffer;
  variants: Buffer;
  deletedProductIds: Buffer;
  deletedVariantIds: Buffer;
}

export interface ProductsRepository {
  /**
   * Inserts or updates by (companyId, externalId) in one transaction. Each row that is new or
   * differs (including a revived tombstone and variants dropped by the store) takes the next
   * value of the company's change sequence; unchanged rows keep theirs.
   */
  upsertMany(companyId: string, products: ProductInput[], now?: Date): Promise<UpsertResult>;
  /**
   * Applies price edits atomically, versioning each changed row; returns the edited products
   * after the write. Rejects with NotFoundError (and writes nothing) when a product or variant
   * is absent, deleted or another company's.
   */
  setPrices(companyId: string, changes: PriceChange[], now?: Date): Promise<ProductWithVariants[]>;
  /** Live products by name (case-insensitive), then external id. */
  list(companyId: string, opts: ProductListOptions): Promise<ProductWithVariants[]>;
  count(companyId: string, filter?: ProductFilter): Promise<number>;
  /**
   * External ids of every live product matching the filter, in `list` order: what a search
   * result is, so the service can count it and cut pages from it without running it again.
   */
  listIds(companyId: string, filter?: ProductFilter): Promise<number[]>;
  get(companyId: string, id: string): Promise<ProductWithVariants | null>;
  getVariant(companyId: string, variantId: string): Promise<ProductVariant | null>;
  /** A live variant by the store's variant id, with its product's store id; null if absent or another company's. */
  getVariantByExternalId(companyId: string, externalId: number): Promise<{ variant: ProductVariant; productExternalId: number } | null>;
  /** Distinct category paths of live products, sorted. */
  categories(companyId: string): Promise<string[]>;
  /**
   * Live products (with their live variants) among these external ids, by external id; absent,
   * tombstoned and other companies' rows are left out. A sync compares prices against them.
   */
  getByExternalIds(companyId: string, externalIds: readonly number[]): Promise<ProductWithVariants[]>;
  /** External ids of live products (full sync: tombstone what the store no longer has). */
  listExternalIds(companyId: string): Promise<number[]>;
  /**
   * Rows changed after `sinceVersion`, oldest first. Every written row has its own version
   * (unique per company), so a page boundary never splits a write.
   */
  changesSince(companyId: string, sinceVersion: number, limit: number): Promise<ChangesPage>;
  /**
   * Optional: changesSince's page as the wire's JSON (SQLite: written by SQLite, a first pull's
   * 5,000-row pages at a fraction of the cost), its rows as objects or arrays (`shape`, decision
   * 064). Absent, the service maps changesSince's rows.
   */
  changesSinceJson?(companyId: string, sinceVersion: number, limit: number, shape: ReplicationRowShape): Promise<ChangesPageJson>;
  /** Tombstones the given products (and their variants); returns how many products. */
  removeByExternalIds(companyId: string, externalIds: number[], now?: Date): Promise<number>;
  /** Tombstones every live product and variant; returns how many products. */
  deleteAll(companyId: string, now?: Date): Promise<number>;
  /**
   * Optional: a writer for a sync of up to `pages` pages of products into `companyId`, when the dialect
   * has a faster way than `upsertMany` and `priceHistory.add` call by call (SQLite: a worker
   * thread). Absent, a sync makes those calls itself.
   */
  syncWriter?(companyId: string, expected: { pages: number }): CatalogSyncWriter;
}
