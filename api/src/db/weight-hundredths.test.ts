/**
 * A product's weight is the spec's decimal(10,2), kept exactly as integer hundredths: what a sync
 * writes reads back to the cent of a unit, also for sums a float cannot hold (0.1 + 0.2), and the
 * largest decimal(10,2); and the migration turns the float weights a database held before into
 * the same hundredths. On this project's engine (SQLite, or PostgreSQL in api-pg).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { dbTarget, openTestDatabase, testDatabase } from '../testing/db-targets';
import { fromHundredths, roundToHundredths, toHundredths } from './hundredths';
import { migrationsFolder, openDatabase, type Database } from './index';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Runs a statement on the database's own driver, around the repositories (a row as an older version wrote it). */
async function execute(db: Database, url: string, statement: string): Promise<void> {
  if (db.pgPool) {
    await db.pgPool.query(statement);
    return;
  }
  const sqlite = new BetterSqlite3(url);
  try {
    sqlite.exec(statement);
  } finally {
    sqlite.close();
  }
}

describe('hundredths', () => {
  it('rounds to the nearest hundredth, half away from zero, and back', () => {
    expect(toHundredths(0.1 + 0.2)).toBe(30);
    expect(toHundredths(1.125)).toBe(113);
    expect(toHundredths(-1.125)).toBe(-113);
    expect(fromHundredths(9_999_999_999)).toBe(99_999_999.99);
    expect(roundToHundredths(2.125)).toBe(2.13);
    expect(roundToHundredths(null)).toBeNull();
    expect(roundToHundredths(Number.NaN)).toBeNull();
  });
});

describe(`product weight on ${dbTarget.name}`, () => {
  it('reads back exactly what was written, to the hundredth', async () => {
    const { db, close } = await openTestDatabase();
    cleanups.push(close);
    const company = await db.companies.create({ name: 'Weights' });
    const weights = [0.1 + 0.2, 99_999_999.99, 0.01, 0, null, 12.5];
    await db.products.upsertMany(company.id, weights.map((weight, i) => ({
      externalId: i + 1, name: `Parcel ${i + 1}`, regularPriceCents: 100, weight,
    })));
    const read = await db.products.getByExternalIds(company.id, weights.map((_, i) => i + 1));
    expect(read.sort((a, b) => a.externalId - b.externalId).map((p) => p.weight)).toEqual([0.3, 99_999_999.99, 0.01, 0, null, 12.5]);
  });

  it('turns the float weights kept before into the same hundredths', async () => {
    // The migrations up to the one before weight_hundredths, in a folder of their own.
    const dialect = dbTarget.name === 'postgres' ? 'pg' : 'sqlite';
    const full = migrationsFolder(dbTarget.name === 'postgres' ? 'postgres' : 'sqlite');
    const dir = mkdtempSync(join(tmpdir(), 'weights-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    cpSync(full, join(dir, dialect), { recursive: true });
    const journalFile = join(dir, dialect, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
    const at = journal.entries.findIndex((e) => e.tag.endsWith('_weight_hundredths'));
    expect(at).toBeGreaterThan(0);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));

    const database = await testDatabase({ file: true, fresh: true });
    cleanups.push(database.drop);
    const before = await openDatabase(database.url, { migrationsDir: dir });
    // Rows as that version wrote them, in SQL: today's repositories know columns added since.
    const company = { id: crypto.randomUUID() };
    await execute(before, database.url, `insert into companies (id, name) values ('${company.id}', 'Old weights')`);
    const insert = (id: number, weight: string) =>
      `insert into products (id, company_id, external_id, name, regular_price_cents, weight, version) values ('p${id}', '${company.id}', ${id}, 'Old ${id}', 100, ${weight}, ${id})`;
    for (const [id, weight] of [[1, '0.30000000000000004'], [2, '1.125'], [3, 'null'], [4, '12.5']] as const) {
      await execute(before, database.url, insert(id, weight));
    }
    await before.close();

    const after = await openDatabase(database.url);
    cleanups.push(() => after.close());
    const read = await after.products.getByExternalIds(company.id, [1, 2, 3, 4]);
    expect(Object.fromEntries(read.map((p) => [p.externalId, p.weight]))).toEqual({ 1: 0.3, 2: 1.13, 3: null, 4: 12.5 });
  });
});
