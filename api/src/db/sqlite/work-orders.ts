/**
 * SQLite work orders repository. Claims and guarded updates are single UPDATE statements
 * (compare-and-set), so they stay atomic with any number of API processes on one file: SQLite
 * runs one writer at a time, so the claim's "no other order of this company executing under a
 * live lease" check and its write cannot interleave with another claim. A create that checks the
 * company's caps counts and inserts in one IMMEDIATE transaction (the write lock from the start).
 */
import { and, asc, count, desc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { NewWorkOrder, WorkOrder, WorkOrderGuard, WorkOrderPatch, WorkOrdersRepository } from '../repositories';
import { WorkOrderCapError } from '../repositories.work-orders';
import {
  cancelledPatch, claimableWhere, claimPatch, emptyStatusCounts, guardWhere, heldLeaseWhere, liveLeaseWhere, newWorkOrderRow,
  orderByIdempotencyKey, orderInCompany, pendingOfOtherStoresWhere, capOf, waitingWhere,
} from '../repository-shared.work-orders';
import { workOrderTurns as turns, workOrders as wo } from '../schema.sqlite';
import { chunks } from '../sql-helpers';
import { overlapPairsOf } from './work-order-pairs';
import { afterKey, keysetOrder } from '../keyset';
import {
  jsonValue, OVERLAP_PAIRS, overlapCandidateWhere, rankIn, sharedByOrder, summaryColumns, targetRows, toSummary, withSummaryColumns,
} from '../repository-shared.work-orders';
import { workOrderTargets as targets } from '../schema.sqlite';
import { conflictsOnRun, replayWhere } from '../repository-shared.work-order-series';
import { endSeriesOf, insertSeries, sqliteSeriesMethods } from './work-order-series';
import type { KeysetPage } from '../keyset';
import { SERIES_END_REASONS, type PriceListTarget } from '@catalog/contracts/work-orders';
import type { RevertReport, WorkOrderItem } from '../repositories';
import type { SqliteDb } from './types';
import { monotonicNow } from '../../lib/monotonic-clock';

/**
 * Companies with an order executing under a live lease: an uncorrelated subquery over the few
 * executing rows (the (status, lease_expires_at) index), evaluated once per statement rather
 * than once per candidate row through the company's whole order history.
 */
const live = alias(wo, 'live');
function busyCompanies(db: SqliteDb, now: Date) {
  return db.select({ companyId: live.companyId }).from(live).where(liveLeaseWhere(live, now));
}

export function sqliteWorkOrders(db: SqliteDb): WorkOrdersRepository {
  const scoped = (companyId: string, id: string) => orderInCompany(wo, companyId, id);
  /**
   * The UPDATE of `update` and `set`, with its targets in the same transaction when the items
   * change; `whole`: it returns the whole row (an order of 10,000 items is megabytes of JSON),
   * else only its target.
   */
  function patchOrder(companyId: string, id: string, patch: WorkOrderPatch, guard: WorkOrderGuard | undefined, now: Date, whole: boolean) {
    const write = (tx: SqliteDb): Pick<WorkOrder, 'target'> | null => {
      const q = tx.update(wo).set({ ...withSummaryColumns(patch), updatedAt: now }).where(and(scoped(companyId, id), guardWhere(wo, guard)));
      return (whole ? q.returning().get() : q.returning({ target: wo.target }).get()) ?? null;
    };
    const items = patch.productUpdates;
    if (!items) return write(db);
    // New items: their counts (in the same statement) and the targets index, in one transaction.
    return db.transaction((tx) => {
      const updated = write(tx);
      if (updated) writeTargets(tx, companyId, id, items, updated.target, true);
      return updated;
    }, { behavior: 'immediate' });
  }

  return {
    async create(companyId, input) {
      // The order and its targets index in one transaction.
      if (!input.caps) return db.transaction((tx) => insert(tx, companyId, input), { behavior: 'immediate' });
      const caps = input.caps;
      return db.transaction((tx) => {
        // A replay answers with its order even at a cap; a new order is counted against its cap first.
        const replay = replayWhere(wo, companyId, input);
        const existing = replay ? tx.select().from(wo).where(replay).get() : undefined;
        if (existing) return { order: existing, created: false };
        const cap = capOf(input);
        const row = tx.select({ n: count() }).from(wo).where(waitingWhere(wo, companyId, cap, input.createdBy)).get();
        if ((row?.n ?? 0) >= caps[cap]) throw new WorkOrderCapError(cap, caps[cap]);
        return insert(tx, companyId, input);
      }, { behavior: 'immediate' });
    },
    async get(companyId, id) {
      return db.select().from(wo).where(scoped(companyId, id)).get() ?? null;
    },
    async approvers(companyId, ids) {
      const approvers = new Map<string, string>();
      for (const chunk of chunks([...new Set(ids)])) {
        const rows = db.select({ id: wo.id, approvedBy: wo.approvedBy }).from(wo)
          .where(and(eq(wo.companyId, companyId), inArray(wo.id, chunk), isNotNull(wo.approvedBy))).all();
        for (const r of rows) if (r.approvedBy) approvers.set(r.id, r.approvedBy);
      }
      return approvers;
    },
    async titles(companyId, ids) {
      const titles = new Map<string, string>();
      for (const chunk of chunks([...new Set(ids)])) {
        for (const r of db.select({ id: wo.id, title: wo.title }).from(wo).where(and(eq(wo.companyId, companyId), inArray(wo.id, chunk))).all()) titles.set(r.id, r.title);
      }
      return titles;
    },
    async getByIdempotencyKey(companyId, key) {
      return db.select().from(wo).where(orderByIdempotencyKey(wo, companyId, key)).get() ?? null;
    },
    async list(companyId, opts = {}) {
      return db.select().from(wo)
        .where(and(
          eq(wo.companyId, companyId),
          opts.includeArchived ? undefined : eq(wo.archived, false),
          opts.needsAttention ? eq(wo.needsAttention, true) : undefined,
        ))
        .orderBy(desc(wo.createdAt), desc(wo.id)).all();
    },
    async listSummaries(companyId, opts) {
      return summaryPage(db, companyId, opts).all().map(toSummary);
    },
    async getSummaries(companyId, ids) {
      return summariesOf(db, companyId, ids).all().map(toSummary);
    },
    async getDetail(companyId, id, page) {
      const row = db.select({ ...summary, report: wo.revertReport, changeLog: wo.changeLog }).from(wo).where(scoped(companyId, id)).get();
      if (!row) return null;
      const { report, changeLog, ...order } = row;
      // The page's items only: json_each walks the array in SQL, and only `limit` of them become objects here.
      const items = db.all<{ value: string }>(sql`select j.value as value from ${wo}, json_each(${wo.productUpdates}) as j
        where ${scoped(companyId, id)} order by j.key limit ${page.limit} offset ${page.offset}`);
      return {
        order: toSummary(order), items: items.map((r) => JSON.parse(r.value) as WorkOrderItem), revertReport: jsonValue<RevertReport>(report),
        changeLog: changeLog ?? [],
      };
    },
    async overlapCandidates(companyId, wanted, now, pairs = OVERLAP_PAIRS) {
      const rows = overlapMatches(db, companyId, wanted, now, pairs).all();
      return { ids: rows.map((r) => r.id), complete: rows.reduce((sum, r) => sum + r.n, 0) <= pairs };
    },
    async sharedTargets(companyId, ids, wanted) {
      if (ids.length === 0) return new Map();
      const { counts, firsts } = sharedQueries(db, companyId, ids, wanted);
      return sharedByOrder(ids, counts.all(), firsts.all());
    },
    overlapPairs: (companyId, ids, pairs) => overlapPairsOf(db, companyId, ids, pairs),
    async countByStatus(companyId) {
      const counts = emptyStatusCounts();
      const rows = db.select({ status: wo.status, n: count() }).from(wo).where(eq(wo.companyId, companyId)).groupBy(wo.status).all();
      for (const r of rows) counts[r.status] = r.n;
      return counts;
    },
    async claim(id, leaseOwner, leaseMs, now) {
      return db.transaction((tx) => {
        const claimed = tx.update(wo)
          .set(claimPatch(leaseOwner, leaseMs, now))
          .where(and(eq(wo.id, id), claimableWhere(wo, now), notInArray(wo.companyId, busyCompanies(tx, now)))).returning().get();
        // The company's turn is taken: it goes to the end of the round-robin.
        if (claimed) tx.insert(turns).values({ companyId: claimed.companyId, servedAt: now })
          .onConflictDoUpdate({ target: turns.companyId, set: { servedAt: now } }).run();
        return claimed ?? null;
      }, { behavior: 'immediate' });
    },
    async renewLease(id, leaseOwner, leaseMs, now) {
      return db.update(wo).set({ leaseExpiresAt: new Date(now.getTime() + leaseMs), updatedAt: now })
        .where(heldLeaseWhere(wo, id, leaseOwner))
        .returning({ id: wo.id }).all().length > 0;
    },
    async due(now, limit) {
      // Each company's oldest claimable order (a window function over the claimable rows only,
      // which the (status, scheduled_at) and (status, lease_expires_at) indexes find).
      const ranked = db.select({
        id: wo.id,
        rank: sql<number>`row_number() over (partition by ${wo.companyId} order by ${wo.createdAt}, ${wo.id})`.as('rank'),
      }).from(wo).where(and(claimableWhere(wo, now), notInArray(wo.companyId, busyCompanies(db, now)))).as('ranked');
      // Round-robin: companies whose turn came longest ago (or never) first, then by the order's age.
      const rows = db.select().from(wo).innerJoin(ranked, eq(ranked.id, wo.id))
        .leftJoin(turns, eq(turns.companyId, wo.companyId)).where(eq(ranked.rank, 1))
        .orderBy(sql`${turns.servedAt} asc nulls first`, asc(wo.createdAt), asc(wo.id)).limit(limit).all();
      return rows.map((r) => r.work_orders);
    },
    async cancelPendingOfOtherStores(companyId, storeHash, error, now = new Date()) {
      const cancelled = db.update(wo).set(cancelledPatch(error, now))
        .where(pendingOfOtherStoresWhere(wo, companyId, storeHash)).returning({ id: wo.id, seriesId: wo.seriesId }).all();
      endSeriesOf(db, companyId, cancelled.map((o) => o.seriesId), SERIES_END_REASONS.storeChanged, now);
      return cancelled.length;
    },
    async update(companyId, id, patch, guard, now = new Date()) {
      // `whole`: the statement returned the whole row.
      return patchOrder(companyId, id, patch, guard, now, true) as WorkOrder | null;
    },
    async set(companyId, id, patch, guard, now = new Date()) {
      return patchOrder(companyId, id, patch, guard, now, false) !== null;
    },
    async delete(companyId, id, guard) {
      return db.delete(wo).where(and(scoped(companyId, id), guardWhere(wo, guard))).returning({ id: wo.id }).all().length > 0;
    },
    ...sqliteSeriesMethods(db),
  };
}

/** What a summary reads: the shared columns, all in work_orders_summary_cover_idx (never the rows' overflow pages). */
const summary = summaryColumns(wo);

/** A page of summaries (listSummaries), newest first after the key; exported for its query plan's test. */
export function summaryPage(db: SqliteDb, companyId: string, opts: KeysetPage & { includeArchived?: boolean }) {
  return db.select(summary).from(wo)
    .where(and(
      eq(wo.companyId, companyId),
      opts.includeArchived ? undefined : eq(wo.archived, false),
      afterKey(wo.createdAt, wo.id, opts.after, 'newest'),
    ))
    .orderBy(...keysetOrder(wo.createdAt, wo.id, 'newest')).limit(opts.limit);
}

/**
 * The company's orders among `ids` as summaries, from work_orders_summary_cover_idx: the `+`
 * keeps SQLite from finding them by the primary key, whose rows it would read past their items.
 */
export function summariesOf(db: SqliteDb, companyId: string, ids: readonly string[]) {
  return db.select(summary).from(wo)
    .where(and(eq(wo.companyId, companyId), sql`+${wo.id} in (select value from json_each(${JSON.stringify([...new Set(ids)])}))`));
}

/**
 * sharedTargets' two queries, counted and ranked in SQL (only a row per order and a row per
 * target come back): each order's rows read in its primary key's range, the `+`s keeping SQLite
 * from seeking every (target, order) pair through the targets index instead (~6x slower with
 * 20 orders of 2,360 shared items). Exported for their query plans' test.
 */
export function sharedQueries(db: SqliteDb, companyId: string, ids: readonly string[], wanted: readonly string[]) {
  const where = and(
    sql`+${targets.companyId} = ${companyId}`, inArray(targets.workOrderId, [...ids]),
    sql`+${targets.target} in (select value from json_each(${JSON.stringify([...new Set(wanted)])}))`,
  );
  return {
    counts: db.select({ id: targets.workOrderId, n: count() }).from(targets).where(where).groupBy(targets.workOrderId),
    firsts: db.select({ target: targets.target, first: sql<number>`min(${rankIn(targets.workOrderId, ids)})` }).from(targets).where(where).groupBy(targets.target),
  };
}

/**
 * The company's candidate orders sharing a target with `wanted`, with how many of the (order,
 * target) matches read were theirs: at most `pairs` + 1 matches are read (from the targets
 * index alone), the candidates' ids read from work_orders_summary_cover_idx. The `+` keeps
 * SQLite from seeking every (target, candidate) pair through the index.
 */
export function overlapMatches(db: SqliteDb, companyId: string, wanted: readonly string[], now: Date, pairs: number) {
  const matched = db.select({ id: targets.workOrderId }).from(targets)
    .where(and(
      eq(targets.companyId, companyId),
      sql`${targets.target} in (select value from json_each(${JSON.stringify([...new Set(wanted)])}))`,
      sql`+${targets.workOrderId} in ${candidates(db, companyId, now)}`,
    ))
    .limit(pairs + 1).as('matched');
  return db.select({ id: matched.id, n: count() }).from(matched).groupBy(matched.id);
}

/** The ids of the company's orders that may still meet a new order's prices (a subquery). */
function candidates(db: SqliteDb, companyId: string, now: Date) {
  return db.select({ id: wo.id }).from(wo).where(and(eq(wo.companyId, companyId), overlapCandidateWhere(wo, now)));
}

/** The targets index of an order's items (`replace`: its rows for earlier items go first). */
function writeTargets(db: SqliteDb, companyId: string, workOrderId: string, items: readonly WorkOrderItem[], target: PriceListTarget | null | undefined, replace: boolean) {
  if (replace) db.delete(targets).where(eq(targets.workOrderId, workOrderId)).run();
  for (const chunk of chunks(targetRows(companyId, workOrderId, items, target))) db.insert(targets).values(chunk).onConflictDoNothing().run();
}

/**
 * The insert of create: a replay (same idempotency key, or a series' run made already) returns
 * the first order, created=false. A first run's series is inserted before it.
 */
function insert(db: SqliteDb, companyId: string, input: NewWorkOrder): { order: WorkOrder; created: boolean } {
  const now = input.now ?? monotonicNow();
  const series = insertSeries(db, companyId, input, now);
  const inserted = db.insert(wo).values(newWorkOrderRow(companyId, input, now)).onConflictDoNothing({ target: conflictsOnRun(input) ? [wo.seriesId, wo.seriesRun] : [wo.companyId, wo.idempotencyKey] }).returning().get();
  if (inserted) {
    writeTargets(db, companyId, inserted.id, input.productUpdates, input.target, false);
    return { order: inserted satisfies WorkOrder, created: true };
  }
  series?.undo();
  const replay = replayWhere(wo, companyId, input);
  const existing = replay ? db.select().from(wo).where(replay).get() : undefined;
  if (!existing) throw new Error('work order insert was ignored but no order holds its idempotency key or its run');
  return { order: existing, created: false };
}
