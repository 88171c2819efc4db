/**
 * The store's records of a price list order's variants (issue 35): what store-snapshot.ts reads
 * for the catalog's products and variants, read from the price list instead. A variant without a
 * record in the list is `missing` here; a run's snapshot (run-snapshot.ts) gives it the catalog's
 * prices, which is what its customers pay (calculations.mdx), while a read back or an undo's read
 * sees that it has no record.
 */
import type { BigCommerceClient, PriceRecord } from '@catalog/commerce';
import type { PriceSnapshot } from '../../db/repositories';
import type { PriceTarget, RecordPrices } from './price-plan';

/** The records of `targets` (kind 'record'), by list and currency: one read per list and currency, chunked by the client. */
export async function readRecords(client: BigCommerceClient, targets: readonly PriceTarget[], signal?: AbortSignal): Promise<Map<string, PriceRecord>> {
  const groups = new Map<string, { priceListId: number; currency: string; variantIds: number[] }>();
  for (const t of targets) {
    if (!t.record) continue;
    const id = `${t.record.priceListId}:${t.record.currency}`;
    const group = groups.get(id) ?? { priceListId: t.record.priceListId, currency: t.record.currency, variantIds: [] };
    group.variantIds.push(t.externalId);
    groups.set(id, group);
  }
  const found = new Map<string, PriceRecord>();
  for (const g of groups.values()) {
    for (const r of await client.getPriceRecords(g.priceListId, { variantIds: g.variantIds, currency: g.currency }, { signal })) {
      if (r.currency.toUpperCase() === g.currency) found.set(recordKey(r.priceListId, r.currency.toUpperCase(), r.variantId), r);
    }
  }
  return found;
}

/** The key of a record's target (contracts' itemKeyIn). */
export const recordKey = (priceListId: number, currency: string, variantId: number) => `l${priceListId}:${currency}:v${variantId}`;

/** A record as a snapshot entry of its target. */
export function recordSnapshot(t: PriceTarget, r: PriceRecord): PriceSnapshot {
  return {
    productId: t.productId,
    variantId: t.variantId,
    externalProductId: t.externalProductId,
    externalVariantId: t.externalId,
    regularPriceCents: r.priceCents,
    salePriceCents: r.salePriceCents,
    retailPriceCents: r.retailPriceCents,
    priceList: { id: r.priceListId, currency: t.record!.currency, exists: true, mapPriceCents: r.mapPriceCents },
  };
}

/** The four prices of a stored record (what an upsert sends for the fields an order leaves alone). */
export const pricesOfRecord = (r: Pick<PriceRecord, 'priceCents' | 'salePriceCents' | 'retailPriceCents' | 'mapPriceCents'>): RecordPrices => ({
  priceCents: r.priceCents, salePriceCents: r.salePriceCents, retailPriceCents: r.retailPriceCents, mapPriceCents: r.mapPriceCents,
});

/**
 * The record an upsert starts from, from the run's snapshot: the record as it was, or for a
 * variant that had none a new record at the catalog's price (the price its customers paid), with
 * no sale, retail or MAP price of its own.
 */
export function baseOfSnapshot(s: PriceSnapshot): RecordPrices | null {
  if (!s.priceList) return null;
  if (s.priceList.exists) {
    return { priceCents: s.regularPriceCents ?? 0, salePriceCents: s.salePriceCents, retailPriceCents: s.retailPriceCents ?? null, mapPriceCents: s.priceList.mapPriceCents };
  }
  return s.regularPriceCents === null ? null : { priceCents: s.regularPriceCents, salePriceCents: null, retailPriceCents: null, mapPriceCents: null };
}

/** Record targets with the record each upsert starts from (baseOfSnapshot); other targets as they are. */
export function withRecordBases(targets: readonly PriceTarget[], snapshot: ReadonlyMap<string, PriceSnapshot>): PriceTarget[] {
  return targets.map((t) => {
    const before = snapshot.get(t.key);
    return t.record && before ? { ...t, record: { ...t.record, base: baseOfSnapshot(before) } } : t;
  });
}
