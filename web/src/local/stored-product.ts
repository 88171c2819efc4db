/**
 * A replicated product as the device stores it (StoredProduct): the row plus what the index
 * derives from its variants (how many are on sale, their SKUs, what its list row shows of them). A leaf module (contracts only),
 * so the apply of a replication page and the tests that build an index agree on the derivation.
 */
import { isOnSale } from '@catalog/contracts/money';
import type { ReplicatedProduct, ReplicatedVariant } from '@catalog/contracts/replication';
import type { StoredProduct } from './catalog-rows';
import { summarizeVariants, type VariantSummary } from './variant-summary';

/** What a product row keeps of its variants for the index: how many are on sale, their SKUs, their list summary. */
export interface FromVariants {
  variantsOnSale: number;
  variantSkus: string[];
  variantSummary: VariantSummary;
}

export function fromVariants(variants: readonly ReplicatedVariant[]): FromVariants {
  const variantSkus: string[] = [];
  let variantsOnSale = 0;
  for (const v of variants) {
    if (isOnSale(v.salePrice)) variantsOnSale++;
    if (v.variantSku) variantSkus.push(v.variantSku.toLowerCase());
  }
  return { variantsOnSale, variantSkus, variantSummary: summarizeVariants(variants) };
}

/** A replicated product as stored, with what the index derives from its variants. */
export function toStored(row: ReplicatedProduct | StoredProduct, derived: FromVariants): StoredProduct {
  // `pending` is set again by the overlay of unsent edits, if any are left.
  const { onSale: _onSale, variantsOnSale: _count, variantSkus: _skus, variantSummary: _summary, pending: _pending, ...replicated } = row as StoredProduct;
  return { ...replicated, ...derived, onSale: isOnSale(row.salePrice) || derived.variantsOnSale > 0 };
}
