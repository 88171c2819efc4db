/**
 * The catalog's hot SQLite paths on the raw better-sqlite3 handle: prepared once per connection
 * and reused, with the row <-> object mapping drizzle would do (integer ms <-> Date, 0/1 <->
 * boolean, JSON text <-> value). drizzle builds the SQL and parameters of a 200-row INSERT and
 * prepares it anew on every call, which cost more CPU than SQLite's work on a sync page; small
 * reads pay the same per-call overhead (see docs/decisions/010-catalog-search-and-list-cache.md).
 * Everything else stays on drizzle.
 *
 * The column lists mirror schema.sqlite.ts; the contract suite checks both paths agree.
 */
import type { Database as Sqlite, Statement } from 'better-sqlite3';
import { fromHundredths, toHundredths } from '../hundredths';
import type { PriceHistoryEntry, Product, ProductVariant, ProductWithVariants } from '../repositories';

export const PRODUCT_COLUMNS = [
  'id', 'company_id', 'external_id', 'name', 'sku', 'description', 'category', 'regular_price_cents', 'sale_price_cents',
  'retail_price_cents', 'cost_price_cents', 'brand', 'base_variant_id', 'stock', 'weight_hundredths', 'status', 'is_visible', 'last_updated', 'version', 'deleted_at',
] as const;
export const VARIANT_COLUMNS = [
  'id', 'company_id', 'product_id', 'external_id', 'variant_sku', 'option_values', 'regular_price_cents', 'sale_price_cents',
  'retail_price_cents', 'cost_price_cents', 'calculated_price_cents', 'stock', 'last_updated', 'version', 'deleted_at',
] as const;

/** `p.id, p.company_id, ...` for a select from `alias`. */
export const productColumns = (alias: string) => PRODUCT_COLUMNS.map((c) => `${alias}.${c}`).join(', ');
export const variantColumns = (alias: string) => VARIANT_COLUMNS.map((c) => `${alias}.${c}`).join(', ');

type Row = Record<string, unknown>;
const date = (ms: unknown): Date | null => (ms === null || ms === undefined ? null : new Date(ms as number));

export function productFromRow(r: Row): Product {
  return {
    id: r.id as string,
    companyId: r.company_id as string,
    externalId: r.external_id as number,
    name: r.name as string,
    sku: r.sku as string | null,
    description: r.description as string | null,
    category: r.category as string | null,
    regularPriceCents: r.regular_price_cents as number,
    salePriceCents: r.sale_price_cents as number | null,
    retailPriceCents: r.retail_price_cents as number | null,
    costPriceCents: r.cost_price_cents as number | null,
    brand: r.brand as string | null,
    baseVariantId: r.base_variant_id as number | null,
    stock: r.stock as number,
    weight: r.weight_hundredths == null ? null : fromHundredths(r.weight_hundredths as number),
    status: r.status as string,
    isVisible: r.is_visible === 1,
    lastUpdated: date(r.last_updated)!,
    version: r.version as number,
    deletedAt: date(r.deleted_at),
  };
}

export function variantFromRow(r: Row): ProductVariant {
  return {
    id: r.id as string,
    companyId: r.company_id as string,
    productId: r.product_id as string,
    externalId: r.external_id as number,
    variantSku: r.variant_sku as string | null,
    optionValues: r.option_values === null ? null : JSON.parse(r.option_values as string),
    regularPriceCents: r.regular_price_cents as number | null,
    salePriceCents: r.sale_price_cents as number | null,
    retailPriceCents: r.retail_price_cents as number | null,
    costPriceCents: r.cost_price_cents as number | null,
    calculatedPriceCents: r.calculated_price_cents as number | null,
    stock: r.stock as number,
    lastUpdated: date(r.last_updated)!,
    version: r.version as number,
    deletedAt: date(r.deleted_at),
  };
}

