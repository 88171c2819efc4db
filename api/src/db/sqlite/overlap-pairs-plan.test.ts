/**
 * The calendar's overlap pairs (issue 36) on SQLite read the targets index from the named orders
 * only: each named order's targets by the primary key, each looked up as a range of the company's
 * (company, target, order) index. Not the company's whole index (every target of every order it
 * has), nor a seek per named order for each target.
 */
import BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, expect, it } from 'vitest';
import { migrationsFolder } from '../index';
import { overlapPairMatches } from './work-order-pairs';

const sqlite = new BetterSqlite3(':memory:');
const db = drizzle({ client: sqlite });
migrate(db, { migrationsFolder: migrationsFolder('sqlite') });
afterAll(() => sqlite.close());

it('reads the named orders\u2019 targets by key and the others\u2019 as a range of the target index', () => {
  const { sql, params } = overlapPairMatches(db, 'company', ['a', 'b', 'c'], 100).toSQL();
  const plan = sqlite.prepare(`explain query plan ${sql}`).all(...params).map((row) => (row as { detail: string }).detail);
  expect(plan).toContain('SEARCH work_order_targets USING INDEX sqlite_autoindex_work_order_targets_1 (work_order_id=?)');
  expect(plan).toContain('SEARCH other USING COVERING INDEX work_order_targets_company_target_order_idx (company_id=? AND target=? AND work_order_id>?)');
});
