/**
 * Replication pages with rows as arrays (decision 064): GET /api/catalog/changes and GET
 * /api/price-lists/changes take `rows=arrays`, and then write each product, variant and price
 * list record as a JSON array of its values in the order of its columns here, not as an object.
 * A first pull of 100,000 products with their price lists is ~120 MB of JSON as objects, about
 * half of it keys, and every byte is received, decoded and parsed on the device. Without
 * `rows` (`objects`) a page is as documented before, for any other client.
 *
 * The columns are append-only: a device reads a row by position, and ignores columns after the
 * ones it knows (a newer server's). Each module of the objects checks, at compile time, that its
 * columns are exactly its keys. The page names its columns (`columns`), so a reader without
 * these constants can map them too. `rowsOf` parses a page's rows back into the same objects a
 * page of objects gives, so what reads a page does not change.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** How a page writes its rows: as objects (the default) or as arrays in the columns' order. */
export const REPLICATION_ROW_SHAPES = ['objects', 'arrays'] as const;
export const ReplicationRowShape = lazySchema(() => z.enum(REPLICATION_ROW_SHAPES).default('objects'));
export type ReplicationRowShape = (typeof REPLICATION_ROW_SHAPES)[number];

export const PRODUCT_COLUMNS = [
  'id', 'name', 'category', 'sku', 'regularPrice', 'salePrice', 'retailPrice', 'costPrice', 'brand', 'stock', 'weight', 'status',
  'isVisible', 'lastUpdated', 'version', 'baseVariantId',
] as const;
export const VARIANT_COLUMNS = [
  'id', 'productId', 'variantSku', 'regularPrice', 'salePrice', 'retailPrice', 'costPrice', 'stock', 'optionValues', 'version',
] as const;
export const RECORD_KEY_COLUMNS = ['priceListId', 'variantId', 'productId', 'currency'] as const;
export const RECORD_COLUMNS = [...RECORD_KEY_COLUMNS, 'price', 'salePrice', 'retailPrice', 'mapPrice'] as const;

/**
 * `true` only when `C` names exactly the keys of `T`: the modules of the objects (replication.ts,
 * price-list-changes.ts) hold their columns to their schemas with it, at compile time.
 */
export type ColumnsOf<T, C extends readonly string[]> = [Exclude<keyof T, C[number]>, Exclude<C[number], keyof T>] extends [never, never] ? true : never;

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
