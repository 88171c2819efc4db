/**
 * The SQLite tables of a company's store connection: its settings (the store, its encrypted
 * token, sync progress, the webhooks registered), the store webhook deliveries received and the
 * products they queued for a refresh, and the store's categories and brands cached per store
 * (issue 32). Re-exported by schema.sqlite.ts; mirrored by schema.pg.store.ts.
 */
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies } from './schema.sqlite.accounts';
import { bool, nowMs, ts, uuid } from './schema.sqlite.columns';

export const apiSettings = sqliteTable('api_settings', {
  id: text('id').primaryKey().$defaultFn(uuid),
  companyId: text('company_id').notNull().unique().references(() => companies.id, { onDelete: 'cascade' }),
  storeHash: text('store_hash').notNull(),
  accessToken: text('access_token').notNull(),
  clientId: text('client_id').notNull(),
  showStock: bool('show_stock').notNull().default(false),
  showStockStatus: bool('show_stock_status').notNull().default(false),
  showInvisibleProducts: bool('show_invisible_products').notNull().default(false),
  lastSyncAt: ts('last_sync_at'),
  /** `date_modified:min` of the next incremental sync: when the last complete sync started (null: the next is full). */
  syncSince: ts('sync_since'),
  /** When the last full pass completed (a full pass runs at least daily). */
  fullSyncAt: ts('full_sync_at'),
  /** Our secret that every store webhook delivery must present, encrypted like the access token. */
  webhookSecret: text('webhook_secret'),
  /** Where the store's webhooks deliver (null: none registered). */
  webhookDestination: text('webhook_destination'),
  /** When a webhook health check last ran (services/store-webhooks/webhook-health.ts): at most one every few hours. */
  webhooksCheckedAt: ts('webhooks_checked_at'),
  /** The last moment our webhooks were known active (a check saw them so); null: not yet known. */
  webhooksGoodAt: ts('webhooks_good_at'),
  createdAt: ts('created_at').notNull().default(nowMs),
  updatedAt: ts('updated_at').notNull().default(nowMs),
});

/**
 * Store webhook deliveries waiting to be acted on, coalesced: one row per company and product
 * (`kind` 'product', the store's product id) however many deliveries named it; a delivery for a
 * row already queued moves its `queued_at`, so a worker that read the product before that
 * leaves the row for another read. Workers claim a company's rows under its 'store-refresh' lease.
 */
export const storeRefreshes = sqliteTable('store_refreshes', {
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  externalId: integer('external_id').notNull(),
  queuedAt: ts('queued_at').notNull().default(nowMs),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.kind, t.externalId] }),
  index('store_refreshes_queued_idx').on(t.queuedAt),
]);

/** Hashes of the store webhook deliveries received lately: a delivery seen before is acknowledged and dropped. */
export const storeWebhookReceipts = sqliteTable('store_webhook_receipts', {
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  hash: text('hash').notNull(),
  receivedAt: ts('received_at').notNull().default(nowMs),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.hash] }),
  index('store_webhook_receipts_received_idx').on(t.receivedAt),
]);

/**
 * The store's category index and brands, cached per company and store (issue 32): read by a
 * sync, kept, and used by the store-refresh worker instead of reading them again for every
 * refresh (services/sync/store-taxonomy.ts says when each is read again). One row per company
 * and store, each list a JSON array of [id, text] pairs (a store has some thousands of
 * categories at most: a few hundred kB), categories in the store's tree order. Category
 * webhooks count `category_events`; the cached categories are current while
 * `categories_read_events` (the count when their read began) equals it.
 */
export const storeTaxonomy = sqliteTable('store_taxonomy', {
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  storeHash: text('store_hash').notNull(),
  categories: text('categories', { mode: 'json' }).$type<Array<[number, string]>>(),
  categoriesReadAt: ts('categories_read_at'),
  categoryEvents: integer('category_events').notNull().default(0),
  categoriesReadEvents: integer('categories_read_events').notNull().default(0),
  brands: text('brands', { mode: 'json' }).$type<Array<[number, string]>>(),
  /** Brand ids products named that the store did not list when the brands were read (deleted brands). */
  missingBrands: text('missing_brands', { mode: 'json' }).$type<number[]>(),
  brandsReadAt: ts('brands_read_at'),
}, (t) => [primaryKey({ columns: [t.companyId, t.storeHash] })]);
