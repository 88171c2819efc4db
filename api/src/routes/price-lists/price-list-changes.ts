/**
 * GET /api/price-lists/changes (contracts price-list-changes.ts): one page of the company's price
 * list records changed after a device's cursor, with every list whole and the catalog's currency.
 *
 * The copy a device holds belongs to a company and its store connection (`catalogId`: the
 * company, the store's hash and the settings row the connection made): connecting another store,
 * or the same one again after a disconnection, clears the lists and starts the record versions
 * again from 0 (PriceListsRepository.clear), so a device whose copy is of another connection, or
 * whose cursor is ahead of the company's version, starts over (`reset`, from 0). The connection
 * is part of the id because a device offline meanwhile may come back when the new connection's
 * versions have passed its cursor: the cursor alone would not tell it its copy is gone.
 *
 * Records are objects, or with `rows=arrays` arrays of their values in the contracts' columns
 * order, named in the page's `columns` (replication-rows.ts, decision 064).
 */
import type { PriceListChangesQuery, PriceListChangesResponse, ReplicatedPriceListRecord } from '@catalog/contracts/price-list-changes';
import type { PriceListSummary } from '@catalog/contracts/price-lists';
import { formatCents } from '@catalog/contracts/money';
import { LruCache } from '@catalog/contracts/lru-cache';
import { RECORD_COLUMNS, RECORD_KEY_COLUMNS, toRow, type ReplicationRowShape } from '@catalog/contracts/replication-rows';
import type {
  ApiSettings, Database, PriceListChangesJson, PriceListRecordChange, PriceListRecordCount, PriceListSyncState, StoredPriceList,
} from '../../db/repositories';
import { pageJson } from '../../services/catalog/replication';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const money = (cents: number | null) => (cents === null ? null : formatCents(cents));

export function toWireList(l: StoredPriceList): PriceListSummary {
  return { ...l, dateModified: iso(l.dateModified), recordsReadAt: iso(l.recordsReadAt) };
}

const keyOf = (r: PriceListRecordChange) => ({ priceListId: r.priceListId, variantId: r.variantId, productId: r.productId, currency: r.currency });

function toReplicated(r: PriceListRecordChange): ReplicatedPriceListRecord {
  return {
    ...keyOf(r), price: formatCents(r.priceCents), salePrice: money(r.salePriceCents), retailPrice: money(r.retailPriceCents), mapPrice: money(r.mapPriceCents),
  };
}

/** The id of a company's price list copy: its store connection's (no store: the company's alone). */
export function priceListCatalogId(companyId: string, settings: Pick<ApiSettings, 'id' | 'storeHash'> | null | undefined): string {
  return settings ? `${companyId}:${settings.storeHash}:${settings.id}` : `${companyId}:`;
}

/** A page as its JSON (a PriceListChangesResponse, UTF-8): a first pull's pages are large, and never built as objects on SQLite. */
export type PriceListChanges = (companyId: string, query: PriceListChangesQuery) => Promise<Buffer<ArrayBuffer>>;

export function createPriceListChanges(db: Database): PriceListChanges {
  // Every page carries the lists' record counts, a pass over all the company's records (~380,000
  // for 100,000 products: more than the page itself costs). They move only with a record's
  // version, so a first pull's ~76 pages count once; the time the lists were read is in the key
  // because clearing them (another store connected) starts the versions again from 0.
  const counts = new LruCache<string, PriceListRecordCount[]>({ maxEntries: 1024 });
  async function recordCounts(companyId: string, state: PriceListSyncState): Promise<PriceListRecordCount[]> {
    const key = `${companyId}\u0000${state.recordVersion}\u0000${state.listsReadAt?.getTime() ?? ''}`;
    const known = counts.get(key);
    if (known !== undefined) return known;
    const counted = await db.priceLists.recordCounts(companyId);
    counts.set(key, counted);
    return counted;
  }

  return async (companyId, query) => {
    const [settings, state] = await Promise.all([db.settings.get(companyId), db.priceLists.syncState(companyId)]);
    // The store connection is part of the copy's identity: another one's lists share nothing with these.
    const catalogId = priceListCatalogId(companyId, settings);
    const reset = (query.catalog !== undefined && query.catalog !== catalogId) || query.cursor > state.recordVersion;
    const since = reset ? 0 : query.cursor;
    const [page, lists, catalogCurrency] = await Promise.all([
      recordsJson(db, companyId, since, query.limit, query.rows),
      recordCounts(companyId, state).then((known) => db.priceLists.listLists(companyId, known)),
      db.priceLists.catalogCurrency(companyId),
    ]);
    const head: Omit<PriceListChangesResponse, 'records' | 'deleted'> = {
      catalogId,
      reset,
      cursor: page.cursor,
      hasMore: page.hasMore,
      // Read before the page: writes committed in between can put the page past it.
      latestVersion: Math.max(state.recordVersion, page.cursor),
      catalogCurrency,
      lists: lists.map(toWireList),
      ...(query.rows === 'arrays' ? { columns: { records: RECORD_COLUMNS, deleted: RECORD_KEY_COLUMNS } } : {}),
    };
    return pageJson(head, { records: page.records, deleted: page.deleted });
  };
}

/** The page's records: the dialect's own JSON when it writes it, else changesSince's rows mapped here. */
async function recordsJson(db: Database, companyId: string, since: number, limit: number, shape: ReplicationRowShape): Promise<PriceListChangesJson> {
  if (db.priceLists.changesSinceJson) return db.priceLists.changesSinceJson(companyId, since, limit, shape);
  // One more than the page: whether another page follows.
  const rows = await db.priceLists.changesSince(companyId, since, limit + 1);
  const page = rows.slice(0, limit);
  const records = page.filter((r) => !r.deleted).map(toReplicated);
  const deleted = page.filter((r) => r.deleted).map(keyOf);
  const arrays = shape === 'arrays';
  return {
    cursor: page.at(-1)?.version ?? since,
    hasMore: rows.length > limit,
    records: Buffer.from(JSON.stringify(arrays ? records.map((r) => toRow(r, RECORD_COLUMNS)) : records)),
    deleted: Buffer.from(JSON.stringify(arrays ? deleted.map((k) => toRow(k, RECORD_KEY_COLUMNS)) : deleted)),
  };
}
