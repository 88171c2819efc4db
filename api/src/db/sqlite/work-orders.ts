/**
 * SQLite work orders repository. Claims and guarded updates are single UPDATE statements
 * (compare-and-set), so they stay atomic with any number of API processes on one file.
 */
import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { WorkOrder, WorkOrderGuard, WorkOrdersRepository, WorkOrderStatus } from '../repositories';
import { workOrders as wo } from '../schema.sqlite';
import type { SqliteDb } from './types';
import { monotonicNow } from '../../lib/monotonic-clock';

const STATUSES: WorkOrderStatus[] = ['pending', 'executing', 'completed', 'failed', 'undone'];

function guardWhere(guard: WorkOrderGuard = {}) {
  const statuses = guard.status === undefined ? [] : ([] as WorkOrderStatus[]).concat(guard.status);
  return and(
    statuses.length ? inArray(wo.status, statuses) : undefined,
    guard.leaseOwner !== undefined ? eq(wo.leaseOwner, guard.leaseOwner) : undefined,
    guard.archived !== undefined ? eq(wo.archived, guard.archived) : undefined,
  );
}

/** Pending and due, or executing with a lapsed lease (its process died). */
function claimableWhere(now: Date) {
  return and(eq(wo.archived, false), or(
    and(eq(wo.status, 'pending'), or(isNull(wo.scheduledAt), lte(wo.scheduledAt, now))),
    and(eq(wo.status, 'executing'), lt(wo.leaseExpiresAt, now)),
  ));
}

export function sqliteWorkOrders(db: SqliteDb): WorkOrdersRepository {
  const scoped = (companyId: string, id: string) => and(eq(wo.companyId, companyId), eq(wo.id, id));
  return {
    async create(companyId, input) {
      const now = input.now ?? monotonicNow();
      const inserted = db.insert(wo).values({
        id: input.id ?? crypto.randomUUID(),
        companyId,
        createdBy: input.createdBy ?? null,
        title: input.title,
        productUpdates: input.productUpdates,
        scheduledAt: input.scheduledAt ?? null,
        executeImmediately: input.executeImmediately ?? false,
        idempotencyKey: input.idempotencyKey ?? null,
        storeHash: input.storeHash ?? null,
        createdAt: now,
        updatedAt: now,
      }).onConflictDoNothing({ target: [wo.companyId, wo.idempotencyKey] }).returning().get();
      if (inserted) return { order: inserted satisfies WorkOrder, created: true };
      const existing = input.idempotencyKey
        ? db.select().from(wo).where(and(eq(wo.companyId, companyId), eq(wo.idempotencyKey, input.idempotencyKey))).get()
        : undefined;
      if (!existing) throw new Error('work order insert was ignored but no order holds its idempotency key');
      return { order: existing, created: false };
    },
    async get(companyId, id) {
      return db.select().from(wo).where(scoped(companyId, id)).get() ?? null;
    },
    async list(companyId, opts = {}) {
      return db.select().from(wo)
        .where(and(eq(wo.companyId, companyId), opts.includeArchived ? undefined : eq(wo.archived, false)))
        .orderBy(desc(wo.createdAt), desc(wo.id)).all();
    },
    async countByStatus(companyId) {
      const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<WorkOrderStatus, number>;
      const rows = db.select({ status: wo.status, n: count() }).from(wo).where(eq(wo.companyId, companyId)).groupBy(wo.status).all();
      for (const r of rows) counts[r.status] = r.n;
      return counts;
    },
    async claim(id, leaseOwner, leaseMs, now) {
      return db.update(wo)
        .set({ status: 'executing', leaseOwner, leaseExpiresAt: new Date(now.getTime() + leaseMs), updatedAt: now })
        .where(and(eq(wo.id, id), claimableWhere(now))).returning().get() ?? null;
    },
    async renewLease(id, leaseOwner, leaseMs, now) {
      return db.update(wo).set({ leaseExpiresAt: new Date(now.getTime() + leaseMs), updatedAt: now })
        .where(and(eq(wo.id, id), eq(wo.status, 'executing'), eq(wo.leaseOwner, leaseOwner)))
        .returning({ id: wo.id }).all().length > 0;
    },
    async due(now, limit) {
      return db.select().from(wo).where(claimableWhere(now)).orderBy(asc(wo.createdAt), asc(wo.id)).limit(limit).all();
    },
    async update(companyId, id, patch, guard, now = new Date()) {
      return db.update(wo).set({ ...patch, updatedAt: now })
        .where(and(scoped(companyId, id), guardWhere(guard))).returning().get() ?? null;
    },
    async delete(companyId, id, guard) {
      return db.delete(wo).where(and(scoped(companyId, id), guardWhere(guard))).returning({ id: wo.id }).all().length > 0;
    },
  };
}
