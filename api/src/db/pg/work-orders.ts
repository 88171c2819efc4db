/**
 * PostgreSQL work orders repository. Claims and guarded updates are single UPDATE statements
 * (compare-and-set): under READ COMMITTED a concurrent claimer waits for the row lock, then
 * re-checks the WHERE clause on the new row version and finds it no longer claimable.
 *
 * One executing order per company: two claims of *different* orders of one company lock
 * different rows, and neither statement's snapshot sees the other's uncommitted claim, so a
 * NOT EXISTS check alone would let both through. The claim therefore takes a transaction-level
 * advisory lock on the company first (released at commit): the second claimer waits for it,
 * and its UPDATE, a new snapshot under READ COMMITTED, sees the first one's live lease. An
 * advisory lock rather than `SELECT ... FOR UPDATE` on the company row, so plan changes and
 * other writes to `companies` never wait for the scheduler. A create that checks the company's
 * caps takes another advisory lock on the company, so two concurrent creates cannot both count
 * 19 and both insert.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NewWorkOrder, WorkOrder, WorkOrderGuard, WorkOrderPatch, WorkOrdersRepository } from '../repositories';
import { WorkOrderCapError } from '../repositories.work-orders';
import {
  cancelledPatch, claimableWhere, claimPatch, emptyStatusCounts, guardWhere, heldLeaseWhere, liveLeaseWhere, newWorkOrderRow,
  orderByIdempotencyKey, orderInCompany, pendingOfOtherStoresWhere, capOf, waitingWhere,
} from '../repository-shared.work-orders';
import { workOrderTurns as turns, workOrders as wo } from '../schema.pg';
import { chunks } from '../sql-helpers';
import { overlapPairsOf } from './work-order-pairs';
import { afterKey, keysetOrder } from '../keyset';
import {
  jsonValue, OVERLAP_PAIRS, overlapCandidateWhere, rankIn, sharedByOrder, summaryColumns, targetRows, toSummary, withSummaryColumns,
} from '../repository-shared.work-orders';
import { workOrderTargets as targets } from '../schema.pg';
import { conflictsOnRun, replayWhere } from '../repository-shared.work-order-series';
import { endSeriesOf, insertSeries, pgSeriesMethods } from './work-order-series';
import { SERIES_END_REASONS, type PriceListTarget } from '@catalog/contracts/work-orders';
import type { RevertReport, WorkOrderItem } from '../repositories';
import type { PgDb } from './types';
import { monotonicNow } from '../../lib/monotonic-clock';

/** Advisory lock classes (the first key of pg_advisory_xact_lock(int, int)); the second is the company. */
const CLAIM_LOCK = 0x574f_0001; // "WO" 1: claiming an order of the company
const CREATE_LOCK = 0x574f_0002; // "WO" 2: creating an order of the company under its caps
const lockCompany = (db: PgDb, kind: number, companyId: string) =>
  db.execute(sql`select pg_advisory_xact_lock(${kind}::int, hashtext(${companyId}::text))`);

/**
 * Companies with an order executing under a live lease: an uncorrelated subquery over the few
 * executing rows (the (status, lease_expires_at) index), evaluated once per statement rather
 * than once per candidate row through the company's whole order history.
 */
const live = alias(wo, 'live');
function busyCompanies(db: PgDb, now: Date) {
  return db.select({ companyId: live.companyId }).from(live).where(liveLeaseWhere(live, now));
}


