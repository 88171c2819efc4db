/**
 * Reads of the device's price lists (price-list-db.ts) for the screens: one product's records in
 * every list and currency with the lists and the catalog's currency (the product detail), and one
 * list and currency's records of every product (a products screen seen through a list). Offline
 * they read the copy as the last pull left it.
 */
import type { PriceListSummary } from '@catalog/contracts/price-lists';
import { Dexie } from 'dexie';
import type { PriceListDb, RecordTuple } from './price-list-db';
import { readPriceListState } from './price-list-pull';

export interface ProductPriceLists {
  /** Every list of the store, by id. */
  lists: PriceListSummary[];
  /** The catalog's currency (null: unknown, the pull has not said). */
  catalogCurrency: string | null;
  /** The product's records: by list id, then currency, then variant id. */
  records: Map<number, Map<string, Record<number, RecordTuple>>>;
}

export async function readProductPriceLists(db: PriceListDb, productId: number): Promise<ProductPriceLists> {
  return db.transaction('r', [db.lists, db.records, db.meta], async () => {
    const [lists, rows, state] = await Promise.all([db.lists.orderBy('id').toArray(), db.records.where('productId').equals(productId).toArray(), readPriceListState(db)]);
    const records = new Map<number, Map<string, Record<number, RecordTuple>>>();
    for (const row of rows) {
      let byCurrency = records.get(row.priceListId);
      if (!byCurrency) records.set(row.priceListId, (byCurrency = new Map()));
      byCurrency.set(row.currency, row.variants);
    }
    return { lists, catalogCurrency: state.catalogCurrency, records };
  });
}

/** One list and currency's records of every product: by product id, then variant id. */
export async function readListRecords(db: PriceListDb, priceListId: number, currency: string): Promise<Map<number, Record<number, RecordTuple>>> {
  const rows = await db.records.where('[priceListId+currency+productId]')
    .between([priceListId, currency, Dexie.minKey], [priceListId, currency, Dexie.maxKey]).toArray();
  return new Map(rows.map((r) => [r.productId, r.variants]));
}
