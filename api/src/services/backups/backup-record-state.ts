/**
 * The price list records of a backup's prices (issue 35; backup-records.ts says how they are
 * held): the stored records as a state, a price list order's snapshot over them, and the records
 * at a moment rebuilt from the price history entries of price lists.
 */
import type { BackedUpRecordRow, Database, ListedPriceHistoryEntry, PriceSnapshot } from '../../db/repositories';
import { copyRecords, listKey, type BackedUpRecord, type RecordState } from './backup-records';

/** The stored records as a backup holds them. */
export function recordStateOf(rows: readonly BackedUpRecordRow[]): RecordState {
  const state: RecordState = new Map();
  for (const r of rows) {
    const k = listKey(r.priceListId, r.currency);
    const records = state.get(k) ?? new Map<number, BackedUpRecord>();
    records.set(r.variantId, { productId: r.productId, price: r.priceCents, sale: r.salePriceCents, retail: r.retailPriceCents, map: r.mapPriceCents });
    state.set(k, records);
  }
  return state;
}

/**
 * `records` with a price list order's snapshot over them (the store's records of its variants,
 * read just before it wrote): a record as it was, and none where the variant had none.
 */
export function withRecordSnapshot(records: RecordState, snapshot: readonly PriceSnapshot[]): RecordState {
  const out = copyRecords(records);
  for (const s of snapshot) {
    if (!s.priceList || s.externalVariantId == null) continue;
    const k = listKey(s.priceList.id, s.priceList.currency);
    const list = out.get(k) ?? new Map<number, BackedUpRecord>();
    if (s.priceList.exists) {
      list.set(s.externalVariantId, {
        productId: s.externalProductId, price: s.regularPriceCents ?? 0, sale: s.salePriceCents, retail: s.retailPriceCents ?? null, map: s.priceList.mapPriceCents,
      });
    } else {
      list.delete(s.externalVariantId);
    }
    if (list.size > 0) out.set(k, list);
    else out.delete(k);
  }
  return out;
}

/**
 * Applies the price list entries of the price history (oldest first) to `records`: each holds a
 * record's price and sale price after the change (a work order, its undo, the store), and its
 * retail price when the change set it (its MAP is never changed). An entry names a product
 * without options by the product: its record is its base variant's.
 *
 * An entry that deleted the record (recordChange 'deleted': the store's deletion, the undo of an
 * order that made it, an order's item removing it) leaves no record, whatever prices it holds
 * (the catalog's, which apply without one); one that created it starts a record of its own (no
 * earlier record's retail or MAP price). An entry written before the marker is read as its
 * prices say, but for an undo of an order that made a record, which the order's snapshot names.
 */
export async function applyRecordEntries(db: Database, companyId: string, records: RecordState, entries: readonly ListedPriceHistoryEntry[]): Promise<void> {
  const own = entries.filter((e) => e.priceListId != null && e.currency != null);
  if (own.length === 0) return;
  const bases = await baseVariants(db, companyId, own.filter((e) => e.variantExternalId === null).map((e) => e.productExternalId));
  const made = await recordsMadeBy(db, companyId, own.filter((e) => e.changeType === 'undo' && e.recordChange == null).map((e) => e.workOrderId));
  for (const e of own) {
    const variantId = e.variantExternalId ?? bases.get(e.productExternalId);
    if (variantId == null) continue;
    const k = listKey(e.priceListId!, e.currency!);
    const list = records.get(k) ?? new Map<number, BackedUpRecord>();
    records.set(k, list);
    const unmarkedUndo = e.recordChange == null && e.changeType === 'undo' && e.workOrderId && made.get(e.workOrderId)?.has(`${k}:${variantId}`);
    if (e.recordChange === 'deleted' || unmarkedUndo) {
      list.delete(variantId);
      continue;
    }
    if (e.newRegularPriceCents === null) continue;
    const before = e.recordChange === 'created' ? undefined : list.get(variantId);
    const retailSet = e.oldRetailPriceCents != null || e.newRetailPriceCents != null;
    list.set(variantId, {
      productId: e.productExternalId,
      price: e.newRegularPriceCents,
      sale: e.newSalePriceCents,
      retail: retailSet ? (e.newRetailPriceCents ?? null) : (before?.retail ?? null),
      map: before?.map ?? null,
    });
  }
  for (const [k, list] of records) if (list.size === 0) records.delete(k);
}

/** The base variants of these products (store ids), by product store id. */
async function baseVariants(db: Database, companyId: string, productIds: readonly number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const products = await db.products.getByExternalIds(companyId, [...new Set(productIds)]);
  return new Map(products.flatMap((p) => (p.baseVariantId === null ? [] : [[p.externalId, p.baseVariantId] as const])));
}

/** Per order, the records it made ("7:USD:variant"): its snapshot's entries without a record. */
async function recordsMadeBy(db: Database, companyId: string, orderIds: ReadonlyArray<string | null>): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  for (const id of new Set(orderIds)) {
    if (!id) continue;
    const order = await db.workOrders.get(companyId, id);
    const made = (order?.originalPrices ?? []).filter((s) => s.priceList && !s.priceList.exists && s.externalVariantId != null);
    out.set(id, new Set(made.map((s) => `${listKey(s.priceList!.id, s.priceList!.currency)}:${s.externalVariantId}`)));
  }
  return out;
}