export function pgWorkOrders(db: PgDb): WorkOrdersRepository {
  const scoped = (companyId: string, id: string) => orderInCompany(wo, companyId, id);
  /**
   * The UPDATE of `update` and `set`, with its targets in the same transaction when the items
   * change; `whole`: it returns the whole row (an order of 10,000 items is megabytes of JSON),
   * else only its target.
   */
  async function patchOrder(companyId: string, id: string, patch: WorkOrderPatch, guard: WorkOrderGuard | undefined, now: Date, whole: boolean) {
    const write = async (tx: PgDb): Promise<Pick<WorkOrder, 'target'> | null> => {
      const q = tx.update(wo).set({ ...withSummaryColumns(patch), updatedAt: now }).where(and(scoped(companyId, id), guardWhere(wo, guard)));
      const [row] = whole ? await q.returning() : await q.returning({ target: wo.target });
      return row ?? null;
    };
    const items = patch.productUpdates;
    if (!items) return write(db);
    // New items: their counts (in the same statement) and the targets index, in one transaction.
    return db.transaction(async (tx) => {
      const updated = await write(tx);
      if (updated) await writeTargets(tx, companyId, id, items, updated.target, true);
      return updated;
    });
  }

  return {
    async create(companyId, input) {
      // The order and its targets index in one transaction.
      if (!input.caps) return db.transaction((tx) => insert(tx, companyId, input));
      const caps = input.caps;
      return db.transaction(async (tx) => {
        await lockCompany(tx, CREATE_LOCK, companyId);
        // A replay answers with its order even at a cap; a new order is counted against its cap first.
        const replay = replayWhere(wo, companyId, input);
        const [existing] = replay ? await tx.select().from(wo).where(replay) : [];
        if (existing) return { order: existing, created: false };
        const cap = capOf(input);
        const [row] = await tx.select({ n: count() }).from(wo).where(waitingWhere(wo, companyId, cap, input.createdBy));
        if ((row?.n ?? 0) >= caps[cap]) throw new WorkOrderCapError(cap, caps[cap]);
        return insert(tx, companyId, input);
      });
    },
    async get(companyId, id) {
      const [row] = await db.select().from(wo).where(scoped(companyId, id));
      return row ?? null;
    },
    async approvers(companyId, ids) {
      const approvers = new Map<string, string>();
      for (const chunk of chunks([...new Set(ids)])) {
        const rows = await db.select({ id: wo.id, approvedBy: wo.approvedBy }).from(wo)
          .where(and(eq(wo.companyId, companyId), inArray(wo.id, chunk), isNotNull(wo.approvedBy)));
        for (const r of rows) if (r.approvedBy) approvers.set(r.id, r.approvedBy);
      }
      return approvers;
    },
    async titles(companyId, ids) {
      const titles = new Map<string, string>();
      for (const chunk of chunks([...new Set(ids)])) {
        for (const r of await db.select({ id: wo.id, title: wo.title }).from(wo).where(and(eq(wo.companyId, companyId), inArray(wo.id, chunk)))) titles.set(r.id, r.title);
      }
      return titles;
    },
    async getByIdempotencyKey(companyId, key) {
      const [row] = await db.select().from(wo).where(orderByIdempotencyKey(wo, companyId, key));
      return row ?? null;
    },
    async list(companyId, opts = {}) {
      return db.select().from(wo)
        .where(and(
          eq(wo.companyId, companyId),
          opts.includeArchived ? undefined : eq(wo.archived, false),
          opts.needsAttention ? eq(wo.needsAttention, true) : undefined,
        ))
        .orderBy(desc(wo.createdAt), desc(wo.id));
    },
    async listSummaries(companyId, opts) {
      const rows = await db.select(summary).from(wo)
        .where(and(
          eq(wo.companyId, companyId),
          opts.includeArchived ? undefined : eq(wo.archived, false),
          afterKey(wo.createdAt, wo.id, opts.after, 'newest'),
        ))
        .orderBy(...keysetOrder(wo.createdAt, wo.id, 'newest')).limit(opts.limit);
      return rows.map(toSummary);
    },
    async getSummaries(companyId, ids) {
      const rows = [];
      for (const chunk of chunks([...new Set(ids)])) rows.push(...await db.select(summary).from(wo).where(and(eq(wo.companyId, companyId), inArray(wo.id, chunk))));
      return rows.map(toSummary);
    },
    async getDetail(companyId, id, page) {
      const [row] = await db.select({ ...summary, report: wo.revertReport, changeLog: wo.changeLog }).from(wo).where(scoped(companyId, id));
      if (!row) return null;
      const { report, changeLog, ...order } = row;
      // The page's items only: the array is walked in SQL, and only `limit` of them are sent.
      const items = await db.execute<{ value: WorkOrderItem }>(sql`select j.value as value
        from ${wo} cross join lateral jsonb_array_elements(${wo.productUpdates}) with ordinality as j(value, n)
        where ${scoped(companyId, id)} order by j.n limit ${page.limit} offset ${page.offset}`);
      return {
        order: toSummary(order), items: items.rows.map((r) => jsonValue<WorkOrderItem>(r.value)!), revertReport: jsonValue<RevertReport>(report),
        changeLog: changeLog ?? [],
      };
    },
    async overlapCandidates(companyId, wanted, now, pairs = OVERLAP_PAIRS) {
      // At most `pairs` + 1 (order, target) matches are read (from the targets index), grouped by order.
      const matched = db.select({ id: targets.workOrderId }).from(targets)
        .where(and(
          eq(targets.companyId, companyId),
          inArray(targets.target, [...new Set(wanted)]),
          inArray(targets.workOrderId, candidates(db, companyId, now)),
        ))
        .limit(pairs + 1).as('matched');
      const rows = await db.select({ id: matched.id, n: count() }).from(matched).groupBy(matched.id);
      return { ids: rows.map((r) => r.id), complete: rows.reduce((sum, r) => sum + r.n, 0) <= pairs };
    },
    async sharedTargets(companyId, ids, wanted) {
      if (ids.length === 0) return new Map();
      // Counted and ranked in SQL: only a row per order and a row per target come back.
      const where = and(eq(targets.companyId, companyId), inArray(targets.workOrderId, [...ids]), inArray(targets.target, [...new Set(wanted)]));
      const [counts, firsts] = await Promise.all([
        db.select({ id: targets.workOrderId, n: count() }).from(targets).where(where).groupBy(targets.workOrderId),
        db.select({ target: targets.target, first: sql<number>`min(${rankIn(targets.workOrderId, ids)})` }).from(targets).where(where).groupBy(targets.target),
      ]);
      return sharedByOrder(ids, counts, firsts);
    },
    overlapPairs: (companyId, ids, pairs) => overlapPairsOf(db, companyId, ids, pairs),
    async countByStatus(companyId) {
      const counts = emptyStatusCounts();
      const rows = await db.select({ status: wo.status, n: count() }).from(wo).where(eq(wo.companyId, companyId)).groupBy(wo.status);
      for (const r of rows) counts[r.status] = r.n;
      return counts;
    },
    async claim(id, leaseOwner, leaseMs, now) {
      return db.transaction(async (tx) => {
        const [target] = await tx.select({ companyId: wo.companyId }).from(wo).where(eq(wo.id, id));
        if (!target) return null;
        await lockCompany(tx, CLAIM_LOCK, target.companyId);
        const [row] = await tx.update(wo)
          .set(claimPatch(leaseOwner, leaseMs, now))
          .where(and(eq(wo.id, id), claimableWhere(wo, now), notInArray(wo.companyId, busyCompanies(tx, now)))).returning();
        // The company's turn is taken: it goes to the end of the round-robin.
        if (row) await tx.insert(turns).values({ companyId: row.companyId, servedAt: now })
          .onConflictDoUpdate({ target: turns.companyId, set: { servedAt: now } });
        return row ?? null;
      });
    },
    async renewLease(id, leaseOwner, leaseMs, now) {
      const rows = await db.update(wo).set({ leaseExpiresAt: new Date(now.getTime() + leaseMs), updatedAt: now })
        .where(heldLeaseWhere(wo, id, leaseOwner))
        .returning({ id: wo.id });
      return rows.length > 0;
    },
    async due(now, limit) {
      // Each company's oldest claimable order: DISTINCT ON over the claimable rows only (the
      // (status, scheduled_at) and (status, lease_expires_at) indexes find them), then by age.
      // Whole rows, as the bitmap heap scan already read them: no second look-up of each head
      // by id (with many companies due, that was most of the statement's work).
      const heads = db.selectDistinctOn([wo.companyId]).from(wo)
        .where(and(claimableWhere(wo, now), notInArray(wo.companyId, busyCompanies(db, now))))
        .orderBy(wo.companyId, asc(wo.createdAt), asc(wo.id)).as('heads');
      // Round-robin: companies whose turn came longest ago (or never) first, then by the order's age.
      const rows = await db.select().from(heads)
        .leftJoin(turns, eq(turns.companyId, heads.companyId))
        .orderBy(sql`${turns.servedAt} asc nulls first`, asc(heads.createdAt), asc(heads.id)).limit(limit);
      return rows.map((r) => r.heads);
    },
    async cancelPendingOfOtherStores(companyId, storeHash, error, now = new Date()) {
      const rows = await db.update(wo).set(cancelledPatch(error, now))
        .where(pendingOfOtherStoresWhere(wo, companyId, storeHash)).returning({ id: wo.id, seriesId: wo.seriesId });
      await endSeriesOf(db, companyId, rows.map((o) => o.seriesId), SERIES_END_REASONS.storeChanged, now);
      return rows.length;
    },
    async update(companyId, id, patch, guard, now = new Date()) {
      // `whole`: the statement returned the whole row.
      return (await patchOrder(companyId, id, patch, guard, now, true)) as WorkOrder | null;
    },
    async set(companyId, id, patch, guard, now = new Date()) {
      return (await patchOrder(companyId, id, patch, guard, now, false)) !== null;
    },
    async delete(companyId, id, guard) {
      const rows = await db.delete(wo).where(and(scoped(companyId, id), guardWhere(wo, guard))).returning({ id: wo.id });
      return rows.length > 0;
    },
    ...pgSeriesMethods(db),
  };
}

