/**
 * The campaign calendar's overlap pairs on SQLite (issue 36, WorkOrdersRepository.overlapPairs):
 * which of the named orders share a target, from the targets index, bounded like the overlaps'
 * query (OVERLAP_PAIRS matches read).
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { WorkOrdersRepository } from '../repositories';
import { OVERLAP_PAIRS } from '../repository-shared.work-orders';
import { workOrderTargets as targets } from '../schema.sqlite';
import type { SqliteDb } from './types';

/**
 * The (a, b) pairs of orders among `ids` sharing a target, with how many of the first `pairs` + 1
 * matches each pair had. A cross join, which SQLite keeps in its written order: `a`'s targets read
 * by the primary key (work_order_id, target), each looked up as a range of the company's orders
 * of that target in the (company, target, order) index (the company's index driving `a` would
 * walk every target of every order it has).
 */
export function overlapPairMatches(db: SqliteDb, companyId: string, ids: readonly string[], pairs: number) {
  const other = alias(targets, 'other');
  const idList = JSON.stringify([...new Set(ids)]);
  const matched = db.select({ a: sql<string>`${targets.workOrderId}`.as('a'), b: sql<string>`${other.workOrderId}`.as('b') }).from(targets)
    .crossJoin(other)
    .where(and(
      sql`${targets.workOrderId} in (select value from json_each(${idList}))`,
      sql`+${targets.companyId} = ${companyId}`,
      eq(other.companyId, companyId),
      eq(other.target, targets.target),
      sql`${other.workOrderId} > ${targets.workOrderId}`,
      // `+`: a range of the index, the list checked on each row (not a seek per id of the list).
      sql`+${other.workOrderId} in (select value from json_each(${idList}))`,
    ))
    .limit(pairs + 1).as('matched');
  return db.select({ a: matched.a, b: matched.b, n: count() }).from(matched).groupBy(sql`${matched.a}`, sql`${matched.b}`);
}

export const overlapPairsOf = async (
  db: SqliteDb, companyId: string, ids: readonly string[], pairs = OVERLAP_PAIRS,
): ReturnType<WorkOrdersRepository['overlapPairs']> => {
  if (new Set(ids).size < 2) return { pairs: [], complete: true };
  const rows = overlapPairMatches(db, companyId, ids, pairs).all();
  return { pairs: rows.map((r) => ({ a: r.a, b: r.b, shared: r.n })), complete: rows.reduce((sum, r) => sum + r.n, 0) <= pairs };
};
