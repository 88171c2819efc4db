/**
 * The databases the repository contract suites run on: SQLite in memory always, PostgreSQL too
 * when TEST_DATABASE_URL is set, each PostgreSQL run in a throwaway schema dropped afterwards.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../db/index';
import type { Database } from '../db/repositories';

export const dbTargets = [
  { name: 'sqlite', url: ':memory:' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres', url: process.env.TEST_DATABASE_URL }] : []),
];

/** Creates a throwaway schema and returns a URL whose connections use it. */
export async function isolatedSchema(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `contract_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create schema "${schema}"`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => admin(`drop schema if exists "${schema}" cascade`) };
}

/** A migrated database of the target; `close` also drops a PostgreSQL schema. */
export async function openTarget(target: { name: string; url: string }): Promise<{ db: Database; close: () => Promise<void> }> {
  if (target.name !== 'postgres') {
    const db = await openDatabase(target.url);
    return { db, close: () => db.close() };
  }
  const isolated = await isolatedSchema(target.url);
  const db = await openDatabase(isolated.url);
  return {
    db,
    close: async () => {
      await db.close();
      await isolated.drop();
    },
  };
}
