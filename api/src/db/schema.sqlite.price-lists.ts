/**
 * The SQLite tables of a company's BigCommerce price lists (issue 35): the lists, their
 * assignments, the store's customer groups and channels (with their currencies), every record
 * of every list (per variant and currency, in the company's own change sequence of records,
 * soft deleted with `deleted_at` so a device's pull sees a deletion), the company's read state,
 * and the records the store's webhooks named, waiting to be read again. Store ids are the
 * store's numbers. Re-exported by schema.sqlite.ts; mirrored by schema.pg.price-lists.ts.
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies } from './schema.sqlite.accounts';
import { bool, nowMs, ts } from './schema.sqlite.columns';

const company = () => text('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' });

export const priceLists = sqliteTable('price_lists', {
  companyId: company(),
  /** The store's price list id. */
  externalId: integer('external_id').notNull(),
  name: text('name').notNull(),
  active: bool('active').notNull().default(true),
  dateModified: ts('date_modified'),
  /** When the last complete read of every record began (null: never read whole). */
  recordsReadAt: ts('records_read_at'),
  /** `date_modified:min` of the next incremental read: when the last complete read began. */
  recordsSince: ts('records_since'),
  /** The next read must be whole (records deleted in bulk: date_modified does not show deletions). */
  fullReadDue: bool('full_read_due').notNull().default(false),
  updatedAt: ts('updated_at').notNull().default(nowMs),
}, (t) => [primaryKey({ columns: [t.companyId, t.externalId] })]);

export const priceListAssignments = sqliteTable('price_list_assignments', {
  companyId: company(),
  externalId: integer('external_id').notNull(),
  priceListId: integer('price_list_id').notNull(),
  customerGroupId: integer('customer_group_id'),
  channelId: integer('channel_id'),
}, (t) => [primaryKey({ columns: [t.companyId, t.externalId] })]);

export const customerGroups = sqliteTable('customer_groups', {
  companyId: company(),
  externalId: integer('external_id').notNull(),
  name: text('name').notNull(),
  isDefault: bool('is_default').notNull().default(false),
}, (t) => [primaryKey({ columns: [t.companyId, t.externalId] })]);

export const storeChannels = sqliteTable('store_channels', {
  companyId: company(),
  externalId: integer('external_id').notNull(),
  name: text('name').notNull(),
  defaultCurrency: text('default_currency'),
  /** ISO codes; a channel enables a handful. */
  enabledCurrencies: text('enabled_currencies', { mode: 'json' }).$type<string[]>().notNull(),
}, (t) => [primaryKey({ columns: [t.companyId, t.externalId] })]);

export const priceListRecords = sqliteTable('price_list_records', {
  companyId: company(),
  priceListId: integer('price_list_id').notNull(),
  /** The store's variant id. */
  variantId: integer('variant_id').notNull(),
  currency: text('currency').notNull(),
  /** The store's product id. */
  productId: integer('product_id').notNull(),
  /** Our product_variants.id when the variant was synced at the record's write (no foreign key: a hint). */
  variantRowId: text('variant_row_id'),
  sku: text('sku'),
  priceCents: integer('price_cents').notNull(),
  salePriceCents: integer('sale_price_cents'),
  retailPriceCents: integer('retail_price_cents'),
  mapPriceCents: integer('map_price_cents'),
  dateModified: ts('date_modified'),
  /** When a read last found the record in the store (a whole read removes those it did not find). */
  seenAt: ts('seen_at').notNull(),
  /** Position in the company's change sequence of records (price_list_state.record_version). */
  version: integer('version').notNull(),
  deletedAt: ts('deleted_at'),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.priceListId, t.variantId, t.currency] }),
  index('price_list_records_company_version_idx').on(t.companyId, t.version),
  index('price_list_records_product_idx').on(t.companyId, t.priceListId, t.productId).where(sql`${t.deletedAt} is null`),
  index('price_list_records_sku_idx').on(t.companyId, t.priceListId, t.sku).where(sql`${t.deletedAt} is null`),
  // Counts per list and currency read this index alone.
  index('price_list_records_currency_idx').on(t.companyId, t.priceListId, t.currency).where(sql`${t.deletedAt} is null`),
]);

/** One row per company: its record sequence and what the store let us read. */
export const priceListState = sqliteTable('price_list_state', {
  companyId: company().primaryKey(),
  recordVersion: integer('record_version').notNull().default(0),
  /** When the lists, assignments, groups and channels were last read. */
  listsReadAt: ts('lists_read_at'),
  /** A list or assignment webhook came: the metadata is read again. */
  listsDueAt: ts('lists_due_at'),
  /** Why the store's price lists could not be read ('forbidden': the token lacks the scope), null when they could. */
  unavailable: text('unavailable'),
});

/** Records a webhook named, coalesced, read again by the store-refresh worker once settled. */
export const priceListRefreshes = sqliteTable('price_list_refreshes', {
  companyId: company(),
  priceListId: integer('price_list_id').notNull(),
  variantId: integer('variant_id').notNull(),
  currency: text('currency').notNull(),
  queuedAt: ts('queued_at').notNull().default(nowMs),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.priceListId, t.variantId, t.currency] }),
  index('price_list_refreshes_queued_idx').on(t.queuedAt),
]);
