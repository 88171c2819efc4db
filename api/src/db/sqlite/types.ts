/** The drizzle handle every SQLite repository runs on: the database or a transaction on it. */
import type { RunResult } from 'better-sqlite3';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';

export type SqliteDb = BaseSQLiteDatabase<'sync', RunResult>;
