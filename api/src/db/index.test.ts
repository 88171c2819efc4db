/** openDatabase plumbing: dialect choice, SQLite file setup, and where migrations are found. */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { isPostgresUrl, migrationsFolder, openDatabase } from './index';

const tmpDirs: string[] = [];
afterEach(() => {
  for (const dir of tmpDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('openDatabase', () => {
  it('treats postgres:// and postgresql:// as PostgreSQL and anything else as a SQLite path', () => {
    expect(isPostgresUrl('postgres://u:p@host/db')).toBe(true);
    expect(isPostgresUrl('postgresql://host/db')).toBe(true);
    expect(isPostgresUrl('./data/app.db')).toBe(false);
    expect(isPostgresUrl(':memory:')).toBe(false);
  });

  it('creates the SQLite file\'s directory, migrates it and leaves it in WAL mode with foreign keys on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'db-open-'));
    tmpDirs.push(dir);
    const file = join(dir, 'nested', 'data', 'app.db');
    const db = await openDatabase(file);
    expect(db.dialect).toBe('sqlite');
    await db.ping();
    const company = await db.companies.create({ name: 'Persisted' });
    await db.close();

    // Reopening applies no migration twice and keeps the data.
    const again = await openDatabase(file);
    expect((await again.companies.get(company.id))?.name).toBe('Persisted');
    await again.close();

    const raw = new BetterSqlite3(file, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
  });

  it('enforces foreign keys on SQLite', async () => {
    const db = await openDatabase(':memory:');
    await expect(db.users.create({ companyId: 'no-such-company', email: 'x@example.com' })).rejects.toThrow();
    await db.close();
  });
});

describe('migrationsFolder', () => {
  it('finds api/drizzle/<dialect> from the sources, or under a given base directory', () => {
    expect(existsSync(join(migrationsFolder('sqlite'), 'meta', '_journal.json'))).toBe(true);
    expect(existsSync(join(migrationsFolder('postgres'), 'meta', '_journal.json'))).toBe(true);
    expect(migrationsFolder('postgres', '/srv/app/drizzle')).toBe(join('/srv/app/drizzle', 'pg'));
    expect(migrationsFolder('sqlite', '/srv/app/drizzle')).toBe(join('/srv/app/drizzle', 'sqlite'));
  });

  it('keeps PostgreSQL migrations schema-agnostic (no "public". prefix), so search_path picks the schema', () => {
    // drizzle-kit writes REFERENCES "public"."table"; after `drizzle-kit generate`, remove it with
    //   sed -i 's/"public"\.//g' drizzle/pg/*.sql
    const folder = migrationsFolder('postgres');
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.sql'))) {
      expect(readFileSync(join(folder, file), 'utf8'), file).not.toContain('"public".');
    }
  });
});
