/**
 * A page of the work-order list and the overlaps' query read SQLite's indexes alone (issue 31):
 * every summary column is in work_orders_summary_cover_idx (a custom index, migration
 * 0016_work_order_summary_cover), so no page walks the overflow pages of an order's items, and
 * the overlaps read the targets index without seeking every (target, order) pair. Fails when a
 * column is added to SUMMARY_COLUMNS but not to the index.
 */
import BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../index';
import { overlapMatches, sharedQueries, summariesOf, summaryPage } from './work-orders';

const sqlite = new BetterSqlite3(':memory:');
const db = drizzle({ client: sqlite });
migrate(db, { migrationsFolder: migrationsFolder('sqlite') });
afterAll(() => sqlite.close());

function plan(query: { toSQL(): { sql: string; params: unknown[] } }): string {
  const { sql, params } = query.toSQL();
  return sqlite.prepare(`explain query plan ${sql}`).all(...params).map((row) => (row as { detail: string }).detail).join(' | ');
}

describe('the work-order list on SQLite', () => {
  it('reads a page of summaries from the covering index alone, archived or not, after a cursor or not', () => {
    for (const opts of [
      { limit: 101 },
      { limit: 101, includeArchived: true },
      { limit: 26, after: { at: new Date('2030-01-01T00:00:00Z'), id: '0b4f2d4e-1c7a-4a53-9a0e-7d3f1c2b5a61' } },
    ]) {
      const text = plan(summaryPage(db, 'company', opts));
      expect(text, JSON.stringify(opts)).toContain('USING COVERING INDEX work_orders_summary_cover_idx');
      expect(text, JSON.stringify(opts)).not.toContain('TEMP B-TREE');
    }
  });

  it('reads the summaries of given orders from the covering index too', () => {
    expect(plan(summariesOf(db, 'company', ['a', 'b']))).toContain('USING COVERING INDEX work_orders_summary_cover_idx');
  });

  it("finds the overlaps' matches in the targets index and the candidates in the covering index", () => {
    const text = plan(overlapMatches(db, 'company', ['p1', 'v2'], new Date(), 100));
    expect(text).toContain('USING COVERING INDEX work_order_targets_company_target_order_idx (company_id=? AND target=?)');
    expect(text).toContain('USING COVERING INDEX work_orders_summary_cover_idx');
    expect(text).not.toMatch(/work_order_targets_company_target_order_idx \(company_id=\? AND target=\? AND work_order_id=\?\)/);
  });

  it("reads the listed orders' shared targets in each order's primary-key range", () => {
    const { counts, firsts } = sharedQueries(db, 'company', ['a', 'b'], ['p1', 'v2']);
    for (const query of [counts, firsts]) expect(plan(query)).toMatch(/USING (COVERING )?INDEX sqlite_autoindex_work_order_targets_1 \(work_order_id=\?\)/);
  });
});
