/**
 * The device's copy of the store's price lists (issue 35, decision 057): one IndexedDB database
 * per signed-in user (`price-lists-<uid>`), apart from the catalog's, deleted when that user signs
 * out. Its own database, so the catalog's schema and pulls are untouched by it, and a reset of
 * either leaves the other.
 *
 * Tables:
 * - lists: every list of the company as the last pull gave it (id, name, currencies, customer
 *   groups, channels, record counts): a handful, replaced whole by each pull.
 * - records: one row per (list, currency, product), holding that product's variants' records
 *   (a product without options: its base variant's, which is no variant the catalog lists), each
 *   as a tuple [price, sale, retail, MAP]. 100,000 products with two variants in one list and
 *   currency are 100,000 rows, not 200,000; the product detail reads its product's rows by the
 *   `productId` index, a products screen seen through one list reads the primary key's range
 *   [list, currency, *].
 * - meta: the pull's cursor, the copy's catalog id (company and store) and the catalog's currency.
 */
import { Dexie, type Table } from 'dexie';
import type { PriceListSummary } from '@catalog/contracts/price-lists';

/** A record's prices: [price, sale, retail (MSRP), MAP], money as strings, unset null. */
export type RecordTuple = [price: string, salePrice: string | null, retailPrice: string | null, mapPrice: string | null];

export interface StoredRecordRow {
  priceListId: number;
  currency: string;
  productId: number;
  /** By the store's variant id. */
  variants: Record<number, RecordTuple>;
}

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
  records: Table<StoredRecordRow, [number, string, number]>;
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
  return db;
}

/** Deletes a user's price lists from the device (other tabs' connections closed first, as Dexie does). */
export function deletePriceListDb(uid: string): Promise<void> {
  return Dexie.delete(priceListDbName(uid));
}
