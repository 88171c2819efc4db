/**
 * Read-back (issue 18): after an order's prices are written (or written back by an undo), they
 * are read from the store again and compared with what was written. A store can answer a write
 * with success and keep the old price (another app reverting it, a caching layer, a bug); such
 * items are written once more and read again, and what still differs becomes the order's warning.
 */
import type { BigCommerceClient } from '@catalog/commerce';
import { formatCents } from '@catalog/contracts/money';
import { listFailures, localRetail, localSale, snapshotKey, type PriceTarget } from './price-plan';
import { readSnapshot } from './store-snapshot';

type Prices = { regular: number | null; sale: number | null; retail?: number | null };

const money = (cents: number | null | undefined) => (cents == null ? 'none' : formatCents(cents));

/** Why the store's prices differ from what was written, or null when they match. */
export function mismatch(target: PriceTarget, store: Prices | undefined): string | null {
  // A record an undo deleted (issue 35) must be gone.
  if (target.record?.remove) return store ? 'deleted, but the price list still has it' : null;
  if (!store) return target.record ? 'not in the price list' : 'no longer in the store';
  const diffs: string[] = [];
  if (target.regularPriceCents !== undefined && store.regular !== target.regularPriceCents) {
    diffs.push(`price ${money(target.regularPriceCents)} written, store has ${money(store.regular)}`);
  }
  if (target.salePriceCents !== undefined) {
    const sale = (cents: number | null) => localSale(target.kind, cents) ?? null;
    if (sale(store.sale) !== sale(target.salePriceCents)) {
      diffs.push(`sale price ${money(target.salePriceCents)} written, store has ${money(store.sale)}`);
    }
  }
  if (target.retailPriceCents !== undefined) {
    const retail = (cents: number | null | undefined) => localRetail(target.kind, cents) ?? null;
    if (retail(store.retail) !== retail(target.retailPriceCents)) {
      diffs.push(`retail price ${money(target.retailPriceCents)} written, store has ${money(store.retail)}`);
    }
  }
  return diffs.length ? diffs.join(', ') : null;
}

/** The written targets whose store prices differ, with why. */
export async function differing(client: BigCommerceClient, written: readonly PriceTarget[], signal?: AbortSignal) {
  if (written.length === 0) return [];
  const read = await readSnapshot(client, written, signal);
  const found = new Map(read.prices.map((p) => [snapshotKey(p), { regular: p.regularPriceCents, sale: p.salePriceCents, retail: p.retailPriceCents }]));
  return written.flatMap((t) => {
    const reason = mismatch(t, found.get(t.key));
    return reason ? [{ target: t, reason }] : [];
  });
}

/** The order's warning for items the store still does not have as written after one retry. */
export function readBackWarning(failures: ReadonlyArray<{ target: PriceTarget; reason: string }>, total: number): string | null {
  if (failures.length === 0) return null;
  return `The store did not keep ${failures.length} of ${total} prices when they were read back after writing, also after one more try: ${listFailures(
    failures.map((f) => ({ label: f.target.label, reason: f.reason })),
  )}. Check them in the store.`;
}
