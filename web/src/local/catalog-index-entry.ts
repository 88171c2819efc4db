/**
 * The entries of the in-memory index (catalog-index.ts): what a query asks for, one compact
 * entry per product and how it is made from a stored row, and the orders entries and brands
 * are kept in.
 */
import { skuTextOf, type ProductFilters, type ProductFilterSubject } from '@catalog/contracts/product-filters';
import type { IndexPriceSource } from './catalog-index-prices';
import type { ListedProduct } from './listed-product';
import type { StoredProduct } from './catalog-rows';
import type { Masks } from './search-masks';

export interface IndexFilter {
  search?: string;
  /** A category path: matches it and its subcategories. */
  category?: string;
  saleOnly?: boolean;
  /** Leave out products hidden from the storefront. */
  visibleOnly?: boolean;
  /** Brand, price range, stock, on sale, visibility, SKU (contracts product-filters.ts, as GET /api/products). */
  filters?: ProductFilters;
  /**
   * The prices the price filters (range, on sale, sale-only) read: one price list and currency's
   * (catalog-index-prices.ts, issue 35); absent: the catalog's.
   */
  prices?: IndexPriceSource | null;
}

export interface IndexPage {
  ids: number[];
  total: number;
}

/** What the product filters look at (ProductFilterSubject), kept flat on each entry. */
export interface Entry extends Masks, ProductFilterSubject {
  id: number;
  /** Sort key: the lower-cased name. */
  key: string;
  /** What search looks in: lower-cased name and SKU, on two lines. */
  text: string;
  /** Interned category (index into CatalogIndex's `paths`), -1 for none. */
  category: number;
  sale: boolean;
  visible: boolean;
  deleted: boolean;
  /** The store's id of its base variant (a price list's record of a product without options names it); null: none or unknown. */
  base: number | null;
  /** Its list row (listed-product.ts); null for a row stored without its variants' summary. */
  listed: ListedProduct | null;
}

/** "  Blue  MUG " -> ["blue", "mug"]. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

export const compareBrands = (a: { name: string; key: string }, b: { name: string; key: string }) =>
  a.key < b.key ? -1 : a.key > b.key ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

export const compareEntries = (a: Entry, b: Entry) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id);

/** Cents of a price string as the server sends it ("19.90"): exact for the stored domain. */
const cents = (price: string) => Math.round(Number(price) * 100);

/** The filters' view of a stored product (contracts filterSubject, without re-reading its variants). */
export function subjectOf(p: StoredProduct): ProductFilterSubject {
  const skuText = p.variantSkus?.length ? skuTextOf([p.sku, ...p.variantSkus]) : p.sku ? `\n${p.sku.toLowerCase()}\n` : '';
  return { brand: p.brand ?? null, regularPriceCents: cents(p.regularPrice), stock: p.stock, onSale: p.onSale, isVisible: p.isVisible, skuText };
}

/**
 * `live` and `added`, each in name order, merged into one list in name order (a pull adding pages
 * to 100,000 products never re-sorts them all).
 */
export function mergeByName(live: readonly Entry[], added: readonly Entry[]): Entry[] {
  const merged: Entry[] = new Array(live.length + added.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < live.length && j < added.length) merged[k++] = compareEntries(live[i]!, added[j]!) <= 0 ? live[i++]! : added[j++]!;
  while (i < live.length) merged[k++] = live[i++]!;
  while (j < added.length) merged[k++] = added[j++]!;
  return merged;
}
