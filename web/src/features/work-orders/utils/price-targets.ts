/**
 * The products and variants a work order can change, as the form sees them: their keys
 * (contracts itemTarget: "p101", "v1001"), labels and current prices in cents, read from the
 * local catalog's rows.
 */
import type { CurrentPrices } from '@catalog/contracts/bulk-adjustment';
import type { GuardrailCatalogProduct } from '@catalog/contracts/guardrail-items';
import { formatCents, parseMoney, salePriceOrNull } from '@catalog/contracts/money';
import { itemTarget } from '@catalog/contracts/work-orders';
import type { LocalProduct } from '../../../local/catalog-query';

export type LocalVariant = LocalProduct['variants'][number];

/** Cents of a price string from the catalog; null for none or (defensively) a malformed one. */
export function centsOf(price: string | null | undefined): number | null {
  if (price == null) return null;
  try {
    return parseMoney(price);
  } catch {
    return null;
  }
}

/** "19.90", or '' for none. */
export function priceText(cents: number | null | undefined): string {
  return cents == null ? '' : formatCents(cents);
}

export const productTarget = (product: Pick<LocalProduct, 'id'>) => itemTarget({ productId: product.id });

export const variantTarget = (product: Pick<LocalProduct, 'id'>, variant: Pick<LocalVariant, 'id'>) =>
  itemTarget({ productId: product.id, variantId: variant.id });

/** A variant's name for people: its SKU, else its option values ("Size: XL, Colour: Red"). */
export function variantLabel(variant: LocalVariant): string {
  if (variant.variantSku.trim()) return variant.variantSku;
  const options = variant.optionValues.map((o) => `${o.optionName}: ${o.label}`).join(', ');
  return options || `Variant ${variant.id}`;
}

/** The product's own prices; a sale price of 0 is "not on sale" (null, contracts salePriceOrNull). */
export function productPrices(product: LocalProduct): CurrentPrices {
  return { regular: centsOf(product.regularPrice), sale: salePriceOrNull(centsOf(product.salePrice)) };
}

/**
 * The variant's own prices (null where it follows its product), as the bulk adjustment reads
 * them: a variant without a regular price of its own is left to follow its product.
 */
export function variantOwnPrices(variant: LocalVariant): CurrentPrices {
  return { regular: centsOf(variant.regularPrice), sale: salePriceOrNull(centsOf(variant.salePrice)) };
}

/** What a shopper pays as the variant's regular price now: its own, else its product's. */
export function variantRegular(product: LocalProduct, variant: LocalVariant): number | null {
  return centsOf(variant.regularPrice) ?? centsOf(product.regularPrice);
}

/**
 * An item's cost and retail price (MSRP) in cents: the variant's own, else its product's (as
 * BigCommerce inherits them); null where there is none. The one place the form reads them, so
 * a catalog synced before they were (no `costPrice` at all) reads as "no cost".
 */
export function itemCostAndRetail(product: LocalProduct, variant?: LocalVariant): { cost: number | null; retail: number | null } {
  const productCost = centsOf(product.costPrice ?? null);
  const productRetail = centsOf(product.retailPrice ?? null);
  if (!variant) return { cost: productCost, retail: productRetail };
  return {
    cost: centsOf(variant.costPrice ?? null) ?? productCost,
    retail: centsOf(variant.retailPrice ?? null) ?? productRetail,
  };
}

/** The item's own retail price (MSRP), the one a work order changes; null where it has none of its own. */
export function ownRetail(item: Pick<LocalProduct, 'retailPrice'> | Pick<LocalVariant, 'retailPrice'>): number | null {
  return centsOf(item.retailPrice ?? null);
}

/**
 * A product and its variants as the guardrails' builder reads them (contracts guardrailItemsOf):
 * each one's own prices in cents as the catalog holds them (null: none, a variant's inheriting),
 * the same columns the API's gate reads from its database.
 */
export function guardrailCatalogProduct(product: LocalProduct): GuardrailCatalogProduct {
  const own = (row: LocalProduct | LocalVariant) => ({
    regular: centsOf(row.regularPrice), sale: centsOf(row.salePrice), cost: centsOf(row.costPrice ?? null), retail: centsOf(row.retailPrice ?? null),
  });
  return {
    ...own(product), id: product.id, regular: centsOf(product.regularPrice) ?? 0, baseVariantId: product.baseVariantId ?? null,
    variants: product.variants.map((v) => ({ ...own(v), id: v.id })),
  };
}
