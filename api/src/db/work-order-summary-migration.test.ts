/**
 * The migration that stores a work order's summary counts and targets (issue 31,
 * drizzle/<dialect>/*_work_order_summary.sql) backfills the orders made before it with the same
 * counts and targets the repository writes for a new order: a database migrated up to the one
 * before it gets orders (rows as the app wrote them then), then the real migrator applies it.
 * Runs on this project's engine (SQLite file, or a fresh PostgreSQL schema).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '../testing/db-targets';
import { migrationsFolder, openDatabase } from './index';
import type { WorkOrderItem } from './repositories';
import { itemCounts, targetRows } from './repository-shared.work-orders';

const MIGRATION = 'work_order_summary';
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A copy of both dialects' migrations without the summary migration and any after it. */
function migrationsBefore(): string {
  const base = mkdtempSync(join(tmpdir(), 'migrations-before-'));
  cleanups.push(() => rmSync(base, { recursive: true, force: true }));
  for (const [dialect, dir] of [['sqlite', 'sqlite'], ['postgres', 'pg']] as const) {
    const target = join(base, dir);
    cpSync(migrationsFolder(dialect), target, { recursive: true });
    const journalFile = join(target, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number; tag: string }> };
    const at = journal.entries.findIndex((e) => e.tag.endsWith(MIGRATION));
    expect(at, `the ${MIGRATION} migration is in the ${dialect} journal`).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, at);
    writeFileSync(journalFile, JSON.stringify(journal));
  }
  return base;
}

/** Runs SQL on the database as it is (the repositories of the app would read columns it does not have yet). */
async function rawSql(database: TestDatabase, statements: Array<{ sql: string; params: unknown[] }>) {
  if (database.url.startsWith('postgres')) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      for (const s of statements) await client.query(s.sql, s.params);
    } finally {
      await client.end();
    }
    return;
  }
  const raw = new BetterSqlite3(database.url);
  try {
    for (const s of statements) raw.prepare(s.sql).run(...s.params);
  } finally {
    raw.close();
  }
}

const MIXED: WorkOrderItem[] = [
  { productId: 'prod-1', productName: 'Shoe', externalProductId: 101, newRegularPriceCents: 1990, newSalePriceCents: null },
  { productId: 'prod-2', productName: 'Hat', externalProductId: 102, variantId: 'var-21', externalVariantId: 9021, newRegularPriceCents: null },
  { productId: 'prod-2', productName: 'Hat', externalProductId: 102, variantId: 'var-22', externalVariantId: 9022, newSalePriceCents: 500, newRetailPriceCents: null },
  { productId: 'prod-3', productName: 'Sock', externalProductId: 103, newRetailPriceCents: 900 },
];

describe(`the ${MIGRATION} migration`, () => {
  it('backfills the counts and the targets of the orders made before it, as the repository writes them', async () => {
    const database = await testDatabase({ file: true, fresh: true });
    cleanups.push(() => database.drop());
    const before = await openDatabase(database.url, { migrationsDir: migrationsBefore() });
    await before.close();

    const now = Date.now();
    // The company too as rows of then: the repository's insert returns every column of today.
    const company = { id: crypto.randomUUID() };
    await rawSql(database, [{ sql: `insert into companies (id, name) values ${database.url.startsWith('postgres') ? '($1, $2)' : '(?, ?)'}`, params: [company.id, 'Before'] }]);
    const orders = [
      { id: crypto.randomUUID(), items: MIXED },
      { id: crypto.randomUUID(), items: [] as WorkOrderItem[] },
      { id: crypto.randomUUID(), items: [{ productId: 'prod-9', productName: 'Old', newRegularPriceCents: 100 }] as WorkOrderItem[] },
    ];
    const postgres = database.url.startsWith('postgres');
    const values = postgres ? '($1, $2, $3, $4::jsonb, \'pending\', $5, $5)' : '(?, ?, ?, ?, \'pending\', ?, ?)';
    await rawSql(database, orders.map((o) => ({
      sql: `insert into work_orders (id, company_id, title, product_updates, status, created_at, updated_at) values ${values}`,
      params: [o.id, company.id, `Order ${o.id}`, JSON.stringify(o.items), ...(postgres ? [new Date(now)] : [now, now])],
    })));

    const after = await openDatabase(database.url);
    try {
      const summaries = await after.workOrders.getSummaries(company.id, orders.map((o) => o.id));
      for (const order of orders) {
        expect(summaries.find((s) => s.id === order.id), order.id).toMatchObject(itemCounts(order.items));
      }
      const wanted = [...new Set(orders.flatMap((o) => targetRows(company.id, o.id, o.items, null).map((row) => row.target)))];
      expect(wanted.sort()).toEqual(['p0', 'p101', 'p103', 'v9021', 'v9022']);
      const shared = await after.workOrders.sharedTargets(company.id, orders.map((o) => o.id), wanted);
      expect(shared.get(orders[0]!.id)).toEqual({ shared: 4, targets: ['p101', 'p103', 'v9021', 'v9022'] });
      expect(shared.get(orders[2]!.id)).toEqual({ shared: 1, targets: ['p0'] });
      expect(shared.has(orders[1]!.id)).toBe(false);
      expect(await after.workOrders.overlapCandidates(company.id, ['v9022'], new Date())).toEqual({ ids: [orders[0]!.id], complete: true });
    } finally {
      await after.close();
    }
  });
});
