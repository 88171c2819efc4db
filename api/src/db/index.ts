/**
 * Entry point of the data layer: `openDatabase(url)` picks the dialect from the URL, applies
 * the migrations and returns the repositories (see repositories.ts for the contract).
 *
 *   postgres://... or postgresql://...  PostgreSQL (node-postgres pool)
 *   anything else                       a SQLite file path (parent directory created) or ':memory:'
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Dialect } from './repositories';

export type { Database, Dialect } from './repositories';

export interface OpenDatabaseOptions {
  /**
   * The folder holding `sqlite/` and `pg/` migrations (api/drizzle). Needed when this module
   * is bundled somewhere the default resolution cannot see, e.g. api/dist.
   */
  migrationsDir?: string;
  /** Skip migrations (the schema is managed elsewhere). Default: migrate. */
  migrate?: boolean;
  /** PostgreSQL pool size. Default 10. */
  poolSize?: number;
  /**
   * PostgreSQL: statements running longer than this many milliseconds are cancelled by the
   * server (`statement_timeout` of every pool connection). 0 or unset: no limit.
   */
  statementTimeoutMs?: number;
}

export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//i.test(url);

/**
 * The migrations folder of a dialect: `<baseDir>/<sqlite|pg>` when `baseDir` is given,
 * otherwise api/drizzle/<dialect> found from this file (`../../drizzle` in the sources,
 * `../drizzle` when bundled into api/dist/).
 */
export function migrationsFolder(dialect: Dialect, baseDir?: string): string {
  const sub = dialect === 'sqlite' ? 'sqlite' : 'pg';
  if (baseDir) return join(baseDir, sub);
  const candidates = ['../../drizzle', '../drizzle'].map((rel) => fileURLToPath(new URL(`${rel}/${sub}`, import.meta.url)));
  return candidates.find((dir) => existsSync(join(dir, 'meta', '_journal.json'))) ?? candidates[0]!;
}

export async function openDatabase(url: string, options: OpenDatabaseOptions = {}): Promise<Database> {
  const dialect: Dialect = isPostgresUrl(url) ? 'postgres' : 'sqlite';
  const folder = options.migrate === false ? null : migrationsFolder(dialect, options.migrationsDir);
  if (dialect === 'postgres') {
    // Loaded on demand: a SQLite deployment never loads pg, a PostgreSQL one never loads the native module.
    const { openPgDatabase } = await import('./pg/database');
    return openPgDatabase(url, folder, { poolSize: options.poolSize ?? 10, statementTimeoutMs: options.statementTimeoutMs ?? 0 });
  }
  const { openSqliteDatabase } = await import('./sqlite/database');
  return openSqliteDatabase(url, folder);
}
