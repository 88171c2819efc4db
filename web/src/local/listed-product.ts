/**
 * A product as the products list shows it, as a card or a table row (decision 072): its name,
 * category, SKU, brand, status, MSRP and cost, whether an edit of it waits to be sent, how many
 * variants it has and the prices and stock it shows (variant-summary.ts). The in-memory index
 * keeps one for every product, made from its stored row alone, so a keystroke's page is drawn
 * without reading IndexedDB; a full row (with its variants) gives the same.
 */
import type { StoredProduct } from './catalog-rows';
import type { LocalProduct } from './local-product';
import { summarizeVariants, summaryPricing, type DisplayPricing, type VariantSummary } from './variant-summary';

export interface ListedProduct {
  id: number;
  name: string;
  category: string | null;
  sku: string | null;
  brand: string | null;
  status: string;
  retailPrice: string | null;
  costPrice: string | null;
  /** A price edit of it (or of one of its variants) made on this device waits to be sent. */
  pending: boolean;
  variantCount: number;
  pricing: DisplayPricing;
}

function listed(p: LocalProduct | StoredProduct, summary: VariantSummary): ListedProduct {
  return {
    id: p.id, name: p.name, category: p.category, sku: p.sku, brand: p.brand, status: p.status, retailPrice: p.retailPrice, costPrice: p.costPrice,
    pending: p.pending === true, variantCount: summary[0], pricing: summaryPricing(p, summary),
  };
}

/** The list row of a stored row; null for a row stored without its variants' summary. */
export function listedOfStored(p: StoredProduct): ListedProduct | null {
  return p.variantSummary ? listed(p, p.variantSummary) : null;
}

/** The list row of a full row. */
export function listedOf(p: LocalProduct): ListedProduct {
  return listed(p, summarizeVariants(p.variants));
}
