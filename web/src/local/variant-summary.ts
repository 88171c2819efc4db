/**
 * What a product shows as its prices and stock in a list (spec section 4), and what it keeps of
 * its variants for that on its stored row, so the list is drawn from memory without reading the
 * variants (decision 072). One rule for both: a product with one variant or none shows its own
 * prices and stock; with more (variant-pricing mode) the lowest positive regular and sale prices
 * among the variants, labelled '(from)', and the stock summed over them. A variant without a
 * price of its own has the product's (as the store does). A leaf module (contracts only).
 */
import { formatCents, parseMoney, salePriceOrNull } from '@catalog/contracts/money';

export interface DisplayPricing {
  /** Prices are the lowest among the variants: shown with '(from)'. */
  fromVariants: boolean;
  regularPrice: string | null;
  salePrice: string | null;
  stock: number;
}

/**
 * A product's variants as its list row needs them: how many; the lowest positive regular and
 * sale price among those with a price of their own; whether some have none (and show the
 * product's); their stock summed. Prices change the product's share without its variants being
 * read again: a product's price edit keeps this as it is.
 */
export type VariantSummary = readonly [
  count: number, lowRegular: string | null, regularFromProduct: boolean, lowSale: string | null, saleFromProduct: boolean, stock: number,
];

interface PricedVariant {
  regularPrice: string | null;
  salePrice: string | null;
  stock: number;
}

const cents = (price: string | null | undefined): number | null => {
  if (price == null) return null;
  try {
    return parseMoney(price);
  } catch {
    return null;
  }
};

/** The lowest positive price of the list, or null when none is positive. */
export function lowestPositive(prices: ReadonlyArray<string | null | undefined>): string | null {
  let best: number | null = null;
  for (const p of prices) {
    const c = cents(p);
    if (c !== null && c > 0 && (best === null || c < best)) best = c;
  }
  return best === null ? null : formatCents(best);
}

export function summarizeVariants(variants: readonly PricedVariant[]): VariantSummary {
  let regularFromProduct = false;
  let saleFromProduct = false;
  let stock = 0;
  const regular: string[] = [];
  const sale: string[] = [];
  for (const v of variants) {
    if (v.regularPrice === null) regularFromProduct = true;
    else regular.push(v.regularPrice);
    if (v.salePrice === null) saleFromProduct = true;
    else sale.push(v.salePrice);
    stock += v.stock;
  }
  return [variants.length, lowestPositive(regular), regularFromProduct, lowestPositive(sale), saleFromProduct, stock];
}

/** What `product` shows, from its own fields and its variants' summary. */
export function summaryPricing(product: { regularPrice: string; salePrice: string | null; stock: number }, summary: VariantSummary): DisplayPricing {
  const [count, lowRegular, regularFromProduct, lowSale, saleFromProduct, stock] = summary;
  if (count <= 1) {
    // A sale price of "0.00" (an edit waiting to be sent) is no sale, as the store has it.
    return { fromVariants: false, regularPrice: product.regularPrice, salePrice: salePriceOrNull(product.salePrice), stock: product.stock };
  }
  return {
    fromVariants: true,
    regularPrice: lowestPositive([lowRegular, regularFromProduct ? product.regularPrice : null]),
    salePrice: lowestPositive([lowSale, saleFromProduct ? product.salePrice : null]),
    stock,
  };
}
