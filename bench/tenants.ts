/**
 * Many tenants on one PostgreSQL database (issue 15, item 5): `node bench/run.mjs
 * bench/tenants.ts` from the repository root (options: --companies 2000 --products 1000
 * --orders 10000 --samples 200 --warmup 20 --batch 100 --database-url <url> --prefix bench --keep). The URL
 * (default BENCH_DATABASE_URL, else postgres://catalog_ci:catalog_ci@127.0.0.1:5432/postgres)
 * names the server and a database to connect to for CREATE/DROP DATABASE: the benchmark makes
 * two databases of its own there, `bench_tenants` and `bench_alone` (`<prefix>_...`), and drops
 * them at the end (kept with --keep). The role needs CREATEDB.
 *
 * Each database is migrated through the app's openDatabase, then seeded server-side (no COPY:
 * pg-copy-streams is not a dependency; `INSERT ... SELECT` over `generate_series` of companies
 * crossed with a template, which is as fast as COPY here and sends nothing per row; as a bulk
 * load does, with the secondary indexes of products and variants dropped first and built again
 * after, from the definitions the migrations made, so the schema ends as the app's):
 *   - the template: one catalog of P products from the demo store's generator (a third with
 *     option variants, brand + adjective + noun names, department SKUs, a category tree), sent
 *     once as arrays (`unnest`) into a temporary table, numbered as a sync numbers a catalog
 *     (products 1..P by store id, then variants), so every company's catalog version is P + V;
 *   - `bench_tenants`: N companies (bench-company-00001 ...), each with the template's products
 *     and variants, written in batches of companies. Within a batch the rows of the companies
 *     are interleaved in runs of 250 (a sync page), as companies syncing at different times
 *     leave them, rather than each company's catalog in one contiguous stretch of the heap;
 *   - `bench_alone`: the measured company only (the same id, the same rows);
 *   - work orders: --orders across the N companies (orders/N each; the measured company has the
 *     same count in both databases), pending and scheduled over the coming days, the first one
 *     of every 20th company due (scheduled 10 minutes ago: the due query's work);
 *   then VACUUM (ANALYZE), as autovacuum would leave the tables.
 *
 * For the measured company (the one in the middle of the N, a multiple of 20, so it has an
 * order due), on both databases, through the real app in process (createApp, one per database,
 * requests by app.request with a user's emulator token) and the repository:
 *   changes from 0          GET /api/catalog/changes (first page: 2,000 rows)
 *   changes after 100       GET /api/catalog/changes?cursor=<v> after 100 price edits
 *                           (db.products.setPrices) moved 100 products past v
 *   products search         GET /api/products?search=<term> (first page); every sample a term
 *                           not asked before (3-5 character pieces of the catalog's words), so
 *                           the API's caches never answer it and each one is a search in SQL
 *   work orders             GET /api/work-orders
 *   due query               db.workOrders.due(now, 50) (the scheduler's; no HTTP)
 * each --warmup times on each database, then --samples times on each, one call after another,
 * alternating between the two databases (so whatever else the machine does weighs on both alike),
 * and prints p50/p95 of each beside the same on the other database and the ratio p95 with N / p95 alone (target: at most 1.3).
 * Last, the EXPLAIN (ANALYZE, BUFFERS) of every SQL statement a call of each measure sent (caught
 * from node-postgres, run again with the same parameters and settings): the indexes each uses on
 * both databases, and the plans on the N-tenant one in full.
 */
import pg from 'pg';
import { generateCatalog } from '../packages/demo-store/src/generate-catalog';
import { createPrng } from '../packages/demo-store/src/prng';
import { productInputs } from './catalog-inputs';
import { admin, companyId, DUE_EVERY, seed, withDatabase } from './tenants-seed';
import { createApp } from '../api/src/app';
import { createTokenVerifier } from '../api/src/auth/verify-token';
import { openDatabase } from '../api/src/db/index';
import type { Database, ProductInput } from '../api/src/db/repositories';
import { createLogger } from '../api/src/lib/logger';
import { createSecretBox, generateAppSecret } from '../api/src/lib/secrets';
import { emulatorToken, TEST_PROJECT } from '../api/src/testing/test-app';
import path from 'node:path';

/** Issue 15: each measure's p95 with N tenants at most this many times its p95 alone. */
const TARGET_RATIO = 1.3;
const DEFAULT_URL = 'postgres://catalog_ci:catalog_ci@127.0.0.1:5432/postgres';
function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

