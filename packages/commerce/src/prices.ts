/**
 * Reading the current prices of given products and variants straight from the store, for the
 * snapshot a work order takes before it writes (undo restores exactly these, nulls included).
 */
import type { ProductPrices, VariantPrices } from './catalog-types';
import { toCents, toCentsOrNull } from './money';
import { MAX_PAGE_SIZE, chunkIds } from './products';
import type { Transport } from './transport';
import { collectionData, paginationOf } from './wire';
import type { WireProduct, WireVariant } from './wire';

export interface PriceSnapshot {
  products: ProductPrices[];
  variants: VariantPrices[];
  /** Asked-for ids the store no longer has (deleted since the last sync). */
  missingProductIds: number[];
  missingVariantIds: number[];
}

const PRODUCT_PRICE_FIELDS = ['price', 'sale_price', 'retail_price', 'calculated_price'];

async function readByIds<T>(transport: Transport, path: string, ids: readonly number[], extra: Record<string, string>, signal?: AbortSignal): Promise<T[]> {
  const found: T[] = [];
  for (const chunk of chunkIds(ids, MAX_PAGE_SIZE)) {
    for (let page = 1; ; page++) {
      const { body } = await transport.send({
        method: 'GET', path, query: { 'id:in': chunk, ...extra, limit: MAX_PAGE_SIZE, page }, purpose: 'read', signal,
      });
      const data = collectionData<T>(body);
      found.push(...data);
      if (page >= paginationOf(body).totalPages || data.length === 0) break;
    }
  }
  return found;
}

export async function getPrices(
  transport: Transport,
  ids: { productIds?: readonly number[]; variantIds?: readonly number[] },
  signal?: AbortSignal,
): Promise<PriceSnapshot> {
  const productIds = ids.productIds ?? [];
  const variantIds = ids.variantIds ?? [];
  const products = (
    await readByIds<WireProduct>(transport, '/catalog/products', productIds, { include_fields: PRODUCT_PRICE_FIELDS.join(',') }, signal)
  ).map((p): ProductPrices => ({
    id: p.id,
    priceCents: toCents(p.price ?? 0),
    salePriceCents: toCents(p.sale_price ?? 0),
    retailPriceCents: toCents(p.retail_price ?? 0),
    calculatedPriceCents: toCents(p.calculated_price ?? p.price ?? 0),
  }));
  const variants = (await readByIds<WireVariant>(transport, '/catalog/variants', variantIds, {}, signal)).map(
    (v): VariantPrices => ({
      id: v.id,
      productId: v.product_id,
      priceCents: toCentsOrNull(v.price),
      salePriceCents: toCentsOrNull(v.sale_price),
      retailPriceCents: toCentsOrNull(v.retail_price),
      calculatedPriceCents: toCentsOrNull(v.calculated_price),
    }),
  );
  const gotProducts = new Set(products.map((p) => p.id));
  const gotVariants = new Set(variants.map((v) => v.id));
  return {
    products: products.sort((a, b) => a.id - b.id),
    variants: variants.sort((a, b) => a.id - b.id),
    missingProductIds: [...new Set(productIds)].filter((id) => !gotProducts.has(id)),
    missingVariantIds: [...new Set(variantIds)].filter((id) => !gotVariants.has(id)),
  };
}
