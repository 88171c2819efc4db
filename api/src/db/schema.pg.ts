/**
 * PostgreSQL schema (node-postgres). Mirrors schema.sqlite.ts table for table and column for
 * column: the repositories and the contract suite rely on both dialects having the same names.
 * schema-parity.test.ts compares the two files table by table.
 *
 * Conventions: money is bigint cents (`*_cents`, read as number), times are
 * `timestamp with time zone` (read as Date), JSON is jsonb.
 */
import { sql } from 'drizzle-orm';
import {
  bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar, type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { fromHundredths, toHundredths } from './hundredths';
import type { GuardrailRule } from '@catalog/contracts/guardrails';
import type {
  BackupTrigger,
  InvitationStatus,
  PriceChangeType,
  PriceSnapshot,
  RevertReport,
  Role,
  WorkOrderChange,
  UndoRequest,
  WorkOrderItem,
  WorkOrderStatus,
} from './repositories';

const uuid = () => crypto.randomUUID();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });
/** Binary data: bytea, read back as a Buffer. */
const bytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
/** A decimal(10,2) kept exactly as integer hundredths, a number in the code (db/hundredths.ts). */
const hundredths = customType<{ data: number; driverData: number | string }>({
  dataType: () => 'bigint',
  toDriver: toHundredths,
  // node-postgres answers a bigint as a string.
  fromDriver: (value) => fromHundredths(Number(value)),
});

export const companies = pgTable('companies', {
  id: text('id').primaryKey().$defaultFn(uuid),
  name: text('name').notNull(),
  subscriptionPlan: text('subscription_plan').notNull().default('trial'),
  productLimit: integer('product_limit').notNull().default(5),
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  subscriptionStatus: text('subscription_status').notNull().default('active'),
  currentPeriodEnd: ts('current_period_end'),
  cancelledAt: ts('cancelled_at'),
  /** Company settings (issue 19): members' orders wait for approval (plans with teams). */
  ordersNeedApproval: boolean('orders_need_approval').notNull().default(false),
  /** The guardrail `largeChange`: a change of more than this percentage, up or down. */
  guardrailThresholdPercent: integer('guardrail_threshold_percent').notNull().default(50),
  /** Flag a regular price below the item's MSRP. */
  retailFloor: boolean('retail_floor').notNull().default(false),
  /** The guardrail rules that refuse an order (422 GUARDRAIL). */
  blockingGuardrails: jsonb('blocking_guardrails').$type<GuardrailRule[]>().notNull().default(sql`'[]'::jsonb`),
  /** Last value of the company's catalog change sequence (see products.version). */
  catalogVersion: bigint('catalog_version', { mode: 'number' }).notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('companies_stripe_customer_idx').on(t.stripeCustomerId)]);

