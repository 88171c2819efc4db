/**
 * SQLite schema (better-sqlite3). Mirrors schema.pg.ts table for table and column for column:
 * the repositories and the contract suite rely on both dialects having the same names.
 * schema-parity.test.ts compares the two files table by table.
 *
 * Conventions: money is integer cents (`*_cents`), times are integer milliseconds
 * (`timestamp_ms`, read back as Date), JSON is text (mode json), booleans are 0/1 integers.
 */
import { sql } from 'drizzle-orm';
import { customType, index, integer, primaryKey, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
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
/** Default for every created_at-like column when the caller gives no time. */
const nowMs = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const ts = (name: string) => integer(name, { mode: 'timestamp_ms' });
const bool = (name: string) => integer(name, { mode: 'boolean' });
/** Binary data: a blob, read back as a Buffer. */
const bytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'blob' });
/** A decimal(10,2) kept exactly as integer hundredths, a number in the code (db/hundredths.ts). */
const hundredths = customType<{ data: number; driverData: number }>({
  dataType: () => 'integer',
  toDriver: toHundredths,
  fromDriver: fromHundredths,
});

export const companies = sqliteTable('companies', {
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
  ordersNeedApproval: bool('orders_need_approval').notNull().default(false),
  /** The guardrail `largeChange`: a change of more than this percentage, up or down. */
  guardrailThresholdPercent: integer('guardrail_threshold_percent').notNull().default(50),
  /** Flag a regular price below the item's MSRP. */
  retailFloor: bool('retail_floor').notNull().default(false),
  /** The guardrail rules that refuse an order (422 GUARDRAIL). */
  blockingGuardrails: text('blocking_guardrails', { mode: 'json' }).$type<GuardrailRule[]>().notNull().default(sql`'[]'`),
  /** Last value of the company's catalog change sequence (see products.version). */
  catalogVersion: integer('catalog_version').notNull().default(0),
  createdAt: ts('created_at').notNull().default(nowMs),
  updatedAt: ts('updated_at').notNull().default(nowMs),
}, (t) => [index('companies_stripe_customer_idx').on(t.stripeCustomerId)]);

export const users = sqliteTable('users', {
  id: text('id').primaryKey().$defaultFn(uuid),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  firebaseUid: text('firebase_uid').unique(),
  email: text('email').notNull().unique(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  profileImageUrl: text('profile_image_url'),
  role: text('role').$type<Role>().notNull().default('member'),
  isActive: bool('is_active').notNull().default(true),
  hasSeenWalkthrough: bool('has_seen_walkthrough').notNull().default(false),
  createdAt: ts('created_at').notNull().default(nowMs),
  updatedAt: ts('updated_at').notNull().default(nowMs),
}, (t) => [index('users_company_idx').on(t.companyId)]);

export const companyInvitations = sqliteTable('company_invitations', {
  id: text('id').primaryKey().$defaultFn(uuid),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: text('role').$type<Role>().notNull().default('member'),
  invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
  token: text('token').notNull().unique(),
  status: text('status').$type<InvitationStatus>().notNull().default('pending'),
  expiresAt: ts('expires_at').notNull(),
  acceptedAt: ts('accepted_at'),
  createdAt: ts('created_at').notNull().default(nowMs),
}, (t) => [
  index('company_invitations_company_idx').on(t.companyId),
  index('company_invitations_email_idx').on(t.email),
]);

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
  createdAt: ts('created_at').notNull().default(nowMs),
  updatedAt: ts('updated_at').notNull().default(nowMs),
});

export const products = sqliteTable('products', {
  id: text('id').primaryKey().$defaultFn(uuid),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  /** The store's product id (BigCommerce). */
  externalId: integer('external_id').notNull(),
  name: text('name').notNull(),
  sku: text('sku'),
  description: text('description'),
  category: text('category'),
  regularPriceCents: integer('regular_price_cents').notNull().default(0),
  salePriceCents: integer('sale_price_cents'),
  /** Retail price (MSRP) and cost; null: the store has none (its 0). Brand: the brand's name, copied (decision 037). */
  retailPriceCents: integer('retail_price_cents'),
  costPriceCents: integer('cost_price_cents'),
  brand: text('brand'),
  stock: integer('stock').notNull().default(0),
  /** decimal(10,2) as hundredths (the spec's weight), exact. */
  weight: hundredths('weight_hundredths'),
  status: text('status').notNull().default('published'),
  isVisible: bool('is_visible').notNull().default(true),
  lastUpdated: ts('last_updated').notNull().default(nowMs),
  /** Position in the company's change sequence; unique per company. */
  version: integer('version').notNull(),
  deletedAt: ts('deleted_at'),
}, (t) => [
  uniqueIndex('products_company_external_uq').on(t.companyId, t.externalId),
  index('products_company_version_idx').on(t.companyId, t.version),
  // Live products by category, in list order within each: a category filter is a range scan of
  // it that needs no row (the sort of a subtree's few thousand matches is the remaining cost).
  index('products_company_category_idx').on(t.companyId, t.category, sql`lower(${t.name})`, t.externalId).where(sql`${t.deletedAt} is null`),
  // The list order (name case-insensitive, then store id) of live products: pages without a
  // search walk it instead of sorting. It also holds name and SKU, so counting a company's
  // products and a 1-2 character search (a LIKE scan: too short for the trigram index) read
  // only the index, not every row.
  index('products_company_name_idx').on(t.companyId, sql`lower(${t.name})`, t.externalId, t.name, t.sku).where(sql`${t.deletedAt} is null`),
]);

