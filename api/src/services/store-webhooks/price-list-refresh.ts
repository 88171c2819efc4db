/**
 * The store's price list webhooks (issue 35), received and acted on:
 *   - the receiver (routes/store-webhooks) queues what a delivery names (price-list-webhooks.ts
 *     in the contracts says what): a list's or an assignment's event makes the metadata due, a
 *     record's or a batch's queues those records, records deleted in bulk also make their lists'
 *     next read whole;
 *   - the store-refresh worker (refresh-worker.ts) then, for a company under its lease, reads
 *     the metadata again when due (lists, assignments, customer groups, channels: 4 requests,
 *     a list gone takes its records), and the queued records again, per list and currency 250
 *     variants a request (`variant_id:in`): those the store has are written, those it no longer
 *     has become tombstones. Queued records wait `settleMs` first, like products. A record's
 *     price, sale or retail price changed, made or deleted this way is a change made in the
 *     store: a 'webhook' price history entry, written with the records (RecordHistory).
 */
import { isBigCommerceError, type BigCommerceClient } from '@catalog/commerce';
import { priceListEventWork } from '@catalog/contracts/price-list-webhooks';
import type { StoreWebhookPayload } from '@catalog/contracts/store-webhooks';
import type { Database, PriceListRecordKey } from '../../db/repositories';

/** Records read again per pass of the worker (4 requests of 250 variants when they share a list and currency). */
const RECORDS_PER_PASS = 1_000;
/** Variants per `variant_id:in` request (the client's chunk). */
const VARIANTS_PER_REQUEST = 250;

/** Queues what a fresh price list delivery names; returns whether there is anything to read. */
export async function queuePriceListEvent(db: Database, companyId: string, payload: StoreWebhookPayload, at: Date): Promise<boolean> {
  const work = priceListEventWork(payload.scope, payload.data);
  for (const id of work.fullRead) await db.priceLists.requireFullRead(companyId, id);
  if (!work.lists && work.records.length === 0) return false;
  await db.priceLists.queueRefresh(companyId, { lists: work.lists, records: work.records, at });
  return true;
}

export interface PriceListRefreshTarget {
  db: Database;
  client: BigCommerceClient;
  companyId: string;
  settleMs: number;
  signal?: AbortSignal;
  now: () => Date;
}

/** Reads again what the company's price list webhooks queued, until nothing settled is left; returns how many things were read. */
export async function refreshPriceLists(t: PriceListRefreshTarget): Promise<number> {
  let total = 0;
  while (!t.signal?.aborted) {
    const readAt = t.now();
    const pending = await t.db.priceLists.pendingRefresh(t.companyId, new Date(readAt.getTime() - t.settleMs), RECORDS_PER_PASS);
    if (!pending.lists && pending.records.length === 0) break;
    if (pending.lists) await readMetadata(t, readAt);
    await readRecords(t, pending.records);
    await t.db.priceLists.refreshDone(t.companyId, pending.records, readAt);
    total += pending.records.length + (pending.lists ? 1 : 0);
  }
  return total;
}

async function readMetadata(t: PriceListRefreshTarget, readAt: Date): Promise<void> {
  const call = { signal: t.signal };
  try {
    const [lists, assignments, customerGroups, channels] = await Promise.all([
      t.client.getPriceLists(call), t.client.getPriceListAssignments(call), t.client.getCustomerGroups(call), t.client.getChannels(call),
    ]);
    await t.db.priceLists.replaceLists(t.companyId, {
      lists: lists.map((l) => ({ id: l.id, name: l.name, active: l.active, dateModified: l.dateModified ? new Date(l.dateModified) : null })),
      assignments, customerGroups, channels,
    }, readAt);
  } catch (err) {
    // A token without the scope: noted (which drops the flag), else tried again at the next look.
    if (!isBigCommerceError(err, 'auth')) throw err;
    await t.db.priceLists.markUnavailable(t.companyId, 'forbidden');
  }
}

/** The records, per list and currency: written as the store has them, tombstoned when it has them no more. */
async function readRecords(t: PriceListRefreshTarget, records: readonly PriceListRecordKey[]): Promise<void> {
  const groups = new Map<string, { priceListId: number; currency: string; variantIds: number[] }>();
  for (const r of records) {
    const key = `${r.priceListId}:${r.currency}`;
    const group = groups.get(key) ?? { priceListId: r.priceListId, currency: r.currency, variantIds: [] };
    group.variantIds.push(r.variantId);
    groups.set(key, group);
  }
  for (const g of groups.values()) {
    for (let i = 0; i < g.variantIds.length; i += VARIANTS_PER_REQUEST) {
      const variantIds = g.variantIds.slice(i, i + VARIANTS_PER_REQUEST);
      let found;
      try {
        found = await t.client.getPriceRecords(g.priceListId, { variantIds, currency: g.currency }, { signal: t.signal });
      } catch (err) {
        if (!isBigCommerceError(err, 'not_found')) throw err;
        // The list is gone: the metadata's next read removes it with its records.
        await t.db.priceLists.queueRefresh(t.companyId, { lists: true, at: t.now() });
        break;
      }
      const history = { source: 'webhook', at: t.now() } as const;
      await t.db.priceLists.upsertRecords(t.companyId, found, { history });
      const present = new Set(found.map((r) => r.variantId));
      const gone = variantIds.filter((id) => !present.has(id));
      if (gone.length > 0) await t.db.priceLists.deleteRecords(t.companyId, g.priceListId, g.currency, gone, { history });
    }
  }
}
