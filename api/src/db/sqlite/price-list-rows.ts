/**
 * Price list records' hot SQLite paths on the raw better-sqlite3 handle (as catalog-rows.ts does
 * for the catalog): a work order of 10,000 records reads and writes them in statements driven by
 * one JSON parameter each, prepared once per connection. drizzle built and prepared a new
 * 1,000-parameter statement for every 200 records, which cost more CPU than SQLite's own work.
 *
 * The column list mirrors schema.sqlite.price-lists.ts; the contract suite runs both databases.
 */
import type { CatalogStatements } from './catalog-rows';
import type { HistoryProduct, HistoryVariant } from '../repository-shared.price-list-history';
import type { RecordRow } from '../repository-shared.price-lists';

const RECORD_COLUMNS = [
  'company_id', 'price_list_id', 'variant_id', 'currency', 'product_id', 'variant_row_id', 'sku', 'price_cents', 'sale_price_cents',
  'retail_price_cents', 'map_price_cents', 'date_modified', 'seen_at', 'version', 'deleted_at',
] as const;
const KEYS = new Set(['company_id', 'price_list_id', 'variant_id', 'currency']);

const SQL = {
  /** One row per record of the JSON array of arrays (RECORD_COLUMNS' order), inserted or replaced. */
  upsert: `insert into price_list_records (${RECORD_COLUMNS.join(', ')})
    select ${RECORD_COLUMNS.map((_, i) => `j.value ->> ${i}`).join(', ')} from json_each(?) j where true
    on conflict (company_id, price_list_id, variant_id, currency) do update set
    ${RECORD_COLUMNS.filter((c) => !KEYS.has(c)).map((c) => `${c} = excluded.${c}`).join(', ')}`,
  /** Every row (any currency, tombstones too) of the [list, variant] pairs of the JSON array. */
  rowsOf: `select ${RECORD_COLUMNS.map((c) => `r.${c}`).join(', ')} from json_each(?) j
    cross join price_list_records r on r.company_id = ? and r.price_list_id = j.value ->> 0 and r.variant_id = j.value ->> 1`,
  /** Our variant row of each store variant id of the JSON array (live variants only). */
  variantRows: `select v.external_id as externalId, v.id as id from json_each(?) j
    cross join product_variants v on v.company_id = ? and v.external_id = j.value where v.deleted_at is null`,
  /** The live products of the store product ids of the JSON array, as a record's price history needs them. */
  historyProducts: `select p.id as id, p.external_id as externalId, p.base_variant_id as baseVariantId, p.regular_price_cents as regularPriceCents,
    p.sale_price_cents as salePriceCents, p.retail_price_cents as retailPriceCents from json_each(?) j
    cross join products p on p.company_id = ? and p.external_id = j.value where p.deleted_at is null`,
  /** The live variants of the store variant ids of the JSON array, likewise. */
  historyVariants: `select v.id as id, v.external_id as externalId, v.product_id as productId, v.regular_price_cents as regularPriceCents,
    v.sale_price_cents as salePriceCents, v.retail_price_cents as retailPriceCents from json_each(?) j
    cross join product_variants v on v.company_id = ? and v.external_id = j.value where v.deleted_at is null`,
} as const;

type Raw = Record<(typeof RECORD_COLUMNS)[number], unknown>;
const date = (ms: unknown): Date | null => (ms === null ? null : new Date(ms as number));

function fromRaw(r: Raw): RecordRow {
  return {
    companyId: r.company_id as string, priceListId: r.price_list_id as number, variantId: r.variant_id as number, currency: r.currency as string,
    productId: r.product_id as number, variantRowId: r.variant_row_id as string | null, sku: r.sku as string | null,
    priceCents: r.price_cents as number, salePriceCents: r.sale_price_cents as number | null, retailPriceCents: r.retail_price_cents as number | null,
    mapPriceCents: r.map_price_cents as number | null, dateModified: date(r.date_modified), seenAt: date(r.seen_at)!, version: r.version as number,
    deletedAt: date(r.deleted_at),
  };
}

const params = (r: RecordRow): unknown[] => [
  r.companyId, r.priceListId, r.variantId, r.currency, r.productId, r.variantRowId, r.sku, r.priceCents, r.salePriceCents,
  r.retailPriceCents, r.mapPriceCents, r.dateModified?.getTime() ?? null, r.seenAt.getTime(), r.version, r.deletedAt?.getTime() ?? null,
];

/** The statements run inside whatever transaction the connection is in. */
export function priceListRows(stmts: CatalogStatements) {
  return {
    write(rows: readonly RecordRow[]): void {
      if (rows.length > 0) stmts.prepared(SQL.upsert).run(JSON.stringify(rows.map(params)));
    },
    /** The stored rows (any currency, tombstones too) of the records' lists and variants. */
    rowsOf(companyId: string, keys: readonly { priceListId: number; variantId: number }[]): RecordRow[] {
      if (keys.length === 0) return [];
      const pairs = [...new Map(keys.map((k) => [`${k.priceListId}:${k.variantId}`, [k.priceListId, k.variantId]])).values()];
      return (stmts.prepared(SQL.rowsOf).all(JSON.stringify(pairs), companyId) as Raw[]).map(fromRaw);
    },
    /** The live products and variants of these store ids, as a store change's price history reads them. */
    historyCatalog(companyId: string, productIds: readonly number[], variantIds: readonly number[]): { products: HistoryProduct[]; variants: HistoryVariant[] } {
      return {
        products: stmts.prepared(SQL.historyProducts).all(JSON.stringify(productIds), companyId) as HistoryProduct[],
        variants: stmts.prepared(SQL.historyVariants).all(JSON.stringify(variantIds), companyId) as HistoryVariant[],
      };
    },
    /** Store variant id -> our variant row id, for the live variants among `externalIds`. */
    variantRows(companyId: string, externalIds: readonly number[]): Map<number, string> {
      if (externalIds.length === 0) return new Map();
      const rows = stmts.prepared(SQL.variantRows).all(JSON.stringify([...new Set(externalIds)]), companyId) as { externalId: number; id: string }[];
      return new Map(rows.map((r) => [r.externalId, r.id]));
    },
  };
}
