/**
 * Reads of the device's price lists (price-list-db.ts) for the screens: one product's records in
 * every list and currency with the lists and the catalog's currency (the product detail), and one
 * list and currency's records of every product (a products screen seen through a list). Offline
 * they read the copy as the last pull left it.
 */
import type { PriceListSummary } from '@catalog/contracts/price-lists';
import { Dexie } from 'dexie';
import { bucketOf, decodeBucket, type PriceListDb, type ProductRecords } from './price-list-db';
import { readPriceListState } from './price-list-pull';

export interface ProductPriceLists {
  /** Every list of the store, by id. */
  lists: PriceListSummary[];
  /** The catalog's currency (null: unknown, the pull has not said). */
  catalogCurrency: string | null;
  /** The product's records: by list id, then currency, then variant id. */
  records: Map<number, Map<string, ProductRecords>>;
}

export async function readProductPriceLists(db: PriceListDb, productId: number): Promise<ProductPriceLists> {
  return db.transaction('r', [db.lists, db.buckets, db.meta], async () => {
    const [lists, rows, state] = await Promise.all([db.lists.orderBy('id').toArray(), db.buckets.where('bucket').equals(bucketOf(productId)).toArray(), readPriceListState(db)]);
    const records = new Map<number, Map<string, ProductRecords>>();
    for (const row of rows) {
      const variants = decodeBucket(row).get(productId);
      if (!variants) continue;
      let byCurrency = records.get(row.priceListId);
      if (!byCurrency) records.set(row.priceListId, (byCurrency = new Map()));
      byCurrency.set(row.currency, variants);
    }
    return { lists, catalogCurrency: state.catalogCurrency, records };
  });
}

/** One list and currency's records of every product: by product id, then variant id. */
export async function readListRecords(db: PriceListDb, priceListId: number, currency: string): Promise<Map<number, ProductRecords>> {
  const rows = await db.buckets.where('[priceListId+currency+bucket]')
    .between([priceListId, currency, Dexie.minKey], [priceListId, currency, Dexie.maxKey]).toArray();
  const records = new Map<number, ProductRecords>();
  for (const row of rows) for (const [productId, variants] of decodeBucket(row)) records.set(productId, variants);
  return records;
}
