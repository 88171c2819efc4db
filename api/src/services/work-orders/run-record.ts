/**
 * A run's last step before its status: what it wrote goes into the price history and the
 * local catalog (new change versions, so devices pull the prices); a price list order's stored
 * records follow each batch already while it writes (applyAsWritten). A database failure here
 * leaves the order executing: once its lease lapses a run resumes it, repeats the (absolute)
 * writes and records what is still missing, so both are safe to repeat.
 */
import type { PriceListRecordInput, PriceSnapshot, WorkOrder } from '../../db/repositories';
import { NotFoundError, UniqueViolationError, rethrowUnique } from '../../db/errors';
import type { RunContext } from './run-context';
import { historyEntries, localChanges, snapshotKey, type CatalogSides, type HistoryPhase, type PriceTarget } from './price-plan';
import { catalogPricesOf } from './run-snapshot';
import { baseOfSnapshot } from './record-snapshot';
import { recordOf } from './record-writer';

/**
 * Entries written in one transaction. A large order's history goes in batches, the event loop
 * free between them, so the read-back it runs beside (executor.ts whileReadingBack) is not held
 * up for the whole history (10,000 entries); each batch is whole or absent.
 */
const HISTORY_BATCH = 1000;

/**
 * One history entry per item; a resumed run finds a batch's entries already there (same ids),
 * adds none of that batch and goes on with the next: a run that stopped between batches leaves
 * the later ones to write.
 */
export async function recordHistory(
  ctx: RunContext, order: WorkOrder, phase: HistoryPhase, targets: PriceTarget[], before: ReadonlyMap<string, PriceSnapshot>,
) {
  const entries = historyEntries(order, phase, targets, before, await removedRecordSides(ctx, order.companyId, targets));
  for (let i = 0; i < entries.length; i += HISTORY_BATCH) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    try {
      await ctx.db.priceHistory.add(order.companyId, entries.slice(i, i + HISTORY_BATCH));
    } catch (err) {
      try {
        rethrowUnique(err);
      } catch (unique) {
        if (unique instanceof UniqueViolationError) continue;
      }
      throw err;
    }
  }
}

/**
 * The catalog's prices of the records the order's items remove (what their customers pay from
 * then on, or paid before an undo put them back), by target key: from the synced catalog, in the
 * storefront's currency only (run-snapshot.ts catalogPricesOf), as a sync's entries have them.
 */
async function removedRecordSides(ctx: RunContext, companyId: string, targets: readonly PriceTarget[]): Promise<CatalogSides> {
  const removing = targets.filter((t) => t.record?.remove);
  if (removing.length === 0) return new Map();
  const { prices } = await catalogPricesOf(ctx, removing, await ctx.db.priceLists.catalogCurrency(companyId));
  return new Map(prices.map((p) => [snapshotKey(p), { regular: p.regularPriceCents, sale: p.salePriceCents, retail: p.retailPriceCents ?? null }]));
}

/**
 * The local catalog follows the store; products deleted locally since the order was made are
 * skipped. A price list order's records go to the stored price lists (issue 35): each record as
 * written over the snapshot's, or deleted. The store's webhooks of these writes refresh them again.
 */
export async function applyLocally(ctx: RunContext, companyId: string, written: PriceTarget[], before: ReadonlyMap<string, PriceSnapshot>) {
  const { db, now } = ctx;
  if (written.length === 0) return;
  if (written.some((t) => t.record)) {
    await applyRecordsLocally(ctx, companyId, written, before);
    return;
  }
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

/** The stored records as the store takes each batch of a price list order: `applied` queues a batch, `settled` waits for all queued. */
export interface LocalAsWritten {
  applied: (targets: PriceTarget[]) => void;
  /** Resolves once every batch queued so far is stored; rejects with the first failure. */
  settled: () => Promise<void>;
  /** Whether the target's record was stored this way. */
  has: (key: string) => boolean;
}

/**
 * The stored records follow a price list order's batches as the store takes them (issue 35), one
 * database transaction a batch while the next batch is on its way, instead of all 10,000 after
 * the last: the store's webhooks bring the same change, only later. A run that then fails puts
 * its records back in the store, and queues those too, so the stored records keep following the
 * store. The catalog's products and variants are not queued: they change once, at the end.
 */
export function applyAsWritten(ctx: RunContext, companyId: string, before: ReadonlyMap<string, PriceSnapshot>): LocalAsWritten {
  let queue = Promise.resolve();
  const stored = new Set<string>();
  return {
    applied(targets) {
      const records = targets.filter((t) => t.record);
      if (records.length === 0) return;
      for (const t of records) stored.add(t.key);
      queue = queue.then(async () => {
        // The batch's reads and the next upsert go out before this transaction holds the thread.
        await new Promise((resolve) => setImmediate(resolve));
        await applyRecordsLocally(ctx, companyId, records, before);
      });
      queue.catch(() => {}); // awaited by `settled`
    },
    settled: () => queue,
    has: (key) => stored.has(key),
  };
}

async function applyRecordsLocally(ctx: RunContext, companyId: string, written: readonly PriceTarget[], before: ReadonlyMap<string, PriceSnapshot>) {
  const removed = new Map<string, { priceListId: number; currency: string; variantIds: number[] }>();
  const skus = new Map(ctx.order.productUpdates.map((i) => [i.externalVariantId, i.variantSku ?? null]));
  const records: PriceListRecordInput[] = [];
  const at = ctx.now();
  for (const t of written) {
    const { record } = t;
    if (!record) continue;
    if (record.remove) {
      const id = `${record.priceListId}:${record.currency}`;
      const group = removed.get(id) ?? { priceListId: record.priceListId, currency: record.currency, variantIds: [] };
      group.variantIds.push(t.externalId);
      removed.set(id, group);
      continue;
    }
    const snapshot = before.get(t.key);
    const prices = recordOf(t, record.base ?? (snapshot ? baseOfSnapshot(snapshot) : null));
    if (typeof prices === 'string') continue;
    records.push({
      priceListId: record.priceListId, variantId: t.externalId, productId: t.externalProductId, sku: skus.get(t.externalId) ?? null,
      currency: record.currency, ...prices, dateModified: at,
    });
  }
  for (const g of removed.values()) await ctx.db.priceLists.deleteRecords(companyId, g.priceListId, g.currency, g.variantIds);
  if (records.length > 0) await ctx.db.priceLists.upsertRecords(companyId, records);
}
