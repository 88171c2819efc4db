/**
 * The database the server suites run on. Every API, service and repository test runs twice in
 * `npm test`: on SQLite in the `api` project and, when TEST_DATABASE_URL is set, on PostgreSQL in
 * the `api-pg` project (vitest.workspace.ts sets TEST_DB_ENGINE=postgres there). A test asks this
 * module for a database and gets the engine of its project: SQLite in memory or in a temporary
 * file, or a throwaway PostgreSQL schema made for it and dropped afterwards.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/index';
import type { Database } from '../db/repositories';

export type DbTarget = { name: 'sqlite' | 'postgres'; url: string };

/** A database for one test: where it is, how to remove it, and whether it is migrated already. */
export interface TestDatabase {
  url: string;
  drop: () => Promise<void>;
  migrated: boolean;
}

function engineOfThisRun(): DbTarget {
  if (process.env.TEST_DB_ENGINE !== 'postgres') return { name: 'sqlite', url: ':memory:' };
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB_ENGINE=postgres (the api-pg project) needs TEST_DATABASE_URL=postgres://...');
  return { name: 'postgres', url };
}

/** The engine of this test project: `describe.each(dbTargets)` names it in the suite's title. */
export const dbTarget: DbTarget = engineOfThisRun();
export const dbTargets: DbTarget[] = [dbTarget];

/** Creates a throwaway schema and returns a URL whose connections use it. */
export async function isolatedSchema(baseUrl: string): Promise<{ url: string; schema: string; drop: () => Promise<void> }> {
  const schema = `test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await adminQuery(baseUrl, `create schema "${schema}"`);
  const url = new URL(baseUrl);
  // A test's commits need not wait for the disk (the data is thrown away), which makes them ~3x quicker.
  url.searchParams.set('options', `-c search_path=${schema} -c synchronous_commit=off`);
  return { url: url.toString(), schema, drop: async () => void (await adminQuery(baseUrl, `drop schema if exists "${schema}" cascade`)) };
}

/**
 * PostgreSQL schemas of this test file that a test has finished with, emptied and ready for the
 * next one: creating and migrating a schema costs ~300 ms, emptying one ~20 ms, and a file may
 * open dozens of databases. `migrated`: the last test migrated it (the next one may open it
 * without running the migrator). Dropped when the file ends (testing/pg-setup.ts).
 */
const spareSchemas: Array<{ url: string; drop: () => Promise<void>; migrated: boolean }> = [];

/** One connection per URL for the file's schema work (creating, emptying, dropping), kept while it is used. */
const adminPools = new Map<string, pg.Pool>();

async function adminQuery(url: string, statement: string): Promise<pg.QueryResultRow[]> {
  let pool = adminPools.get(url);
  if (!pool) {
    pool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 2_000, allowExitOnIdle: true });
    adminPools.set(url, pool);
  }
  const results = await pool.query(statement);
  return (Array.isArray(results) ? results.at(-1)! : results).rows;
}

/** A schema of this file's own: a spare one emptied by the last test, else a new one. */
async function reusableSchema(baseUrl: string): Promise<TestDatabase> {
  const schema = spareSchemas.pop() ?? { ...(await isolatedSchema(baseUrl)), migrated: false };
  const release = async () => {
    // Every row of every table but drizzle's record of the migrations, so the schema stays
    // migrated. DELETE with the foreign keys' triggers off (replica role), not TRUNCATE: a test
    // leaves few rows, and TRUNCATE makes every table's files anew (~20x slower here).
    const rows = await adminQuery(schema.url, `set session_replication_role = replica; do $$ declare t text; begin
      for t in select tablename from pg_tables where schemaname = current_schema() and tablename <> '__drizzle_migrations' loop
        execute format('delete from %I', t);
      end loop;
    end $$; select to_regclass('__drizzle_migrations') is not null as migrated`);
    spareSchemas.push({ url: schema.url, drop: schema.drop, migrated: rows[0]?.migrated === true });
  };
  return { url: schema.url, drop: release, migrated: schema.migrated };
}

/** Drops the spare schemas of this test file (its last test is done). */
export async function dropSpareSchemas(): Promise<void> {
  for (const schema of spareSchemas.splice(0)) await schema.drop();
  const pools = [...adminPools.values()];
  adminPools.clear();
  await Promise.all(pools.map((pool) => pool.end()));
}

/**
 * A database URL of this run's engine for one test, empty: on SQLite `:memory:`, or with
 * `{ file: true }` a file in a temporary folder, so that the database outlives a close and can be
 * opened again (a restart, a second process); on PostgreSQL a schema of this test file's own
 * (maybe migrated already, and empty; with `{ fresh: true }` a new one, not migrated), which
 * always can. `drop` removes it, or empties it for the file's next test; every connection to it
 * must be closed first.
 */
export async function testDatabase(options: { file?: boolean; fresh?: boolean } = {}): Promise<TestDatabase> {
  if (dbTarget.name === 'postgres') {
    return options.fresh ? { ...(await isolatedSchema(dbTarget.url)), migrated: false } : reusableSchema(dbTarget.url);
  }
  if (!options.file) return { url: ':memory:', drop: async () => undefined, migrated: false };
  const dir = mkdtempSync(join(tmpdir(), 'catalog-test-'));
  return { url: join(dir, 'app.db'), drop: async () => rmSync(dir, { recursive: true, force: true }), migrated: false };
}

/** Opens a test database: without running the migrator when it is migrated already (a spare schema). */
export const openTestDatabaseAt = (database: TestDatabase): Promise<Database> =>
  openDatabase(database.url, database.migrated ? { migrate: false } : {});

/** A migrated database of `target` (default: this run's engine); `close` also drops a PostgreSQL schema. */
export async function openTarget(target: DbTarget = dbTarget): Promise<{ db: Database; close: () => Promise<void> }> {
  if (target.name !== 'postgres') {
    const db = await openDatabase(target.url);
    return { db, close: () => db.close() };
  }
  const isolated: TestDatabase = target === dbTarget ? await testDatabase() : { ...(await isolatedSchema(target.url)), migrated: false };
  const db = await openTestDatabaseAt(isolated);
  return {
    db,
    close: async () => {
      await db.close();
      await isolated.drop();
    },
  };
}

/** A migrated, empty database of this run's engine; `close` closes and removes it. */
export const openTestDatabase = (): Promise<{ db: Database; close: () => Promise<void> }> => openTarget(dbTarget);
