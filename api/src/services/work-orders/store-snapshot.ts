/**
 * Reads the current store prices of an order's products and variants: the snapshot taken
 * before anything is written, which undo (and the revert of a failed run) writes back.
 * A variant's null (inherit) stays null, distinct from 0.
 */
import { MAX_PAGE_SIZE, type BigCommerceClient } from '@catalog/commerce';
import type { PriceSnapshot } from '../../db/repositories';
import { targetKey, type PriceTarget } from './price-plan';
import { readRecords, recordSnapshot } from './record-snapshot';

export interface SnapshotResult {
  /** One entry per target the store still has. */
  prices: PriceSnapshot[];
  /** Targets the store no longer has (deleted since the last sync). */
  missing: PriceTarget[];
}

const pages = (n: number) => Math.ceil(n / MAX_PAGE_SIZE);

export async function readSnapshot(client: BigCommerceClient, targets: readonly PriceTarget[], signal?: AbortSignal): Promise<SnapshotResult> {
  // A price list order's targets are all records (contracts: every item a variant of one list and currency).
  if (targets.some((t) => t.record)) {
    const records = await readRecords(client, targets, signal);
    const prices: PriceSnapshot[] = [];
    const missing: PriceTarget[] = [];
    for (const t of targets) {
      const r = records.get(t.key);
      if (r) prices.push(recordSnapshot(t, r));
      else missing.push(t);
    }
    return { prices, missing };
  }
  const productIds = targets.filter((t) => t.kind === 'product').map((t) => t.externalId);
  const variantIds = targets.filter((t) => t.kind === 'variant').map((t) => t.externalId);
  const parents = [...new Set([...productIds, ...targets.filter((t) => t.kind === 'variant').map((t) => t.externalProductId)])];
  const found = new Map<string, { regular: number | null; sale: number | null; retail: number | null }>();

  // Products with their variants answer both kinds of target in one request per 250 products,
  // never more requests than reading products and variants apart (a whole order can then
  // fit in one rate-limit window); the lighter price-only reads win a tie.
  if (variantIds.length > 0 && pages(parents.length) < pages(productIds.length) + pages(variantIds.length)) {
    for (const p of await client.getProducts(parents, { includeVariants: true, signal })) {
      found.set(targetKey('product', p.id), { regular: p.priceCents, sale: p.salePriceCents, retail: p.retailPriceCents });
      for (const v of p.variants) found.set(targetKey('variant', v.id), { regular: v.priceCents, sale: v.salePriceCents, retail: v.retailPriceCents });
    }
  } else {
    const snap = await client.getPrices({ productIds, variantIds }, { signal });
    for (const p of snap.products) found.set(targetKey('product', p.id), { regular: p.priceCents, sale: p.salePriceCents, retail: p.retailPriceCents });
    for (const v of snap.variants) found.set(targetKey('variant', v.id), { regular: v.priceCents, sale: v.salePriceCents, retail: v.retailPriceCents });
  }

  const prices: PriceSnapshot[] = [];
  const missing: PriceTarget[] = [];
  for (const t of targets) {
    const now = found.get(t.key);
    if (!now) {
      missing.push(t);
      continue;
    }
    prices.push({
      productId: t.productId,
      variantId: t.variantId,
      externalProductId: t.externalProductId,
      externalVariantId: t.kind === 'variant' ? t.externalId : null,
      regularPriceCents: now.regular,
      salePriceCents: now.sale,
      retailPriceCents: now.retail,
    });
  }
  return { prices, missing };
}
