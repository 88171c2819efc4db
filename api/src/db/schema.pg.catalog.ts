/**
 * The PostgreSQL tables of a company's catalog as synced from its store: products and their
 * variants, each with the store's id and a position in the company's change sequence (soft
 * deleted with `deleted_at`). Re-exported by schema.pg.ts; mirrored by schema.sqlite.catalog.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './schema.pg.accounts';
import { cents, hundredths, ts, uuid } from './schema.pg.columns';

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
  /** The store's id of the variant that is the product itself (its price list records hang on it; issue 35). */
  baseVariantId: bigint('base_variant_id', { mode: 'number' }),
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
