/**
 * SQLite price lists (repositories.price-lists.ts): every write is a synchronous IMMEDIATE
 * transaction of at most CHUNK records (UPSERT_CHUNK for an upsert; the rows read to plan it
 * cannot change under it), so a sweep of 100,000 records holds the write lock a chunk at a time
 * and never holds them all in memory. Records are read and written on the raw statements of
 * price-list-rows.ts. A store change's price history (RecordHistory) goes in the transaction of
 * the records it is about, built from the rows read to plan the write.
 */
import { and, asc, count, eq, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import { historyRows } from '../catalog-plan';
import type { PriceListRecordCount, PriceListsRepository, RecordHistory } from '../repositories';
import { catalogIdsOf, recordHistoryEntries, storeChanges, type RecordPair } from '../repository-shared.price-list-history';
import {
  assembleLists, changedAfterWhere, distinctKeys, listRow, liveRecordsWhere, MAX_QUEUED_RECORDS, metadataRows, planRecordWrites,
  recordsPageWhere, storefrontCurrency, SWEEP_CHUNK, tombstones, toPriceListRecord, toRecordChange, unseenWhere, type ListRows, type RecordRow,
} from '../repository-shared.price-lists';
import {
  customerGroups, priceListAssignments, priceListRecords as rec, priceListRefreshes as q, priceLists, priceListState as st, storeChannels,
} from '../schema.sqlite';
import { chunks } from '../sql-helpers';
import type { CatalogStatements } from './catalog-rows';
import { insertHistoryRows } from './price-history';
import { priceListRows } from './price-list-rows';
import { priceListChangesJson } from './replication-json';
import type { SqliteDb } from './types';

const IMMEDIATE = { behavior: 'immediate' } as const;

/** Records an upsert writes in one transaction: 1,000 (a store batch) hold the lock a few ms on the raw statements. */
const UPSERT_CHUNK = 1000;

export function sqlitePriceLists(db: SqliteDb, stmts: CatalogStatements): PriceListsRepository {
  const raw = priceListRows(stmts);

  /** Reserves `n` versions of the company's record sequence; returns the first. */
  function allocate(tx: SqliteDb, companyId: string, n: number): number {
    const row = tx.insert(st).values({ companyId, recordVersion: n })
      .onConflictDoUpdate({ target: st.companyId, set: { recordVersion: sql`${st.recordVersion} + ${n}` } })
      .returning({ v: st.recordVersion }).get();
    return row.v - n + 1;
  }

  /** Inside the caller's transaction (the raw statements run on its connection). */
  function writeRows(_tx: SqliteDb, rows: RecordRow[]): void {
    raw.write(rows);
  }

  /** The lists among `ids` read whole before: a store change of their records is recorded (RecordHistory). */
  function followedLists(tx: SqliteDb, companyId: string, ids: readonly number[]): Set<number> {
    return new Set(tx.select({ id: priceLists.externalId, readAt: priceLists.recordsReadAt }).from(priceLists)
      .where(and(eq(priceLists.companyId, companyId), inArray(priceLists.externalId, [...new Set(ids)]))).all()
      .flatMap((l) => (l.readAt ? [l.id] : [])));
  }

  /** Inside the caller's transaction: the price history of a store change's record writes (repository-shared.price-list-history.ts). */
  function recordHistory(tx: SqliteDb, companyId: string, pairs: readonly RecordPair[], followed: ReadonlySet<number>, history: RecordHistory): void {
    const changes = storeChanges(pairs, followed);
    if (changes.length === 0) return;
    const ids = catalogIdsOf(changes);
    const currency = storefrontCurrency(tx.select().from(storeChannels).where(eq(storeChannels.companyId, companyId)).all());
    const entries = recordHistoryEntries(changes, { ...raw.historyCatalog(companyId, ids.productIds, ids.variantIds), currency }, history);
    insertHistoryRows(stmts, historyRows(companyId, entries, history.at));
  }

  /** Tombstones `rows` (live rows read in this transaction), with their price history when a store change. */
  function bury(tx: SqliteDb, companyId: string, rows: RecordRow[], history: RecordHistory | undefined): void {
    if (rows.length === 0) return;
    writeRows(tx, tombstones(rows, allocate(tx, companyId, rows.length), new Date()));
    if (history) recordHistory(tx, companyId, rows.map((before) => ({ before, after: null })), followedLists(tx, companyId, rows.map((r) => r.priceListId)), history);
  }

  /** Tombstones, a chunk a transaction, the live records `where` picks after each keyset position. */
  function sweep(
    companyId: string, pick: (after: { variantId: number; currency: string } | null) => ReturnType<typeof liveRecordsWhere>, history?: RecordHistory,
  ): number {
    let after: { variantId: number; currency: string } | null = null;
    let total = 0;
    for (;;) {
      const done = db.transaction((tx) => {
        const rows = tx.select().from(rec).where(pick(after)).orderBy(asc(rec.variantId), asc(rec.currency)).limit(SWEEP_CHUNK).all();
        if (rows.length === 0) return true;
        bury(tx, companyId, rows, history);
        total += rows.length;
        after = rows.at(-1)!;
        return false;
      }, IMMEDIATE);
      if (done) return total;
    }
  }

  function countRecords(companyId: string, listId?: number): PriceListRecordCount[] {
    return db.select({ priceListId: rec.priceListId, currency: rec.currency, records: count() }).from(rec)
      .where(and(eq(rec.companyId, companyId), isNull(rec.deletedAt), listId === undefined ? undefined : eq(rec.priceListId, listId)))
      .groupBy(rec.priceListId, rec.currency).all();
  }

  function readLists(companyId: string, listId?: number, counts?: readonly PriceListRecordCount[]): ListRows {
    return {
      lists: db.select().from(priceLists).where(and(eq(priceLists.companyId, companyId), listId === undefined ? undefined : eq(priceLists.externalId, listId))).all(),
      assignments: db.select().from(priceListAssignments).where(eq(priceListAssignments.companyId, companyId)).all(),
      groups: db.select().from(customerGroups).where(eq(customerGroups.companyId, companyId)).all(),
      channels: db.select().from(storeChannels).where(eq(storeChannels.companyId, companyId)).all(),
      counts: counts ?? countRecords(companyId, listId),
    };
  }

  const repo: PriceListsRepository = {
    async replaceLists(companyId, metadata, readAt = new Date()) {
      const ids = metadata.lists.map((l) => l.id);
      const { assignments, groups, channels } = metadataRows(companyId, metadata);
      const gone = db.transaction((tx) => {
        const removed = tx.delete(priceLists).where(and(eq(priceLists.companyId, companyId), notInArray(priceLists.externalId, ids)))
          .returning({ id: priceLists.externalId }).all().map((r) => r.id);
        for (const l of metadata.lists) {
          const row = listRow(companyId, l, readAt);
          tx.insert(priceLists).values(row).onConflictDoUpdate({ target: [priceLists.companyId, priceLists.externalId], set: row }).run();
        }
        tx.delete(priceListAssignments).where(eq(priceListAssignments.companyId, companyId)).run();
        tx.delete(customerGroups).where(eq(customerGroups.companyId, companyId)).run();
        tx.delete(storeChannels).where(eq(storeChannels.companyId, companyId)).run();
        for (const part of chunks(assignments)) tx.insert(priceListAssignments).values(part).run();
        for (const part of chunks(groups)) tx.insert(customerGroups).values(part).run();
        for (const part of chunks(channels)) tx.insert(storeChannels).values(part).run();
        tx.insert(st).values({ companyId, listsReadAt: readAt, unavailable: null })
          .onConflictDoUpdate({ target: st.companyId, set: { listsReadAt: readAt, unavailable: null } }).run();
        tx.update(st).set({ listsDueAt: null }).where(and(eq(st.companyId, companyId), lte(st.listsDueAt, readAt))).run();
        if (removed.length > 0) tx.delete(q).where(and(eq(q.companyId, companyId), inArray(q.priceListId, removed))).run();
        return removed;
      }, IMMEDIATE);
      for (const id of gone) sweep(companyId, (after) => unseenWhere(rec, companyId, id, null, after));
    },

    async upsertRecords(companyId, records, opts = {}) {
      const seenAt = opts.seenAt ?? new Date();
      let changed = 0;
      for (const [i, part] of chunks(records, UPSERT_CHUNK).entries()) {
        // The event loop free between transactions: a work order's read-back runs beside this.
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        changed += db.transaction((tx) => {
          const found = tx.select({ id: priceLists.externalId, readAt: priceLists.recordsReadAt }).from(priceLists)
            .where(and(eq(priceLists.companyId, companyId), inArray(priceLists.externalId, [...new Set(part.map((r) => r.priceListId))]))).all();
          const lists = new Set(found.map((r) => r.id));
          const known = part.filter((r) => lists.has(r.priceListId));
          if (known.length === 0) return 0;
          const existing = raw.rowsOf(companyId, known);
          const variants = raw.variantRows(companyId, known.map((r) => r.variantId));
          const version = tx.select({ v: st.recordVersion }).from(st).where(eq(st.companyId, companyId)).get()?.v ?? 0;
          const plan = planRecordWrites(companyId, known, existing, variants, version + 1, seenAt);
          if (plan.changed > 0) allocate(tx, companyId, plan.changed);
          writeRows(tx, plan.rows);
          if (opts.history) {
            const followed = new Set(found.flatMap((l) => (l.readAt ? [l.id] : [])));
            recordHistory(tx, companyId, plan.rows.map((after, n) => ({ before: plan.before[n] ?? null, after })), followed, opts.history);
          }
          return plan.changed;
        }, IMMEDIATE);
      }
      return changed;
    },

    async deleteRecords(companyId, priceListId, currency, variantIds, opts = {}) {
      let total = 0;
      for (const ids of chunks(variantIds)) {
        total += db.transaction((tx) => {
          const rows = tx.select().from(rec).where(liveRecordsWhere(rec, companyId, priceListId, currency, ids)).all();
          bury(tx, companyId, rows, opts.history);
          return rows.length;
        }, IMMEDIATE);
      }
      return total;
    },

    async removeUnseen(companyId, priceListId, readStartedAt, opts = {}) {
      return sweep(companyId, (after) => unseenWhere(rec, companyId, priceListId, readStartedAt, after), opts.history);
    },

    async getRecords(companyId, priceListId, currency, variantIds) {
      const rows = chunks(variantIds).flatMap((ids) => db.select().from(rec).where(liveRecordsWhere(rec, companyId, priceListId, currency, ids)).all());
      return rows.map(toPriceListRecord).sort((a, b) => a.variantId - b.variantId);
    },

    async listLists(companyId, counts) {
      return assembleLists(readLists(companyId, undefined, counts));
    },

    async recordCounts(companyId) {
      return countRecords(companyId);
    },

    async getList(companyId, priceListId) {
      return assembleLists(readLists(companyId, priceListId))[0] ?? null;
    },

    async listRecords(companyId, priceListId, query) {
      return db.select().from(rec).where(recordsPageWhere(rec, companyId, priceListId, query))
        .orderBy(asc(rec.variantId), asc(rec.currency)).limit(query.limit).all().map(toPriceListRecord);
    },

    async changesSince(companyId, afterVersion, limit) {
      return db.select().from(rec).where(changedAfterWhere(rec, companyId, afterVersion)).orderBy(asc(rec.version)).limit(limit).all().map(toRecordChange);
    },

    async changesSinceJson(companyId, afterVersion, limit, shape) {
      return priceListChangesJson(db, stmts, companyId, afterVersion, limit, shape);
    },

    async catalogCurrency(companyId) {
      return storefrontCurrency(db.select().from(storeChannels).where(eq(storeChannels.companyId, companyId)).all());
    },

    async syncState(companyId) {
      const state = db.select().from(st).where(eq(st.companyId, companyId)).get();
      const lists = db.select().from(priceLists).where(eq(priceLists.companyId, companyId)).orderBy(asc(priceLists.externalId)).all();
      return {
        recordVersion: state?.recordVersion ?? 0, listsReadAt: state?.listsReadAt ?? null, listsDueAt: state?.listsDueAt ?? null, unavailable: state?.unavailable ?? null,
        lists: lists.map((l) => ({ id: l.externalId, recordsReadAt: l.recordsReadAt, recordsSince: l.recordsSince, fullReadDue: l.fullReadDue })),
      };
    },

    async markRecordsRead(companyId, priceListId, { startedAt, full }) {
      const set = full ? { recordsReadAt: startedAt, recordsSince: startedAt, fullReadDue: false } : { recordsSince: startedAt };
      db.update(priceLists).set(set).where(and(eq(priceLists.companyId, companyId), eq(priceLists.externalId, priceListId))).run();
    },

    async requireFullRead(companyId, priceListId) {
      db.update(priceLists).set({ fullReadDue: true })
        .where(and(eq(priceLists.companyId, companyId), priceListId === null ? undefined : eq(priceLists.externalId, priceListId))).run();
    },

    async markUnavailable(companyId, reason) {
      const set = reason === null ? { unavailable: null } : { unavailable: reason, listsDueAt: null };
      db.insert(st).values({ companyId, ...set }).onConflictDoUpdate({ target: st.companyId, set }).run();
    },

    async queueRefresh(companyId, input, maxQueued = MAX_QUEUED_RECORDS) {
      const records = distinctKeys(input.records ?? []);
      db.transaction((tx) => {
        if (input.lists) {
          tx.insert(st).values({ companyId, listsDueAt: input.at }).onConflictDoUpdate({ target: st.companyId, set: { listsDueAt: input.at } }).run();
        }
        if (records.length === 0) return;
        const queued = tx.select({ n: count() }).from(q).where(eq(q.companyId, companyId)).get()?.n ?? 0;
        if (queued + records.length > maxQueued) {
          const lists = [...new Set(records.map((r) => r.priceListId))];
          tx.update(priceLists).set({ fullReadDue: true }).where(and(eq(priceLists.companyId, companyId), inArray(priceLists.externalId, lists))).run();
          return;
        }
        for (const part of chunks(records)) {
          tx.insert(q).values(part.map((r) => ({ companyId, ...r, queuedAt: input.at })))
            .onConflictDoUpdate({ target: [q.companyId, q.priceListId, q.variantId, q.currency], set: { queuedAt: input.at } }).run();
        }
      }, IMMEDIATE);
    },

    async refreshesDue(before, limit) {
      const rows = db.all<{ company_id: string }>(sql`
        select company_id from (
          select company_id, min(queued_at) as at from price_list_refreshes where queued_at <= ${before.getTime()} group by company_id
          union all
          select company_id, lists_due_at as at from price_list_state where lists_due_at <= ${before.getTime()}
        ) group by company_id order by min(at) limit ${limit}`);
      return rows.map((r) => r.company_id);
    },

    async pendingRefresh(companyId, before, limit) {
      const state = db.select({ due: st.listsDueAt }).from(st).where(eq(st.companyId, companyId)).get();
      const records = db.select({ priceListId: q.priceListId, variantId: q.variantId, currency: q.currency }).from(q)
        .where(and(eq(q.companyId, companyId), lte(q.queuedAt, before))).orderBy(asc(q.queuedAt), asc(q.priceListId), asc(q.variantId)).limit(limit).all();
      return { lists: !!state?.due && state.due.getTime() <= before.getTime(), records };
    },

    async refreshDone(companyId, records, readAt) {
      for (const part of chunks(records)) {
        db.transaction((tx) => {
          for (const r of part) {
            tx.delete(q).where(and(eq(q.companyId, companyId), eq(q.priceListId, r.priceListId), eq(q.variantId, r.variantId),
              eq(q.currency, r.currency), lte(q.queuedAt, readAt))).run();
          }
        }, IMMEDIATE);
      }
    },

    async clear(companyId) {
      db.transaction((tx) => {
        for (const t of [rec, q, priceListAssignments, customerGroups, storeChannels, priceLists, st]) tx.delete(t).where(eq(t.companyId, companyId)).run();
      }, IMMEDIATE);
    },
  };
  return repo;
}
