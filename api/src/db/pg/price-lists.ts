/**
 * PostgreSQL price lists (repositories.price-lists.ts): every record write is a transaction of
 * at most CHUNK records that first locks the company's price_list_state row, so writers of one
 * company queue there, the rows read to plan a write cannot change under it, and versions are
 * handed out in commit order (a pull never sees version n+1 committed before n). A store change's
 * price history (RecordHistory) goes in the transaction of the records it is about, built from the
 * rows read to plan the write.
 */
import { and, asc, count, eq, inArray, isNull, lte, min, notInArray, sql } from 'drizzle-orm';
import { historyRows } from '../catalog-plan';
import type { PriceListRecordCount, PriceListsRepository, RecordHistory } from '../repositories';
import { catalogIdsOf, recordHistoryEntries, storeChanges, type RecordPair } from '../repository-shared.price-list-history';
import {
  assembleLists, changedAfterWhere, chunkRecordsWhere, distinctKeys, listRow, liveRecordsWhere, MAX_QUEUED_RECORDS, metadataRows, planRecordWrites,
  recordsPageWhere, storefrontCurrency, SWEEP_CHUNK, tombstones, toPriceListRecord, toRecordChange, unseenWhere, type ListRows, type RecordRow,
} from '../repository-shared.price-lists';
import {
  customerGroups, priceHistory, priceListAssignments, priceListRecords as rec, priceListRefreshes as q, priceLists, priceListState as st, products,
  productVariants, storeChannels,
} from '../schema.pg';
import { chunks, excludedSet } from '../sql-helpers';
import type { PgDb } from './types';

