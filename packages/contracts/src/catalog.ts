/**
 * Display rules of the catalog that server and device must agree on: the stock badge,
 * category paths (' > ' between levels, 'Uncategorized' when absent), SKU and status labels.
 */

/** Stock under this is 'Low Stock' (spec section 9). */
export const LOW_STOCK_THRESHOLD = 10;

export const STOCK_BADGES = ['Out of Stock', 'Low Stock', 'In Stock'] as const;
export type StockBadge = (typeof STOCK_BADGES)[number];

/** 0 (or less) is 'Out of Stock', under 10 is 'Low Stock', 10 or more is 'In Stock'. */
export function stockBadge(stock: number): StockBadge {
  if (stock <= 0) return 'Out of Stock';
  if (stock < LOW_STOCK_THRESHOLD) return 'Low Stock';
  return 'In Stock';
}

/** Joins the levels of a category path, as BigCommerce's trees are flattened. */
export const CATEGORY_SEPARATOR = ' > ';

/** Shown for a product with no category. */
export const UNCATEGORIZED = 'Uncategorized';

/** Shown for a product with no SKU. */
export const NO_SKU = 'N/A';

export function categoryLabel(category: string | null | undefined): string {
  return category?.trim() ? category : UNCATEGORIZED;
}

export function skuLabel(sku: string | null | undefined): string {
  return sku?.trim() ? sku : NO_SKU;
}

/** "Clothing > Shirts > Linen" -> ["Clothing", "Shirts", "Linen"]; empty levels are dropped. */
export function splitCategoryPath(path: string): string[] {
  return path
    .split(CATEGORY_SEPARATOR)
    .map((level) => level.trim())
    .filter(Boolean);
}

export function joinCategoryPath(levels: readonly string[]): string {
  return levels.join(CATEGORY_SEPARATOR);
}

/** True when `category` is `filter` or one of its subcategories. */
export function isInCategory(category: string | null | undefined, filter: string): boolean {
  if (!category) return false;
  return category === filter || category.startsWith(filter + CATEGORY_SEPARATOR);
}

/** The product statuses the store sends; anything else is shown as 'Unknown'. */
export const PRODUCT_STATUS_LABELS: Readonly<Record<string, string>> = {
  published: 'Published',
  draft: 'Draft',
};

export function productStatusLabel(status: string | null | undefined): string {
  // hasOwn, so "toString" or "__proto__" from the store never reads as a label.
  if (status && Object.hasOwn(PRODUCT_STATUS_LABELS, status)) return PRODUCT_STATUS_LABELS[status] ?? 'Unknown';
  return 'Unknown';
}
