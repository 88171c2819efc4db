/**
 * A run's last step before its status: what it wrote goes into the price history and the
 * local catalog (new change versions, so devices pull the prices). A database failure here
 * leaves the order executing: once its lease lapses a run resumes it, repeats the (absolute)
 * writes and records what is still missing, so both are safe to repeat.
 */
import type { PriceSnapshot, WorkOrder } from '../../db/repositories';
import { NotFoundError, UniqueViolationError, rethrowUnique } from '../../db/errors';
import type { RunContext } from './run-context';
import { historyEntries, localChanges, type HistoryPhase, type PriceTarget } from './price-plan';

/** One history entry per item; a resumed run finds its entries already there (same ids) and adds none. */
export async function recordHistory(
  ctx: RunContext, order: WorkOrder, phase: HistoryPhase, targets: PriceTarget[], before: ReadonlyMap<string, PriceSnapshot>,
) {
  try {
    await ctx.db.priceHistory.add(order.companyId, historyEntries(order, phase, targets, before));
  } catch (err) {
    try {
      rethrowUnique(err);
    } catch (unique) {
      if (unique instanceof UniqueViolationError) return;
    }
    throw err;
  }
}

/** The local catalog follows the store; products deleted locally since the order was made are skipped. */
export async function applyLocally(ctx: RunContext, companyId: string, written: PriceTarget[]) {
  const { db, now } = ctx;
  try {
    await db.products.setPrices(companyId, localChanges(written), now());
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
    const live = await db.products.getByExternalIds(companyId, written.map((t) => t.externalProductId));
    const products = new Set(live.map((p) => p.id));
    const variants = new Set(live.flatMap((p) => p.variants.map((v) => v.id)));
    const still = written.filter((t) => products.has(t.productId) && (t.variantId === null || variants.has(t.variantId)));
    await db.products.setPrices(companyId, localChanges(still), now());
  }
}