export function pgPriceLists(db: PgDb): PriceListsRepository {
  const recordTarget = [rec.companyId, rec.priceListId, rec.variantId, rec.currency];
  const recordSet = excludedSet(rec, ['companyId', 'priceListId', 'variantId', 'currency']);

  /** Locks the company's state row (made if missing) for the rest of the transaction; returns its record version. */
  async function lockState(tx: PgDb, companyId: string): Promise<number> {
    const [row] = await tx.insert(st).values({ companyId })
      .onConflictDoUpdate({ target: st.companyId, set: { recordVersion: sql`${st.recordVersion}` } })
      .returning({ v: st.recordVersion });
    return row!.v;
  }

  async function setVersion(tx: PgDb, companyId: string, version: number): Promise<void> {
    await tx.update(st).set({ recordVersion: version }).where(eq(st.companyId, companyId));
  }

  async function writeRows(tx: PgDb, rows: RecordRow[]): Promise<void> {
    for (const part of chunks(rows)) await tx.insert(rec).values(part).onConflictDoUpdate({ target: recordTarget, set: recordSet });
  }

  /** The lists among `ids` read whole before: a store change of their records is recorded (RecordHistory). */
  async function followedLists(tx: PgDb, companyId: string, ids: readonly number[]): Promise<Set<number>> {
    const lists = await tx.select({ id: priceLists.externalId, readAt: priceLists.recordsReadAt }).from(priceLists)
      .where(and(eq(priceLists.companyId, companyId), inArray(priceLists.externalId, [...new Set(ids)])));
    return new Set(lists.flatMap((l) => (l.readAt ? [l.id] : [])));
  }

  /** Inside the caller's transaction: the price history of a store change's record writes (repository-shared.price-list-history.ts). */
  async function recordHistory(tx: PgDb, companyId: string, pairs: readonly RecordPair[], followed: ReadonlySet<number>, history: RecordHistory): Promise<void> {
    const changes = storeChanges(pairs, followed);
    if (changes.length === 0) return;
    const ids = catalogIdsOf(changes);
    // One after another: a transaction's statements share its connection.
    const productRows = await tx.select({
      id: products.id, externalId: products.externalId, baseVariantId: products.baseVariantId, regularPriceCents: products.regularPriceCents,
      salePriceCents: products.salePriceCents, retailPriceCents: products.retailPriceCents,
    }).from(products).where(and(eq(products.companyId, companyId), inArray(products.externalId, ids.productIds), isNull(products.deletedAt)));
    const variantRows = await tx.select({
      id: productVariants.id, externalId: productVariants.externalId, productId: productVariants.productId, regularPriceCents: productVariants.regularPriceCents,
      salePriceCents: productVariants.salePriceCents, retailPriceCents: productVariants.retailPriceCents,
    }).from(productVariants).where(and(eq(productVariants.companyId, companyId), inArray(productVariants.externalId, ids.variantIds), isNull(productVariants.deletedAt)));
    const channels = await tx.select().from(storeChannels).where(eq(storeChannels.companyId, companyId));
    const entries = recordHistoryEntries(changes, { products: productRows, variants: variantRows, currency: storefrontCurrency(channels) }, history);
    for (const part of chunks(historyRows(companyId, entries, history.at))) await tx.insert(priceHistory).values(part);
  }

  /** Makes tombstones of `rows` (live rows read under the lock) with the next versions, with their price history when a store change. */
  async function bury(tx: PgDb, companyId: string, version: number, rows: RecordRow[], history?: RecordHistory): Promise<void> {
    if (rows.length === 0) return;
    await writeRows(tx, tombstones(rows, version + 1, new Date()));
    await setVersion(tx, companyId, version + rows.length);
    if (history) {
      const followed = await followedLists(tx, companyId, rows.map((r) => r.priceListId));
      await recordHistory(tx, companyId, rows.map((before) => ({ before, after: null })), followed, history);
    }
  }

  /** Tombstones, a chunk a transaction, the live records `pick` selects after each keyset position. */
  async function sweep(
    companyId: string, pick: (after: { variantId: number; currency: string } | null) => ReturnType<typeof liveRecordsWhere>, history?: RecordHistory,
  ): Promise<number> {
    let after: { variantId: number; currency: string } | null = null;
    let total = 0;
    for (;;) {
      const rows = await db.transaction(async (tx) => {
        const version = await lockState(tx, companyId);
        const found = await tx.select().from(rec).where(pick(after)).orderBy(asc(rec.variantId), asc(rec.currency)).limit(SWEEP_CHUNK);
        await bury(tx, companyId, version, found, history);
        return found;
      });
      if (rows.length === 0) return total;
      total += rows.length;
      after = rows.at(-1)!;
    }
  }

  async function countRecords(companyId: string, listId?: number): Promise<PriceListRecordCount[]> {
    return db.select({ priceListId: rec.priceListId, currency: rec.currency, records: count() }).from(rec)
      .where(and(eq(rec.companyId, companyId), isNull(rec.deletedAt), listId === undefined ? undefined : eq(rec.priceListId, listId)))
      .groupBy(rec.priceListId, rec.currency);
  }

  async function readLists(companyId: string, listId?: number, known?: readonly PriceListRecordCount[]): Promise<ListRows> {
    const [lists, assignments, groups, channels, counts] = await Promise.all([
      db.select().from(priceLists).where(and(eq(priceLists.companyId, companyId), listId === undefined ? undefined : eq(priceLists.externalId, listId))),
      db.select().from(priceListAssignments).where(eq(priceListAssignments.companyId, companyId)),
      db.select().from(customerGroups).where(eq(customerGroups.companyId, companyId)),
      db.select().from(storeChannels).where(eq(storeChannels.companyId, companyId)),
      known ?? countRecords(companyId, listId),
    ]);
    return { lists, assignments, groups, channels, counts };
  }

  return {
    async replaceLists(companyId, metadata, readAt = new Date()) {
      const ids = metadata.lists.map((l) => l.id);
      const { assignments, groups, channels } = metadataRows(companyId, metadata);
      const gone = await db.transaction(async (tx) => {
        await lockState(tx, companyId);
        const removed = (await tx.delete(priceLists).where(and(eq(priceLists.companyId, companyId), notInArray(priceLists.externalId, ids)))
          .returning({ id: priceLists.externalId })).map((r) => r.id);
        for (const l of metadata.lists) {
          const row = listRow(companyId, l, readAt);
          await tx.insert(priceLists).values(row).onConflictDoUpdate({ target: [priceLists.companyId, priceLists.externalId], set: row });
        }
        await tx.delete(priceListAssignments).where(eq(priceListAssignments.companyId, companyId));
        await tx.delete(customerGroups).where(eq(customerGroups.companyId, companyId));
        await tx.delete(storeChannels).where(eq(storeChannels.companyId, companyId));
        for (const part of chunks(assignments)) await tx.insert(priceListAssignments).values(part);
        for (const part of chunks(groups)) await tx.insert(customerGroups).values(part);
        for (const part of chunks(channels)) await tx.insert(storeChannels).values(part);
        await tx.update(st).set({ listsReadAt: readAt, unavailable: null }).where(eq(st.companyId, companyId));
        await tx.update(st).set({ listsDueAt: null }).where(and(eq(st.companyId, companyId), lte(st.listsDueAt, readAt)));
        if (removed.length > 0) await tx.delete(q).where(and(eq(q.companyId, companyId), inArray(q.priceListId, removed)));
        return removed;
      });
      for (const id of gone) await sweep(companyId, (after) => unseenWhere(rec, companyId, id, null, after));
    },

    async upsertRecords(companyId, records, opts = {}) {
      const seenAt = opts.seenAt ?? new Date();
      let changed = 0;
      for (const part of chunks(records)) {
        changed += await db.transaction(async (tx) => {
          const version = await lockState(tx, companyId);
          const found = await tx.select({ id: priceLists.externalId, readAt: priceLists.recordsReadAt }).from(priceLists)
            .where(and(eq(priceLists.companyId, companyId), inArray(priceLists.externalId, [...new Set(part.map((r) => r.priceListId))])));
          const lists = new Set(found.map((r) => r.id));
          const known = part.filter((r) => lists.has(r.priceListId));
          if (known.length === 0) return 0;
          const existing = await tx.select().from(rec).where(chunkRecordsWhere(rec, companyId, known));
          const variants = new Map((await tx.select({ id: productVariants.id, externalId: productVariants.externalId }).from(productVariants)
            .where(and(eq(productVariants.companyId, companyId), inArray(productVariants.externalId, known.map((r) => r.variantId)), isNull(productVariants.deletedAt))))
            .map((v) => [v.externalId, v.id]));
          const plan = planRecordWrites(companyId, known, existing, variants, version + 1, seenAt);
          await writeRows(tx, plan.rows);
          if (plan.changed > 0) await setVersion(tx, companyId, version + plan.changed);
          if (opts.history) {
            const followed = new Set(found.flatMap((l) => (l.readAt ? [l.id] : [])));
            await recordHistory(tx, companyId, plan.rows.map((after, n) => ({ before: plan.before[n] ?? null, after })), followed, opts.history);
          }
          return plan.changed;
        });
      }
      return changed;
    },

    async deleteRecords(companyId, priceListId, currency, variantIds, opts = {}) {
      let total = 0;
      for (const ids of chunks(variantIds)) {
        total += await db.transaction(async (tx) => {
          const version = await lockState(tx, companyId);
          const rows = await tx.select().from(rec).where(liveRecordsWhere(rec, companyId, priceListId, currency, ids));
          await bury(tx, companyId, version, rows, opts.history);
          return rows.length;
        });
      }
      return total;
    },

    removeUnseen: (companyId, priceListId, readStartedAt, opts = {}) =>
      sweep(companyId, (after) => unseenWhere(rec, companyId, priceListId, readStartedAt, after), opts.history),

    async getRecords(companyId, priceListId, currency, variantIds) {
      const rows: RecordRow[] = [];
      for (const ids of chunks(variantIds)) rows.push(...await db.select().from(rec).where(liveRecordsWhere(rec, companyId, priceListId, currency, ids)));
      return rows.map(toPriceListRecord).sort((a, b) => a.variantId - b.variantId);
    },

    listLists: async (companyId, counts) => assembleLists(await readLists(companyId, undefined, counts)),

    recordCounts: (companyId) => countRecords(companyId),

    getList: async (companyId, priceListId) => assembleLists(await readLists(companyId, priceListId))[0] ?? null,

    async listRecords(companyId, priceListId, query) {
      const rows = await db.select().from(rec).where(recordsPageWhere(rec, companyId, priceListId, query))
        .orderBy(asc(rec.variantId), asc(rec.currency)).limit(query.limit);
      return rows.map(toPriceListRecord);
    },

    async changesSince(companyId, afterVersion, limit) {
      const rows = await db.select().from(rec).where(changedAfterWhere(rec, companyId, afterVersion)).orderBy(asc(rec.version)).limit(limit);
      return rows.map(toRecordChange);
    },

    catalogCurrency: async (companyId) => storefrontCurrency(await db.select().from(storeChannels).where(eq(storeChannels.companyId, companyId))),

    async syncState(companyId) {
      const [[state], lists] = await Promise.all([
        db.select().from(st).where(eq(st.companyId, companyId)),
        db.select().from(priceLists).where(eq(priceLists.companyId, companyId)).orderBy(asc(priceLists.externalId)),
      ]);
      return {
        recordVersion: state?.recordVersion ?? 0, listsReadAt: state?.listsReadAt ?? null, listsDueAt: state?.listsDueAt ?? null, unavailable: state?.unavailable ?? null,
        lists: lists.map((l) => ({ id: l.externalId, recordsReadAt: l.recordsReadAt, recordsSince: l.recordsSince, fullReadDue: l.fullReadDue })),
      };
    },

    async markRecordsRead(companyId, priceListId, { startedAt, full }) {
      const set = full ? { recordsReadAt: startedAt, recordsSince: startedAt, fullReadDue: false } : { recordsSince: startedAt };
      await db.update(priceLists).set(set).where(and(eq(priceLists.companyId, companyId), eq(priceLists.externalId, priceListId)));
    },

    async requireFullRead(companyId, priceListId) {
      await db.update(priceLists).set({ fullReadDue: true })
        .where(and(eq(priceLists.companyId, companyId), priceListId === null ? undefined : eq(priceLists.externalId, priceListId)));
    },

    async markUnavailable(companyId, reason) {
      const set = reason === null ? { unavailable: null } : { unavailable: reason, listsDueAt: null };
      await db.insert(st).values({ companyId, ...set }).onConflictDoUpdate({ target: st.companyId, set });
    },

    async queueRefresh(companyId, input, maxQueued = MAX_QUEUED_RECORDS) {
      const records = distinctKeys(input.records ?? []);
      await db.transaction(async (tx) => {
        await lockState(tx, companyId);
        if (input.lists) await tx.update(st).set({ listsDueAt: input.at }).where(eq(st.companyId, companyId));
        if (records.length === 0) return;
        const [queued] = await tx.select({ n: count() }).from(q).where(eq(q.companyId, companyId));
        if ((queued?.n ?? 0) + records.length > maxQueued) {
          const lists = [...new Set(records.map((r) => r.priceListId))];
          await tx.update(priceLists).set({ fullReadDue: true }).where(and(eq(priceLists.companyId, companyId), inArray(priceLists.externalId, lists)));
          return;
        }
        for (const part of chunks(records)) {
          await tx.insert(q).values(part.map((r) => ({ companyId, ...r, queuedAt: input.at })))
            .onConflictDoUpdate({ target: [q.companyId, q.priceListId, q.variantId, q.currency], set: { queuedAt: input.at } });
        }
      });
    },

    async refreshesDue(before, limit) {
      const queued = db.select({ companyId: q.companyId, at: min(q.queuedAt).as('at') }).from(q).where(lte(q.queuedAt, before)).groupBy(q.companyId);
      const due = db.select({ companyId: st.companyId, at: st.listsDueAt }).from(st).where(lte(st.listsDueAt, before));
      const both = queued.unionAll(due).as('due');
      const rows = await db.select({ companyId: both.companyId }).from(both).groupBy(both.companyId).orderBy(sql`min(${both.at})`).limit(limit);
      return rows.map((r) => r.companyId);
    },

    async pendingRefresh(companyId, before, limit) {
      const [[state], records] = await Promise.all([
        db.select({ due: st.listsDueAt }).from(st).where(eq(st.companyId, companyId)),
        db.select({ priceListId: q.priceListId, variantId: q.variantId, currency: q.currency }).from(q)
          .where(and(eq(q.companyId, companyId), lte(q.queuedAt, before))).orderBy(asc(q.queuedAt), asc(q.priceListId), asc(q.variantId)).limit(limit),
      ]);
      return { lists: !!state?.due && state.due.getTime() <= before.getTime(), records };
    },

    async refreshDone(companyId, records, readAt) {
      for (const part of chunks(records)) {
        await db.transaction(async (tx) => {
          for (const r of part) {
            await tx.delete(q).where(and(eq(q.companyId, companyId), eq(q.priceListId, r.priceListId), eq(q.variantId, r.variantId),
              eq(q.currency, r.currency), lte(q.queuedAt, readAt)));
          }
        });
      }
    },

    async clear(companyId) {
      await db.transaction(async (tx) => {
        for (const t of [rec, q, priceListAssignments, customerGroups, storeChannels, priceLists, st]) await tx.delete(t).where(eq(t.companyId, companyId));
      });
    },
  };
}
