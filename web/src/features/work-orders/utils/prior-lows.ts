/**
 * A form target's lowest prior price (issue 36), for the "set to the 30-day low" adjustment: the
 * low of the variants whose "was" price the target's price is, as contracts' guardrail builder
 * reads it (guardrail-items.ts). A variant shows its own; a product without options is its base
 * variant; a product with options shows its price through its variants without one of their own.
 */
import type { PriceField } from '@catalog/contracts/bulk-adjustment';
import { priorLowOf, type PriorLows } from '@catalog/contracts/prior-price';
import type { LocalProduct } from '../../../local/catalog-query';
import { baseVariantOf, type ListPrices } from './list-prices';
import { ownRetail, variantOwnPrices, type LocalVariant } from './price-targets';

/** The store ids of the variants that show the target's `field`. */
function showingVariants(product: LocalProduct, variant: LocalVariant | undefined, field: PriceField, list: ListPrices | null): number[] {
  if (variant) return [variant.id];
  if (list || product.variants.length === 0) {
    const base = baseVariantOf(product);
    return base === null ? [] : [base];
  }
  const inherits = (v: LocalVariant) => (field === 'retail' ? ownRetail(v) === null : variantOwnPrices(v).regular === null);
  return product.variants.filter(inherits).map((v) => v.id);
}

/**
 * The target's low in cents: the lowest known, also where part of the window was not followed
 * (the preview then says the low is known only where it was); null when none is known (the
 * adjustment leaves it and counts it); undefined when nothing shows the target's price.
 */
export function targetPriorLow(lows: PriorLows, product: LocalProduct, variant: LocalVariant | undefined, field: PriceField, list: ListPrices | null): number | null | undefined {
  const ids = showingVariants(product, variant, field, list);
  if (ids.length === 0) return product.variants.length === 0 ? null : undefined;
  const low = priorLowOf(lows, ids);
  return low ? low.cents : null;
}
