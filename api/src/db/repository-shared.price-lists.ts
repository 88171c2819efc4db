/**
 * What both dialects' price list repositories share (sqlite/price-lists.ts, pg/price-lists.ts),
 * written once against a table of either schema: the conditions, the rows written, the plan of
 * a chunk of record writes (which records changed and take a version) and the assembly of the
 * lists read.
 */
import { and, eq, gt, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type {
  PriceListInput, PriceListMetadata, PriceListRecord, PriceListRecordChange, PriceListRecordCount, PriceListRecordInput, PriceListRecordKey, PriceListRecordsQuery,
  StoredPriceList,
} from './repositories.price-lists';
import type { Twin } from './repository-shared';

type Records = Twin<'priceListRecords'>;
export type RecordRow = Records['$inferSelect'];

/** Queued records a company may have before its lists' next reads are made whole instead (webhook bursts). */
export const MAX_QUEUED_RECORDS = 20_000;

/** The key of a record within a company. */
export const recordKey = (r: { priceListId: number; variantId: number; currency: string }): string => `${r.priceListId}:${r.variantId}:${r.currency}`;

/** Records stored in upper case, as the store writes currency codes. */
export const currencyOf = (code: string): string => code.trim().toUpperCase();

/** The company's live records of one list (and currency), optionally of some variants. */
export function liveRecordsWhere(t: Records, companyId: string, priceListId: number, currency?: string, variantIds?: readonly number[]): SQL | undefined {
  return and(
    eq(t.companyId, companyId), eq(t.priceListId, priceListId), isNull(t.deletedAt),
    currency === undefined ? undefined : eq(t.currency, currencyOf(currency)),
    variantIds === undefined ? undefined : inArray(t.variantId, [...variantIds]),
  );
}

/**
 * Live records of a list a read that began at `before` did not find (every live record of it:
 * null), after the keyset position `after`: what a sweep makes tombstones of, a chunk at a time.
 */
export function unseenWhere(t: Records, companyId: string, priceListId: number, before: Date | null, after: { variantId: number; currency: string } | null): SQL | undefined {
  return and(liveRecordsWhere(t, companyId, priceListId), before ? lt(t.seenAt, before) : undefined, after ? keysetAfter(t, after) : undefined);
}

/** Records a sweep reads and tombstones per transaction. */
export const SWEEP_CHUNK = 200;

/** Each queued record once, its currency as stored. */
export function distinctKeys(records: readonly PriceListRecordKey[]): PriceListRecordKey[] {
  const byKey = new Map<string, PriceListRecordKey>();
  for (const r of records) {
    const k = { priceListId: r.priceListId, variantId: r.variantId, currency: currencyOf(r.currency) };
    byKey.set(recordKey(k), k);
  }
  return [...byKey.values()];
}

/** (variant id, currency) after the given key. */
export function keysetAfter(t: Records, after: { variantId: number; currency: string }): SQL | undefined {
  return or(gt(t.variantId, after.variantId), and(eq(t.variantId, after.variantId), gt(t.currency, after.currency)));
}

/** A page of GET /api/price-lists/{id}/records. */
export function recordsPageWhere(t: Records, companyId: string, priceListId: number, q: PriceListRecordsQuery): SQL | undefined {
  return and(
    liveRecordsWhere(t, companyId, priceListId, q.currency),
    q.productId === undefined ? undefined : eq(t.productId, q.productId),
    q.sku === undefined ? undefined : eq(t.sku, q.sku),
    q.after ? keysetAfter(t, q.after) : undefined,
  );
}

/** The rows of a chunk of records (all of its lists and variants, every currency), filtered by key after reading. */
export function chunkRecordsWhere(t: Records, companyId: string, records: readonly PriceListRecordKey[]): SQL | undefined {
  return and(
    eq(t.companyId, companyId),
    inArray(t.priceListId, [...new Set(records.map((r) => r.priceListId))]),
    inArray(t.variantId, [...new Set(records.map((r) => r.variantId))]),
  );
}

export function toPriceListRecord(row: RecordRow): PriceListRecord {
  return {
    priceListId: row.priceListId, variantId: row.variantId, productId: row.productId, sku: row.sku, currency: row.currency,
    priceCents: row.priceCents, salePriceCents: row.salePriceCents, retailPriceCents: row.retailPriceCents, mapPriceCents: row.mapPriceCents,
    dateModified: row.dateModified, variantRowId: row.variantRowId, version: row.version,
  };
}

/** A row read for a device's pull: the record, or its tombstone. */
export const toRecordChange = (row: RecordRow): PriceListRecordChange => ({ ...toPriceListRecord(row), deleted: row.deletedAt !== null });

/** The company's records changed after a version (GET /api/price-lists/changes). */
export const changedAfterWhere = (t: Records, companyId: string, afterVersion: number): SQL | undefined =>
  and(eq(t.companyId, companyId), gt(t.version, afterVersion));

/** The storefront's (channel 1's) default currency, else the first channel's that has one. */
export function storefrontCurrency(channels: readonly { externalId: number; defaultCurrency: string | null }[]): string | null {
  const sorted = [...channels].sort((a, b) => (a.externalId === 1 ? -1 : b.externalId === 1 ? 1 : a.externalId - b.externalId));
  return sorted.find((c) => c.defaultCurrency)?.defaultCurrency ?? null;
}

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** A time given as a Date or an ISO string; an unreadable one is null. */
function timeOf(value: Date | string | null): Date | null {
  if (value === null || value instanceof Date) return value;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** Whether the stored row already says what the new one does (its seenAt and version aside). */
function unchanged(row: RecordRow, next: RecordRow): boolean {
  return row.deletedAt === null && row.productId === next.productId && row.sku === next.sku && row.priceCents === next.priceCents
    && row.salePriceCents === next.salePriceCents && row.retailPriceCents === next.retailPriceCents && row.mapPriceCents === next.mapPriceCents
    && sameTime(row.dateModified, next.dateModified) && row.variantRowId === next.variantRowId;
}

/**
 * The rows a chunk of record writes upserts: every input (the last of a key wins), the changed
 * ones numbered from `firstVersion` in input order, the unchanged ones keeping theirs (their
 * `seenAt` moves). `changed` says how many versions were used; `before` holds, for each row, the
 * live row it replaces (null: none, or a tombstone), which a store change's price history reads.
 */
export function planRecordWrites(
  companyId: string, inputs: readonly PriceListRecordInput[], existing: readonly RecordRow[], variantRows: ReadonlyMap<number, string>,
  firstVersion: number, seenAt: Date,
): { rows: RecordRow[]; changed: number; before: (RecordRow | null)[] } {
  const byKey = new Map(existing.map((row) => [recordKey(row), row]));
  const latest = new Map<string, PriceListRecordInput>();
  for (const r of inputs) latest.set(recordKey({ ...r, currency: currencyOf(r.currency) }), { ...r, currency: currencyOf(r.currency) });
  const rows: RecordRow[] = [];
  const before: (RecordRow | null)[] = [];
  let changed = 0;
  for (const [key, r] of latest) {
    const row = byKey.get(key);
    const next: RecordRow = {
      companyId, priceListId: r.priceListId, variantId: r.variantId, currency: r.currency, productId: r.productId,
      variantRowId: variantRows.get(r.variantId) ?? row?.variantRowId ?? null,
      sku: r.sku === undefined ? (row?.sku ?? null) : r.sku,
      priceCents: r.priceCents, salePriceCents: r.salePriceCents, retailPriceCents: r.retailPriceCents, mapPriceCents: r.mapPriceCents,
      dateModified: r.dateModified === undefined ? (row?.dateModified ?? null) : timeOf(r.dateModified),
      seenAt, version: 0, deletedAt: null,
    };
    next.version = row !== undefined && unchanged(row, next) ? row.version : firstVersion + changed++;
    rows.push(next);
    before.push(row !== undefined && row.deletedAt === null ? row : null);
  }
  return { rows, changed, before };
}

/** Tombstones of live rows, numbered from `firstVersion`. */
export function tombstones(rows: readonly RecordRow[], firstVersion: number, at: Date): RecordRow[] {
  return rows.map((row, i) => ({ ...row, deletedAt: at, version: firstVersion + i }));
}

/** The price list rows a metadata read writes; the read state columns are left as they are. */
export const listRow = (companyId: string, l: PriceListInput, at: Date) =>
  ({ companyId, externalId: l.id, name: l.name, active: l.active, dateModified: l.dateModified, updatedAt: at });

export function metadataRows(companyId: string, m: PriceListMetadata) {
  return {
    assignments: m.assignments.map((a) => ({ companyId, externalId: a.id, priceListId: a.priceListId, customerGroupId: a.customerGroupId, channelId: a.channelId })),
    groups: m.customerGroups.map((g) => ({ companyId, externalId: g.id, name: g.name, isDefault: g.isDefault })),
    channels: m.channels.map((c) => ({
      companyId, externalId: c.id, name: c.name, defaultCurrency: c.defaultCurrency ? currencyOf(c.defaultCurrency) : null,
      enabledCurrencies: [...new Set(c.enabledCurrencies.map(currencyOf))],
    })),
  };
}

/** The rows of a company's lists, as read for listLists. */
export interface ListRows {
  lists: Twin<'priceLists'>['$inferSelect'][];
  assignments: Twin<'priceListAssignments'>['$inferSelect'][];
  groups: Twin<'customerGroups'>['$inferSelect'][];
  channels: Twin<'storeChannels'>['$inferSelect'][];
  counts: readonly PriceListRecordCount[];
}

/** The lists with their groups, channels, currencies and counts. */
export function assembleLists(rows: ListRows): StoredPriceList[] {
  const groups = new Map(rows.groups.map((g) => [g.externalId, g]));
  const channels = new Map(rows.channels.map((c) => [c.externalId, c]));
  return [...rows.lists].sort((a, b) => a.externalId - b.externalId).map((l) => {
    const mine = rows.assignments.filter((a) => a.priceListId === l.externalId);
    const groupIds = [...new Set(mine.flatMap((a) => (a.customerGroupId === null ? [] : [a.customerGroupId])))].sort((a, b) => a - b);
    const channelIds = [...new Set(mine.flatMap((a) => (a.channelId === null ? [] : [a.channelId])))].sort((a, b) => a - b);
    const listChannels = channelIds.map((id) => {
      const c = channels.get(id);
      return { id, name: c?.name ?? '', defaultCurrency: c?.defaultCurrency ?? null, currencies: c?.enabledCurrencies ?? [] };
    });
    const counted = new Map(rows.counts.filter((c) => c.priceListId === l.externalId).map((c) => [c.currency, Number(c.records)]));
    const currencies = [...new Set([...counted.keys(), ...listChannels.flatMap((c) => c.currencies)])].sort();
    return {
      id: l.externalId, name: l.name, active: l.active, dateModified: l.dateModified,
      currencies,
      recordCounts: currencies.map((currency) => ({ currency, records: counted.get(currency) ?? 0 })),
      customerGroups: groupIds.map((id) => ({ id, name: groups.get(id)?.name ?? '' })),
      channels: listChannels,
      recordsReadAt: l.recordsReadAt,
    };
  });
}
