/**
 * Tests' view of the device's price list copy (price-list-db.ts) one product at a time, as the
 * copy held them before buckets: writes a product's records into its bucket, and lists every
 * stored product's records in key order.
 */
import { bucketOf, decodeBucket, encodeBucket, type BucketKey, type PriceListDb, type ProductRecords } from '../local/price-list-db';

export interface ProductRecordRow {
  priceListId: number;
  currency: string;
  productId: number;
  variants: ProductRecords;
}

/** Writes each product's records whole into its bucket (the other products of the bucket kept). */
export async function putProductRecords(db: PriceListDb, rows: ProductRecordRow[]): Promise<void> {
  await db.transaction('rw', db.buckets, async () => {
    for (const row of rows) {
      const key: BucketKey = [row.priceListId, row.currency, bucketOf(row.productId)];
      const stored = await db.buckets.get(key);
      const products = stored ? decodeBucket(stored) : new Map<number, ProductRecords>();
      products.set(row.productId, row.variants);
      await db.buckets.put(encodeBucket(key, products)!);
    }
  });
}

/** Every stored product's records, by list, currency, then product id. */
export async function storedProductRecords(db: PriceListDb): Promise<ProductRecordRow[]> {
  const rows = await db.buckets.orderBy(':id').toArray();
  return rows.flatMap((row) => [...decodeBucket(row)]
    .sort(([a], [b]) => a - b)
    .map(([productId, variants]) => ({ priceListId: row.priceListId, currency: row.currency, productId, variants })));
}
