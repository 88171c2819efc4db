/**
 * The SQLite tables of a company's catalog as synced from its store: products and their
 * variants, each with the store's id and a position in the company's change sequence (soft
 * deleted with `deleted_at`). Re-exported by schema.sqlite.ts; mirrored by schema.pg.catalog.ts.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { companies } from './schema.sqlite.accounts';
import { bool, hundredths, nowMs, ts, uuid } from './schema.sqlite.columns';

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
  /** The store's id of the variant that is the product itself (its price list records hang on it; issue 35). */
  baseVariantId: integer('base_variant_id'),
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
