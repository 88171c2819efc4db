/**
 * The store's price lists, read after the catalog by every Sync (issue 35): the lists, their
 * assignments, the customer groups (Customers v2) and the channels with their currencies, one
 * request each (a store has a handful of each), saved whole; then each list's records page by
 * page, 250 a page, one list and one page at a time (the records endpoint allows 40 GETs at once;
 * one leaves the rest to the catalog and the work orders of the same store), the next page
 * requested while the last one is written.
 *
 * A list's records are read whole (a full pass: what the read did not find is removed) the first
 * time, when the catalog's Sync is a full pass, when a webhook said records were deleted in bulk,
 * and at least once a day; otherwise only those the store modified since the last read began
 * (`date_modified:min`, a minute earlier for clocks that disagree). date_modified shows no deletion:
 * the webhooks (store-webhooks/price-list-refresh.ts) and the daily full pass do.
 *
 * What the read finds changed in a list read before (a record's price, sale or retail price, a
 * record new or gone) is a change made in the store: each gets a 'sync' price history entry,
 * written with the records (RecordHistory). A list's first read knows no earlier price: none.
 *
 * A store whose token lacks the price list scope (401/403), or without price lists (404), does not
 * fail the catalog's Sync: it is recorded (the company's price list state says why) and the sync
 * moves on; so does any other failure, which leaves the lists' read state as it was. The client's
 * priority is the caller's (a Sync's is 'background').
 */
import { isBigCommerceError, type BigCommerceClient, type PriceRecordPage } from '@catalog/commerce';
import type { Database, PriceListReadState } from '../../db/repositories';
import { FULL_PASS_EVERY_MS, SINCE_OVERLAP_MS } from './sync-mode';

export interface PriceListSyncOptions {
  db: Database;
  client: BigCommerceClient;
  companyId: string;
  /** Read every list's records whole (the catalog's Sync is a full pass). */
  full: boolean;
  /** Records per request (default and most: 250). */
  pageSize?: number;
  signal?: AbortSignal;
  now?: () => Date;
}

export interface PriceListSyncStats {
  lists: number;
  /** Lists whose records were read whole. */
  fullReads: number;
  recordPages: number;
  records: number;
  /** Records new or changed (each took a version). */
  changed: number;
  /** Records removed because a whole read did not find them. */
  removed: number;
  /** Why the price lists were not read ('forbidden', 'not_found', or the error), when they were not. */
  skipped?: string;
}

/** Whether a list's records are read whole this time. */
export function readsWhole(list: PriceListReadState, full: boolean, now: Date): boolean {
  return full || list.fullReadDue || !list.recordsReadAt || !list.recordsSince || now.getTime() - list.recordsReadAt.getTime() >= FULL_PASS_EVERY_MS;
}

/** Reads the store's price lists into the company's copy; never throws but for a cancel (the signal). */
export async function syncPriceLists(o: PriceListSyncOptions): Promise<PriceListSyncStats> {
  const now = o.now ?? (() => new Date());
  const stats: PriceListSyncStats = { lists: 0, fullReads: 0, recordPages: 0, records: 0, changed: 0, removed: 0 };
  const call = { signal: o.signal };
  try {
    const readAt = now();
    const [lists, assignments, customerGroups, channels] = await Promise.all([
      o.client.getPriceLists(call), o.client.getPriceListAssignments(call), o.client.getCustomerGroups(call), o.client.getChannels(call),
    ]);
    await o.db.priceLists.replaceLists(o.companyId, {
      lists: lists.map((l) => ({ id: l.id, name: l.name, active: l.active, dateModified: l.dateModified ? new Date(l.dateModified) : null })),
      assignments, customerGroups, channels,
    }, readAt);
    stats.lists = lists.length;
    for (const list of (await o.db.priceLists.syncState(o.companyId)).lists) {
      if (o.signal?.aborted) break;
      // A list deleted since the lists were read: the next read of the lists removes it.
      await readRecords(o, list, readsWhole(list, o.full, now()), stats, now).catch((err: unknown) => {
        if (!isBigCommerceError(err, 'not_found') || o.signal?.aborted) throw err;
      });
    }
  } catch (err) {
    if (o.signal?.aborted) throw err;
    stats.skipped = await recordFailure(o, err);
  }
  return stats;
}

/** Notes why the lists could not be read; a missing scope or feature is remembered on the company. */
async function recordFailure(o: PriceListSyncOptions, err: unknown): Promise<string> {
  const reason = isBigCommerceError(err, 'auth') ? 'forbidden' : isBigCommerceError(err, 'not_found') ? 'not_found' : null;
  if (reason) await o.db.priceLists.markUnavailable(o.companyId, reason);
  return reason ?? String(err);
}

/** One list's records, whole or changed since its last read, written a page at a time behind the next page's request. */
async function readRecords(o: PriceListSyncOptions, list: PriceListReadState, whole: boolean, stats: PriceListSyncStats, now: () => Date): Promise<void> {
  const startedAt = now();
  const since = whole ? undefined : new Date(list.recordsSince!.getTime() - SINCE_OVERLAP_MS).toISOString();
  const pages = o.client.priceRecordPages(list.id, { dateModifiedMin: since, limit: o.pageSize }, { signal: o.signal })[Symbol.asyncIterator]();
  const write = (page: PriceRecordPage) => o.db.priceLists.upsertRecords(o.companyId, page.records, { seenAt: startedAt, history: { source: 'sync', at: now() } }).then((n) => {
    stats.changed += n;
  });
  // The next page is asked for before this one is written: SQLite writes on this thread, so a
  // write started first would hold the request back until it finished (bench/price-list-sync.ts).
  let next = await pages.next();
  while (!next.done) {
    stats.recordPages++;
    stats.records += next.value.records.length;
    const following = pages.next();
    try {
      // A turn of the event loop first, so the request is on its way (through the pacer) before the write holds the thread.
      await new Promise((resolve) => setImmediate(resolve));
      await write(next.value);
    } catch (err) {
      // The request in flight is left to settle; its outcome no longer matters.
      following.catch(() => {});
      throw err;
    }
    next = await following;
  }
  if (whole) {
    stats.removed += await o.db.priceLists.removeUnseen(o.companyId, list.id, startedAt, { history: { source: 'sync', at: now() } });
    stats.fullReads++;
  }
  await o.db.priceLists.markRecordsRead(o.companyId, list.id, { startedAt, full: whole });
}
