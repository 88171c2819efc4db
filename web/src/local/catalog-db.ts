/**
 * The device's copy of the catalog: one IndexedDB database per signed-in user
 * (`catalog-<uid>`), deleted when that user signs out.
 *
 * Tables and why these indexes:
 * - products: by id only. Search, category, sale filter, sort and totals are answered by the
 *   in-memory index (catalog-index.ts), which needs the rows once at start and then only the
 *   page's rows by primary key. An IndexedDB index cannot count a filtered candidate set of
 *   100,000 rows within a frame, and maintaining unused word indexes would slow every pull.
 * - variants: one row per product holding all its variants (sorted by id), keyed by productId,
 *   with a multi-entry index of their ids (to find the product of a deleted variant). A first
 *   pull writes ~35,000 variant rows instead of ~140,000 (IndexedDB's cost is per record), and a
 *   page's variants are read by primary key with the products.
 * - categories: every category path with its product count, kept in step with products inside
 *   each page's transaction, so the picker has its list without reading the products.
 * - meta: the replication cursor and the schema version the copy was pulled with.
 */
import type { ReplicatedProduct, ReplicatedVariant } from '@catalog/contracts/replication';
import { Dexie, type Table } from 'dexie';

/** A product row as stored: the replicated row plus what the index derives from its variants. */
export interface StoredProduct extends ReplicatedProduct {
  /** How many of its variants have a sale price (kept by each page, never by reading them all). */
  variantsOnSale: number;
  /** The product or one of its variants has a sale price (the sale filter). */
  onSale: boolean;
}

/** A product's variants, as one row. */
export interface StoredVariantSet {
  productId: number;
  /** The variants' ids (multi-entry index). */
  ids: number[];
  variants: ReplicatedVariant[];
}

export interface StoredCategory {
  path: string;
  /** Products filed directly under this path. */
  count: number;
}

/** Keys of the meta table. */
export const META_CURSOR = 'cursor';
export const META_SCHEMA = 'schemaVersion';

export interface MetaRow {
  key: string;
  value: number;
}

export type CatalogDb = Dexie & {
  products: Table<StoredProduct, number>;
  variants: Table<StoredVariantSet, number>;
  categories: Table<StoredCategory, string>;
  meta: Table<MetaRow, string>;
};

/** The database of one user: never another user's name, so sign-out can delete exactly it. */
export function catalogDbName(uid: string): string {
  return `catalog-${uid}`;
}

export function createCatalogDb(name: string): CatalogDb {
  const db = new Dexie(name, { chromeTransactionDurability: 'relaxed', cache: 'disabled' }) as CatalogDb;
  db.version(1).stores({
    products: 'id',
    variants: 'productId, *ids',
    categories: 'path',
    meta: 'key',
  });
  return db;
}

/** Deletes a user's local catalog (closing connections of other tabs first, as Dexie does). */
export function deleteCatalogDb(uid: string): Promise<void> {
  return Dexie.delete(catalogDbName(uid));
}
