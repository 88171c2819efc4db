/**
 * What a product shows as its prices and stock (spec section 4): its own, or in variant-pricing
 * mode (more than one variant) the lowest positive regular and sale prices among the variants,
 * labelled '(from)', and the stock summed over the variants. A variant without a price of its
 * own has the product's (as the store does).
 */
import { parseMoney, formatCents, salePriceOrNull } from '@catalog/contracts/money';
import { formatDollars } from '../../../lib/format-number';

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

export interface DisplayPricing {
  /** Prices are the lowest among the variants: shown with '(from)'. */
  fromVariants: boolean;
  regularPrice: string | null;
  salePrice: string | null;
  stock: number;
}

/** More than one variant: prices are managed per variant. */
export function usesVariantPricing(product: { variants: readonly unknown[] }): boolean {
  return product.variants.length > 1;
}

const cents = (price: string | null): number | null => {
  if (price === null) return null;
  try {
    return parseMoney(price);
  } catch {
    return null;
  }
};

/** The lowest positive price of the list, or null when none is positive. */
export function lowestPositive(prices: Array<string | null>): string | null {
  let best: number | null = null;
  for (const p of prices) {
    const c = cents(p);
    if (c !== null && c > 0 && (best === null || c < best)) best = c;
  }
  return best === null ? null : formatCents(best);
}

export function displayPricing(product: PricedProduct): DisplayPricing {
  if (!usesVariantPricing(product)) {
    // A sale price of "0.00" (an edit waiting to be sent) is no sale, as the store has it.
    return { fromVariants: false, regularPrice: product.regularPrice, salePrice: salePriceOrNull(product.salePrice), stock: product.stock };
  }
  return {
    fromVariants: true,
    regularPrice: lowestPositive(product.variants.map((v) => v.regularPrice ?? product.regularPrice)),
    salePrice: lowestPositive(product.variants.map((v) => v.salePrice ?? product.salePrice)),
    stock: product.variants.reduce((sum, v) => sum + v.stock, 0),
  };
}


/** '$1,234.50' from '1234.50'; '—' for no price. */
export function formatPrice(price: string | null | undefined): string {
  const c = cents(price ?? null);
  return c === null ? '—' : formatDollars(c / 100);
}
