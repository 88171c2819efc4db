/** The drizzle handle every PostgreSQL repository runs on: the pool or a transaction on it. */
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';

export type PgDb = PgDatabase<NodePgQueryResultHKT>;
