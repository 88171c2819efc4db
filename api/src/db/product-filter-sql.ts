/**
 * The product filters of GET /api/products (contracts product-filters.ts) as SQL conditions on
 * `products` aliased `p`, for both databases: the same rules as matchesProductFilters, which the
 * device runs (a test holds the two to the same answers over one catalog).
 */
import { sql, type SQL } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD } from '@catalog/contracts/catalog';
import type { ProductFilters, SkuMatch } from '@catalog/contracts/product-filters';
import { likeEscape } from './catalog-plan';
import type { PriceListLens } from './repositories';

/** The LIKE pattern of a SKU match (lower-cased text, wildcards escaped: use with ESCAPE '\'). */
export function skuPattern(text: string, match: SkuMatch = 'contains'): string {
  const t = likeEscape(text.toLowerCase());
  return match === 'startsWith' ? `${t}%` : match === 'endsWith' ? `%${t}` : `%${t}%`;
}

/** Whether the filters look at prices (the price range or on sale): only then does a price list change their answer. */
export const looksAtPrices = (f: ProductFilters | undefined): boolean =>
  f !== undefined && (f.priceMin !== undefined || f.priceMax !== undefined || f.onSale !== undefined);

/** The company's live records of the lens's list and currency, as `alias`. */
function ofList(alias: string, lens: PriceListLens, companyId: string): SQL {
  const r = sql.raw(alias);
  return sql`${r}.company_id = ${companyId} and ${r}.price_list_id = ${lens.priceListId} and ${r}.currency = ${lens.currency} and ${r}.deleted_at is null`;
}

/** The store ids of the products with a live record on sale (one range of the (company, list, currency) index). */
const productsOnSale = (lens: PriceListLens, companyId: string) =>
  sql`select distinct rs.product_id from price_list_records rs where ${ofList('rs', lens, companyId)} and rs.sale_price_cents > 0`;

/**
 * The joins the filters read through a price list (issue 35), after the products table as
 * `table`: `lb`, the product's own record (its base variant's: one probe of price_list_records'
 * key, company, list, variant, currency), and on PostgreSQL for on sale `ls`, the products with a
 * record on sale (read once, hash-joined by product id; SQLite, which has no hash join, reads
 * them as an IN list it materializes once). At most one row per product each; null when the
 * filters do not look at prices.
 */
export function priceListJoins(f: ProductFilters | undefined, lens: PriceListLens | undefined, companyId: string, dialect: 'sqlite' | 'pg', table = 'p'): SQL | null {
  if (!lens || !looksAtPrices(f)) return null;
  const p = sql.raw(table);
  const own = sql` left join price_list_records lb on ${ofList('lb', lens, companyId)} and lb.variant_id = ${p}.base_variant_id`;
  if (!f?.onSale || dialect === 'sqlite') return own;
  return sql`${own} left join (${productsOnSale(lens, companyId)}) ls on ls.product_id = ${p}.external_id`;
}

/**
 * The list's prices as SQL over priceListJoins (contracts price-list-view.ts priceListPrices): a
 * record overrides the catalog's prices whole (its unset sale price is no sale), else the
 * catalog's apply in the catalog's currency (a variant's null inherits its product's), else they
 * are unknown (null).
 * - price: the product's own record's, else the catalog's regular price;
 * - on sale: a record of the product (by the store's product id, as the device groups them) with
 *   a sale price above 0; or, in the catalog's currency, the product or a live variant on sale in
 *   the catalog that has no record (a record's absence probed only for those).
 */
function listPriceSql(lens: PriceListLens, companyId: string, dialect: 'sqlite' | 'pg', p: SQL, liveVariant: SQL) {
  const recordOnSale = dialect === 'pg' ? sql`ls.product_id is not null` : sql`${p}.external_id in (${productsOnSale(lens, companyId)})`;
  if (!lens.catalogCurrency) return { productPrice: sql`lb.price_cents`, onSale: recordOnSale };
  const noRecord = sql`not exists (select 1 from price_list_records r where r.company_id = ${p}.company_id and r.price_list_id = ${lens.priceListId}
    and r.currency = ${lens.currency} and r.deleted_at is null and r.variant_id = v.external_id)`;
  return {
    productPrice: sql`coalesce(lb.price_cents, ${p}.regular_price_cents)`,
    onSale: sql`(${recordOnSale}
      or (${p}.sale_price_cents > 0 and lb.variant_id is null)
      or exists (select 1 from product_variants v where ${liveVariant} and coalesce(v.sale_price_cents, ${p}.sale_price_cents) > 0 and ${noRecord}))`,
  };
}

/**
 * Conditions for the set filters on the products table as the query names it (`p` in SQLite's
 * hand-written SQL, "products" in drizzle's PostgreSQL queries), with `dialect`'s booleans.
 * Live variants only: the device holds no others. Empty when no filter is set. With `list`, the
 * price range and on sale are that price list's (the company's records): the query joins
 * priceListJoins of the same lens and company.
 */
export function productFilterConditions(
  f: ProductFilters | undefined, dialect: 'sqlite' | 'pg', table = 'p', list?: { lens: PriceListLens; companyId: string },
): SQL[] {
  if (!f) return [];
  const out: SQL[] = [];
  const p = sql.raw(table);
  const liveVariant = sql`v.product_id = ${p}.id and v.deleted_at is null`;
  const prices = list && looksAtPrices(f) ? listPriceSql(list.lens, list.companyId, dialect, p, liveVariant) : null;
  const price = prices ? prices.productPrice : sql`${p}.regular_price_cents`;
  if (f.brand !== undefined) out.push(sql`${p}.brand = ${f.brand}`);
  // An unknown list price (null) is in no range.
  if (f.priceMin !== undefined) out.push(sql`${price} >= ${f.priceMin}`);
  if (f.priceMax !== undefined) out.push(sql`${price} <= ${f.priceMax}`);
  if (f.stock === 'out') out.push(sql`${p}.stock <= 0`);
  else if (f.stock === 'low') out.push(sql`(${p}.stock > 0 and ${p}.stock < ${LOW_STOCK_THRESHOLD})`);
  else if (f.stock === 'in') out.push(sql`${p}.stock >= ${LOW_STOCK_THRESHOLD}`);
  if (f.onSale && prices) {
    out.push(prices.onSale);
  } else if (f.onSale) {
    out.push(sql`(${p}.sale_price_cents > 0 or exists (select 1 from product_variants v where ${liveVariant} and v.sale_price_cents > 0))`);
  }
  if (f.visible !== undefined) {
    out.push(dialect === 'pg' ? sql`${p}.is_visible = ${f.visible}` : sql`${p}.is_visible = ${f.visible ? 1 : 0}`);
  }
  if (f.sku !== undefined) {
    const pattern = skuPattern(f.sku, f.skuMatch);
    out.push(sql`(lower(${p}.sku) like ${pattern} escape '\\' or exists (select 1 from product_variants v where ${liveVariant} and lower(v.variant_sku) like ${pattern} escape '\\'))`);
  }
  return out;
}
