/**
 * From the store's catalog to our rows: each product's category path (the first of its
 * categories in tree order, 'Uncategorized' when it has none we know), its status, stock and
 * prices, and its variants without a simple product's base variant (which is the product itself).
 */
import type { CatalogCategory, CatalogProduct, CatalogVariant } from '@catalog/commerce';
import { isCents, salePriceOrNull } from '@catalog/contracts/money';
import type { OptionValue } from '@catalog/contracts/products';
import type { CachedBrand, CachedCategory, ProductInput, VariantInput } from '../../db/repositories';
import { roundToHundredths } from '../../db/hundredths';

/** The category of a product that is in no category of the store's trees. */
export const UNCATEGORIZED = 'Uncategorized';

/** Status of a product the storefront shows, and of one the merchant hides (BigCommerce `is_visible`). */
export const PUBLISHED = 'published';
export const DRAFT = 'draft';

/** Category id -> full path and position in tree order (trees by id, then depth-first). */
export type CategoryIndex = ReadonlyMap<number, { path: string; rank: number }>;

/**
 * Ranks categories as the control panel lists them: tree by tree, each parent before its
 * children, siblings by sort order, then name, then id.
 */
export function indexCategories(categories: readonly CatalogCategory[]): CategoryIndex {
  const known = new Set(categories.map((c) => c.id));
  const children = new Map<string, CatalogCategory[]>();
  const keyOf = (treeId: number, parentId: number | null) => `${treeId}:${parentId !== null && known.has(parentId) ? parentId : 0}`;
  for (const cat of categories) {
    const key = keyOf(cat.treeId, cat.parentId);
    const siblings = children.get(key);
    if (siblings) siblings.push(cat);
    else children.set(key, [cat]);
  }
  const bySiblingOrder = (a: CatalogCategory, b: CatalogCategory) =>
    a.sortOrder - b.sortOrder || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.id - b.id;
  const index = new Map<number, { path: string; rank: number }>();
  const visit = (treeId: number, parentId: number) => {
    for (const cat of (children.get(`${treeId}:${parentId}`) ?? []).sort(bySiblingOrder)) {
      if (index.has(cat.id)) continue;
      index.set(cat.id, { path: cat.path, rank: index.size });
      visit(treeId, cat.id);
    }
  };
  for (const treeId of [...new Set(categories.map((c) => c.treeId))].sort((a, b) => a - b)) visit(treeId, 0);
  return index;
}

/** The index as the store taxonomy cache keeps it: [id, path] in tree order (a position is a rank). */
export function categoryEntries(index: CategoryIndex): CachedCategory[] {
  return [...index].sort((a, b) => a[1].rank - b[1].rank).map(([id, { path }]): CachedCategory => [id, path]);
}

/** The index of cached entries (categoryEntries' inverse). */
export function categoryIndexOf(entries: readonly CachedCategory[]): CategoryIndex {
  return new Map(entries.map(([id, path], rank) => [id, { path, rank }]));
}

/** The path of the product's first category in tree order; ids no tree holds are ignored. */
export function categoryOf(categoryIds: readonly number[], index: CategoryIndex): string {
  let best: { path: string; rank: number } | undefined;
  for (const id of categoryIds) {
    const entry = index.get(id);
    if (entry && (!best || entry.rank < best.rank)) best = entry;
  }
  return best?.path ?? UNCATEGORIZED;
}

/**
 * The store's product fields a sync reads (BigCommerce `include_fields`; `id` and the variants
 * come anyway): what hasStorablePrices and toProductInput use, the visibility filter, and
 * `base_variant_id` (which variant is the product itself). A sync page is then about half the
 * bytes to transfer and parse. Whatever else mapProduct returns holds defaults, not the store's
 * values; catalog-mapping.test.ts checks this list against a full answer.
 */
export const SYNC_PRODUCT_FIELDS: readonly string[] = [
  'name', 'sku', 'description', 'price', 'sale_price', 'retail_price', 'cost_price', 'brand_id', 'categories', 'inventory_level',
  'weight', 'is_visible', 'date_modified', 'base_variant_id',
];

/** Brand id -> name (the store's `/catalog/brands`). */
export type BrandIndex = ReadonlyMap<number, string>;

export function indexBrands(brands: ReadonlyArray<{ id: number; name: string }>): BrandIndex {
  return new Map(brands.filter((b) => b.name !== '').map((b) => [b.id, b.name]));
}

/** The brands as the store taxonomy cache keeps them: [id, name] by id. */
export const brandEntries = (brands: BrandIndex): CachedBrand[] => [...brands].sort((a, b) => a[0] - b[0]);

/**
 * A retail or cost price as we keep it: the store's 0 means none (BigCommerce has no null on a
 * product), so it is null here (decision 037). A variant's null stays null: it inherits.
 */
export const priceOrNull = (cents: number | null): number | null => (cents === null || cents === 0 ? null : cents);

const optionValues = (v: CatalogVariant): OptionValue[] => v.optionValues.map((o) => ({ optionName: o.optionName, label: o.label }));
const pricesFit = (...cents: Array<number | null>) => cents.every((c) => c === null || isCents(c));

/** True when every price of the product fits the stored decimal(10,2) domain (0 to 99,999,999.99). */
export function hasStorablePrices(p: CatalogProduct): boolean {
  return pricesFit(p.priceCents, p.salePriceCents, p.retailPriceCents, p.costPriceCents)
    && p.variants.every((v) => pricesFit(v.priceCents, v.salePriceCents, v.retailPriceCents, v.costPriceCents, v.calculatedPriceCents));
}

/** Our row for a store product; `variants` is complete, so variants the store dropped are tombstoned. */
export function toProductInput(p: CatalogProduct, index: CategoryIndex, brands: BrandIndex): ProductInput {
  const lastUpdated = p.dateModified ? new Date(p.dateModified) : undefined;
  const variants: VariantInput[] = p.variants
    .filter((v) => !v.isBase)
    .map((v) => ({
      externalId: v.id,
      variantSku: v.sku,
      optionValues: optionValues(v),
      regularPriceCents: v.priceCents,
      salePriceCents: v.salePriceCents,
      retailPriceCents: priceOrNull(v.retailPriceCents),
      costPriceCents: priceOrNull(v.costPriceCents),
      calculatedPriceCents: v.calculatedPriceCents,
      stock: v.inventoryLevel ?? 0,
      lastUpdated,
    }));
  return {
    externalId: p.id,
    name: p.name,
    sku: p.sku,
    description: p.description || null,
    category: categoryOf(p.categoryIds, index),
    regularPriceCents: p.priceCents,
    // BigCommerce says "not on sale" with 0; we say it with null.
    salePriceCents: salePriceOrNull(p.salePriceCents),
    retailPriceCents: priceOrNull(p.retailPriceCents),
    costPriceCents: priceOrNull(p.costPriceCents),
    // A brand id the store does not list (deleted since) reads as none.
    brand: p.brandId === null ? null : (brands.get(p.brandId) ?? null),
    baseVariantId: p.baseVariantId,
    stock: p.inventoryLevel,
    // Kept as decimal(10,2), exactly (db/hundredths.ts): a store's 1.005 is 1.01 here.
    weight: roundToHundredths(p.weight),
    status: p.isVisible ? PUBLISHED : DRAFT,
    isVisible: p.isVisible,
    lastUpdated,
    variants,
  };
}
