/**
 * Benchmark of the lowest prior price (issue 36): `node bench/run.mjs bench/lowest-price.ts`
 * from the repository root (options: --variants 3000 --changes 100 --runs 7).
 *
 * Seeds a company with N variants (products of 3 variants each) and a year of price history per
 * variant (C changes each, every 365/C days with jitter: regular prices moving, sales starting
 * and ending), followed for the whole year, then times the 30-day low of all N variants at once
 * (services/lowest-price: the history reads and the steps) for the catalog, the median and the
 * fastest of R runs after a warm-up, on SQLite (a file in a temporary directory) and, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL (a schema of its own, dropped
 * afterwards). Also times one product's answer (3 variants), what the API route reads, and the
 * low of all N variants in a price list in the catalog's currency (--records R changes of each
 * variant's record over the year, 25 by default: the record created, its price changed, and now
 * and then deleted, so the catalog's prices apply until it is created again).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createPrng } from '../packages/demo-store/src/prng';
import { openDatabase } from '../api/src/db/index';
import type { Database, NewPriceHistoryEntry, ProductInput, ProductWithVariants } from '../api/src/db/repositories';
import { lowestPrices } from '../api/src/services/lowest-price/lowest-prices';
import { isolatedSchema } from '../api/src/testing/db-targets';

const DAY_MS = 86_400_000;
const AT = new Date(Date.UTC(2030, 11, 31));
/** The aim (the brief): the low of 3,000 variants well under a second. */
const TARGET_MS = 1000;

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

const variants = option('variants', 3000);
const changes = option('changes', 100);
const runs = option('runs', 7);
const recordChanges = option('records', 25);
/** The price list the records are in (no list row is needed: the history names it). */
const LIST = { priceListId: 7, currency: 'USD' };
const root = process.env.CATALOG_ROOT ?? process.cwd();
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

function products(): ProductInput[] {
  return Array.from({ length: Math.ceil(variants / 3) }, (_, p) => ({
    externalId: 1000 + p, name: `Product ${p}`, regularPriceCents: 5000,
    variants: Array.from({ length: Math.min(3, variants - p * 3) }, (__, v) => ({ externalId: 100_000 + p * 3 + v, regularPriceCents: 5000 })),
  }));
}

/** A year of changes per variant: a new regular price most times, a sale starting or ending otherwise; then its record's. */
function history(rows: readonly ProductWithVariants[]): NewPriceHistoryEntry[] {
  const prng = createPrng(36);
  const random = () => prng.next();
  const step = (365 * DAY_MS) / changes;
  const start = AT.getTime() - 365 * DAY_MS;
  const entries: NewPriceHistoryEntry[] = [];
  for (const product of rows) {
    for (const variant of product.variants) {
      let regular = 5000;
      let sale: number | null = null;
      const catalog: NewPriceHistoryEntry[] = [];
      for (let c = 0; c < changes; c++) {
        const next = { regular, sale };
        if (random() < 0.7) next.regular = 2000 + Math.floor(random() * 6000);
        else next.sale = sale === null ? Math.floor(next.regular * 0.8) : null;
        catalog.push({
          productId: product.id, variantId: variant.id, changeType: 'sync', oldRegularPriceCents: regular, oldSalePriceCents: sale,
          newRegularPriceCents: next.regular, newSalePriceCents: next.sale, createdAt: new Date(start + c * step + Math.floor(random() * step * 0.9)),
        });
        ({ regular, sale } = next);
      }
      entries.push(...catalog, ...recordHistory(product, variant.id, catalog, random));
    }
  }
  return entries;
}

/**
 * A year of one variant's record in LIST: created at 90% of the catalog's price, changed, and one
 * time in five deleted; a record that did not exist starts from the catalog's prices of the
 * moment, a deleted one ends at them, with the marker saying which (decision 063's convention).
 */
function recordHistory(product: ProductWithVariants, variantId: string, catalog: readonly NewPriceHistoryEntry[], random: () => number): NewPriceHistoryEntry[] {
  const step = (365 * DAY_MS) / recordChanges;
  const start = AT.getTime() - 365 * DAY_MS;
  const out: NewPriceHistoryEntry[] = [];
  let record: { regular: number; sale: number | null } | null = null;
  let seen = 0;
  for (let k = 0; k < recordChanges; k++) {
    const at = start + k * step + Math.floor(random() * step * 0.9);
    while (seen < catalog.length && catalog[seen]!.createdAt!.getTime() <= at) seen++;
    const last = catalog[seen - 1];
    const atCatalog = { regular: last?.newRegularPriceCents ?? 5000, sale: last?.newSalePriceCents ?? null };
    const from = record ?? atCatalog;
    let to: { regular: number; sale: number | null } | null;
    if (!record) to = { regular: Math.floor(atCatalog.regular * 0.9), sale: null };
    else to = random() < 0.2 ? null : { regular: 2000 + Math.floor(random() * 5000), sale: record.sale };
    const after = to ?? atCatalog;
    out.push({
      productId: product.id, variantId, changeType: 'sync', ...LIST, createdAt: new Date(at),
      oldRegularPriceCents: from.regular, oldSalePriceCents: from.sale, newRegularPriceCents: after.regular, newSalePriceCents: after.sale,
      ...(!record ? { recordChange: 'created' as const } : !to ? { recordChange: 'deleted' as const } : {}),
    });
    record = to;
  }
  return out;
}

