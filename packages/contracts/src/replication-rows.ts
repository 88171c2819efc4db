/**
 * Replication pages with rows as arrays (decision 064): GET /api/catalog/changes and GET
 * /api/price-lists/changes take `rows=arrays`, and then write each product, variant and price
 * list record as a JSON array of its values in the order of its columns here, not as an object.
 * A first pull of 100,000 products with their price lists is ~120 MB of JSON as objects, about
 * half of it keys, and every byte is received, decoded and parsed on the device. Without
 * `rows` (`objects`) a page is as documented before, for any other client.
 *
 * The columns are append-only: a device reads a row by position, and ignores columns after the
 * ones it knows (a newer server's). The page names its columns (`columns`), so a reader without
 * these constants can map them too. `rowsOf` parses a page's rows back into the same objects a
 * page of objects gives, so what reads a page does not change.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import type { ReplicatedProduct, ReplicatedVariant } from './replication';
import type { PriceListRecordKey, ReplicatedPriceListRecord } from './price-list-changes';

/** How a page writes its rows: as objects (the default) or as arrays in the columns' order. */
export const REPLICATION_ROW_SHAPES = ['objects', 'arrays'] as const;
export const ReplicationRowShape = lazySchema(() => z.enum(REPLICATION_ROW_SHAPES).default('objects'));
export type ReplicationRowShape = (typeof REPLICATION_ROW_SHAPES)[number];

export const PRODUCT_COLUMNS = [
  'id', 'name', 'category', 'sku', 'regularPrice', 'salePrice', 'retailPrice', 'costPrice', 'brand', 'stock', 'weight', 'status',
  'isVisible', 'lastUpdated', 'version', 'baseVariantId',
] as const satisfies ReadonlyArray<keyof ReplicatedProduct>;
export const VARIANT_COLUMNS = [
  'id', 'productId', 'variantSku', 'regularPrice', 'salePrice', 'retailPrice', 'costPrice', 'stock', 'optionValues', 'version',
] as const satisfies ReadonlyArray<keyof ReplicatedVariant>;
export const RECORD_KEY_COLUMNS = ['priceListId', 'variantId', 'productId', 'currency'] as const satisfies ReadonlyArray<keyof PriceListRecordKey>;
export const RECORD_COLUMNS = [
  ...RECORD_KEY_COLUMNS, 'price', 'salePrice', 'retailPrice', 'mapPrice',
] as const satisfies ReadonlyArray<keyof ReplicatedPriceListRecord>;

// Every key of the objects is a column: `true` only when none is missing.
type Missing<T, C extends readonly string[]> = Exclude<keyof T, C[number]>;
const complete: [
  Missing<ReplicatedProduct, typeof PRODUCT_COLUMNS>, Missing<ReplicatedVariant, typeof VARIANT_COLUMNS>,
  Missing<PriceListRecordKey, typeof RECORD_KEY_COLUMNS>, Missing<ReplicatedPriceListRecord, typeof RECORD_COLUMNS>,
] extends [never, never, never, never] ? true : never = true;
void complete;

/** A row of `value` in `columns` order; an absent value is null. */
export function toRow<T extends object>(value: T, columns: ReadonlyArray<keyof T>): unknown[] {
  return columns.map((c) => value[c] ?? null);
}

/**
 * The schema of a page's rows as arrays: each checked by position against the object schema's
 * field of its column, and read back as that object (an extra trailing value is ignored).
 */
export function rowsOf<T extends z.ZodObject>(schema: T, columns: ReadonlyArray<keyof z.infer<T> & string>) {
  const shape = schema.shape as Record<string, z.ZodType>;
  const row = z.tuple(columns.map((c) => shape[c]!) as [z.ZodType, ...z.ZodType[]]).rest(z.unknown());
  return z.array(row).transform((rows) =>
    rows.map((values) => {
      const value: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) value[columns[i]!] = values[i];
      return value as z.infer<T>;
    }),
  );
}

/** What a page of arrays says its columns are. */
export const RowColumns = lazySchema(() => z.record(z.string(), z.array(z.string())));
