/**
 * Direct changes to the running app's SQLite database for what no screen does yet, e.g. putting
 * a company on a paid plan (subscriptions come with their own issue). better-sqlite3 is the
 * API's dependency, so it is loaded from there; the app keeps the file in WAL mode, which
 * allows this second connection while it runs.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { PLANS, type PlanId } from '@catalog/contracts/plans';
import type { RunningApp } from './app';

interface Statement {
  run(...params: unknown[]): { changes: number };
}
interface SqliteDatabase {
  prepare(sql: string): Statement;
  pragma(sql: string): unknown;
  close(): void;
}
type SqliteConstructor = new (file: string) => SqliteDatabase;

const requireFromApi = createRequire(new URL('../../../api/package.json', import.meta.url));

/** Puts the company of the user with `email` on `plan` (its product limit too). */
export function setCompanyPlan(app: RunningApp, email: string, plan: PlanId): void {
  const Sqlite = requireFromApi('better-sqlite3') as SqliteConstructor;
  const db = new Sqlite(path.join(app.dataDir, 'app.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const { changes } = db
      .prepare('update companies set subscription_plan = ?, product_limit = ? where id = (select company_id from users where email = ?)')
      .run(plan, PLANS[plan].productLimit, email.trim().toLowerCase());
    if (changes !== 1) throw new Error(`no company found for ${email}`);
  } finally {
    db.close();
  }
}

/**
 * Moves the user with `email` into the company of `ownerEmail` with `role`: a teammate without
 * the invitation journey (team.test.ts walks that one), for tests about what teams do.
 */
export function joinCompany(app: RunningApp, email: string, ownerEmail: string, role: 'admin' | 'member'): void {
  const Sqlite = requireFromApi('better-sqlite3') as SqliteConstructor;
  const db = new Sqlite(path.join(app.dataDir, 'app.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const { changes } = db
      .prepare('update users set company_id = (select company_id from users where email = ?), role = ? where email = ?')
      .run(ownerEmail.trim().toLowerCase(), role, email.trim().toLowerCase());
    if (changes !== 1) throw new Error(`no user found for ${email}`);
  } finally {
    db.close();
  }
}
