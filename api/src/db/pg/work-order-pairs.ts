/**
 * The campaign calendar's overlap pairs on PostgreSQL (issue 36, WorkOrdersRepository.overlapPairs):
 * which of the named orders share a target, from the targets index, bounded like the overlaps'
 * query (OVERLAP_PAIRS matches read).
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { WorkOrdersRepository } from '../repositories';
import { OVERLAP_PAIRS } from '../repository-shared.work-orders';
import { workOrderTargets as targets } from '../schema.pg';
import type { PgDb } from './types';

export const overlapPairsOf = async (
  db: PgDb, companyId: string, ids: readonly string[], pairs = OVERLAP_PAIRS,
): ReturnType<WorkOrdersRepository['overlapPairs']> => {
  const wanted = [...new Set(ids)];
  if (wanted.length < 2) return { pairs: [], complete: true };
  // `a`'s targets by the primary key, each looked up among `b`'s in the (company, target, order) index.
  const other = alias(targets, 'other');
  const matched = db.select({ a: sql<string>`${targets.workOrderId}`.as('a'), b: sql<string>`${other.workOrderId}`.as('b') }).from(targets)
    .innerJoin(other, and(eq(other.companyId, companyId), eq(other.target, targets.target), sql`${other.workOrderId} > ${targets.workOrderId}`))
    .where(and(inArray(targets.workOrderId, wanted), eq(targets.companyId, companyId), inArray(other.workOrderId, wanted)))
    .limit(pairs + 1).as('matched');
  const rows = await db.select({ a: matched.a, b: matched.b, n: count() }).from(matched).groupBy(sql`${matched.a}`, sql`${matched.b}`);
  return { pairs: rows.map((r) => ({ a: r.a, b: r.b, shared: r.n })), complete: rows.reduce((sum, r) => sum + r.n, 0) <= pairs };
};
