/**
 * The PostgreSQL pool's options (DATABASE_POOL_MAX, DATABASE_STATEMENT_TIMEOUT_MS): a statement
 * longer than the timeout is cancelled while the URL's `-c search_path=...` still holds on the
 * same connections; no timeout means none; the pool holds at most `poolSize` connections; and
 * several instances opening one fresh schema together migrate it once (the advisory lock).
 * Runs when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedSchema } from '../../testing/db-targets';
import { openDatabase, type Database } from '../index';

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('PostgreSQL pool options', () => {
  let schema: Awaited<ReturnType<typeof isolatedSchema>>;
  const opened: Database[] = [];
  const open = async (options: Parameters<typeof openDatabase>[1]) => {
    const db = await openDatabase(schema.url, options);
    opened.push(db);
    return db;
  };

  beforeAll(async () => {
    schema = await isolatedSchema(baseUrl!);
  });
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.close()));
    await schema?.drop();
  });

  it('migrates once when several instances open a fresh schema together', async () => {
    const dbs = await Promise.all([1, 2, 3].map(() => open({ poolSize: 2 })));
    const { rows } = await dbs[0]!.pgPool!.query<{ n: string }>('select count(*)::text as n from __drizzle_migrations');
    const { rows: journal } = await dbs[0]!.pgPool!.query<{ n: string }>('select count(distinct hash)::text as n from __drizzle_migrations');
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
    expect(rows[0]!.n).toBe(journal[0]!.n);
  });

  it('cancels a statement longer than the timeout, and the URL\'s search_path still holds', async () => {
    const db = await open({ poolSize: 3, statementTimeoutMs: 200 });
    const pool = db.pgPool!;
    const started = Date.now();
    await expect(pool.query('select pg_sleep(2)')).rejects.toThrow(/statement timeout/);
    expect(Date.now() - started).toBeLessThan(1_500);
    const { rows } = await pool.query<{ timeout: string; schema: string }>(
      "select current_setting('statement_timeout') as timeout, current_schema() as schema",
    );
    expect(rows[0]).toEqual({ timeout: '200ms', schema: schema.schema });
    // The repositories work on that schema through the same pool.
    const company = await db.companies.create({ name: 'Timed' });
    expect((await db.companies.get(company.id))?.name).toBe('Timed');
    // A quick statement is untouched.
    await expect(pool.query('select pg_sleep(0.05)')).resolves.toBeTruthy();
  });

  it('sets no timeout when none is given, and keeps the pool to its size', async () => {
    const db = await open({ poolSize: 2 });
    const pool = db.pgPool!;
    const { rows } = await pool.query<{ timeout: string }>("select current_setting('statement_timeout') as timeout");
    expect(rows[0]!.timeout).toBe('0');
    await expect(pool.query('select pg_sleep(0.3)')).resolves.toBeTruthy();
    expect(pool.options.max).toBe(2);
    await Promise.all([1, 2, 3, 4].map(() => pool.query('select pg_sleep(0.05)')));
    expect(pool.totalCount).toBeLessThanOrEqual(2);
  });
});