function textOption(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

/** SQL statements node-postgres sent while `capture` was on (all clients, pooled or not). */
const captured: Array<{ text: string; values: unknown[] }> = [];
let capturing = false;
{
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function query(this: unknown, ...args: unknown[]) {
    if (capturing) {
      const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown];
      if (typeof first === 'string') captured.push({ text: first, values: Array.isArray(second) ? second : [] });
      else if (first && typeof first === 'object' && typeof first.text === 'string') {
        captured.push({ text: first.text, values: first.values ?? (Array.isArray(second) ? second : []) });
      }
    }
    return original.apply(this, args);
  };
}

async function capture(run: () => Promise<unknown>) {
  captured.length = 0;
  capturing = true;
  try {
    await run();
  } finally {
    capturing = false;
  }
  return captured.splice(0);
}

interface Plan { sql: string; plan: string; indexes: string[]; seqScans: string[]; ms: number | null }

/** EXPLAIN (ANALYZE, BUFFERS) of each statement caught (writes: EXPLAIN alone), with the session settings they ran under. */
async function explain(pool: pg.Pool, statements: Array<{ text: string; values: unknown[] }>): Promise<Plan[]> {
  const plans: Plan[] = [];
  const settings: string[] = [];
  const seen = new Set<string>();
  for (const s of statements) {
    const text = s.text.trim();
    if (/^set\s/i.test(text)) { settings.push(text); continue; }
    // A transaction's settings end with it.
    if (/^(commit|rollback)/i.test(text)) { settings.length = 0; continue; }
    if (/^(begin|start|select 1$|select pg_advisory)/i.test(text)) continue;
    if (seen.has(text)) continue;
    seen.add(text);
    const write = /^(insert|update|delete)/i.test(text);
    const client = await pool.connect();
    try {
      await client.query('begin');
      for (const setting of settings) await client.query(setting);
      const { rows } = await client.query(`explain (${write ? 'costs' : 'analyze, buffers'}) ${text}`, s.values);
      await client.query('rollback');
      const plan = rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      const indexes = [...new Set([...plan.matchAll(/(?:Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\S+)/g)].map((m) => m[1]!))];
      const seqScans = [...new Set([...plan.matchAll(/Seq Scan on (\S+)/g)].map((m) => m[1]!))];
      const ms = /Execution Time: ([\d.]+) ms/.exec(plan);
      plans.push({ sql: text.replace(/\s+/g, ' '), plan, indexes, seqScans, ms: ms ? Number(ms[1]) : null });
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      plans.push({ sql: text.replace(/\s+/g, ' '), plan: `(EXPLAIN failed: ${(err as Error).message})`, indexes: [], seqScans: [], ms: null });
    } finally {
      client.release();
    }
  }
  return plans;
}

/** Distinct 3-5 character pieces of the catalog's words, in a fixed shuffled order: searches that all match something. */
function searchTerms(inputs: ProductInput[], count: number): string[] {
  const words = [...new Set(inputs.flatMap((p) => p.name.toLowerCase().split(/[^a-z0-9]+/)).filter((w) => w.length >= 3))].sort();
  const pieces = new Set<string>();
  for (const w of words) for (let len = 3; len <= 5; len++) for (let at = 0; at + len <= w.length; at++) pieces.add(w.slice(at, at + len));
  const all = [...pieces].sort();
  const rng = createPrng('bench-tenants-terms');
  const picked = rng.sample(all, Math.min(count, all.length));
  if (picked.length < count) throw new Error(`only ${picked.length} distinct search terms; lower --samples`);
  return picked;
}

interface Measured { p50: number; p95: number; plans: Plan[] }
type Measures = Record<string, Measured>;

