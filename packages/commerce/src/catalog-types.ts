/**
 * What the client hands back: the catalog as the product needs it, with money in integer
 * cents, BigCommerce's "inherit" (null) kept distinct from 0, empty SKUs as null, and
 * categories flattened with their full path ("Home & Kitchen > Cookware > Frying Pans").
 */

export interface CatalogOptionValue {
  /** The option, e.g. "Size" or "Color". */
  optionName: string;
  /** The value, e.g. "XL" or "Navy". */
  label: string;
  optionId: number | null;
  valueId: number | null;
}

export interface CatalogVariant {
  id: number;
  productId: number;
  sku: string | null;
  /** null: the variant uses the product's price. */
  priceCents: number | null;
  /** null: the variant inherits the product's sale price; 0 is a different value. */
  salePriceCents: number | null;
  retailPriceCents: number | null;
  costPriceCents: number | null;
  /** The storefront price BigCommerce computed (sale price when one applies). */
  calculatedPriceCents: number | null;
  inventoryLevel: number | null;
  purchasingDisabled: boolean;
  /** The base variant of a product without options (it carries the product's own price). */
  isBase: boolean;
  /** Empty for a base variant. */
  optionValues: CatalogOptionValue[];
}

export interface CatalogProduct {
  id: number;
  name: string;
  sku: string | null;
  type: string;
  description: string;
  priceCents: number;
  /** 0 when the product is not on sale (BigCommerce has no null here). */
  salePriceCents: number;
  retailPriceCents: number;
  costPriceCents: number;
  calculatedPriceCents: number;
  categoryIds: number[];
  brandId: number | null;
  inventoryLevel: number;
  /** 'none', 'product' or 'variant': where stock is counted. */
  inventoryTracking: string;
  weight: number | null;
  isVisible: boolean;
  isFeatured: boolean;
  availability: string;
  /** The storefront path, e.g. "/smith-journal-13/". */
  url: string | null;
  /** ISO 8601 (UTC, as `Date.prototype.toISOString` writes it). */
  dateCreated: string | null;
  dateModified: string | null;
  baseVariantId: number | null;
  /** Present when fetched with variants (the default); a product without options has its base variant. */
  variants: CatalogVariant[];
}

export interface CatalogCategory {
  id: number;
  /** null for a top-level category. */
  parentId: number | null;
  treeId: number;
  name: string;
  /** The names from the top down to this category, joined with ' > '. */
  path: string;
  /** The ids from the top down to this category. */
  pathIds: number[];
  /** 0 for a top-level category. */
  depth: number;
  isVisible: boolean;
  sortOrder: number;
  url: string | null;
}

/** A brand of the store (`brand_id` of a product names one). */
export interface CatalogBrand {
  id: number;
  name: string;
}

/** One page of a product listing, with what a sync needs to say "page x of y". */
export interface ProductPage {
  page: number;
  totalPages: number;
  /** Products in the whole listing. */
  total: number;
  products: CatalogProduct[];
}

/** Current prices of a product, for a snapshot before a write. */
export interface ProductPrices {
  id: number;
  priceCents: number;
  salePriceCents: number;
  retailPriceCents: number;
  calculatedPriceCents: number;
}

/** Current prices of a variant; nulls (inherit) are kept so an undo restores them. */
export interface VariantPrices {
  id: number;
  productId: number;
  priceCents: number | null;
  salePriceCents: number | null;
  retailPriceCents: number | null;
  calculatedPriceCents: number | null;
}
