/**
 * PostgreSQL schema (node-postgres). Mirrors schema.sqlite.ts table for table and column for
 * column: the repositories and the contract suite rely on both dialects having the same names.
 * schema-parity.test.ts compares the two files table by table.
 *
 * Conventions: money is bigint cents (`*_cents`, read as number), times are
 * `timestamp with time zone` (read as Date), JSON is jsonb.
 *
 * This file holds the bookkeeping of requests and processes (sessions, idempotency keys,
 * company activity leases, Stripe events, rate limits) and re-exports the tables of each area
 * from its own module (schema.pg.accounts.ts, .catalog.ts, .work-orders.ts, .history.ts,
 * .store.ts, .bigcommerce-app.ts, .price-lists.ts, .prior-price.ts; column helpers in schema.pg.columns.ts); drizzle-kit reads
 * all of them.
 */
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { companies } from './schema.pg.accounts';
import { ts } from './schema.pg.columns';

export * from './schema.pg.accounts';
export * from './schema.pg.catalog';
export * from './schema.pg.work-orders';
export * from './schema.pg.history';
export * from './schema.pg.store';
export * from './schema.pg.bigcommerce-app';
export * from './schema.pg.price-lists';
export * from './schema.pg.prior-price';

export const sessions = pgTable('sessions', {
  sid: text('sid').primaryKey(),
  sess: jsonb('sess').$type<Record<string, unknown>>().notNull(),
  expire: ts('expire').notNull(),
}, (t) => [index('sessions_expire_idx').on(t.expire)]);

/**
 * Requests a client sent with an `Idempotency-Key` (the web outbox's UUID): a replay finds the
 * first answer here instead of applying the request again. `status` is null while the first
 * request is still being processed (a concurrent replay waits for it rather than racing it).
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  /** What the key was used for ("PUT /api/products/123" and a hash of the body). */
  scope: text('scope').notNull(),
  fingerprint: text('fingerprint').notNull(),
  status: integer('status'),
  response: jsonb('response').$type<unknown>(),
  createdAt: ts('created_at').notNull().defaultNow(),
  completedAt: ts('completed_at'),
}, (t) => [primaryKey({ columns: [t.companyId, t.key] })]);

/**
 * Per-company exclusive activities held across processes (today: 'sync'): a lease row with an
 * owner and an expiry the holder renews by heartbeat, so a process that dies frees it once
 * `expires_at` passes. `cancel_requested` is how a cancel sent to any process reaches the holder;
 * `progress` is the holder's latest progress, for GET /api/sync/status on any process.
 */
export const companyActivities = pgTable('company_activities', {
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  activity: text('activity').notNull(),
  owner: text('owner').notNull(),
  startedAt: ts('started_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  cancelRequested: boolean('cancel_requested').notNull().default(false),
  progress: jsonb('progress').$type<unknown>(),
}, (t) => [primaryKey({ columns: [t.companyId, t.activity] })]);

/** Stripe webhook events already handled (idempotent webhook processing). */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  processedAt: ts('processed_at').notNull().defaultNow(),
});

/**
 * Rate-limit counters shared by every API process (rate-limiter-flexible's RateLimiterPostgres
 * layout: it reads and upserts these columns). SQLite runs one process and counts in memory.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});
