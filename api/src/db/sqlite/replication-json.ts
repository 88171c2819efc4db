/**
 * The replication pages' rows (GET /api/catalog/changes, GET /api/price-lists/changes) as the
 * wire's JSON arrays, written by SQLite itself on prepared statements. A first pull of 100,000
 * products reads ~48 catalog and ~76 price list pages of 5,000 rows; turning each row into an
 * object, then into the wire's object, then into JSON cost ~200 ms a catalog page, most of it
 * allocation and garbage collection. SQLite writes the same text (a printf a row) in a fraction.
 *
 * Each field is the wire's as the services write it (services/catalog/catalog-wire.ts,
 * routes/price-lists/price-list-changes.ts): money as "19.90" (formatCents), times as ISO strings
 * (Date#toISOString), weights as numbers, a variant without SKU as '', option values that are
 * not [{ optionName, label }] left out. replication-json.test.ts holds both paths to one answer.
 * A row is an object, or with `rows=arrays` an array of its values in the contracts' columns
 * order (replication-rows.ts, decision 064).
 */
import type { Database as Sqlite } from 'better-sqlite3';
import {
  PRODUCT_COLUMNS, RECORD_COLUMNS, RECORD_KEY_COLUMNS, VARIANT_COLUMNS, type ReplicationRowShape,
} from '@catalog/contracts/replication-rows';
import { wireOptionValues } from '../option-values';
import type { ChangesPageJson, PriceListChangesJson } from '../repositories';
import type { CatalogStatements } from './catalog-rows';
import type { SqliteDb } from './types';

// Each value as its JSON text, for a row's printf. printf's %s writes NULL as '', so what may be
// NULL says `null` itself.
const text = (col: string) => `json_quote(${col})`;
const int = (col: string) => `coalesce(${col}, 'null')`;
/** formatCents, quoted: "19.90" from 1990, "0.05" from 5, "-1.00" from -100. */
const money = (col: string) => `(case when ${col} is null then 'null' when ${col} >= 0 then printf('"%d.%02d"', ${col} / 100, ${col} % 100)
  else printf('"-%d.%02d"', -${col} / 100, -${col} % 100) end)`;
/** fromHundredths as JSON.stringify writes it: 12 when whole, else 15 significant digits (exact for hundredths). */
const hundredths = (col: string) => `(case when ${col} is null then 'null' when ${col} % 100 = 0 then ${col} / 100 else printf('%!.15g', ${col} / 100.0) end)`;
const bool = (col: string) => `(case when ${col} = 1 then 'true' else 'false' end)`;
/** Date#toISOString of integer ms ('unixepoch' rounds the seconds back to the exact ms). */
const iso = (col: string) => `json_quote(strftime('%Y-%m-%dT%H:%M:%fZ', ${col} / 1000.0, 'unixepoch'))`;

/** Each column's value as JSON text, by column name. */
type Columns<C extends readonly string[]> = Record<C[number], string>;

/**
 * A row's JSON, in one printf: an object with the wire's keys in the columns' order, or an array
 * of the values in that order (`rows=arrays`, decision 064).
 */
function rowOf<C extends readonly string[]>(shape: ReplicationRowShape, columns: C, fields: Columns<C>): string {
  const values = columns.map((c) => fields[c as C[number]]).join(', ');
  const format = shape === 'arrays' ? `[${columns.map(() => '%s').join(',')}]` : `{${columns.map((c) => `"${c}":%s`).join(',')}}`;
  return `printf('${format}', ${values})`;
}

/**
 * The option values' rule is JavaScript's (option-values.ts), called from SQL: a rule written
 * in SQL (json_each and json_type on every variant's entries) cost as much as the rest of the
 * variant. Each distinct stored text is worked out once (a page of ~3,000 variants has a few
 * hundred); the function is registered on the connection before a statement names it.
 */
const OPTION_VALUES = 'wire_option_values';
const MAX_KEPT_OPTION_VALUES = 10_000;
const withOptionValues = new WeakSet<Sqlite>();

function registerOptionValues(stmts: CatalogStatements): void {
  const client = stmts.prepared('select 1').database;
  if (withOptionValues.has(client)) return;
  const kept = new Map<string, string>();
  client.function(OPTION_VALUES, { deterministic: true }, (stored: unknown) => {
    if (typeof stored !== 'string') return '[]';
    let json = kept.get(stored);
    if (json === undefined) {
      json = JSON.stringify(wireOptionValues(JSON.parse(stored)));
      if (kept.size >= MAX_KEPT_OPTION_VALUES) kept.clear();
      kept.set(stored, json);
    }
    return json;
  });
  withOptionValues.add(client);
}

