/**
 * Opens a PostgreSQL pool (node-postgres), applies the migrations and assembles the
 * repositories. Tables, and drizzle's migrations table, live in the connection's current
 * schema (search_path), so a deployment or a test run can use its own schema. A statement
 * timeout, when given, is sent as the `statement_timeout` start-up parameter of every
 * connection, beside whatever `options` (e.g. `-c search_path=...`) the URL carries.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database } from '../repositories';
import { pgCompanies } from './companies';
import { pgActivities } from './activities';
import { pgStoreRefreshes } from './store-refreshes';
import { pgStoreTaxonomy } from './store-taxonomy';
import { pgBackups } from './backups';
import { pgBigCommerceApp } from './bigcommerce-app';
import { pgIdempotency } from './idempotency';
import { pgStripeEvents } from './stripe-events';
import { pgInvitations } from './invitations';
import { pgPriceHistory } from './price-history';
import { pgPriceLists } from './price-lists';
import { pgProducts } from './products';
import { pgSettings } from './settings';
import { pgLowestPrice } from './lowest-price';
import { pgPriorPrice } from './prior-price';
import { pgUsers } from './users';
import { pgWorkOrders } from './work-orders';

/**
 * Runs drizzle's migrator under a session advisory lock, so API instances starting together
 * migrate one at a time (the later ones find nothing left to do). On a pool of its own, without
 * the app's statement timeout: waiting for another instance's migrations, or a migration that
 * rebuilds a large index, is no runaway statement.
 */
async function migrateSchema(url: string, migrationsFolder: string): Promise<void> {
  // 2 connections: one holds the lock, the migrator runs on the other.
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', (err) => console.error('[db] idle PostgreSQL client error:', err.message));
  try {
    const lock = await pool.connect();
    try {
      const { rows } = await lock.query<{ schema: string | null }>('select current_schema() as schema');
      const schema = rows[0]?.schema;
      if (!schema) throw new Error('PostgreSQL has no current schema: check search_path');
      const key = `${schema}.__drizzle_migrations`;
      await lock.query('select pg_advisory_lock(hashtext($1))', [key]);
      try {
        await migrate(drizzle({ client: pool }), { migrationsFolder, migrationsSchema: schema, migrationsTable: '__drizzle_migrations' });
      } finally {
        await lock.query('select pg_advisory_unlock(hashtext($1))', [key]);
      }
    } finally {
      lock.release();
    }
  } finally {
    await pool.end();
  }
}

export async function openPgDatabase(
  url: string, migrationsFolder: string | null, opts: { poolSize: number; statementTimeoutMs?: number },
): Promise<Database> {
  if (migrationsFolder) await migrateSchema(url, migrationsFolder);
  const pool = new pg.Pool({
    connectionString: url,
    max: Math.max(2, opts.poolSize),
    // A start-up parameter of its own, so the URL's `options` (search_path) stay as they are.
    ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (err) => console.error('[db] idle PostgreSQL client error:', err.message));
  try {
    const db = drizzle({ client: pool });
    const lowestPrice = pgLowestPrice(db);
    await pool.query('select 1');
    return {
      dialect: 'postgres',
      pgPool: pool,
      async ping() {
        await pool.query('select 1');
      },
      async close() {
        if (!pool.ended) await pool.end();
      },
      companies: pgCompanies(db),
      users: pgUsers(db),
      invitations: pgInvitations(db),
      settings: pgSettings(db, lowestPrice),
      products: pgProducts(db),
      workOrders: pgWorkOrders(db),
      priceHistory: pgPriceHistory(db),
      idempotency: pgIdempotency(db),
      activities: pgActivities(db),
      storeRefreshes: pgStoreRefreshes(db),
      storeTaxonomy: pgStoreTaxonomy(db),
      backups: pgBackups(db),
      stripeEvents: pgStripeEvents(db),
      bigcommerceApp: pgBigCommerceApp(db),
      priceLists: pgPriceLists(db),
      lowestPrice,
      priorPrice: pgPriorPrice(db),
    };
  } catch (err) {
    await pool.end();
    throw err;
  }
}