/** One database under the real app, signed in as the measured company's owner. */
async function openSide(url: string, target: string) {
  const root = process.env.CATALOG_ROOT ?? process.cwd();
  const db: Database = await openDatabase(url, { migrationsDir: path.join(root, 'api', 'drizzle'), migrate: false });
  const sub = `bench-owner-${target}`;
  await db.users.create({ companyId: target, email: `${sub}@example.com`, firebaseUid: sub, role: 'owner' });
  const headers = { authorization: `Bearer ${emulatorToken({ sub, email: `${sub}@example.com`, email_verified: true })}` };
  const app = createApp({
    config: { webDistDir: path.join(root, 'no-web'), maxBodyBytes: 1 << 20, frameOrigins: [], nodeEnv: 'production', firebase: { projectId: TEST_PROJECT, jwksUrl: undefined, emulatorHost: '127.0.0.1:9099' } },
    db, logger: createLogger('warn'), verifyToken: createTokenVerifier({ projectId: TEST_PROJECT, emulator: true, jwksUrl: 'http://127.0.0.1:9/unused' }),
    commerce: () => { throw new Error('no store in this benchmark'); }, secrets: createSecretBox(generateAppSecret()),
  });
  const get = async (p: string) => {
    const res = await app.request(p, { headers });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${p}: ${res.status} ${body.slice(0, 300)}`);
    return body;
  };
  /** Catalog version before the 100 edits: the cursor of "changes after 100". */
  const company = await db.companies.get(target);
  return { db, get, pool: db.pgPool as pg.Pool, before: company!.catalogVersion };
}
type Side = Awaited<ReturnType<typeof openSide>>;

/**
 * Each measure on both databases: the warm-up calls, then the samples alternating between the
 * two (one call on one, then one on the other), so whatever else the machine does at a moment
 * weighs on both alike; then one more call on each with its SQL caught, for EXPLAIN.
 */
async function measureBoth(sides: { alone: Side; tenants: Side }, target: string, inputs: ProductInput[], opts: { samples: number; warmup: number }, log: (line: string) => void) {
  const out = { alone: {} as Measures, tenants: {} as Measures };
  const keys = ['alone', 'tenants'] as const;
  const timed = async (name: string, call: (side: Side, i: number) => Promise<unknown>, beforeExplain?: (side: Side) => Promise<unknown>) => {
    for (const k of keys) for (let i = 0; i < opts.warmup; i++) await call(sides[k], i);
    const ms = { alone: new Float64Array(opts.samples), tenants: new Float64Array(opts.samples) };
    for (let i = 0; i < opts.samples; i++) {
      // Which goes first alternates too.
      for (const k of i % 2 ? [...keys].reverse() : keys) {
        const t = performance.now();
        await call(sides[k], opts.warmup + i);
        ms[k][i] = performance.now() - t;
      }
    }
    for (const k of keys) {
      const sorted = ms[k].sort();
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
      await beforeExplain?.(sides[k]);
      const plans = await explain(sides[k].pool, await capture(() => call(sides[k], opts.warmup + opts.samples)));
      out[k][name] = { p50: at(50), p95: at(95), plans };
    }
    log(`  ${name.padEnd(20)} alone p50 ${out.alone[name]!.p50.toFixed(2)} / p95 ${out.alone[name]!.p95.toFixed(2)} ms, `
      + `with tenants p50 ${out.tenants[name]!.p50.toFixed(2)} / p95 ${out.tenants[name]!.p95.toFixed(2)} ms`);
  };

  await timed('changes from 0', (side) => side.get('/api/catalog/changes?cursor=0'));
  for (const k of keys) {
    const { db } = sides[k];
    const edited = await db.products.list(target, { limit: 100, offset: 0 });
    await db.products.setPrices(target, edited.map((p) => ({ productId: p.id, regularPriceCents: p.regularPriceCents + 1 })));
  }
  await timed('changes after 100', async (side) => {
    const page = JSON.parse(await side.get(`/api/catalog/changes?cursor=${side.before}`)) as { products: unknown[] };
    if (page.products.length !== 100) throw new Error(`expected 100 changed products, got ${page.products.length}`);
  });
  const terms = searchTerms(inputs, opts.warmup + opts.samples + 1);
  // Before the EXPLAIN call, a price edit moves the catalog version, so the API's caches (kept
  // products' JSON) answer nothing and the call sends every statement a first search sends.
  await timed('products search', (side, i) => side.get(`/api/products?search=${encodeURIComponent(terms[i]!)}`), async (side) => {
    const [p] = await side.db.products.list(target, { limit: 1, offset: 0 });
    await side.db.products.setPrices(target, [{ productId: p!.id, regularPriceCents: p!.regularPriceCents + 1 }]);
  });
  await timed('work orders', (side) => side.get('/api/work-orders'));
  await timed('due query', async (side) => {
    const due = await side.db.workOrders.due(new Date(), 50);
    if (due.length === 0) throw new Error('no order due');
  });
  return out;
}

async function main() {
  const companies = option('companies', 2000);
  const productCount = option('products', 1000);
  const orders = option('orders', 10_000);
  const samples = option('samples', 200);
  const warmup = option('warmup', 20);
  const batch = option('batch', 100);
  const keep = process.argv.includes('--keep');
  const serverUrl = textOption('database-url', process.env.BENCH_DATABASE_URL ?? DEFAULT_URL);
  const root = process.env.CATALOG_ROOT ?? process.cwd();
  const ordersPerCompany = Math.max(1, Math.round(orders / companies));
  // The middle company, a multiple of 20: it has an order due.
  const target = Math.max(DUE_EVERY, Math.floor(companies / 2 / DUE_EVERY) * DUE_EVERY);
  if (target > companies) throw new Error(`--companies must be at least ${DUE_EVERY}`);
  const log = (line: string) => console.log(line);

  const inputs = productInputs(generateCatalog({ products: productCount, seed: 'bench-tenants' }));
  const withVariants = inputs.filter((p) => p.variants?.length).length;
  const variantCount = inputs.reduce((n, p) => n + (p.variants?.length ?? 0), 0);
  log(`\nper company: ${productCount.toLocaleString('en-US')} products (${withVariants} with ${variantCount.toLocaleString('en-US')} variants), `
    + `${ordersPerCompany} work orders; measured company ${companyId(target)}`);

  const prefix = textOption('prefix', 'bench');
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error('--prefix must be a lower-case SQL name');
  const names = { tenants: `${prefix}_tenants`, alone: `${prefix}_alone` };
  await admin(serverUrl, async (c) => {
    for (const name of Object.values(names)) {
      await c.query(`drop database if exists ${name} with (force)`);
      await c.query(`create database ${name}`);
    }
  });
  const urls = { tenants: withDatabase(serverUrl, names.tenants), alone: withDatabase(serverUrl, names.alone) };
  try {
    for (const url of Object.values(urls)) {
      // Migrated by the app itself, then closed: the measures open it again without migrating.
      await (await openDatabase(url, { migrationsDir: path.join(root, 'api', 'drizzle') })).close();
    }
    const seeded = {
      alone: await seed(urls.alone, { inputs, first: target, last: target, ordersPerCompany, batch }, log),
      tenants: await (async () => {
        log(`seeding ${companies.toLocaleString('en-US')} companies into ${names.tenants} ...`);
        return seed(urls.tenants, { inputs, first: 1, last: companies, ordersPerCompany, batch }, log);
      })(),
    };
    for (const [key, s] of Object.entries(seeded)) {
      log(`${names[key as keyof typeof names]}: ${s.companies.toLocaleString('en-US')} companies, ${s.products.toLocaleString('en-US')} products, `
        + `${s.variants.toLocaleString('en-US')} variants, ${s.orders.toLocaleString('en-US')} work orders, ${s.size}; `
        + `seeded in ${(s.seededMs / 1000).toFixed(1)} s, VACUUM ANALYZE ${(s.vacuumMs / 1000).toFixed(1)} s`);
    }

    log(`\nmeasuring (${warmup} warm-up calls on each database, then ${samples} samples on each, alternating):`);
    const sides = { alone: await openSide(urls.alone, companyId(target)), tenants: await openSide(urls.tenants, companyId(target)) };
    let measured: Awaited<ReturnType<typeof measureBoth>>;
    try {
      measured = await measureBoth(sides, companyId(target), inputs, { samples, warmup }, log);
    } finally {
      await sides.alone.db.close();
      await sides.tenants.db.close();
    }
    const { alone, tenants } = measured;

    const withN = `with ${companies.toLocaleString('en-US')} tenants`;
    const cols = ['measure', 'p50 alone', 'p95 alone', `p50 ${withN}`, `p95 ${withN}`, 'ratio (p95)', `target <= ${TARGET_RATIO}`];
    const rows = Object.keys(alone).map((k) => {
      const a = alone[k]!;
      const t = tenants[k]!;
      const ratio = t.p95 / a.p95;
      return [k, `${a.p50.toFixed(2)} ms`, `${a.p95.toFixed(2)} ms`, `${t.p50.toFixed(2)} ms`, `${t.p95.toFixed(2)} ms`, ratio.toFixed(2), ratio <= TARGET_RATIO ? 'met' : 'NOT met'];
    });
    const widths = cols.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
    log(`\n${line(cols)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${rows.map(line).join('\n')}`);

    log('\nEXPLAIN of the SQL each measure sends (indexes used, execution time; alone / with N tenants):');
    for (const k of Object.keys(alone)) {
      log(`\n${k}:`);
      const a = alone[k]!.plans;
      tenants[k]!.plans.forEach((t, i) => {
        const other = a.find((p) => p.sql === t.sql) ?? a[i];
        const describe = (p?: Plan) => (p ? `${p.indexes.join(', ') || '(no index)'}${p.seqScans.length ? `; seq scan of ${p.seqScans.join(', ')}` : ''}${p.ms !== null ? `; ${p.ms.toFixed(2)} ms` : ''}` : '-');
        log(`  ${t.sql.length > 150 ? `${t.sql.slice(0, 147)}...` : t.sql}`);
        log(`    alone:  ${describe(other)}`);
        log(`    with N: ${describe(t)}`);
      });
    }
    log(`\nplans on ${names.tenants} in full:`);
    const printed = new Set<string>();
    for (const k of Object.keys(tenants)) {
      for (const p of tenants[k]!.plans.filter((x) => !printed.has(x.sql) && printed.add(x.sql))) log(`\n[${k}] ${p.sql}\n${p.plan.split('\n').map((l) => `    ${l}`).join('\n')}`);
    }
  } finally {
    if (!keep) {
      await admin(serverUrl, async (c) => {
        for (const name of Object.values(names)) await c.query(`drop database if exists ${name} with (force)`);
      });
    }
  }
}

await main();
