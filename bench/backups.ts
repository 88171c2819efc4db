/**
 * Benchmark of catalog pricing backups (issue 17): `node bench/run.mjs bench/backups.ts` from the
 * repository root (options: --products 1000 --variants 3 --days 60 --changes 20 --reads 20
 * --db <postgres://... for PostgreSQL; default a fresh SQLite file>).
 *
 * A Premium catalog of P products with V option variants each (prices as a shop's: a fifth of
 * the products on sale, most variants inheriting their product's price) is backed up once a day
 * for D days, as the daily job does (services/backups takeBackup, then retention), with C prices
 * changing every day (regular prices of random products and variants, now and then a sale price
 * set or cleared, a variant made to inherit again). Printed:
 *
 *   - bytes written per daily backup, on average over the days (full snapshots included: the
 *     chain stores one whole every MAX_CHAIN backups), the full snapshot's and a delta's size,
 *     and the bytes kept at the end per listed backup (retention keeps the last 30);
 *     target: under 50 KB a day on average;
 *   - the time to read one backup back whole (its full snapshot and every delta on the way,
 *     decompressed and applied), for the newest backup and for the deepest of the chain, p50 and
 *     max of R reads; target: under 200 ms;
 *   - the time to take a backup.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BACKUP_RETENTION } from '../packages/contracts/src/backups';
import { openDatabase } from '../api/src/db/index';
import type { BackupRow, Database, PriceChange, ProductInput } from '../api/src/db/repositories';
import { dailyKey, MAX_CHAIN, readBackupState, takeBackup } from '../api/src/services/backups/backups';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number`);
  return value;
}
function text(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

const o = {
  products: option('products', 1_000),
  variants: option('variants', 3),
  days: option('days', 60),
  changes: option('changes', 20),
  reads: option('reads', 20),
  db: text('db'),
};

/** A small seeded generator, so runs compare. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}
const random = rng(17);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
/** A shop's price in cents: log-uniform from 5 to 500, ending in .99, .95, .50 or .00. */
const price = () => Math.floor(Math.exp(Math.log(5) + random() * Math.log(100))) * 100 + [99, 95, 50, 0][int(0, 3)]!;

function catalog(): ProductInput[] {
  let variantId = 1_000_000;
  return Array.from({ length: o.products }, (_, i) => {
    const regular = price();
    return {
      externalId: 100 + i,
      name: `Product ${i}`,
      sku: `SKU-${i}`,
      regularPriceCents: regular,
      salePriceCents: random() < 0.2 ? Math.round(regular * 0.8) : null,
      variants: Array.from({ length: o.variants }, () => ({
        externalId: (variantId += int(1, 3)),
        variantSku: `SKU-${i}-${variantId}`,
        regularPriceCents: random() < 0.4 ? regular + int(0, 4) * 500 : null,
        salePriceCents: random() < 0.1 ? 0 : null,
      })),
    };
  });
}

const fmtBytes = (n: number) => (n >= 10_240 ? `${(n / 1024).toFixed(1)} KB` : `${Math.round(n)} B`);
const ms = (n: number) => `${n.toFixed(1)} ms`;
const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length - 1) * p))]!;

