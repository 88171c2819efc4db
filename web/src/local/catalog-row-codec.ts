/**
 * How a product row and a product's variants are written into a chunk (catalog-chunk-set.ts):
 * as JSON arrays of their values in a fixed order, not objects. The keys were about half of a
 * row's bytes: a first pull of 100,000 products stored ~67 MB, and IndexedDB's cost (the page's
 * serialization, the browser's writes) goes with the bytes. A read decodes into the same objects
 * as before (decision 062).
 *
 * Every key of StoredProduct and StoredVariant is listed (the types below fail to compile when one
 * is added and not here). An optional key left out (or null: `baseVariantId`, whose null and absent
 * mean the same, unknown) is written as null and read back absent.
 */
import type { StoredProduct, StoredVariant } from './catalog-rows';

type Row = readonly unknown[];

/** The keys, in the order written. Append only: reordering needs a new database version (catalog-db.ts). */
const PRODUCT_KEYS = [
  'id', 'name', 'category', 'sku', 'regularPrice', 'salePrice', 'stock', 'weight', 'status', 'retailPrice', 'costPrice', 'brand',
  'isVisible', 'lastUpdated', 'version', 'baseVariantId', 'variantsOnSale', 'onSale', 'variantSkus', 'pending', 'variantSummary',
] as const satisfies ReadonlyArray<keyof StoredProduct>;
const VARIANT_KEYS = [
  'id', 'productId', 'variantSku', 'regularPrice', 'salePrice', 'stock', 'optionValues', 'retailPrice', 'costPrice', 'version', 'pending',
] as const satisfies ReadonlyArray<keyof StoredVariant>;

// Every key listed: `true` only when none is missing.
const allProductKeys: Exclude<keyof StoredProduct, (typeof PRODUCT_KEYS)[number]> extends never ? true : never = true;
const allVariantKeys: Exclude<keyof StoredVariant, (typeof VARIANT_KEYS)[number]> extends never ? true : never = true;
void allProductKeys;
void allVariantKeys;

const valuesOf = (keys: readonly string[], row: object): unknown[] => keys.map((k) => (row as Record<string, unknown>)[k] ?? null);

export const encodeProduct = (p: StoredProduct): string => JSON.stringify(valuesOf(PRODUCT_KEYS, p));

export const encodeVariants = (variants: readonly StoredVariant[]): string => JSON.stringify(variants.map((v) => valuesOf(VARIANT_KEYS, v)));

function productOf(a: Row): StoredProduct {
  const p: StoredProduct = {
    id: a[0] as number,
    name: a[1] as string,
    category: a[2] as string | null,
    sku: a[3] as string | null,
    regularPrice: a[4] as string,
    salePrice: a[5] as string | null,
    stock: a[6] as number,
    weight: a[7] as number | null,
    status: a[8] as string,
    retailPrice: a[9] as string | null,
    costPrice: a[10] as string | null,
    brand: a[11] as string | null,
    isVisible: a[12] as boolean,
    lastUpdated: a[13] as string,
    version: a[14] as number,
    variantsOnSale: a[16] as number,
    onSale: a[17] as boolean,
  };
  if (a[15] != null) p.baseVariantId = a[15] as number;
  if (a[18] != null) p.variantSkus = a[18] as string[];
  if (a[19] != null) p.pending = a[19] as boolean;
  if (a[20] != null) p.variantSummary = a[20] as NonNullable<StoredProduct['variantSummary']>;
  return p;
}

function variantOf(a: Row): StoredVariant {
  const v: StoredVariant = {
    id: a[0] as number,
    productId: a[1] as number,
    variantSku: a[2] as string,
    regularPrice: a[3] as string | null,
    salePrice: a[4] as string | null,
    stock: a[5] as number,
    optionValues: a[6] as StoredVariant['optionValues'],
    retailPrice: a[7] as string | null,
    costPrice: a[8] as string | null,
    version: a[9] as number,
  };
  if (a[10] != null) v.pending = a[10] as boolean;
  return v;
}

export const decodeProduct = (text: string): StoredProduct => productOf(JSON.parse(text) as Row);

export const decodeVariants = (text: string): StoredVariant[] => (JSON.parse(text) as Row[]).map(variantOf);

/**
 * Many product rows as one JSON text of their arrays, and back: how a page's stored products
 * cross from the pull's worker to the page. A string is copied whole by postMessage, where a
 * structured clone of 5,000 objects is walked property by property on both sides.
 */
export const encodeProducts = (rows: readonly StoredProduct[]): string => `[${rows.map(encodeProduct).join(',')}]`;

export const decodeProducts = (text: string): StoredProduct[] => (JSON.parse(text) as Row[]).map(productOf);
