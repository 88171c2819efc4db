/**
 * SQLite schema (better-sqlite3). Mirrors schema.pg.ts table for table and column for column:
 * the repositories and the contract suite rely on both dialects having the same names.
 * schema-parity.test.ts compares the two files table by table.
 *
 * Conventions: money is integer cents (`*_cents`), times are integer milliseconds
 * (`timestamp_ms`, read back as Date), JSON is text (mode json), booleans are 0/1 integers.
 *
 * This file holds the bookkeeping of requests and processes (sessions, idempotency keys,
 * company activity leases, Stripe events) and re-exports the tables of each area
 * from its own module (schema.sqlite.accounts.ts, .catalog.ts, .work-orders.ts, .history.ts,
 * .store.ts, .bigcommerce-app.ts, .price-lists.ts, .prior-price.ts; column helpers in schema.sqlite.columns.ts); drizzle-kit reads
 * all of them.
 */
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies } from './schema.sqlite.accounts';
import { nowMs, ts } from './schema.sqlite.columns';

export * from './schema.sqlite.accounts';
export * from './schema.sqlite.catalog';
export * from './schema.sqlite.work-orders';
export * from './schema.sqlite.history';
export * from './schema.sqlite.store';
export * from './schema.sqlite.bigcommerce-app';
export * from './schema.sqlite.price-lists';
export * from './schema.sqlite.prior-price';

export const sessions = sqliteTable('sessions', {
  sid: text('sid').primaryKey(),
  sess: text('sess', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  expire: ts('expire').notNull(),
}, (t) => [index('sessions_expire_idx').on(t.expire)]);

/**
 * Requests a client sent with an `Idempotency-Key` (the web outbox's UUID): a replay finds the
 * first answer here instead of applying the request again. `status` is null while the first
 * request is still being processed (a concurrent replay waits for it rather than racing it).
 */
export const idempotencyKeys = sqliteTable('idempotency_keys', {
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  /** What the key was used for ("PUT /api/products/123" and a hash of the body). */
  scope: text('scope').notNull(),
  fingerprint: text('fingerprint').notNull(),
  status: integer('status'),
  response: text('response', { mode: 'json' }).$type<unknown>(),
  createdAt: ts('created_at').notNull().default(nowMs),
  completedAt: ts('completed_at'),
}, (t) => [primaryKey({ columns: [t.companyId, t.key] })]);

/**
 * Per-company exclusive activities held across processes (today: 'sync'): a lease row with an
 * owner and an expiry the holder renews by heartbeat, so a process that dies frees it once
 * `expires_at` passes. `cancel_requested` is how a cancel sent to any process reaches the holder;
 * `progress` is the holder's latest progress, for GET /api/sync/status on any process.
 */
export const companyActivities = sqliteTable('company_activities', {
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  activity: text('activity').notNull(),
  owner: text('owner').notNull(),
  startedAt: ts('started_at').notNull().default(nowMs),
  expiresAt: ts('expires_at').notNull(),
  cancelRequested: integer('cancel_requested', { mode: 'boolean' }).notNull().default(false),
  progress: text('progress', { mode: 'json' }).$type<unknown>(),
}, (t) => [primaryKey({ columns: [t.companyId, t.activity] })]);

/** Stripe webhook events already handled (idempotent webhook processing). */
export const stripeEvents = sqliteTable('stripe_events', {
  id: text('id').primaryKey(),
  processedAt: ts('processed_at').notNull().default(nowMs),
});