function productParams(p: Product): unknown[] {
  return [
    p.id, p.companyId, p.externalId, p.name, p.sku, p.description, p.category, p.regularPriceCents, p.salePriceCents,
    p.retailPriceCents, p.costPriceCents, p.brand, p.baseVariantId, p.stock, p.weight == null ? null : toHundredths(p.weight), p.status, p.isVisible ? 1 : 0, p.lastUpdated.getTime(), p.version, p.deletedAt?.getTime() ?? null,
  ];
}

function variantParams(v: ProductVariant): unknown[] {
  return [
    v.id, v.companyId, v.productId, v.externalId, v.variantSku,
    // As drizzle's json mode stores it: null stays NULL, anything else is JSON text.
    v.optionValues === null || v.optionValues === undefined ? null : JSON.stringify(v.optionValues),
    v.regularPriceCents, v.salePriceCents, v.retailPriceCents, v.costPriceCents, v.calculatedPriceCents, v.stock, v.lastUpdated.getTime(), v.version, v.deletedAt?.getTime() ?? null,
  ];
}

/**
 * One INSERT ... ON CONFLICT (company_id, external_id) DO UPDATE (every column but the keys) for
 * a whole batch of rows, passed as one JSON array of arrays: `->> i` reads column i with its
 * JSON type (integer, real, text or null), as binding it would. One statement per batch rather
 * than one per row: every statement on `products` opens a statement savepoint (its triggers keep
 * the FTS5 search index in step), and FTS5 flushes its pending index at each savepoint, which
 * per row costs more than the row itself.
 */
function upsertSql(table: string, columns: readonly string[]): string {
  const keys = new Set(['id', 'company_id', 'external_id']);
  const set = columns.filter((c) => !keys.has(c)).map((c) => `${c} = excluded.${c}`).join(', ');
  // `where true` tells the parser the ON CONFLICT belongs to the INSERT, not to a join.
  return `insert into ${table} (${columns.join(', ')})
    select ${columns.map((_, i) => `j.value ->> ${i}`).join(', ')} from json_each(?) j where true
    on conflict (company_id, external_id) do update set ${set}`;
}

const HISTORY_COLUMNS = [
  'id', 'company_id', 'product_id', 'variant_id', 'old_regular_price_cents', 'new_regular_price_cents', 'old_sale_price_cents',
  'new_sale_price_cents', 'change_type', 'work_order_id', 'changed_by', 'created_at',
] as const;

function historyParams(e: PriceHistoryEntry): unknown[] {
  return [
    e.id, e.companyId, e.productId, e.variantId, e.oldRegularPriceCents, e.newRegularPriceCents, e.oldSalePriceCents,
    e.newSalePriceCents, e.changeType, e.workOrderId, e.changedBy, e.createdAt.getTime(),
  ];
}

/** A batch of rows as the one JSON parameter of its write statement (CATALOG_WRITE_SQL); null when empty. */
export const productRowsJson = (rows: readonly Product[]) => (rows.length > 0 ? JSON.stringify(rows.map(productParams)) : null);
export const variantRowsJson = (rows: readonly ProductVariant[]) => (rows.length > 0 ? JSON.stringify(rows.map(variantParams)) : null);
export const historyRowsJson = (rows: readonly PriceHistoryEntry[]) => (rows.length > 0 ? JSON.stringify(rows.map(historyParams)) : null);

/**
 * The batch writes, each taking one JSON array of rows (see upsertSql): products and variants
 * upserted by (company_id, external_id), price history inserted.
 */
export const CATALOG_WRITE_SQL = {
  products: upsertSql('products', PRODUCT_COLUMNS),
  variants: upsertSql('product_variants', VARIANT_COLUMNS),
  history: `insert into price_history (${HISTORY_COLUMNS.join(', ')})
    select ${HISTORY_COLUMNS.map((_, i) => `j.value ->> ${i}`).join(', ')} from json_each(?) j`,
} as const;

export interface CatalogStatements {
  /** Inserts or updates the rows in one statement (inside the caller's transaction). */
  upsertProducts(rows: readonly Product[]): void;
  upsertVariants(rows: readonly ProductVariant[]): void;
  /** Any other statement, prepared on first use and kept. */
  prepared(sql: string): Statement;
}