export const productVariants = sqliteTable('product_variants', {
  id: text('id').primaryKey().$defaultFn(uuid),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  /** The store's variant id (BigCommerce). */
  externalId: integer('external_id').notNull(),
  variantSku: text('variant_sku'),
  optionValues: text('option_values', { mode: 'json' }).$type<unknown>(),
  /** null: the variant inherits the product's price. */
  regularPriceCents: integer('regular_price_cents'),
  /** null: the variant inherits the product's sale price. */
  salePriceCents: integer('sale_price_cents'),
  /** null: the variant inherits the product's retail price (MSRP) / cost. */
  retailPriceCents: integer('retail_price_cents'),
  costPriceCents: integer('cost_price_cents'),
  calculatedPriceCents: integer('calculated_price_cents'),
  stock: integer('stock').notNull().default(0),
  lastUpdated: ts('last_updated').notNull().default(nowMs),
  version: integer('version').notNull(),
  deletedAt: ts('deleted_at'),
}, (t) => [
  uniqueIndex('product_variants_company_external_uq').on(t.companyId, t.externalId),
  index('product_variants_product_idx').on(t.productId),
  index('product_variants_company_version_idx').on(t.companyId, t.version),
]);

export const workOrders = sqliteTable('work_orders', {
  id: text('id').primaryKey().$defaultFn(uuid),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  title: text('title').notNull(),
  productUpdates: text('product_updates', { mode: 'json' }).$type<WorkOrderItem[]>().notNull(),
  originalPrices: text('original_prices', { mode: 'json' }).$type<PriceSnapshot[]>(),
  scheduledAt: ts('scheduled_at'),
  executeImmediately: bool('execute_immediately').notNull().default(false),
  status: text('status').$type<WorkOrderStatus>().notNull().default('pending'),
  archived: bool('archived').notNull().default(false),
  createdAt: ts('created_at').notNull().default(nowMs),
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
  undoRequest: text('undo_request', { mode: 'json' }).$type<UndoRequest>(),
  /** What the undo did with each item (restored, kept because changed since, unchanged). */
  revertReport: text('revert_report', { mode: 'json' }).$type<RevertReport>(),
  /** A completed order's warning: prices the store did not keep when read back. */
  warning: text('warning'),
  /** Shown on the dashboard until someone opens the order: a scheduled run or an end failed or warned. */
  needsAttention: bool('needs_attention').notNull().default(false),
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
  changeLog: text('change_log', { mode: 'json' }).$type<WorkOrderChange[]>(),
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
  revertCounts: text('revert_counts', { mode: 'json' }).$type<Omit<RevertReport, 'items'>>(),
  updatedAt: ts('updated_at').notNull().default(nowMs),
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
export const workOrderTargets = sqliteTable('work_order_targets', {
  workOrderId: text('work_order_id').notNull().references(() => workOrders.id, { onDelete: 'cascade' }),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  target: text('target').notNull(),
}, (t) => [
  primaryKey({ columns: [t.workOrderId, t.target] }),
  /** The overlaps' query: a company's orders with one of these targets, from the index alone. */
  index('work_order_targets_company_target_order_idx').on(t.companyId, t.target, t.workOrderId),
]);

export const workOrderTurns = sqliteTable('work_order_turns', {
  companyId: text('company_id').primaryKey().references(() => companies.id, { onDelete: 'cascade' }),
  servedAt: ts('served_at').notNull(),
});

export const priceHistory = sqliteTable('price_history', {
  id: text('id').primaryKey().$defaultFn(uuid),
  productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  variantId: text('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  oldRegularPriceCents: integer('old_regular_price_cents'),
  newRegularPriceCents: integer('new_regular_price_cents'),
  oldSalePriceCents: integer('old_sale_price_cents'),
  newSalePriceCents: integer('new_sale_price_cents'),
  /** The MSRP a work order (or its undo) set; null when the change did not touch it (issue 19). */
  oldRetailPriceCents: integer('old_retail_price_cents'),
  newRetailPriceCents: integer('new_retail_price_cents'),
  changeType: text('change_type').$type<PriceChangeType>().notNull(),
  workOrderId: text('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
  changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().default(nowMs),
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
export const backups = sqliteTable('backups', {
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
  parentId: text('parent_id').references((): AnySQLiteColumn => backups.id),
  /** Deltas between this backup and its full snapshot (0 for a full one). */
  depth: integer('depth').notNull(),
  data: bytes('data').notNull(),
  createdAt: ts('created_at').notNull().default(nowMs),
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
