/**
 * Small drizzle helpers both dialects use for bulk statements: chunking and ON CONFLICT sets.
 * The repositories' shared conditions and rows are in repository-shared.ts.
 */
import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';

/** Rows per multi-row statement: stays far below SQLite's and PostgreSQL's parameter limits. */
export const CHUNK = 200;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * `ON CONFLICT DO UPDATE SET col = excluded.col` for every column but `keep` (keys of the
 * table object, e.g. the primary key and the conflict target). Same SQL in both dialects.
 */
export function excludedSet<T extends Table>(table: T, keep: ReadonlyArray<keyof T['_']['columns']>): Record<string, SQL> {
  const set: Record<string, SQL> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (!keep.includes(key)) set[key] = sql.raw(`excluded."${column.name}"`);
  }
  return set;
}