/** The statements of one connection; they run inside whatever transaction the connection is in. */
export function catalogStatements(client: Sqlite): CatalogStatements {
  const cache = new Map<string, Statement>();
  const prepared = (sql: string): Statement => {
    let stmt = cache.get(sql);
    if (!stmt) {
      stmt = client.prepare(sql);
      cache.set(sql, stmt);
    }
    return stmt;
  };
  const run = (sql: string, json: string | null) => {
    if (json !== null) prepared(sql).run(json);
  };
  return {
    upsertProducts: (rows) => run(CATALOG_WRITE_SQL.products, productRowsJson(rows)),
    upsertVariants: (rows) => run(CATALOG_WRITE_SQL.variants, variantRowsJson(rows)),
    prepared,
  };
}

// ------------------------------------------------------------- reads by id lists
// Each is one statement driven from the id list (json_each, joined with CROSS JOIN so SQLite
// keeps that order): left to itself the planner may walk the company's whole
// (company_id, external_id) index instead, to save sorting a handful of rows.

type Rows = Record<string, unknown>[];
const live = (only: boolean, alias: string) => (only ? `and ${alias}.deleted_at is null` : '');

/** Products (tombstoned too unless `liveOnly`) among these store ids, by store id. */
export function productsByExternalIds(stmts: CatalogStatements, companyId: string, externalIds: readonly number[], liveOnly: boolean): Product[] {
  if (externalIds.length === 0) return [];
  return (stmts.prepared(`select ${productColumns('p')} from json_each(?) j cross join products p on p.company_id = ? and p.external_id = j.value
    where true ${live(liveOnly, 'p')} order by p.external_id`).all(JSON.stringify([...new Set(externalIds)]), companyId) as Rows).map(productFromRow);
}

/** Products (tombstoned too unless `liveOnly`) among these ids of ours. */
export function productsByIds(stmts: CatalogStatements, companyId: string, ids: readonly string[], liveOnly: boolean): Product[] {
  if (ids.length === 0) return [];
  return (stmts.prepared(`select ${productColumns('p')} from json_each(?) j cross join products p on p.id = j.value
    where p.company_id = ? ${live(liveOnly, 'p')}`).all(JSON.stringify([...new Set(ids)]), companyId) as Rows).map(productFromRow);
}

/** The variants of these products (ids of ours), by store id. */
export function variantsOfProducts(stmts: CatalogStatements, companyId: string, productIds: readonly string[], liveOnly: boolean): ProductVariant[] {
  if (productIds.length === 0) return [];
  return (stmts.prepared(`select ${variantColumns('v')} from json_each(?) j cross join product_variants v on v.product_id = j.value
    where v.company_id = ? ${live(liveOnly, 'v')} order by v.external_id`).all(JSON.stringify([...new Set(productIds)]), companyId) as Rows).map(variantFromRow);
}

/** Variants (tombstoned too unless `liveOnly`) among these store ids or ids of ours. */
export function variantsByKeys(
  stmts: CatalogStatements, companyId: string, key: 'external_id' | 'id', values: readonly (number | string)[], liveOnly: boolean,
): ProductVariant[] {
  if (values.length === 0) return [];
  return (stmts.prepared(`select ${variantColumns('v')} from json_each(?) j cross join product_variants v on v.company_id = ? and v.${key} = j.value
    where true ${live(liveOnly, 'v')}`).all(JSON.stringify([...new Set(values)]), companyId) as Rows).map(variantFromRow);
}

/** Products with their live variants (by store id), in the given order. */
export function withLiveVariants(stmts: CatalogStatements, companyId: string, products: readonly Product[]): ProductWithVariants[] {
  const byId = new Map<string, ProductWithVariants>(products.map((p) => [p.id, { ...p, variants: [] }]));
  for (const v of variantsOfProducts(stmts, companyId, [...byId.keys()], true)) byId.get(v.productId)?.variants.push(v);
  return [...byId.values()];
}
