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
 */
import type { Database as Sqlite } from 'better-sqlite3';
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

/** A row's JSON object, in one printf: the wire's keys in the wire's order. */
const object = (fields: Record<string, string>) =>
  `printf('{${Object.keys(fields).map((k) => `"${k}":%s`).join(',')}}', ${Object.values(fields).join(', ')})`;

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

const PRODUCT = object({
  id: 'p.external_id', name: text('p.name'), category: text('p.category'), sku: text('p.sku'), regularPrice: money('p.regular_price_cents'),
  salePrice: money('p.sale_price_cents'), retailPrice: money('p.retail_price_cents'), costPrice: money('p.cost_price_cents'), brand: text('p.brand'),
  stock: 'p.stock', weight: hundredths('p.weight_hundredths'), status: text('p.status'), isVisible: bool('p.is_visible'),
  lastUpdated: iso('p.last_updated'), version: 'p.version', baseVariantId: int('p.base_variant_id'),
});
const VARIANT = object({
  id: 'v.external_id', productId: 'p.external_id', variantSku: text("coalesce(v.variant_sku, '')"), regularPrice: money('v.regular_price_cents'),
  salePrice: money('v.sale_price_cents'), retailPrice: money('v.retail_price_cents'), costPrice: money('v.cost_price_cents'), stock: 'v.stock',
  optionValues: `${OPTION_VALUES}(v.option_values)`, version: 'v.version',
});
const RECORD_KEY = { priceListId: 'r.price_list_id', variantId: 'r.variant_id', productId: 'r.product_id', currency: text('r.currency') };
const RECORD = object({
  ...RECORD_KEY, price: money('r.price_cents'), salePrice: money('r.sale_price_cents'), retailPrice: money('r.retail_price_cents'), mapPrice: money('r.map_price_cents'),
});

/**
 * The JSON array of `row` over the rows `where` picks, in version order, as UTF-8 bytes: a blob
 * reaches JavaScript as a Buffer, copied, where text would be decoded into a string only to be
 * encoded again for the response.
 */
const array = (row: string, alias: string, where: string) =>
  `cast('[' || coalesce(group_concat(${row}, ',' order by ${alias}.version) filter (where ${where}), '') || ']' as blob)`;
const live = (row: string, alias: string) => array(row, alias, `${alias}.deleted_at is null`);
const gone = (row: string, alias: string) => array(row, alias, `${alias}.deleted_at is not null`);

const SQL = {
  /**
   * The first versions after the cursor of products and variants together (they share the
   * sequence): a merge of both indexes in order, which stops at the limit.
   */
  versions: `select version from products where company_id = ? and version > ?
    union all select version from product_variants where company_id = ? and version > ? order by 1 limit ?`,
  products: `select ${live(PRODUCT, 'p')} as live, ${gone('p.external_id', 'p')} as gone
    from products p where p.company_id = ? and p.version > ? and p.version <= ?`,
  variants: `select ${live(VARIANT, 'v')} as live, ${gone('v.external_id', 'v')} as gone
    from product_variants v join products p on p.id = v.product_id where v.company_id = ? and v.version > ? and v.version <= ?`,
  records: `select count(*) as n, max(r.version) as last, ${live(RECORD, 'r')} as live, ${gone(object(RECORD_KEY), 'r')} as gone
    from (select price_list_id, variant_id, product_id, currency, price_cents, sale_price_cents, retail_price_cents, map_price_cents, version, deleted_at
      from price_list_records where company_id = ? and version > ? order by version limit ?) r`,
  recordsAfter: 'select exists (select 1 from price_list_records where company_id = ? and version > ?) as more',
} as const;

interface Arrays {
  live: Buffer;
  gone: Buffer;
}

/** A catalog page (changesSince's), in one read transaction (one WAL snapshot, in case another connection writes). */
export function catalogChangesJson(db: SqliteDb, stmts: CatalogStatements, companyId: string, sinceVersion: number, limit: number): ChangesPageJson {
  registerOptionValues(stmts);
  return db.transaction(() => {
    const versions = stmts.prepared(SQL.versions).pluck().all(companyId, sinceVersion, companyId, sinceVersion, limit + 1) as number[];
    const cursor = versions[Math.min(versions.length, limit) - 1] ?? sinceVersion;
    const ps = stmts.prepared(SQL.products).get(companyId, sinceVersion, cursor) as Arrays;
    const vs = stmts.prepared(SQL.variants).get(companyId, sinceVersion, cursor) as Arrays;
    return { cursor, hasMore: versions.length > limit, products: ps.live, variants: vs.live, deletedProductIds: ps.gone, deletedVariantIds: vs.gone };
  }, { behavior: 'deferred' });
}

/** A price list page (changesSince's), in one read transaction. */
export function priceListChangesJson(db: SqliteDb, stmts: CatalogStatements, companyId: string, afterVersion: number, limit: number): PriceListChangesJson {
  return db.transaction(() => {
    const page = stmts.prepared(SQL.records).get(companyId, afterVersion, limit) as Arrays & { n: number; last: number | null };
    const cursor = page.last ?? afterVersion;
    const hasMore = page.n === limit && (stmts.prepared(SQL.recordsAfter).get(companyId, cursor) as { more: number }).more === 1;
    return { cursor, hasMore, records: page.live, deleted: page.gone };
  }, { behavior: 'deferred' });
}
