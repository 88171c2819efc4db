/**
 * The PostgreSQL tables of the lowest prior price published to the storefront (issue 36 item 3): per
 * company, the state of its publication (which store and window the metafields were written
 * for, price changes asked for and handled, the daily refresh, a failure's retry), and per
 * variant the store's metafield that holds its low and the value written there. Re-exported by
 * schema.pg.ts; mirrored by schema.sqlite.prior-price.ts.
 */
import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { companies } from './schema.pg.accounts';
import { ts } from './schema.pg.columns';

/**
 * A company's publication. It is due when `requested` passed `done` (a price changed since the
 * last run), at `refresh_at`, or when the company's window or store is no longer the one it was
 * written for; not before `retry_at` after a failed run.
 */
export const priorPricePublications = pgTable('prior_price_publications', {
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
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The metafield that holds a variant's low in the company's store (`pricing.lowest_prior_price`), and what it says. */
export const priorPriceMetafields = pgTable('prior_price_metafields', {
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  /** The store's variant id. */
  variantId: bigint('variant_id', { mode: 'number' }).notNull(),
  /** The store's metafield id. */
  metafieldId: bigint('metafield_id', { mode: 'number' }).notNull(),
  /** The value written (JSON text), compared with the one a run computes: only a change is written. */
  value: text('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.companyId, t.variantId] })]);
