/**
 * The product filters of GET /api/products (contracts product-filters.ts) as SQL conditions on
 * `products` aliased `p`, for both databases: the same rules as matchesProductFilters, which the
 * device runs (a test holds the two to the same answers over one catalog).
 */
import { sql, type SQL } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD } from '@catalog/contracts/catalog';
import type { ProductFilters, SkuMatch } from '@catalog/contracts/product-filters';
import { likeEscape } from './catalog-plan';

/** The LIKE pattern of a SKU match (lower-cased text, wildcards escaped: use with ESCAPE '\'). */
export function skuPattern(text: string, match: SkuMatch = 'contains'): string {
  const t = likeEscape(text.toLowerCase());
  return match === 'startsWith' ? `${t}%` : match === 'endsWith' ? `%${t}` : `%${t}%`;
}

/**
 * Conditions for the set filters on the products table as the query names it (`p` in SQLite's
 * hand-written SQL, "products" in drizzle's PostgreSQL queries), with `dialect`'s booleans.
 * Live variants only: the device holds no others. Empty when no filter is set.
 */
export function productFilterConditions(f: ProductFilters | undefined, dialect: 'sqlite' | 'pg', table = 'p'): SQL[] {
  if (!f) return [];
  const out: SQL[] = [];
  const p = sql.raw(table);
  const liveVariant = sql`v.product_id = ${p}.id and v.deleted_at is null`;
  if (f.brand !== undefined) out.push(sql`${p}.brand = ${f.brand}`);
  if (f.priceMin !== undefined) out.push(sql`${p}.regular_price_cents >= ${f.priceMin}`);
  if (f.priceMax !== undefined) out.push(sql`${p}.regular_price_cents <= ${f.priceMax}`);
  if (f.stock === 'out') out.push(sql`${p}.stock <= 0`);
  else if (f.stock === 'low') out.push(sql`(${p}.stock > 0 and ${p}.stock < ${LOW_STOCK_THRESHOLD})`);
  else if (f.stock === 'in') out.push(sql`${p}.stock >= ${LOW_STOCK_THRESHOLD}`);
  if (f.onSale) {
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
