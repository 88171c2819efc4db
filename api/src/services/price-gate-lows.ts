/**
 * The lowest prior prices the price gate reads (issue 36, EU prior price): when a company in the
 * EU mode makes the `priorPrice` guardrail blocking, the gate asks, in one batch, the low of every
 * variant of the items' products at the moment the prices would reach the store (the order's
 * scheduled time, else now), for the order's target (the catalog, or one price list and currency).
 * The rule itself is contracts' (prior-price.ts), as on the device.
 */
import type { GateSettings } from '@catalog/contracts/price-gate';
import type { PriorLows } from '@catalog/contracts/prior-price';
import type { PriceListTarget } from '@catalog/contracts/work-orders';
import type { Database, ProductWithVariants } from '../db/repositories';
import { lowestPrices } from './lowest-price/lowest-prices';

/** Whether the gate needs the lows: the EU mode is on and its rule blocks (a rule that only flags cannot refuse). */
export function priorPriceBlocks(settings: GateSettings): boolean {
  return settings.priorPriceDays != null && settings.blockingGuardrails.includes('priorPrice');
}

/** The moment the check is for: `startsAt` when it is still to come, else now. */
export function checkMoment(startsAt: Date | null | undefined, now: Date): Date {
  return startsAt && startsAt.getTime() > now.getTime() ? startsAt : now;
}

/** The lows of the products' live variants (a product without options: its base variant) at `at`, over `days`. */
export async function gateLows(
  db: Database, companyId: string, products: readonly ProductWithVariants[], opts: { at: Date; days: number; target: PriceListTarget | null },
): Promise<PriorLows> {
  const target = opts.target && {
    ...opts.target, catalogCurrency: (await db.priceLists.catalogCurrency(companyId)) === opts.target.currency,
  };
  const found = await lowestPrices(db, companyId, products, { at: opts.at, days: opts.days, target });
  return { gaps: found.gaps.length > 0, byVariant: new Map(found.variants.map((v) => [v.variantId, v.lowest?.cents ?? null])) };
}
