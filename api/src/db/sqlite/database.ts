/**
 * Opens a SQLite database (better-sqlite3), applies the migrations and assembles the
 * repositories. One connection per process: better-sqlite3 is synchronous, so every
 * repository call runs to completion before the next starts.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { Database } from '../repositories';
import { catalogStatements } from './catalog-rows';
import { CONNECTION_PRAGMAS } from './pragmas';
import { sqliteCompanies } from './companies';
import { sqliteActivities } from './activities';
import { sqliteStoreRefreshes } from './store-refreshes';
import { sqliteStoreTaxonomy } from './store-taxonomy';
import { sqliteBackups } from './backups';
import { sqliteBigCommerceApp } from './bigcommerce-app';
import { sqliteIdempotency } from './idempotency';
import { sqliteStripeEvents } from './stripe-events';
import { sqliteInvitations } from './invitations';
import { sqlitePriceHistory } from './price-history';
import { sqlitePriceLists } from './price-lists';
import { sqliteProducts } from './products';
import { sqliteSettings } from './settings';
import { sqliteLowestPrice } from './lowest-price';
import { sqlitePriorPrice } from './prior-price';
import { sqliteUsers } from './users';
import { sqliteWorkOrders } from './work-orders';

export function openSqliteDatabase(file: string, migrationsFolder: string | null): Database {
  const inMemory = file === ':memory:' || file === '';
  if (!inMemory) mkdirSync(dirname(resolve(file)), { recursive: true });
  const sqlite = new BetterSqlite3(inMemory ? ':memory:' : file);
  try {
    sqlite.pragma('journal_mode = WAL');
    for (const pragma of CONNECTION_PRAGMAS) sqlite.pragma(pragma);
    const db = drizzle({ client: sqlite });
    if (migrationsFolder) migrate(db, { migrationsFolder });
    // The connection's prepared statements, shared by the repositories with raw hot paths.
    const stmts = catalogStatements(sqlite);
    const lowestPrice = sqliteLowestPrice(db, stmts);
    return {
      dialect: 'sqlite',
      async ping() {
        sqlite.prepare('select 1').get();
      },
      async close() {
        if (sqlite.open) sqlite.close();
      },
      companies: sqliteCompanies(db),
      users: sqliteUsers(db),
      invitations: sqliteInvitations(db),
      settings: sqliteSettings(db, lowestPrice),
      products: sqliteProducts(db, stmts, inMemory ? null : resolve(file)),
      workOrders: sqliteWorkOrders(db),
      priceHistory: sqlitePriceHistory(db, stmts),
      idempotency: sqliteIdempotency(db),
      activities: sqliteActivities(db),
      storeRefreshes: sqliteStoreRefreshes(db),
      storeTaxonomy: sqliteStoreTaxonomy(db),
      backups: sqliteBackups(db),
      stripeEvents: sqliteStripeEvents(db),
      bigcommerceApp: sqliteBigCommerceApp(db),
      priceLists: sqlitePriceLists(db, stmts),
      lowestPrice,
      priorPrice: sqlitePriorPrice(db),
    };
  } catch (err) {
    sqlite.close();
    throw err;
  }
}
