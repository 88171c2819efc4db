/**
 * "Nothing was written": a fingerprint of every table (its row count and a hash of its rows in
 * a stable order), read through a connection of the test's own, on SQLite (a database file)
 * and PostgreSQL (the test's schema) alike. Compare two fingerprints with `expect(...).toEqual`.
 *
 * `rate_limits` is left out: counting a refused request is the point of it.
 */
import { createHash } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { isPostgresUrl } from '../db/index';

export type Fingerprint = Record<string, { rows: number; hash: string }>;

const IGNORED = new Set(['rate_limits', '__drizzle_migrations', 'products_search', 'products_search_data',
  'products_search_idx', 'products_search_docsize', 'products_search_config', 'products_search_content']);

function digest(rows: unknown[]): string {
  const hash = createHash('sha256');
  for (const row of rows) hash.update(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))).update('\n');
  return hash.digest('hex').slice(0, 16);
}

/** Reads fingerprints of the database at `url` (an SQLite file path or a postgres URL). */
export function fingerprinter(url: string): { read(): Promise<Fingerprint>; close(): Promise<void> } {
  if (!isPostgresUrl(url)) {
    const sqlite = new BetterSqlite3(url, { readonly: true, fileMustExist: true });
    return {
      async read() {
        const tables = sqlite.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`)
          .all() as { name: string }[];
        const out: Fingerprint = {};
        for (const { name } of tables) {
          if (IGNORED.has(name) || name.startsWith('products_search')) continue;
          const rows = sqlite.prepare(`select * from "${name}" order by 1, 2`).raw().all();
          out[name] = { rows: rows.length, hash: digest(rows) };
        }
        return out;
      },
      async close() {
        sqlite.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: url });
  const connected = client.connect();
  return {
    async read() {
      await connected;
      const { rows: tables } = await client.query<{ name: string }>(
        `select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`);
      const out: Fingerprint = {};
      for (const { name } of tables) {
        if (IGNORED.has(name)) continue;
        const { rows } = await client.query({ text: `select * from "${name}" order by 1, 2`, rowMode: 'array' });
        out[name] = { rows: rows.length, hash: digest(rows) };
      }
      return out;
    },
    async close() {
      await connected.catch(() => undefined);
      await client.end();
    },
  };
}
