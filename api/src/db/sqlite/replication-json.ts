/**
 * The replication pages' rows (GET /api/catalog/changes, GET /api/price-lists/changes) as the
 * wire's JSON arrays, written by SQLite itself on prepared statements. A first pull of 100,000
 * products reads ~48 catalog and ~76 price list pages of 5,000 rows; turning each row into an
 * object, then into the wire's object, then into JSON cost ~200 ms a catalog page, most of it
 * allocation and garbage collection. SQLite's json_object writes the same text in a fraction.
 *
 * Each field is the wire's as the services write it (services/catalog/catalog-wire.ts,
 * routes/price-lists/price-list-changes.ts): money as "19.90" (formatCents), times as ISO strings
 * (Date#toISOString), weights as numbers, a variant without SKU as '', option values that are
 * not [{ optionName, label }] left out. replication-json.test.ts holds both paths to one answer.
 */
import type { ChangesPageJson, PriceListChangesJson } from '../repositories';
import type { CatalogStatements } from './catalog-rows';
import type { SqliteDb } from './types';

/** formatCents: "19.90" from 1990, "0.05" from 5, "-1.00" from -100; null stays null. */
const money = (col: string) => `(case when ${col} < 0 then '-' else '' end || (abs(${col}) / 100) || '.' || substr('0' || (abs(${col}) % 100), -2))`;
/** Date#toISOString of integer ms ('unixepoch' rounds the seconds back to the exact ms). */
const iso = (col: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${col} / 1000.0, 'unixepoch')`;
/** fromHundredths as JSON.stringify writes it: 12 (not 12.0) when whole. */
const hundredths = (col: string) => `(case when ${col} % 100 = 0 then ${col} / 100 else ${col} / 100.0 end)`;
const bool = (col: string) => `json(case when ${col} = 1 then 'true' else 'false' end)`;
/** The stored option values' { optionName, label } entries with two strings; anything else (a hand-edited row) reads as none. */
const options = (col: string) => `(case when json_type(${col}) = 'array' then (
    select json_group_array(json_object('optionName', o.value ->> '$.optionName', 'label', o.value ->> '$.label') order by o.key)
    from json_each(${col}) o
    where case when o.type = 'object' then json_type(o.value, '$.optionName') = 'text' and json_type(o.value, '$.label') = 'text' else 0 end
  ) else json('[]') end)`;

const PRODUCT = `json_object('id', p.external_id, 'name', p.name, 'category', p.category, 'sku', p.sku,
  'regularPrice', ${money('p.regular_price_cents')}, 'salePrice', ${money('p.sale_price_cents')}, 'retailPrice', ${money('p.retail_price_cents')},
  'costPrice', ${money('p.cost_price_cents')}, 'brand', p.brand, 'stock', p.stock, 'weight', ${hundredths('p.weight_hundredths')},
  'status', p.status, 'isVisible', ${bool('p.is_visible')}, 'lastUpdated', ${iso('p.last_updated')}, 'version', p.version,
  'baseVariantId', p.base_variant_id)`;
const VARIANT = `json_object('id', v.external_id, 'productId', p.external_id, 'variantSku', coalesce(v.variant_sku, ''),
  'regularPrice', ${money('v.regular_price_cents')}, 'salePrice', ${money('v.sale_price_cents')}, 'retailPrice', ${money('v.retail_price_cents')},
  'costPrice', ${money('v.cost_price_cents')}, 'stock', v.stock, 'optionValues', ${options('v.option_values')}, 'version', v.version)`;
const RECORD_KEY = `'priceListId', r.price_list_id, 'variantId', r.variant_id, 'productId', r.product_id, 'currency', r.currency`;
const RECORD = `json_object(${RECORD_KEY}, 'price', ${money('r.price_cents')}, 'salePrice', ${money('r.sale_price_cents')},
  'retailPrice', ${money('r.retail_price_cents')}, 'mapPrice', ${money('r.map_price_cents')})`;

/** Live rows and tombstones of a version range (each table's (company_id, version) index), in version order. */
const live = (json: string, alias: string) => `coalesce(json_group_array(${json} order by ${alias}.version) filter (where ${alias}.deleted_at is null), '[]')`;
const gone = (json: string, alias: string) => `coalesce(json_group_array(${json} order by ${alias}.version) filter (where ${alias}.deleted_at is not null), '[]')`;

const SQL = {
  /** The first `limit` versions after the cursor of products and variants together (they share the sequence). */
  versions: `select version from (select version from products where company_id = ? and version > ? order by version limit ?)
    union all select version from (select version from product_variants where company_id = ? and version > ? order by version limit ?)
    order by version limit ?`,
  products: `select ${live(PRODUCT, 'p')} as live, ${gone('p.external_id', 'p')} as gone
    from products p where p.company_id = ? and p.version > ? and p.version <= ?`,
  variants: `select ${live(VARIANT, 'v')} as live, ${gone('v.external_id', 'v')} as gone
    from product_variants v join products p on p.id = v.product_id where v.company_id = ? and v.version > ? and v.version <= ?`,
  records: `select count(*) as n, max(r.version) as last, ${live(RECORD, 'r')} as live, ${gone(`json_object(${RECORD_KEY})`, 'r')} as gone
    from (select price_list_id, variant_id, product_id, currency, price_cents, sale_price_cents, retail_price_cents, map_price_cents, version, deleted_at
      from price_list_records where company_id = ? and version > ? order by version limit ?) r`,
  recordsAfter: 'select exists (select 1 from price_list_records where company_id = ? and version > ?) as more',
} as const;

interface Arrays {
  live: string;
  gone: string;
}

/** A catalog page (changesSince's), in one read transaction (one WAL snapshot, in case another connection writes). */
export function catalogChangesJson(db: SqliteDb, stmts: CatalogStatements, companyId: string, sinceVersion: number, limit: number): ChangesPageJson {
  return db.transaction(() => {
    const versions = stmts.prepared(SQL.versions).pluck().all(companyId, sinceVersion, limit + 1, companyId, sinceVersion, limit + 1, limit + 1) as number[];
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
