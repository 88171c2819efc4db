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

/**
 * The list's prices as SQL (contracts price-list-view.ts priceListPrices): a record overrides the
 * catalog's prices whole (its unset sale price is no sale), else the catalog's apply in the
 * catalog's currency (a variant's null inherits its product's), else they are unknown (null).
 * - price: the product's own, its base variant's record (one probe of price_list_records' key:
 *   company, list, variant, currency), else the catalog's regular price;
 * - on sale: a record of the product (its base variant or a live variant: one range of the
 *   (company, list, product) index) with a sale price above 0; or, in the catalog's currency, the
 *   product or a live variant on sale in the catalog that has no record (probed only for those).
 */
function listPriceSql(lens: PriceListLens, p: SQL, liveVariant: SQL) {
  const ofList = sql`r.company_id = ${p}.company_id and r.price_list_id = ${lens.priceListId} and r.currency = ${lens.currency} and r.deleted_at is null`;
  const noRecord = (variant: SQL) => sql`not exists (select 1 from price_list_records r where ${ofList} and r.variant_id = ${variant})`;
  const base = sql`${p}.base_variant_id`;
  const ownPrice = sql`(select r.price_cents from price_list_records r where ${ofList} and r.variant_id = ${base})`;
  const recordOnSale = sql`exists (select 1 from price_list_records r where ${ofList} and r.product_id = ${p}.external_id and r.sale_price_cents > 0
    and (r.variant_id = ${base} or exists (select 1 from product_variants v where ${liveVariant} and v.external_id = r.variant_id)))`;
  if (!lens.catalogCurrency) return { productPrice: ownPrice, onSale: recordOnSale };
  return {
    productPrice: sql`coalesce(${ownPrice}, ${p}.regular_price_cents)`,
    onSale: sql`(${recordOnSale}
      or (${p}.sale_price_cents > 0 and ${noRecord(base)})
      or exists (select 1 from product_variants v where ${liveVariant} and coalesce(v.sale_price_cents, ${p}.sale_price_cents) > 0 and ${noRecord(sql`v.external_id`)}))`,
  };
}

/**
 * Conditions for the set filters on the products table as the query names it (`p` in SQLite's
 * hand-written SQL, "products" in drizzle's PostgreSQL queries), with `dialect`'s booleans.
 * Live variants only: the device holds no others. Empty when no filter is set. With `lens`, the
 * price range and on sale are the price list's.
 */
export function productFilterConditions(f: ProductFilters | undefined, dialect: 'sqlite' | 'pg', table = 'p', lens?: PriceListLens): SQL[] {
  if (!f) return [];
  const out: SQL[] = [];
  const p = sql.raw(table);
  const liveVariant = sql`v.product_id = ${p}.id and v.deleted_at is null`;
  const list = lens ? listPriceSql(lens, p, liveVariant) : null;
  const price = list ? list.productPrice : sql`${p}.regular_price_cents`;
  if (f.brand !== undefined) out.push(sql`${p}.brand = ${f.brand}`);
  // An unknown list price (null) is in no range.
  if (f.priceMin !== undefined) out.push(sql`${price} >= ${f.priceMin}`);
  if (f.priceMax !== undefined) out.push(sql`${price} <= ${f.priceMax}`);
  if (f.stock === 'out') out.push(sql`${p}.stock <= 0`);
  else if (f.stock === 'low') out.push(sql`(${p}.stock > 0 and ${p}.stock < ${LOW_STOCK_THRESHOLD})`);
  else if (f.stock === 'in') out.push(sql`${p}.stock >= ${LOW_STOCK_THRESHOLD}`);
  if (f.onSale && list) {
    out.push(list.onSale);
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
