/**
 * schema.sqlite.ts and schema.pg.ts describe the same tables (decision 002): every table of one
 * is in the other, with the same columns (name, kind of value, nullability, primary key,
 * uniqueness, and the same default: none, the same literal, an SQL expression such as "now", or
 * one generated in JS), the same composite primary keys, foreign keys and indexes. Read through
 * drizzle's table config, so an edit to one schema file that is not made to the other fails
 * here before any migration is generated. Differences made on purpose are listed below with
 * their reason; the test fails when they change too, or disappear.
 */
import { is, SQL } from 'drizzle-orm';
import { getTableConfig as pgTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as pgSchema from './schema.pg';
import * as sqliteSchema from './schema.sqlite';

/** The differences the two schemas are meant to have, each as this test words it, and why. */
const DELIBERATE_DIFFERENCES: ReadonlyArray<{ difference: string; reason: string }> = [
  {
    difference: 'rate_limits: only in PostgreSQL',
    reason: 'The rate limiter counts in the database only where several processes share it (PostgreSQL); SQLite runs one process and counts in memory (middleware/rate-limit.ts).',
  },
  {
    difference: 'products: index products_company_category_idx differs: sqlite (company_id, category, (expression), external_id) where ..., pg (company_id, category)',
    reason: 'Decision 010: SQLite reads a category subtree as one range of a partial index in list order; PostgreSQL filters with category = path OR LIKE \'path > %\' (a range is only right under a byte-order collation).',
  },
  {
    difference: 'products: index products_company_name_idx differs: sqlite (company_id, (expression), external_id, name, sku) where ..., pg (company_id, (expression), external_id) where ...',
    reason: 'Decision 010: SQLite scans this index for 1-2 character searches, so it also holds name and SKU; PostgreSQL orders by lower(name) collate "C" and searches with pg_trgm indexes (migration pg/0002).',
  },
];

type Config = ReturnType<typeof sqliteTableConfig> | ReturnType<typeof pgTableConfig>;
type AnyColumn = Config['columns'][number];

/** Every table a schema module exports, by its SQL name. */
function tablesOf(schema: Record<string, unknown>, dialect: 'sqlite' | 'pg'): Map<string, Config> {
  const tables = new Map<string, Config>();
  for (const value of Object.values(schema)) {
    if (dialect === 'sqlite' && is(value, SQLiteTable)) tables.set(sqliteTableConfig(value).name, sqliteTableConfig(value));
    if (dialect === 'pg' && is(value, PgTable)) tables.set(pgTableConfig(value).name, pgTableConfig(value));
  }
  return tables;
}

/** A column's default as both dialects can agree on it. */
function defaultOf(column: AnyColumn): string {
  if (column.defaultFn) return 'generated in JS';
  if (!column.hasDefault) return 'none';
  return is(column.default, SQL) ? 'an SQL expression' : JSON.stringify(column.default);
}

function describeColumn(column: AnyColumn) {
  return {
    kind: column.dataType,
    notNull: column.notNull,
    default: defaultOf(column),
    primaryKey: column.primary,
    unique: column.isUnique,
  };
}

const columnList = (columns: readonly unknown[]) =>
  `(${columns.map((c) => (is(c, SQL) ? '(expression)' : (c as { name: string }).name)).join(', ')})`;

/** Foreign keys, composite primary keys and indexes, each as one comparable line. */
function constraintsOf(config: Config): string[] {
  const lines: string[] = [];
  for (const fk of config.foreignKeys) {
    const ref = fk.reference();
    const target = is(ref.foreignTable, SQLiteTable) ? sqliteTableConfig(ref.foreignTable).name : pgTableConfig(ref.foreignTable as PgTable).name;
    lines.push(`foreign key ${columnList(ref.columns)} -> ${target}${columnList(ref.foreignColumns)} on delete ${fk.onDelete ?? 'no action'}`);
  }
  for (const pk of config.primaryKeys) lines.push(`primary key ${columnList(pk.columns)}`);
  for (const index of config.indexes) {
    const { name, unique, columns, where } = index.config;
    lines.push(`${unique ? 'unique ' : ''}index ${name} ${columnList(columns)}${where ? ' where ...' : ''}`);
  }
  return lines.sort();
}

/** Every difference between the two schemas, one line each. */
function schemaDifferences(): string[] {
  const sqlite = tablesOf(sqliteSchema, 'sqlite');
  const pg = tablesOf(pgSchema, 'pg');
  const out: string[] = [];
  for (const name of [...new Set([...sqlite.keys(), ...pg.keys()])].sort()) {
    const [s, p] = [sqlite.get(name), pg.get(name)];
    if (!s || !p) {
      out.push(`${name}: only in ${s ? 'SQLite' : 'PostgreSQL'}`);
      continue;
    }
    const sColumns = new Map(s.columns.map((c) => [c.name, c]));
    const pColumns = new Map(p.columns.map((c) => [c.name, c]));
    for (const column of [...new Set([...sColumns.keys(), ...pColumns.keys()])]) {
      const [sc, pc] = [sColumns.get(column), pColumns.get(column)];
      if (!sc || !pc) {
        out.push(`${name}.${column}: only in ${sc ? 'SQLite' : 'PostgreSQL'}`);
        continue;
      }
      const [sd, pd] = [describeColumn(sc), describeColumn(pc)];
      for (const key of Object.keys(sd) as (keyof typeof sd)[]) {
        if (sd[key] !== pd[key]) out.push(`${name}.${column}: ${key} differs: sqlite ${sd[key]}, pg ${pd[key]}`);
      }
    }
    const [sLines, pLines] = [constraintsOf(s), constraintsOf(p)];
    const byIndex = (lines: string[]) => new Map(lines.map((l) => [/^(?:unique )?index (\S+)/.exec(l)?.[1] ?? l, l]));
    const [sKeyed, pKeyed] = [byIndex(sLines), byIndex(pLines)];
    for (const key of [...new Set([...sKeyed.keys(), ...pKeyed.keys()])].sort()) {
      const [sl, pl] = [sKeyed.get(key), pKeyed.get(key)];
      if (sl === pl) continue;
      if (!sl || !pl) out.push(`${name}: ${sl ?? pl} only in ${sl ? 'SQLite' : 'PostgreSQL'}`);
      else out.push(`${name}: index ${key} differs: sqlite ${sl.replace(/^(?:unique )?index \S+ /, '')}, pg ${pl.replace(/^(?:unique )?index \S+ /, '')}`);
    }
  }
  return out;
}

describe('schema parity between SQLite and PostgreSQL', () => {
  it('finds the tables of both schema files (a test of nothing would pass)', () => {
    const names = [...tablesOf(sqliteSchema, 'sqlite').keys()];
    expect(names).toEqual(expect.arrayContaining(['companies', 'users', 'products', 'product_variants', 'work_orders', 'price_history']));
    expect(tablesOf(pgSchema, 'pg').size).toBe(names.length + 1);
    const workOrders = tablesOf(pgSchema, 'pg').get('work_orders')!;
    expect(constraintsOf(workOrders)).toContain('unique index work_orders_company_idempotency_uq (company_id, idempotency_key)');
    expect(describeColumn(workOrders.columns.find((c) => c.name === 'status')!))
      .toEqual({ kind: 'string', notNull: true, default: '"pending"', primaryKey: false, unique: false });
  });

  it('has the same columns, defaults, keys and indexes in every table, but for the differences made on purpose', () => {
    expect(schemaDifferences().sort()).toEqual(DELIBERATE_DIFFERENCES.map((d) => d.difference).sort());
  });

  it('gives a reason for every difference made on purpose', () => {
    for (const { difference, reason } of DELIBERATE_DIFFERENCES) expect(reason.length, difference).toBeGreaterThan(40);
  });
});