const PRODUCT = {
  id: 'p.external_id', name: text('p.name'), category: text('p.category'), sku: text('p.sku'), regularPrice: money('p.regular_price_cents'),
  salePrice: money('p.sale_price_cents'), retailPrice: money('p.retail_price_cents'), costPrice: money('p.cost_price_cents'), brand: text('p.brand'),
  stock: 'p.stock', weight: hundredths('p.weight_hundredths'), status: text('p.status'), isVisible: bool('p.is_visible'),
  lastUpdated: iso('p.last_updated'), version: 'p.version', baseVariantId: int('p.base_variant_id'),
} satisfies Columns<typeof PRODUCT_COLUMNS>;
const VARIANT = {
  id: 'v.external_id', productId: 'p.external_id', variantSku: text("coalesce(v.variant_sku, '')"), regularPrice: money('v.regular_price_cents'),
  salePrice: money('v.sale_price_cents'), retailPrice: money('v.retail_price_cents'), costPrice: money('v.cost_price_cents'), stock: 'v.stock',
  optionValues: `${OPTION_VALUES}(v.option_values)`, version: 'v.version',
} satisfies Columns<typeof VARIANT_COLUMNS>;
const RECORD_KEY = { priceListId: 'r.price_list_id', variantId: 'r.variant_id', productId: 'r.product_id', currency: text('r.currency') } satisfies Columns<typeof RECORD_KEY_COLUMNS>;
const RECORD = {
  ...RECORD_KEY, price: money('r.price_cents'), salePrice: money('r.sale_price_cents'), retailPrice: money('r.retail_price_cents'), mapPrice: money('r.map_price_cents'),
} satisfies Columns<typeof RECORD_COLUMNS>;

/**
 * The JSON array of `row` over the rows `where` picks, in version order, as UTF-8 bytes: a blob
 * reaches JavaScript as a Buffer, copied, where text would be decoded into a string only to be
 * encoded again for the response.
 */
const array = (row: string, alias: string, where: string) =>
  `cast('[' || coalesce(group_concat(${row}, ',' order by ${alias}.version) filter (where ${where}), '') || ']' as blob)`;
const live = (row: string, alias: string) => array(row, alias, `${alias}.deleted_at is null`);
const gone = (row: string, alias: string) => array(row, alias, `${alias}.deleted_at is not null`);

/** The page statements of one row shape. */
function statements(shape: ReplicationRowShape) {
  const product = rowOf(shape, PRODUCT_COLUMNS, PRODUCT);
  const variant = rowOf(shape, VARIANT_COLUMNS, VARIANT);
  const record = rowOf(shape, RECORD_COLUMNS, RECORD);
  const recordKey = rowOf(shape, RECORD_KEY_COLUMNS, RECORD_KEY);
  return {
    /**
     * The first versions after the cursor of products and variants together (they share the
     * sequence): a merge of both indexes in order, which stops at the limit.
     */
    versions: `select version from products where company_id = ? and version > ?
      union all select version from product_variants where company_id = ? and version > ? order by 1 limit ?`,
    products: `select ${live(product, 'p')} as live, ${gone('p.external_id', 'p')} as gone
      from products p where p.company_id = ? and p.version > ? and p.version <= ?`,
    variants: `select ${live(variant, 'v')} as live, ${gone('v.external_id', 'v')} as gone
      from product_variants v join products p on p.id = v.product_id where v.company_id = ? and v.version > ? and v.version <= ?`,
    records: `select count(*) as n, max(r.version) as last, ${live(record, 'r')} as live, ${gone(recordKey, 'r')} as gone
      from (select price_list_id, variant_id, product_id, currency, price_cents, sale_price_cents, retail_price_cents, map_price_cents, version, deleted_at
        from price_list_records where company_id = ? and version > ? order by version limit ?) r`,
    recordsAfter: 'select exists (select 1 from price_list_records where company_id = ? and version > ?) as more',
  } as const;
}
const SQL = { objects: statements('objects'), arrays: statements('arrays') } as const satisfies Record<ReplicationRowShape, unknown>;

interface Arrays {
  live: Buffer;
  gone: Buffer;
}

/** A catalog page (changesSince's), in one read transaction (one WAL snapshot, in case another connection writes). */
export function catalogChangesJson(
  db: SqliteDb, stmts: CatalogStatements, companyId: string, sinceVersion: number, limit: number, shape: ReplicationRowShape,
): ChangesPageJson {
  registerOptionValues(stmts);
  const sql = SQL[shape];
  return db.transaction(() => {
    const versions = stmts.prepared(sql.versions).pluck().all(companyId, sinceVersion, companyId, sinceVersion, limit + 1) as number[];
    const cursor = versions[Math.min(versions.length, limit) - 1] ?? sinceVersion;
    const ps = stmts.prepared(sql.products).get(companyId, sinceVersion, cursor) as Arrays;
    const vs = stmts.prepared(sql.variants).get(companyId, sinceVersion, cursor) as Arrays;
    return { cursor, hasMore: versions.length > limit, products: ps.live, variants: vs.live, deletedProductIds: ps.gone, deletedVariantIds: vs.gone };
  }, { behavior: 'deferred' });
}

/** A price list page (changesSince's), in one read transaction. */
export function priceListChangesJson(
  db: SqliteDb, stmts: CatalogStatements, companyId: string, afterVersion: number, limit: number, shape: ReplicationRowShape,
): PriceListChangesJson {
  const sql = SQL[shape];
  return db.transaction(() => {
    const page = stmts.prepared(sql.records).get(companyId, afterVersion, limit) as Arrays & { n: number; last: number | null };
    const cursor = page.last ?? afterVersion;
    const hasMore = page.n === limit && (stmts.prepared(sql.recordsAfter).get(companyId, cursor) as { more: number }).more === 1;
    return { cursor, hasMore, records: page.live, deleted: page.gone };
  }, { behavior: 'deferred' });
}