/** What a summary reads: the shared columns (the items and snapshots stay out of line, in TOAST). */
const summary = summaryColumns(wo);

/** The ids of the company's orders that may still meet a new order's prices (a subquery). */
function candidates(db: PgDb, companyId: string, now: Date) {
  return db.select({ id: wo.id }).from(wo).where(and(eq(wo.companyId, companyId), overlapCandidateWhere(wo, now)));
}

/** The targets index of an order's items (`replace`: its rows for earlier items go first). */
async function writeTargets(db: PgDb, companyId: string, workOrderId: string, items: readonly WorkOrderItem[], target: PriceListTarget | null | undefined, replace: boolean) {
  if (replace) await db.delete(targets).where(eq(targets.workOrderId, workOrderId));
  for (const chunk of chunks(targetRows(companyId, workOrderId, items, target))) await db.insert(targets).values(chunk).onConflictDoNothing();
}

/** The insert of create: a replay (same idempotency key, or a series' run made already) returns the first order, created=false. */
async function insert(db: PgDb, companyId: string, input: NewWorkOrder): Promise<{ order: WorkOrder; created: boolean }> {
  const now = input.now ?? monotonicNow();
  // A first run's series goes in first: the run names it.
  const series = await insertSeries(db, companyId, input, now);
  // ON CONFLICT DO NOTHING waits for a concurrent insert of the same key (or the same run of a
  // series), then the select below (a new snapshot under READ COMMITTED) sees the winner's row.
  const [inserted] = await db.insert(wo).values(newWorkOrderRow(companyId, input, now)).onConflictDoNothing({ target: conflictsOnRun(input) ? [wo.seriesId, wo.seriesRun] : [wo.companyId, wo.idempotencyKey] }).returning();
  if (inserted) {
    await writeTargets(db, companyId, inserted.id, input.productUpdates, input.target, false);
    return { order: inserted, created: true };
  }
  await series?.undo();
  const replay = replayWhere(wo, companyId, input);
  const [existing] = replay ? await db.select().from(wo).where(replay) : [];
  if (!existing) throw new Error('work order insert was ignored but no order holds its idempotency key or its run');
  return { order: existing, created: false };
}
