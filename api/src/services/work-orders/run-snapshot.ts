/**
 * A run's first step: the store's prices of every item before anything is written, which a
 * failed run restores and an undo puts back. Read once per order: the snapshot is saved before
 * the first write, and a resumed run keeps it, never re-reading prices its earlier run changed.
 */
import { isBigCommerceError, type BigCommerceClient } from '@catalog/commerce';
import type { PriceSnapshot, ProductVariant, ProductWithVariants } from '../../db/repositories';
import { failed, sentence, type RunContext, type RunOutcome } from './run-context';
import { listFailures, type PriceTarget } from './price-plan';
import { readSnapshot } from './store-snapshot';
import { failureReason } from './store-writer';

/**
 * The store's prices of the order's items now; or, when they cannot be had, how the run ended
 * (failed, nothing written): the store could not be read, or items are gone from it.
 */
export async function readPrices(ctx: RunContext, client: BigCommerceClient, targets: readonly PriceTarget[]): Promise<PriceSnapshot[] | RunOutcome> {
  let read;
  try {
    read = await readSnapshot(client, targets, ctx.signal);
    // A variant without a record in the order's price list pays the catalog's price: that is its snapshot (issue 35).
    if (read.missing.length > 0 && read.missing[0]!.record) {
      const catalog = await catalogPricesOf(ctx, read.missing, await catalogCurrency(client, ctx.signal));
      read = { prices: [...read.prices, ...catalog.prices], missing: catalog.missing };
    }
  } catch (err) {
    if (ctx.signal.aborted || !isBigCommerceError(err)) throw err;
    return failed(ctx, `Could not read the current prices from the store: ${sentence(failureReason(err))} Nothing was changed.`);
  }
  if (read.missing.length > 0) {
    return failed(ctx, `Could not start: ${read.missing.length} of ${targets.length} items no longer exist in the store: ${listFailures(
      read.missing.map((t) => ({ label: t.label, reason: 'not found' })),
    )}. Nothing was changed; sync the catalog and create the order again.`);
  }
  return read.prices;
}

/**
 * The snapshot of record targets with no record: the catalog's prices (a variant's own, else its
 * product's, from the synced catalog) when the list's currency is the catalog's, which is what
 * those customers pay; in another currency the store converts them at a rate the product does not
 * know, so the prices are unknown (null) and the order must set the record's price. Also the
 * prices a record an item removes leaves its customers at (its history entry's after).
 */
export async function catalogPricesOf(ctx: RunContext, targets: readonly PriceTarget[], currency: string | null): Promise<{ prices: PriceSnapshot[]; missing: PriceTarget[] }> {
  const products = await ctx.db.products.getByExternalIds(ctx.order.companyId, [...new Set(targets.map((t) => t.externalProductId))]);
  // A product's base variant (the product itself) has no row of its own: the product's prices are its.
  const variants = new Map<number, { p: ProductWithVariants; v: ProductVariant | null }>(products.flatMap((p) => [
    ...p.variants.map((v) => [v.externalId, { p, v }] as const),
    ...(p.baseVariantId === null ? [] : [[p.baseVariantId, { p, v: null }] as const]),
  ]));
  const prices: PriceSnapshot[] = [];
  const missing: PriceTarget[] = [];
  for (const t of targets) {
    const found = variants.get(t.externalId);
    if (!found || !t.record) {
      missing.push(t);
      continue;
    }
    const { p, v } = found;
    const known = currency === t.record.currency;
    prices.push({
      productId: t.productId,
      variantId: t.variantId,
      externalProductId: t.externalProductId,
      externalVariantId: t.externalId,
      regularPriceCents: known ? v?.regularPriceCents ?? p.regularPriceCents : null,
      salePriceCents: known ? v?.salePriceCents ?? p.salePriceCents : null,
      retailPriceCents: known ? v?.retailPriceCents ?? p.retailPriceCents : null,
      priceList: { id: t.record.priceListId, currency: t.record.currency, exists: false, mapPriceCents: null },
    });
  }
  return { prices, missing };
}

/**
 * The currency of the catalog's prices: the default currency of the store's first channel (its
 * default storefront, channel 1 on BigCommerce), read when a snapshot needs it.
 */
async function catalogCurrency(client: BigCommerceClient, signal: AbortSignal): Promise<string | null> {
  const channels = await client.getChannels({ signal });
  const storefront = channels.find((c) => c.id === 1) ?? channels[0];
  return storefront?.defaultCurrency?.toUpperCase() ?? null;
}

/** Saves the snapshot on the order before the first write; false when the run no longer holds the lease. */
export async function saveSnapshot(ctx: RunContext, snapshot: PriceSnapshot[]): Promise<boolean> {
  const { order } = ctx;
  // Not read back: an order of 10,000 items is megabytes of JSON.
  return ctx.db.workOrders.set(order.companyId, order.id, { originalPrices: snapshot }, { status: 'executing', leaseOwner: ctx.owner }, ctx.now());
}
