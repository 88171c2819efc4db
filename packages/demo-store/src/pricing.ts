/**
 * Derived fields the store keeps consistent after every write: `calculated_price` of a product
 * and of its variants (the sale price when one applies, else the price, with a variant's null
 * fields falling back to the product's), and BigCommerce's date format for `date_modified`.
 */
import type { BcProduct, BcVariant, CatalogData } from './types';

/** "2025-01-15T09:34:00+00:00": whole seconds, as BigCommerce writes dates. */
export function toIsoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

function effectivePrice(price: number, sale: number): number {
  return sale > 0 && sale < price ? sale : price;
}

export function variantCalculatedPrice(product: BcProduct, variant: BcVariant): number {
  const price = variant.price ?? product.price;
  const sale = variant.sale_price ?? product.sale_price;
  return effectivePrice(price, sale);
}

/** Recomputes the product's and its variants' calculated prices and the variant-tracked stock. */
export function recalculateProduct(data: CatalogData, product: BcProduct): void {
  product.calculated_price = effectivePrice(product.price, product.sale_price);
  const ids = data.variantsByProduct.get(product.id) ?? [];
  let stock = 0;
  for (const id of ids) {
    const v = data.variants.get(id);
    if (!v) continue;
    v.calculated_price = variantCalculatedPrice(product, v);
    v.calculated_weight = v.weight ?? product.weight;
    stock += v.inventory_level ?? 0;
  }
  if (product.inventory_tracking === 'variant') product.inventory_level = stock;
}
