/**
 * The seeding of bench/tenants.ts (see its header): the N-tenant and the one-company databases,
 * written server-side with `INSERT ... SELECT` over `generate_series` of companies crossed with
 * one template catalog, secondary indexes dropped first and built again after, then
 * VACUUM (ANALYZE).
 */
import pg from 'pg';
import { toHundredths } from '../api/src/db/hundredths';
import type { ProductInput } from '../api/src/db/repositories';

/** Rows of one company written together (a sync page): the interleaving of companies in the heap. */
const RUN = 250;
/** Every DUE_EVERY-th company has its first order due now (the scheduler's work). */
export const DUE_EVERY = 20;

export const companyId = (c: number) => `bench-company-${String(c).padStart(5, '0')}`;
const COMPANY_ID_SQL = `'bench-company-' || lpad(c::text, 5, '0')`;

export const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

export async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface Seed {
  inputs: ProductInput[];
  /** Companies 1..companies in `bench_tenants`; only `target` in `bench_alone`. */
  first: number;
  last: number;
  ordersPerCompany: number;
  batch: number;
}

/** Seeds a migrated database server-side (see the header); returns what it wrote. */
export async function seed(url: string, s: Seed, log: (line: string) => void) {
  return admin(url, async (client) => {
    const started = performance.now();
    const products = s.inputs.slice().sort((a, b) => a.externalId - b.externalId);
    const variants = products.flatMap((p) => (p.variants ?? []).map((v) => ({ ...v, productExternalId: p.externalId })))
      .sort((a, b) => a.externalId - b.externalId);
    const catalogVersion = products.length + variants.length;
    await client.query(`create temp table tmpl_products as select * from unnest(
        $1::int[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::bigint[], $9::int[],
        $10::bigint[], $11::text[], $12::bool[]
      ) as t(n, external_id, name, sku, description, category, regular, sale, stock, weight_hundredths, status, is_visible)`, [
      products.map((_, i) => i + 1), products.map((p) => p.externalId), products.map((p) => p.name), products.map((p) => p.sku ?? null),
      products.map((p) => p.description ?? null), products.map((p) => p.category ?? null), products.map((p) => p.regularPriceCents),
      products.map((p) => p.salePriceCents ?? null), products.map((p) => p.stock ?? 0), products.map((p) => (p.weight == null ? null : toHundredths(p.weight))),
      products.map((p) => p.status ?? 'published'), products.map((p) => p.isVisible ?? true),
    ]);
    await client.query(`create temp table tmpl_variants as select * from unnest(
        $1::int[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::int[]
      ) as t(n, product_external_id, external_id, variant_sku, option_values, regular, sale, stock)`, [
      variants.map((_, i) => i + 1), variants.map((v) => v.productExternalId), variants.map((v) => v.externalId),
      variants.map((v) => v.variantSku ?? null), variants.map((v) => JSON.stringify(v.optionValues ?? [])),
      variants.map((v) => v.regularPriceCents ?? null), variants.map((v) => v.salePriceCents ?? null), variants.map((v) => v.stock ?? 0),
    ]);
    await client.query(`insert into companies (id, name, product_limit, catalog_version)
      select ${COMPANY_ID_SQL}, 'Bench company ' || c, $3::int, $4::bigint from generate_series($1::int, $2::int) c`,
    [s.first, s.last, products.length, catalogVersion]);
    const P = products.length;
    // A bulk load: the catalog tables' secondary indexes are dropped, the rows written, and the
    // same indexes (their definitions as the migrations made them) built again over the rows.
    const { rows: indexes } = await client.query<{ name: string; def: string }>(`select indexname as name, indexdef as def from pg_indexes
      where schemaname = current_schema() and tablename in ('products', 'product_variants')
        and indexname not in (select conname from pg_constraint where contype in ('p', 'u'))`);
    for (const ix of indexes) await client.query(`drop index ${client.escapeIdentifier(ix.name)}`);
    for (let a = s.first; a <= s.last; a += s.batch) {
      const b = Math.min(s.last, a + s.batch - 1);
      // Product ids are a hash of (company, store id), so the variants find their product without a join.
      await client.query(`insert into products (id, company_id, external_id, name, sku, description, category, regular_price_cents,
          sale_price_cents, stock, weight_hundredths, status, is_visible, last_updated, version)
        select md5(${COMPANY_ID_SQL} || '/' || t.external_id)::uuid::text, ${COMPANY_ID_SQL}, t.external_id, t.name, t.sku, t.description,
          t.category, t.regular, t.sale, t.stock, t.weight_hundredths, t.status, t.is_visible, now() - interval '1 day', t.n
        from tmpl_products t cross join generate_series($1::int, $2::int) c
        order by (t.n - 1) / ${RUN}, c, t.n`, [a, b]);
      await client.query(`insert into product_variants (id, company_id, product_id, external_id, variant_sku, option_values,
          regular_price_cents, sale_price_cents, calculated_price_cents, stock, last_updated, version)
        select gen_random_uuid()::text, ${COMPANY_ID_SQL}, md5(${COMPANY_ID_SQL} || '/' || v.product_external_id)::uuid::text,
          v.external_id, v.variant_sku, v.option_values::jsonb, v.regular, v.sale, coalesce(v.sale, v.regular), v.stock,
          now() - interval '1 day', ${P} + v.n
        from tmpl_variants v cross join generate_series($1::int, $2::int) c
        order by (v.n - 1) / ${RUN}, c, v.n`, [a, b]);
      if (b < s.last && (b - s.first + 1) % (s.batch * 5) === 0) {
        log(`  ${b - s.first + 1} of ${s.last - s.first + 1} companies' catalogs written (${Math.round((performance.now() - started) / 1000)} s)`);
      }
    }
    const indexStarted = performance.now();
    await client.query(`set maintenance_work_mem = '512MB'`);
    for (const ix of indexes) await client.query(ix.def);
    log(`  ${indexes.length} indexes of products and product_variants built again in ${Math.round((performance.now() - indexStarted) / 1000)} s`);
    // Orders made over the past days, scheduled over the coming ones; the first of every 20th company due.
    await client.query(`insert into work_orders (id, company_id, title, product_updates, scheduled_at, execute_immediately, status,
        created_at, updated_at, store_hash)
      select gen_random_uuid()::text, ${COMPANY_ID_SQL}, 'Price change ' || o,
        jsonb_build_array(jsonb_build_object('productId', t.external_id, 'productName', t.name, 'variantId', null,
          'newRegularPrice', to_char((t.regular * 0.9) / 100.0, 'FM999999990.00'))),
        case when o = 1 and c % ${DUE_EVERY} = 0 then now() - interval '10 minutes'
          else now() + make_interval(days => o, mins => c % 1440) end,
        false, 'pending', now() - make_interval(days => $3::int - o + 1, mins => c % 1440), now() - make_interval(days => $3::int - o + 1),
        'bench-store'
      from generate_series($1::int, $2::int) c cross join generate_series(1, $3::int) o
        join tmpl_products t on t.n = 1 + ((c * 31 + o * 7) % ${P})
      order by o, c`, [s.first, s.last, s.ordersPerCompany]);
    const seededMs = performance.now() - started;
    await client.query('vacuum (analyze) companies, products, product_variants, work_orders');
    const [counts] = (await client.query(`select (select count(*) from companies)::int as companies, (select count(*) from products)::int as products,
      (select count(*) from product_variants)::int as variants, (select count(*) from work_orders)::int as orders,
      pg_size_pretty(pg_database_size(current_database())) as size`)).rows;
    return { ...counts, seededMs, vacuumMs: performance.now() - started - seededMs, catalogVersion };
  });
}
