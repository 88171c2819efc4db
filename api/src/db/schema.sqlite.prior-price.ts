/**
 * The SQLite tables of the lowest prior price published to the storefront (issue 36 item 3): per
 * company, the state of its publication (which store and window the metafields were written
 * for, price changes asked for and handled, the daily refresh, a failure's retry), and per
 * variant the store's metafield that holds its low and the value written there. Re-exported by
 * schema.sqlite.ts; mirrored by schema.pg.prior-price.ts.
 */
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies } from './schema.sqlite.accounts';
import { nowMs, ts } from './schema.sqlite.columns';

/**
 * A company's publication. It is due when `requested` passed `done` (a price changed since the
 * last run), at `refresh_at`, or when the company's window or store is no longer the one it was
 * written for; not before `retry_at` after a failed run.
 */
export const priorPricePublications = sqliteTable('prior_price_publications', {
  companyId: text('company_id').primaryKey().references(() => companies.id, { onDelete: 'cascade' }),
  /** The store the metafields below were written to; null before the first run. */
  storeHash: text('store_hash'),
  /** The window (days) they were computed with; null: nothing is published (publishing is off). */
  days: integer('days'),
  /** Bumped by every change of the company's prices; a run handles what it read at its start. */
  requested: integer('requested').notNull().default(1),
  done: integer('done').notNull().default(0),
  /** The next recomputation and reading of the store's metafields (daily); null: at the next run. */
  refreshAt: ts('refresh_at'),
  /** After a failed run: not again before this. */
  retryAt: ts('retry_at'),
  /** Runs failed in a row (the retry waits longer each time). */
  failures: integer('failures').notNull().default(0),
  /** Why the last run failed, in the merchant's words (failure-message.ts: no token, no URL); null after a success. */
  lastError: text('last_error'),
  /** When the last successful run finished (Settings shows it); null before the first one. */
  publishedAt: ts('published_at'),
  updatedAt: ts('updated_at').notNull().default(nowMs),
});

/** The metafield that holds a variant's low in the company's store (`pricing.lowest_prior_price`), and what it says. */
export const priorPriceMetafields = sqliteTable('prior_price_metafields', {
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  /** The store's variant id. */
  variantId: integer('variant_id').notNull(),
  /** The store's metafield id. */
  metafieldId: integer('metafield_id').notNull(),
  /** The value written (JSON text), compared with the one a run computes: only a change is written. */
  value: text('value').notNull(),
  updatedAt: ts('updated_at').notNull().default(nowMs),
}, (t) => [primaryKey({ columns: [t.companyId, t.variantId] })]);