async function main() {
  const dir = o.db ? null : mkdtempSync(path.join(tmpdir(), 'bench-backups-'));
  const root = process.env.CATALOG_ROOT ?? process.cwd();
  const db: Database = await openDatabase(o.db ?? path.join(dir!, 'app.db'), { migrationsDir: path.join(root, 'api', 'drizzle') });
  try {
    const company = await db.companies.create({ name: `Bench ${Date.now()}`, subscriptionPlan: 'premium', productLimit: o.products });
    await db.products.upsertMany(company.id, catalog());
    const rows = await db.products.getByExternalIds(company.id, Array.from({ length: o.products }, (_, i) => 100 + i));
    console.log(`catalog: ${rows.length} products, ${rows.reduce((n, p) => n + p.variants.length, 0)} variants on ${db.dialect}; ${o.days} days, ${o.changes} price changes a day`);

    const start = Date.parse('2030-01-01T03:00:00.000Z');
    const sizes: number[] = [];
    const kinds: Array<'full' | 'delta'> = [];
    const takeTimes: number[] = [];
    for (let day = 0; day < o.days; day++) {
      const now = new Date(start + day * 86_400_000);
      if (day > 0) {
        const changes: PriceChange[] = [];
        const seen = new Set<string>();
        while (changes.length < o.changes) {
          const product = rows[int(0, rows.length - 1)]!;
          const variant = random() < 0.5 && product.variants.length > 0 ? product.variants[int(0, product.variants.length - 1)]! : null;
          const key = variant ? `v${variant.id}` : `p${product.id}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const roll = random();
          if (variant) changes.push({ productId: product.id, variantId: variant.id, ...(roll < 0.1 ? { regularPriceCents: null } : { regularPriceCents: price() }) });
          else changes.push({ productId: product.id, ...(roll < 0.15 ? { salePriceCents: random() < 0.5 ? null : 199 } : { regularPriceCents: price() }) });
        }
        await db.products.setPrices(company.id, changes, now);
      }
      const started = performance.now();
      const backup = await takeBackup(db, company.id, { trigger: 'daily', dedupeKey: dailyKey(now), now });
      takeTimes.push(performance.now() - started);
      if (!backup) throw new Error('the daily backup was not taken');
      sizes.push(backup.data.length);
      kinds.push(backup.parentId === null ? 'full' : 'delta');
      await db.backups.expire(now, BACKUP_RETENTION.dailyKept);
      await db.backups.deleteUnneeded(1_000);
    }

    const fulls = sizes.filter((_, i) => kinds[i] === 'full');
    const deltas = sizes.filter((_, i) => kinds[i] === 'delta');
    const average = sizes.reduce((a, b) => a + b, 0) / sizes.length;
    const listed = await db.backups.list(company.id);
    let kept = 0;
    const stored: BackupRow[] = [];
    for (const b of listed) {
      let row = await db.backups.get(company.id, b.id);
      while (row) {
        if (!stored.some((s) => s.id === row!.id)) {
          stored.push(row);
          kept += row.data.length;
        }
        row = row.parentId ? await db.backups.get(company.id, row.parentId) : null;
      }
    }
    console.log('');
    console.log('storage');
    console.log(`  full snapshot            ${fmtBytes(pct(fulls, 0.5))} (${fulls.length} taken in ${o.days} days: one every ${MAX_CHAIN} backups at most)`);
    console.log(`  delta, p50 / max         ${fmtBytes(pct(deltas, 0.5))} / ${fmtBytes(Math.max(...deltas))}`);
    console.log(`  written per daily backup ${fmtBytes(average)} on average   (target < 50 KB: ${average < 50 * 1024 ? 'met' : 'NOT met'})`);
    console.log(`  kept at the end          ${fmtBytes(kept)} in ${stored.length} stored backups for ${listed.length} listed (${fmtBytes(kept / listed.length)} per listed backup)`);

    // Reading back whole: the newest, and the one deepest in its chain (the most deltas to apply).
    const deepest = listed.reduce((a, b) => (b.depth > a.depth ? b : a));
    const timings = async (backup: BackupRow) => {
      const times: number[] = [];
      let items = 0;
      for (let i = 0; i < o.reads; i++) {
        const started = performance.now();
        const state = await readBackupState(db, company.id, backup);
        times.push(performance.now() - started);
        items = state.products.size + state.variants.size;
      }
      return { times, items };
    };
    const newest = await timings(listed[0]!);
    const deep = await timings(deepest);
    console.log('');
    console.log(`read back whole (${o.reads} reads each)`);
    console.log(`  newest (depth ${listed[0]!.depth}, ${newest.items} prices)   p50 ${ms(pct(newest.times, 0.5))}, max ${ms(Math.max(...newest.times))}`);
    console.log(`  deepest (depth ${deepest.depth}, ${deep.items} prices)  p50 ${ms(pct(deep.times, 0.5))}, max ${ms(Math.max(...deep.times))}   (target < 200 ms: ${Math.max(...deep.times) < 200 ? 'met' : 'NOT met'})`);
    console.log('');
    console.log(`taking a backup (catalog read, previous backup read, delta, insert): p50 ${ms(pct(takeTimes, 0.5))}, max ${ms(Math.max(...takeTimes))}`);
  } finally {
    await db.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
