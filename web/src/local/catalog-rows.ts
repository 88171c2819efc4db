/**
 * The catalog's rows as the device stores them (a leaf module: the database, its chunks and the
 * code that reads them all use these): a product with what the index derives from its variants,
 * its variants, and the chunks and owner buckets that hold them (catalog-chunks.ts).
 */
import type { ReplicatedProduct, ReplicatedVariant } from '@catalog/contracts/replication';
import type { VariantSummary } from './variant-summary';

/** A product row as stored: the replicated row plus what the index derives from its variants. */
export interface StoredProduct extends ReplicatedProduct {
  /** How many of its variants have a sale price (kept by each page, never by reading them all). */
  variantsOnSale: number;
  /** The product or one of its variants has a sale price (the sale filter). */
  onSale: boolean;
  /** Its variants' SKUs, lower-cased (the SKU filter looks in them too); absent or empty for none. */
  variantSkus?: string[];
  /**
   * What its list row shows of its variants (variant-summary.ts): the list is drawn without
   * reading them. Kept by every write since database version 5, which pulls older copies again.
   */
  variantSummary?: VariantSummary;
  /** A price edit of the product or of one of its variants waits in the outbox. */
  pending?: boolean;
}

/** A variant as stored: `pending` while a price edit of it waits in the outbox. */
export type StoredVariant = ReplicatedVariant & { pending?: boolean };

/** A product's variants, as one row. */
export interface StoredVariantSet {
  productId: number;
  /** The variants' ids. */
  ids: number[];
  variants: StoredVariant[];
}

/** One product id's data: its row and its variants (sorted by id), either possibly absent. */
export interface ChunkEntry {
  id: number;
  product?: StoredProduct;
  variants?: StoredVariant[];
}

/** A chunk of product rows as stored (`chunks`): each row's JSON (StoredProduct), by id; never empty. */
export interface StoredChunk {
  key: number;
  ids: number[];
  rows: string[];
}

/** The variants of a chunk's products as stored (`variantChunks`): each product's JSON (StoredVariant[], by id), by product id; never empty. */
export interface StoredVariantChunk {
  key: number;
  ids: number[];
  rows: string[];
}

/** An owner bucket as stored: variant ids and their products' ids, pairwise. */
export interface StoredOwners {
  key: number;
  variantIds: number[];
  productIds: number[];
}

