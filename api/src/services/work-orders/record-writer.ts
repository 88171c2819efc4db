/**
 * Writes a batch of price list record targets (issue 35): records an undo removes are deleted
 * (by filter, per list and currency), the others upserted whole (the store replaces a record:
 * the fields an order leaves alone are sent as `base` has them, read from the store first where
 * an undo did not bring them). Every target ends applied, failed for good (the store refused it,
 * or there is nothing to write), or failed for a passing reason (tried again in a later round).
 */
import { isBigCommerceError, type BigCommerceClient, type PriceRecordWrite } from '@catalog/commerce';
import type { PriceTarget, RecordPrices } from './price-plan';
import { pricesOfRecord, readRecords, recordKey } from './record-snapshot';

export interface RecordBatchOutcome {
  /** Written targets, each with `record.base` now the record as written (null: deleted). */
  applied: PriceTarget[];
  failed: Array<{ target: PriceTarget; reason: string; permanent: boolean }>;
}

const PASSING = new Set(['server', 'network', 'timeout', 'rate_limited']);

/** The record a target writes over `base`; a string says why there is none to write. */
export function recordOf(t: PriceTarget, base: RecordPrices | null): RecordPrices | string {
  const price = t.regularPriceCents ?? base?.priceCents;
  if (price == null) return 'it has no record in this price list and the order sets no price for it';
  return {
    priceCents: price,
    salePriceCents: t.salePriceCents !== undefined ? t.salePriceCents : base?.salePriceCents ?? null,
    retailPriceCents: t.retailPriceCents !== undefined ? t.retailPriceCents : base?.retailPriceCents ?? null,
    mapPriceCents: base?.mapPriceCents ?? null,
  };
}

export async function writeRecordBatch(client: BigCommerceClient, items: readonly PriceTarget[], signal?: AbortSignal): Promise<RecordBatchOutcome> {
  const out: RecordBatchOutcome = { applied: [], failed: [] };
  const storeFailure = (targets: readonly PriceTarget[], err: unknown) => {
    if (!isBigCommerceError(err) || err.kind === 'aborted') throw err;
    for (const target of targets) out.failed.push({ target, reason: err.message, permanent: !PASSING.has(err.kind) });
  };

  const removes = items.filter((t) => t.record?.remove);
  for (const group of byListAndCurrency(removes)) {
    try {
      await client.deletePriceRecords(group.priceListId, { variantIds: group.targets.map((t) => t.externalId), currency: group.currency }, { signal });
      out.applied.push(...group.targets.map((t) => withBase(t, null)));
    } catch (err) {
      storeFailure(group.targets, err);
    }
  }

  const upserts = items.filter((t) => !t.record?.remove);
  const unread = upserts.filter((t) => t.record?.base === undefined);
  let current = new Map<string, RecordPrices>();
  try {
    if (unread.length > 0) current = new Map([...(await readRecords(client, unread, signal))].map(([key, r]) => [key, pricesOfRecord(r)]));
  } catch (err) {
    storeFailure(unread, err);
    return out;
  }
  const writes: PriceRecordWrite[] = [];
  const sent = new Map<string, { target: PriceTarget; prices: RecordPrices }>();
  for (const t of upserts) {
    const base = t.record!.base === undefined ? current.get(t.key) ?? null : t.record!.base;
    const prices = recordOf(t, base);
    if (typeof prices === 'string') {
      out.failed.push({ target: t, reason: prices, permanent: true });
      continue;
    }
    writes.push({ priceListId: t.record!.priceListId, variantId: t.externalId, currency: t.record!.currency, ...prices });
    sent.set(t.key, { target: t, prices });
  }
  if (writes.length === 0) return out;
  const result = await client.upsertPriceRecords(writes, { signal });
  const keyOf = (w: PriceRecordWrite) => recordKey(w.priceListId, w.currency, w.variantId);
  for (const w of result.applied) {
    const s = sent.get(keyOf(w));
    if (s) out.applied.push(withBase(s.target, s.prices));
  }
  for (const f of result.failed) {
    const s = sent.get(keyOf(f.write));
    if (s) out.failed.push({ target: s.target, reason: f.reason, permanent: f.permanent });
  }
  return out;
}

const withBase = (t: PriceTarget, base: RecordPrices | null): PriceTarget => ({ ...t, record: { ...t.record!, base } });

function byListAndCurrency(targets: readonly PriceTarget[]) {
  const groups = new Map<string, { priceListId: number; currency: string; targets: PriceTarget[] }>();
  for (const t of targets) {
    const id = `${t.record!.priceListId}:${t.record!.currency}`;
    const group = groups.get(id) ?? { priceListId: t.record!.priceListId, currency: t.record!.currency, targets: [] };
    group.targets.push(t);
    groups.set(id, group);
  }
  return [...groups.values()];
}
