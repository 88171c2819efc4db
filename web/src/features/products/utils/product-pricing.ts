/**
 * What a product shows as its prices and stock (spec section 4): its own, or in variant-pricing
 * mode (more than one variant) the lowest positive regular and sale prices among the variants,
 * labelled '(from)', and the stock summed over the variants. A variant without a price of its
 * own has the product's (as the store does).
 */
import { parseMoney } from '@catalog/contracts/money';
import { formatDollars } from '../../../lib/format-number';
import { lowestPositive, summarizeVariants, summaryPricing, type DisplayPricing } from '../../../local/variant-summary';

export { lowestPositive, type DisplayPricing };

export interface PricedVariant {
  regularPrice: string | null;
  salePrice: string | null;
  stock: number;
}

export interface PricedProduct {
  regularPrice: string;
  salePrice: string | null;
  stock: number;
  variants: readonly PricedVariant[];
}

/** More than one variant: prices are managed per variant. */
export function usesVariantPricing(product: { variants: readonly unknown[] }): boolean {
  return product.variants.length > 1;
}

export function displayPricing(product: PricedProduct): DisplayPricing {
  return summaryPricing(product, summarizeVariants(product.variants));
}

/** '$1,234.50' from '1234.50'; '—' for no price. */
export function formatPrice(price: string | null | undefined): string {
  if (price == null) return '—';
  try {
    return formatDollars(parseMoney(price) / 100);
  } catch {
    return '—';
  }
}
