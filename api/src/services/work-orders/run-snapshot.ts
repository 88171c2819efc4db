/**
 * A run's first step: the store's prices of every item before anything is written, which a
 * failed run restores and an undo puts back. Read once per order: the snapshot is saved before
 * the first write, and a resumed run keeps it, never re-reading prices its earlier run changed.
 */
import { isBigCommerceError, type BigCommerceClient } from '@catalog/commerce';
import type { PriceSnapshot } from '../../db/repositories';
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

/** Saves the snapshot on the order before the first write; false when the run no longer holds the lease. */
export async function saveSnapshot(ctx: RunContext, snapshot: PriceSnapshot[]): Promise<boolean> {
  const { order } = ctx;
  const saved = await ctx.db.workOrders.update(order.companyId, order.id, { originalPrices: snapshot }, { status: 'executing', leaseOwner: ctx.owner }, ctx.now());
  return saved !== null;
}