async function seed(db: Database): Promise<{ companyId: string; rows: ProductWithVariants[]; seedMs: number }> {
  const began = performance.now();
  const companyId = (await db.companies.create({ name: 'Lowest price bench' })).id;
  const inputs = products();
  for (let i = 0; i < inputs.length; i += 500) await db.products.upsertMany(companyId, inputs.slice(i, i + 500));
  const rows = await db.products.getByExternalIds(companyId, inputs.map((p) => p.externalId));
  const entries = history(rows);
  for (let i = 0; i < entries.length; i += 10_000) await db.priceHistory.add(companyId, entries.slice(i, i + 10_000));
  await db.lowestPrice.openCoverage(companyId, new Date(AT.getTime() - 400 * DAY_MS));
  return { companyId, rows, seedMs: performance.now() - began };
}

/** Wall time, and this process's CPU time (what a loaded machine changes least: on SQLite it is all the work). */
async function timed(fn: () => Promise<unknown>): Promise<{ median: number; best: number; cpu: number }> {
  await fn();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < runs; r++) {
    const began = performance.now();
    const cpuBefore = process.cpuUsage();
    await fn();
    times.push(performance.now() - began);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  return { median: median(times), best: Math.min(...times), cpu: median(cpu) };
}

async function bench(name: string, db: Database) {
  const { companyId, rows, seedMs } = await seed(db);
  const count = rows.reduce((n, p) => n + p.variants.length, 0);
  const opts = { at: AT, days: 30, target: null };
  const check = await lowestPrices(db, companyId, rows, opts);
  const known = check.variants.filter((v) => v.lowest !== null).length;
  const all = await timed(() => lowestPrices(db, companyId, rows, opts));
  const reread = await timed(async () => lowestPrices(db, companyId, await db.products.getByExternalIds(companyId, rows.map((p) => p.externalId)), opts));
  const one = await timed(async () => lowestPrices(db, companyId, await db.products.getByExternalIds(companyId, [rows[0]!.externalId]), opts));
  const listOpts = { at: AT, days: 30, target: { ...LIST, catalogCurrency: true } };
  const listKnown = (await lowestPrices(db, companyId, rows, listOpts)).variants.filter((v) => v.lowest !== null).length;
  const list = await timed(() => lowestPrices(db, companyId, rows, listOpts));
  const f = (ms: number) => `${ms.toFixed(1)} ms`;
  const line = (t: { median: number; best: number; cpu: number }) => `median ${f(t.median)}, best ${f(t.best)}, this process's CPU ${f(t.cpu)}`;
  console.log(`\n${name}: ${count} variants, ${count * (changes + recordChanges)} history entries (seeded in ${(seedMs / 1000).toFixed(1)} s); ${known} lows known; load average ${loadavg()[0]!.toFixed(1)}`);
  console.log(`  30-day low of all ${count} variants at once:       ${line(all)} (aim < ${TARGET_MS} ms: ${all.median < TARGET_MS ? 'met' : 'NOT met'})`);
  console.log(`  the same with the products read first:              ${line(reread)}`);
  console.log(`  one product (3 variants), its product read first:   ${line(one)}`);
  console.log(`  the same in a price list (records, some deleted):   ${line(list)} (${listKnown} lows known)`);
}

const dir = mkdtempSync(path.join(tmpdir(), 'lowest-price-bench-'));
try {
  const sqlite = await openDatabase(path.join(dir, 'app.db'), { migrationsDir: path.join(root, 'api', 'drizzle') });
  try {
    await bench('SQLite', sqlite);
  } finally {
    await sqlite.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (pgUrl) {
  const schema = await isolatedSchema(pgUrl);
  try {
    const pgDb = await openDatabase(schema.url, { migrationsDir: path.join(root, 'api', 'drizzle') });
    try {
      await bench('PostgreSQL', pgDb);
    } finally {
      await pgDb.close();
    }
  } finally {
    await schema.drop();
  }
} else {
  console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
