/**
 * Keyset pages (issue 31), the same drizzle conditions in both dialects: a list ordered by a
 * time column, then its id, reads the rows after the last one of the page before by comparing
 * (time, id) with it, never by an offset. So a row added meanwhile does not push a row already
 * read onto the next page, and every row is read once. The app writes its times from a JS Date
 * (milliseconds), as the cursor carries them.
 */
import { and, asc, desc, eq, gt, lt, or, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * One page of a list read in keyset order (contracts paging.ts): at most `limit` items that
 * come after `after` (the last item of the page before, by its time and id) in the list's order.
 */
export interface KeysetPage {
  after?: { at: Date; id: string } | undefined;
  limit: number;
}

export type KeysetOrder = 'newest' | 'oldest';

/** The rows after `after` in the order; undefined (every row) on a first page. */
export function afterKey(time: AnyColumn, id: AnyColumn, after: KeysetPage['after'], order: KeysetOrder): SQL | undefined {
  if (!after) return undefined;
  const beyond = order === 'newest' ? lt : gt;
  return or(beyond(time, after.at), and(eq(time, after.at), beyond(id, after.id)));
}

/** The ORDER BY of a keyset list: the time, then the id, both the same way. */
export function keysetOrder(time: AnyColumn, id: AnyColumn, order: KeysetOrder): [SQL, SQL] {
  const by = order === 'newest' ? desc : asc;
  return [by(time), by(id)];
}
