/**
 * The price history a sync writes: one 'sync' entry for every product or variant we already had
 * whose regular or sale price the store now reports differently (changed in the control panel
 * or by another app). New products and variants have no earlier price, so they get none. A
 * webhook's refresh of the products it named writes the same entries as 'webhook' (issue 36).
 */
import type { NewPriceHistoryEntry, PriceChangeType, ProductInput, ProductWithVariants } from '../../db/repositories';

/** Who found the store's change: a sync, or the refresh a store webhook asked for. */
export type StoreChangeSource = Extract<PriceChangeType, 'sync' | 'webhook'>;

interface Prices {
  regular: number | null;
  sale: number | null;
}

function entry(productId: string, variantId: string | null, before: Prices, after: Prices, at: Date, changeType: StoreChangeSource): NewPriceHistoryEntry | null {
  if (before.regular === after.regular && before.sale === after.sale) return null;
  // Both prices are recorded (an unchanged one as old = new), so an entry always reads as the full before/after.
  return {
    productId,
    variantId,
    oldRegularPriceCents: before.regular,
    newRegularPriceCents: after.regular,
    oldSalePriceCents: before.sale,
    newSalePriceCents: after.sale,
    changeType,
    changedBy: null,
    createdAt: at,
  };
}

/**
 * Entries for the prices in `incoming` that differ from the stored live rows in `stored`
 * (read just before the upsert that writes `incoming`).
 */
export function syncPriceChanges(
  stored: readonly ProductWithVariants[], incoming: readonly ProductInput[], at: Date, source: StoreChangeSource = 'sync',
): NewPriceHistoryEntry[] {
  const byExternal = new Map(stored.map((p) => [p.externalId, p]));
  const entries: NewPriceHistoryEntry[] = [];
  for (const input of incoming) {
    const product = byExternal.get(input.externalId);
    if (!product) continue;
    const own = entry(
      product.id, null,
      { regular: product.regularPriceCents, sale: product.salePriceCents },
      { regular: input.regularPriceCents, sale: input.salePriceCents ?? null },
      at, source,
    );
    if (own) entries.push(own);
    const variants = new Map(product.variants.map((v) => [v.externalId, v]));
    for (const v of input.variants ?? []) {
      const before = variants.get(v.externalId);
      if (!before) continue;
      const change = entry(
        product.id, before.id,
        { regular: before.regularPriceCents, sale: before.salePriceCents },
        { regular: v.regularPriceCents ?? null, sale: v.salePriceCents ?? null },
        at, source,
      );
      if (change) entries.push(change);
    }
  }
  return entries;
}