export const users = pgTable('users', {
  id: text('id').primaryKey().$defaultFn(uuid),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  firebaseUid: text('firebase_uid').unique(),
  email: text('email').notNull().unique(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  profileImageUrl: text('profile_image_url'),
  role: text('role').$type<Role>().notNull().default('member'),
  isActive: boolean('is_active').notNull().default(true),
  hasSeenWalkthrough: boolean('has_seen_walkthrough').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('users_company_idx').on(t.companyId)]);

export const companyInvitations = pgTable('company_invitations', {
  id: text('id').primaryKey().$defaultFn(uuid),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: text('role').$type<Role>().notNull().default('member'),
  invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
  token: text('token').notNull().unique(),
  status: text('status').$type<InvitationStatus>().notNull().default('pending'),
  expiresAt: ts('expires_at').notNull(),
  acceptedAt: ts('accepted_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('company_invitations_company_idx').on(t.companyId),
  index('company_invitations_email_idx').on(t.email),
]);

export const apiSettings = pgTable('api_settings', {
  id: text('id').primaryKey().$defaultFn(uuid),
  companyId: text('company_id').notNull().unique().references(() => companies.id, { onDelete: 'cascade' }),
  storeHash: text('store_hash').notNull(),
  accessToken: text('access_token').notNull(),
  clientId: text('client_id').notNull(),
  showStock: boolean('show_stock').notNull().default(false),
  showStockStatus: boolean('show_stock_status').notNull().default(false),
  showInvisibleProducts: boolean('show_invisible_products').notNull().default(false),
  lastSyncAt: ts('last_sync_at'),
  /** `date_modified:min` of the next incremental sync: when the last complete sync started (null: the next is full). */
  syncSince: ts('sync_since'),
  /** When the last full pass completed (a full pass runs at least daily). */
  fullSyncAt: ts('full_sync_at'),
  /** Our secret that every store webhook delivery must present, encrypted like the access token. */
  webhookSecret: text('webhook_secret'),
  /** Where the store's webhooks deliver (null: none registered). */
  webhookDestination: text('webhook_destination'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const products = pgTable('products', {
  id: text('id').primaryKey().$defaultFn(uuid),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  /** The store's product id (BigCommerce). */
  externalId: bigint('external_id', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
  sku: text('sku'),
  description: text('description'),
  category: text('category'),
  regularPriceCents: cents('regular_price_cents').notNull().default(0),
  salePriceCents: cents('sale_price_cents'),
  /** Retail price (MSRP) and cost; null: the store has none (its 0). Brand: the brand's name, copied (decision 037). */
  retailPriceCents: cents('retail_price_cents'),
  costPriceCents: cents('cost_price_cents'),
  brand: text('brand'),
  stock: integer('stock').notNull().default(0),
  /** decimal(10,2) as hundredths (the spec's weight), exact. */
  weight: hundredths('weight_hundredths'),
  status: text('status').notNull().default('published'),
  isVisible: boolean('is_visible').notNull().default(true),
  lastUpdated: ts('last_updated').notNull().defaultNow(),
  /** Position in the company's change sequence; unique per company. */
  version: bigint('version', { mode: 'number' }).notNull(),
  deletedAt: ts('deleted_at'),
}, (t) => [
  uniqueIndex('products_company_external_uq').on(t.companyId, t.externalId),
  index('products_company_version_idx').on(t.companyId, t.version),
  index('products_company_category_idx').on(t.companyId, t.category),
  // The list order (name case-insensitive in byte order, then store id) of live products: pages
  // without a search walk it instead of sorting. Name and SKU search: see migrations 0002 and
  // 0006 (trigram GIN indexes, custom SQL; 0006 with company_id first, decision 022).
  index('products_company_name_idx').on(t.companyId, sql`(lower(${t.name}) collate "C")`, t.externalId).where(sql`${t.deletedAt} is null`),
]);

export const productVariants = pgTable('product_variants', {
  id: text('id').primaryKey().$defaultFn(uuid),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  /** The store's variant id (BigCommerce). */
  externalId: bigint('external_id', { mode: 'number' }).notNull(),
  variantSku: text('variant_sku'),
  optionValues: jsonb('option_values').$type<unknown>(),
  /** null: the variant inherits the product's price. */
  regularPriceCents: cents('regular_price_cents'),
  /** null: the variant inherits the product's sale price. */
  salePriceCents: cents('sale_price_cents'),
  /** null: the variant inherits the product's retail price (MSRP) / cost. */
  retailPriceCents: cents('retail_price_cents'),
  costPriceCents: cents('cost_price_cents'),
  calculatedPriceCents: cents('calculated_price_cents'),
  stock: integer('stock').notNull().default(0),
  lastUpdated: ts('last_updated').notNull().defaultNow(),
  version: bigint('version', { mode: 'number' }).notNull(),
  deletedAt: ts('deleted_at'),
}, (t) => [
  uniqueIndex('product_variants_company_external_uq').on(t.companyId, t.externalId),
  index('product_variants_product_idx').on(t.productId),
  index('product_variants_company_version_idx').on(t.companyId, t.version),
]);

export const workOrders = pgTable('work_orders', {
  id: text('id').primaryKey().$defaultFn(uuid),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  title: text('title').notNull(),
  productUpdates: jsonb('product_updates').$type<WorkOrderItem[]>().notNull(),
  originalPrices: jsonb('original_prices').$type<PriceSnapshot[]>(),
  scheduledAt: ts('scheduled_at'),
  executeImmediately: boolean('execute_immediately').notNull().default(false),
  status: text('status').$type<WorkOrderStatus>().notNull().default('pending'),
  archived: boolean('archived').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  executedAt: ts('executed_at'),
  undoneAt: ts('undone_at'),
  error: text('error'),
  /** Client-generated key (outbox UUID): a replayed create returns the first order. */
  idempotencyKey: text('idempotency_key'),
  /** The store (hash) the order was made for: undo and execution refuse another store. */
  storeHash: text('store_hash'),
  leaseOwner: text('lease_owner'),
  leaseExpiresAt: ts('lease_expires_at'),
  /** When the scheduler reverts the completed order by itself (the end of a sale; issue 18). */
  revertAt: ts('revert_at'),
  /** Who asked for the undo in progress or done, and whether to restore items changed since. */
  undoRequest: jsonb('undo_request').$type<UndoRequest>(),
  /** What the undo did with each item (restored, kept because changed since, unchanged). */
  revertReport: jsonb('revert_report').$type<RevertReport>(),
  /** A completed order's warning: prices the store did not keep when read back. */
  warning: text('warning'),
  /** Shown on the dashboard until someone opens the order: a scheduled run or an end failed or warned. */
  needsAttention: boolean('needs_attention').notNull().default(false),
  /** Who approved or rejected the order (issue 19), when, and why it was rejected. */
  approvedBy: text('approved_by').references(() => users.id, { onDelete: 'set null' }),
  approvedAt: ts('approved_at'),
  rejectedBy: text('rejected_by').references(() => users.id, { onDelete: 'set null' }),
  rejectedAt: ts('rejected_at'),
  rejectionReason: text('rejection_reason'),
  /**
   * The changes made to the order after it was created (issue 31): who, when, what, and whether
   * the change cleared an approval. Newest last, at most WORK_ORDER_CHANGE_LOG_MAX entries.
   */
  changeLog: jsonb('change_log').$type<WorkOrderChange[]>(),
  /**
   * What a card of the list shows of the items (issue 31), written with them (create, and an
   * update that replaces them; the migration backfilled older orders): a page of the list never
   * reads the items.
   */
  itemCount: integer('item_count').notNull().default(0),
  productCount: integer('product_count').notNull().default(0),
  regularPriceUpdates: integer('regular_price_updates').notNull().default(0),
  salePriceUpdates: integer('sale_price_updates').notNull().default(0),
  retailPriceUpdates: integer('retail_price_updates').notNull().default(0),
  /** Who undid it ('manual', 'end'), from undo_request, and its revert report's counts without its items: the summary's (issue 31). */
  undoTrigger: text('undo_trigger').$type<UndoRequest['trigger']>(),
  revertCounts: jsonb('revert_counts').$type<Omit<RevertReport, 'items'>>(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('work_orders_company_idempotency_uq').on(t.companyId, t.idempotencyKey),
  index('work_orders_status_scheduled_idx').on(t.status, t.scheduledAt),
  index('work_orders_company_created_idx').on(t.companyId, t.createdAt),
  /** The scheduler's due query: executing orders whose lease lapsed. */
  index('work_orders_status_lease_idx').on(t.status, t.leaseExpiresAt),
  /** A company's orders by status: the caps on waiting orders, the store-change cancel. */
  index('work_orders_company_status_idx').on(t.companyId, t.status),
  /** The scheduler's due query: completed orders whose end has come. */
  index('work_orders_status_revert_idx').on(t.status, t.revertAt),
]);

/**
 * When the scheduler last started an order of each company (any process): the due query offers
 * the companies served longest ago first, so the round-robin across companies holds across
 * processes and restarts. One row per company that ever ran an order.
 */
/**
 * The products and variants each work order targets (contracts' itemTarget of its items: 'p123',
 * 'v456'), written with its items (issue 31): the overlaps of an order being made are found here
 * by target, without reading any order's items. Gone with its order.
 */
export const workOrderTargets = pgTable('work_order_targets', {
  workOrderId: text('work_order_id').notNull().references(() => workOrders.id, { onDelete: 'cascade' }),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  target: text('target').notNull(),
}, (t) => [
  primaryKey({ columns: [t.workOrderId, t.target] }),
  /** The overlaps' query: a company's orders with one of these targets, from the index alone. */
  index('work_order_targets_company_target_order_idx').on(t.companyId, t.target, t.workOrderId),
]);

export const workOrderTurns = pgTable('work_order_turns', {
  companyId: text('company_id').primaryKey().references(() => companies.id, { onDelete: 'cascade' }),
  servedAt: ts('served_at').notNull(),
});

export const priceHistory = pgTable('price_history', {
  id: text('id').primaryKey().$defaultFn(uuid),
  productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  variantId: text('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  oldRegularPriceCents: cents('old_regular_price_cents'),
  newRegularPriceCents: cents('new_regular_price_cents'),
  oldSalePriceCents: cents('old_sale_price_cents'),
  newSalePriceCents: cents('new_sale_price_cents'),
  /** The MSRP a work order (or its undo) set; null when the change did not touch it (issue 19). */
  oldRetailPriceCents: cents('old_retail_price_cents'),
  newRetailPriceCents: cents('new_retail_price_cents'),
  changeType: text('change_type').$type<PriceChangeType>().notNull(),
  workOrderId: text('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
  changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('price_history_company_product_created_idx').on(t.companyId, t.productId, t.createdAt),
  index('price_history_work_order_idx').on(t.workOrderId),
  /** A company's changes in a time range: the prices at a moment, rebuilt from a backup (issue 17). */
  index('price_history_company_created_idx').on(t.companyId, t.createdAt),
]);

/**
 * Catalog pricing backups (issue 17): the regular and sale price of every product and variant of
 * a company at one moment. `data` is a full snapshot (`parent_id` null) or only what differs
 * from the backup `parent_id` (a delta), compressed (services/backups/backup-codec.ts); reading
 * one applies the deltas from the nearest full snapshot up. A backup past its retention gets
 * `expired_at` (no longer listed) and is deleted once no later backup's delta rests on it.
 */
export const backups = pgTable('backups', {
  id: text('id').primaryKey().$defaultFn(uuid),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  trigger: text('trigger').$type<BackupTrigger>().notNull(),
  /** At most one backup per key and company: 'daily:2030-03-08' (the daily job), 'work_order:<id>'. */
  dedupeKey: text('dedupe_key'),
  workOrderId: text('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  /** The store the catalog was synced from when the backup was taken. */
  storeHash: text('store_hash'),
  productCount: integer('product_count').notNull(),
  variantCount: integer('variant_count').notNull(),
  /** Prices that differ from the backup before it; null for a company's first. */
  changedCount: integer('changed_count'),
  /** The backup the delta in `data` applies to; null: `data` is a full snapshot. */
  parentId: text('parent_id').references((): AnyPgColumn => backups.id),
  /** Deltas between this backup and its full snapshot (0 for a full one). */
  depth: integer('depth').notNull(),
  data: bytes('data').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** When its retention ends (on-demand and work-order backups); null: kept by count (daily). */
  expiresAt: ts('expires_at'),
  /** Set once retention ended: not listed any more, kept only while a later delta rests on it. */
  expiredAt: ts('expired_at'),
}, (t) => [
  uniqueIndex('backups_company_dedupe_uq').on(t.companyId, t.dedupeKey),
  index('backups_company_created_idx').on(t.companyId, t.createdAt),
  index('backups_parent_idx').on(t.parentId),
  index('backups_expires_idx').on(t.expiresAt),
]);

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

/**
 * Store webhook deliveries waiting to be acted on, coalesced: one row per company and product
 * (`kind` 'product', the store's product id) however many deliveries named it; a delivery for a
 * row already queued moves its `queued_at`, so a worker that read the product before that
 * leaves the row for another read. Workers claim a company's rows under its 'store-refresh' lease.
 */
export const storeRefreshes = pgTable('store_refreshes', {
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  externalId: bigint('external_id', { mode: 'number' }).notNull(),
  queuedAt: ts('queued_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.kind, t.externalId] }),
  index('store_refreshes_queued_idx').on(t.queuedAt),
]);

/** Hashes of the store webhook deliveries received lately: a delivery seen before is acknowledged and dropped. */
export const storeWebhookReceipts = pgTable('store_webhook_receipts', {
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  hash: text('hash').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
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
export const storeTaxonomy = pgTable('store_taxonomy', {
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  storeHash: text('store_hash').notNull(),
  categories: jsonb('categories').$type<Array<[number, string]>>(),
  categoriesReadAt: ts('categories_read_at'),
  categoryEvents: integer('category_events').notNull().default(0),
  categoriesReadEvents: integer('categories_read_events').notNull().default(0),
  brands: jsonb('brands').$type<Array<[number, string]>>(),
  /** Brand ids products named that the store did not list when the brands were read (deleted brands). */
  missingBrands: jsonb('missing_brands').$type<number[]>(),
  brandsReadAt: ts('brands_read_at'),
}, (t) => [primaryKey({ columns: [t.companyId, t.storeHash] })]);
