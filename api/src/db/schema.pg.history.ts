/**
 * The PostgreSQL tables of what a catalog's prices were: the price history (every change a work
 * order, its undo, an edit or a sync made) and the pricing backups (issue 17), full snapshots
 * or deltas on an earlier backup. Re-exported by schema.pg.ts; mirrored by schema.sqlite.history.ts.
 */
import { type AnyPgColumn, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './schema.pg.accounts';
import { products, productVariants } from './schema.pg.catalog';
import { workOrders } from './schema.pg.work-orders';
import { bytes, cents, ts, uuid } from './schema.pg.columns';
import type { BackupTrigger, PriceChangeType, RecordChange } from './repositories';

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
  /** The price list and currency of a record's change (issue 35); null: the catalog's prices. */
  priceListId: integer('price_list_id'),
  currency: text('currency'),
  /** A price list record's change that created ('created') or deleted ('deleted') it (issue 36); null: neither, or written before. */
  recordChange: text('record_change').$type<RecordChange>(),
  changeType: text('change_type').$type<PriceChangeType>().notNull(),
  workOrderId: text('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
  changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('price_history_company_product_created_idx').on(t.companyId, t.productId, t.createdAt),
  index('price_history_work_order_idx').on(t.workOrderId),
  /** A company's changes in a time range: the prices at a moment, rebuilt from a backup (issue 17). */
  index('price_history_company_created_idx').on(t.companyId, t.createdAt),
  /** One item's (product, variant, price list and currency) change at or around a moment: the lowest prior price (issue 36). */
  index('price_history_item_created_idx').on(t.companyId, t.productId, t.variantId, t.priceListId, t.currency, t.createdAt),
]);

/**
 * The spans a company's prices were followed (issue 36): one opens with the first sync that
 * completes with no span open (from when it started) and closes when the store is disconnected,
 * or at the last moment its webhooks were known active when a health check finds them down (a
 * new span then opens at the check: services/store-webhooks/webhook-health.ts). Outside them the prices are not known: the lowest prior price reports a gap.
 */
export const storeCoverage = pgTable('store_coverage', {
  id: text('id').primaryKey().$defaultFn(uuid),
  companyId: text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  startedAt: ts('started_at').notNull(),
  /** Null: still followed. */
  endedAt: ts('ended_at'),
}, (t) => [index('store_coverage_company_started_idx').on(t.companyId, t.startedAt)]);

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
