/**
 * The device's copy of the store's price lists (issue 35, decision 057): one IndexedDB database
 * per signed-in user (`price-lists-<uid>`), apart from the catalog's, deleted when that user signs
 * out. Its own database, so the catalog's schema and pulls are untouched by it, and a reset of
 * either leaves the other.
 *
 * Tables:
 * - lists: every list of the company as the last pull gave it (id, name, currencies, customer
 *   groups, channels, record counts): a handful, replaced whole by each pull.
 * - buckets: one row per (list, currency, bucket of RECORD_BUCKET_SPAN consecutive product ids),
 *   holding the records of those products' variants (a product without options: its base
 *   variant's, which is no variant the catalog lists), each as a tuple [price, sale, retail, MAP],
 *   as one JSON text: { productId: { variantId: tuple } }. IndexedDB's cost is per row and per
 *   cloned object, so 378,000 records of 100,000 products are about 800 rows of text, not 200,000
 *   rows of objects (decision 060). The product detail reads its bucket in every list by the
 *   `bucket` index, a products screen seen through one list reads the primary key's range
 *   [list, currency, *].
 * - meta: the pull's cursor, the copy's catalog id (company and store) and the catalog's currency.
 */
import { Dexie, type Table } from 'dexie';
import type { PriceListSummary } from '@catalog/contracts/price-lists';

/** A record's prices: [price, sale, retail (MSRP), MAP], money as strings, unset null. */
export type RecordTuple = [price: string, salePrice: string | null, retailPrice: string | null, mapPrice: string | null];

/** One product's records, by the store's variant id. */
export type ProductRecords = Record<number, RecordTuple>;

/** Product ids per bucket: a first pull's page of 5,000 records in id order touches a few dozen rows. */
export const RECORD_BUCKET_SPAN = 256;

export const bucketOf = (productId: number): number => Math.floor(productId / RECORD_BUCKET_SPAN);

export interface StoredBucketRow {
  priceListId: number;
  currency: string;
  bucket: number;
  /** JSON of { [productId]: ProductRecords }: never an empty object (an empty bucket is deleted). */
  products: string;
}

/** A bucket's products, by product id. */
export function decodeBucket(row: StoredBucketRow): Map<number, ProductRecords> {
  const parsed = JSON.parse(row.products) as Record<string, ProductRecords>;
  const products = new Map<number, ProductRecords>();
  for (const id of Object.keys(parsed)) products.set(Number(id), parsed[id]!);
  return products;
}

/** The row of a bucket's products; null when none is left. */
export function encodeBucket(key: BucketKey, products: Map<number, ProductRecords>): StoredBucketRow | null {
  if (products.size === 0) return null;
  const [priceListId, currency, bucket] = key;
  return { priceListId, currency, bucket, products: JSON.stringify(Object.fromEntries(products)) };
}

export type BucketKey = [priceListId: number, currency: string, bucket: number];

export interface PriceListMetaRow {
  key: string;
  value: number | string | null;
}

/** Keys of the meta table. */
export const META_CURSOR = 'cursor';
export const META_CATALOG = 'catalogId';
export const META_CATALOG_CURRENCY = 'catalogCurrency';

export type PriceListDb = Dexie & {
  lists: Table<PriceListSummary, number>;
  buckets: Table<StoredBucketRow, BucketKey>;
  meta: Table<PriceListMetaRow, string>;
};

/** The database of one user: never another user's name, so sign-out can delete exactly it. */
export function priceListDbName(uid: string): string {
  return `price-lists-${uid}`;
}

/**
 * Opens (makes) a user's price list database. The app makes it after the catalog's choice of
 * IndexedDB (catalog-db.ts catalogStorageChosen), so it lives where the catalog does.
 */
export function createPriceListDb(name: string): PriceListDb {
  const db = new Dexie(name, { chromeTransactionDurability: 'relaxed', cache: 'disabled' }) as PriceListDb;
  db.version(1).stores({
    lists: 'id',
    records: '[priceListId+currency+productId], productId',
    meta: 'key',
  });
  // Version 2: records in buckets. A copy of version 1 is dropped and pulled again from 0.
  db.version(2).stores({
    records: null,
    buckets: '[priceListId+currency+bucket], bucket',
  }).upgrade((tx) => tx.table('meta').clear());
  return db;
}

/** Deletes a user's price lists from the device (other tabs' connections closed first, as Dexie does). */
export function deletePriceListDb(uid: string): Promise<void> {
  return Dexie.delete(priceListDbName(uid));
}
