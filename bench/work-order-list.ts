/**
 * The work-order list with large orders (issue 31, item 4): `node bench/run.mjs
 * bench/work-order-list.ts` from the repository root (options: --orders 500 --items 2360
 * --samples 200 --warmup 20 --limit 100 --seconds 10; --database-url postgres://... runs it on
 * PostgreSQL in a schema of its own, dropped at the end; default a fresh SQLite file, or
 * --file <path>: that SQLite file, kept, and seeded only when it has no orders yet, so a second
 * run skips the seeding).
 *
 * Issue 31: a member made 60 orders of 2,360 items each; every GET /api/work-orders answered
 * 18.2 MB in 2.1-2.3 s (every order with all its items), and while three such lists were read
 * another company's GET /api/sync/status took up to 934 ms (normally under 8 ms).
 *
 * Seeds, through the repository, one company with --orders orders of --items items each (as the
 * API stores them: our ids and the store's, names, SKUs, prices; scheduled over the coming days,
 * a fifth of them completed with their price snapshots, a tenth undone with a revert report of
 * 150 items) and another company with nothing; serves the real app (createApp on
 * @hono/node-server, 127.0.0.1, emulator-mode tokens) and drives it from separate processes
 * (bench/http-load.ts), so the clients' work never shares the server's event loop:
 *   page size        GET /api/work-orders?limit=<limit>: the answer's bytes (target <= 256 KB)
 *   list pages       --samples requests one after another, walking the pages (limit <limit>):
 *                    p50/p95 (target p95 <= 50 ms)
 *   sync status      the other company's GET /api/sync/status, one connection for --seconds:
 *                    p95 alone, then while three clients of the first company read list pages
 *                    at once (target: at most 1.3x alone): back to back (each asks for the next
 *                    page as soon as it has one: the server never idles), and paced (each a page
 *                    every --pace-ms 250 ms, merchants scrolling through the list); and, as a
 *                    control, while three clients read the cheapest route (sync status) back to
 *                    back: any back-to-back load makes another company wait this much
 *   order items      GET /api/work-orders/{id}?itemsLimit=500: p50/p95 and size (informational)
 *   overlaps         POST /api/work-orders/overlaps with one order's 2,360 items, which every
 *                    order shares (the worst case: each pending order overlaps): p50/p95
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { createApp } from '../api/src/app';
import { createTokenVerifier } from '../api/src/auth/verify-token';
import { openDatabase } from '../api/src/db/index';
import type { Database, PriceSnapshot, RevertReport, WorkOrderItem } from '../api/src/db/repositories';
import { createLogger } from '../api/src/lib/logger';
import { createSecretBox, generateAppSecret } from '../api/src/lib/secrets';
import { emulatorToken, TEST_PROJECT } from '../api/src/testing/test-app';
import { listen } from '../packages/listen/src/listen';
import { percentile, runLoad } from './http-load';

/** Issue 31's targets. */
const TARGET_PAGE_KB = 256;
const TARGET_LIST_P95_MS = 50;
const TARGET_RATIO = 1.3;

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

function textOption(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

interface LoadJob {
  url: string;
  connections: number;
  /** A closed loop for this long; or, with `requests`, exactly that many one after another. */
  durationMs: number;
  requests?: number;
  /** Each connection starts a request every this many ms (waiting for the answer first), rather than at once. */
  paceMs?: number;
  token: string;
  paths: string[];
}

/** Child mode: run one load job (a JSON file) and print its result as one JSON line. */
async function loadChild(jobFile: string) {
  const job = JSON.parse(readFileSync(jobFile, 'utf8')) as LoadJob;
  const headers = () => ({ authorization: `Bearer ${job.token}` });
  if (job.requests !== undefined) {
    // One request after another, each timed from send to the last byte (as runLoad does).
    const latencies: number[] = [];
    let bytes = 0;
    for (let i = 0; i < job.requests; i++) {
      const t = performance.now();
      const res = await fetch(job.url + job.paths[i % job.paths.length], { headers: headers() });
      bytes += (await res.arrayBuffer()).byteLength;
      latencies.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`${job.paths[i % job.paths.length]}: ${res.status}`);
    }
    const sorted = Float64Array.from(latencies).sort();
    console.log(JSON.stringify({ requests: latencies.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1), kb: bytes / latencies.length / 1024 }));
    return;
  }
  if (job.paceMs !== undefined) {
    // Paced clients: a request every paceMs each (a merchant scrolling through pages), answers awaited.
    const latencies: number[] = [];
    const deadline = performance.now() + job.durationMs;
    let n = 0;
    await Promise.all(Array.from({ length: job.connections }, async (_, c) => {
      await new Promise((r) => setTimeout(r, (job.paceMs! / job.connections) * c));
      while (performance.now() < deadline) {
        const t = performance.now();
        const res = await fetch(job.url + job.paths[n++ % job.paths.length], { headers: headers() });
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, Math.max(0, job.paceMs! - (performance.now() - t))));
      }
    }));
    const sorted = Float64Array.from(latencies).sort();
    console.log(JSON.stringify({ requests: latencies.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1), kb: 0 }));
    return;
  }
  const r = await runLoad({ url: job.url, connections: job.connections, durationMs: job.durationMs, headers, path: (i) => job.paths[i % job.paths.length]! });
  console.log(JSON.stringify({
    requests: r.requests, errors: r.errors, statuses: r.statuses, p50: percentile(r.latencies, 50), p95: percentile(r.latencies, 95),
    p99: percentile(r.latencies, 99), max: percentile(r.latencies, 100), kb: r.bytes / Math.max(1, r.requests) / 1024,
  }));
}

interface LoadResult { requests: number; p50: number; p95: number; p99?: number; max: number; kb: number; errors?: number; statuses?: Record<string, number> }

/** Runs a load job in a child process (this file in --load mode); resolves with its result line. */
function runChild(job: LoadJob, dir: string, name: string): Promise<LoadResult> {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(job));
  const child = spawn(process.execPath, [process.argv[1]!, '--load', file], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the load generator exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line) as LoadResult));
  });
}

/** The items of one order, as the API stores them: every 4th product has 3 variants changed. */
function orderItems(count: number, seed: number): WorkOrderItem[] {
  const items: WorkOrderItem[] = [];
  for (let p = 1; items.length < count; p++) {
    const productId = `00000000-0000-4000-8000-${String(p).padStart(12, '0')}`;
    const productName = `Northwind Brushed Steel Kettle ${p}`;
    if (p % 4 === 0) {
      for (let v = 1; v <= 3 && items.length < count; v++) {
        items.push({
          productId, productName, variantId: `00000000-0000-4000-9000-${String(p * 10 + v).padStart(12, '0')}`, variantSku: `KIT-${p}-${v}`,
          externalProductId: 10_000 + p, externalVariantId: 500_000 + p * 10 + v, newRegularPriceCents: 1_000 + ((p + seed) % 9_000), newSalePriceCents: null,
        });
      }
    } else {
      items.push({ productId, productName, externalProductId: 10_000 + p, externalVariantId: null, newRegularPriceCents: 1_000 + ((p + seed) % 9_000) });
    }
  }
  return items;
}

/** A fresh PostgreSQL schema for the run, and how to drop it. */
async function pgSchema(baseUrl: string) {
  const schema = `bench_wol_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

async function seed(db: Database, companyId: string, orders: number, itemCount: number, log: (line: string) => void) {
  const started = performance.now();
  const day = 86_400_000;
  const now = Date.now();
  for (let o = 0; o < orders; o++) {
    const items = orderItems(itemCount, o);
    const { order } = await db.workOrders.create(companyId, {
      title: `Kitchen prices, week ${o + 1}`, productUpdates: items, scheduledAt: new Date(now + (o + 1) * day), executeImmediately: false,
      storeHash: 'bench-store', now: new Date(now - (orders - o) * 60_000),
    });
    if (o % 5 === 0) {
      // Completed: its price snapshots (as many as its items) are on the row too.
      const originalPrices: PriceSnapshot[] = items.map((i) => ({
        productId: i.productId, variantId: i.variantId ?? null, externalProductId: i.externalProductId!, externalVariantId: i.externalVariantId ?? null,
        regularPriceCents: 999, salePriceCents: null,
      }));
      await db.workOrders.update(companyId, order.id, { status: 'completed', executedAt: new Date(now - day), originalPrices });
    } else if (o % 10 === 3) {
      const report: RevertReport = {
        restored: itemCount - 50, kept: 50, unchanged: 0, forced: false,
        items: items.slice(0, 150).map((i, n) => ({
          productId: i.externalProductId!, variantId: i.externalVariantId ?? null, productName: i.productName, variantSku: i.variantSku ?? null,
          outcome: n < 50 ? 'kept' : 'restored', original: { regularPrice: '9.99', salePrice: null }, applied: { regularPrice: '12.00' },
          current: { regularPrice: n < 50 ? '11.00' : '12.00', salePrice: null },
          changedBy: n < 50 ? { kind: 'store', workOrderId: null, workOrderTitle: null, by: null, at: null } : null,
        })),
      };
      await db.workOrders.update(companyId, order.id, { status: 'undone', executedAt: new Date(now - 2 * day), undoneAt: new Date(now - day), revertReport: report, undoRequest: { trigger: 'manual', force: false, by: null } });
    }
    if ((o + 1) % 100 === 0) log(`  ${o + 1} of ${orders} orders written (${Math.round((performance.now() - started) / 1000)} s)`);
  }
  return performance.now() - started;
}

async function main() {
  const orders = option('orders', 500);
  const itemCount = option('items', 2_360);
  const samples = option('samples', 200);
  const warmup = option('warmup', 20);
  const limit = option('limit', 100);
  const seconds = option('seconds', 10);
  const paceMs = option('pace-ms', 250);
  const log = (line: string) => console.log(line);
  const root = process.env.CATALOG_ROOT ?? process.cwd();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-work-order-list-'));
  const pgUrl = textOption('database-url');
  const schema = pgUrl ? await pgSchema(pgUrl) : null;
  const file = textOption('file');
  const url = schema ? schema.url : file ?? path.join(dir, 'app.db');
  const db = await openDatabase(url, { migrationsDir: path.join(root, 'api', 'drizzle') });
  try {
    const user = async (companyName: string, sub: string) => {
      const known = await db.users.getByFirebaseUid(sub);
      const companyId = known?.companyId ?? (await db.companies.create({ name: companyName, subscriptionPlan: 'premium', productLimit: 10_000 })).id;
      if (!known) await db.users.create({ companyId, email: `${sub}@example.com`, firebaseUid: sub, role: 'owner' });
      return { companyId, token: emulatorToken({ sub, email: `${sub}@example.com`, email_verified: true }) };
    };
    const big = await user('Big orders Co', 'bench-big-owner');
    const { token: bigToken } = big;
    const { token: otherToken } = await user('Other Co', 'bench-other-owner');
    if ((await db.workOrders.listSummaries(big.companyId, { limit: 1, includeArchived: true })).length === 0) {
      log(`\nseeding ${orders} orders of ${itemCount.toLocaleString('en-US')} items into ${schema ? 'PostgreSQL' : file ?? 'a fresh SQLite file'} ...`);
      const seededMs = await seed(db, big.companyId, orders, itemCount, log);
      // As autovacuum would leave the tables (the planner's statistics), on PostgreSQL.
      if (db.pgPool) await (db.pgPool as pg.Pool).query('vacuum (analyze) work_orders, work_order_targets');
      log(`seeded in ${(seededMs / 1000).toFixed(1)} s`);
    } else {
      log(`\n${file}: seeded already`);
    }

    const app = createApp({
      config: { webDistDir: path.join(dir, 'no-web'), maxBodyBytes: 1 << 20, frameOrigins: [], nodeEnv: 'production', firebase: { projectId: TEST_PROJECT, jwksUrl: undefined, emulatorHost: '127.0.0.1:9099' } },
      db, logger: createLogger('warn'), verifyToken: createTokenVerifier({ projectId: TEST_PROJECT, emulator: true, jwksUrl: 'http://127.0.0.1:9/unused' }),
      commerce: () => { throw new Error('no store in this benchmark'); }, secrets: createSecretBox(generateAppSecret()),
    });
    // The globals replaced as server.ts has them: the load is measured as production serves it.
    const server = await listen(app, { overrideGlobalObjects: true });
    try {
      const get = async (p: string, token = bigToken) => {
        const res = await fetch(server.url + p, { headers: { authorization: `Bearer ${token}` } });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`${p}: ${res.status} ${text.slice(0, 300)}`);
        return text;
      };
      // Every page of the list at `limit`, walked once by its cursors: the paths the readers cycle through.
      const pages: string[] = [];
      let first = '';
      for (let cursor: string | null = null; ;) {
        const p = `/api/work-orders?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
        const body = await get(p);
        if (!first) first = body;
        pages.push(p);
        cursor = (JSON.parse(body) as { nextCursor: string | null }).nextCursor;
        if (!cursor) break;
      }
      const pageKb = Buffer.byteLength(first) / 1024;
      const gzipKb = gzipSync(first).length / 1024;
      const listed = (JSON.parse(first) as { orders: Array<{ id: string }> }).orders;
      log(`\nthe list: ${pages.length} pages of up to ${limit} orders`);
      log(`  page size (limit ${limit})           ${pageKb.toFixed(1)} KB (${gzipKb.toFixed(1)} KB gzipped); target <= ${TARGET_PAGE_KB} KB: ${pageKb <= TARGET_PAGE_KB ? 'met' : 'NOT met'}`);

      const job = (paths: string[], over: Partial<LoadJob>): LoadJob => ({ url: server.url, connections: 1, durationMs: seconds * 1000, token: bigToken, paths, ...over });
      await runChild(job(pages, { requests: warmup }), dir, 'warmup');
      const list = await runChild(job(pages, { requests: samples }), dir, 'list');
      log(`  list pages, ${samples} one after another  p50 ${list.p50.toFixed(1)} / p95 ${list.p95.toFixed(1)} / max ${list.max.toFixed(1)} ms; `
        + `target p95 <= ${TARGET_LIST_P95_MS} ms: ${list.p95 <= TARGET_LIST_P95_MS ? 'met' : 'NOT met'}`);

      const status = ['/api/sync/status'];
      const alone = await runChild(job(status, { token: otherToken }), dir, 'status-alone');
      const [withLists, readers] = await Promise.all([
        runChild(job(status, { token: otherToken }), dir, 'status-with-lists'),
        runChild(job(pages, { connections: 3 }), dir, 'readers'),
      ]);
      const [withPaced, paced] = await Promise.all([
        runChild(job(status, { token: otherToken }), dir, 'status-with-paced'),
        runChild(job(pages, { connections: 3, paceMs }), dir, 'paced'),
      ]);
      // The control: the same three clients reading the cheapest route there is (their own company's
      // sync status) back to back. One event loop serves every request in turn, so when any three
      // clients keep it busy, another company's request waits behind theirs: this ratio is what
      // back-to-back readers cost whatever they read, the floor for the list's.
      const [withControl, control] = await Promise.all([
        runChild(job(status, { token: otherToken }), dir, 'status-with-control'),
        runChild(job(status, { connections: 3 }), dir, 'control'),
      ]);
      const ratio = (r: LoadResult) => `${(r.p95 / alone.p95).toFixed(2)}; target <= ${TARGET_RATIO}: ${r.p95 / alone.p95 <= TARGET_RATIO ? 'met' : 'NOT met'}`;
      log(`\nanother company's GET /api/sync/status, one connection for ${seconds} s:`);
      log(`  alone                               ${alone.requests} requests, p50 ${alone.p50.toFixed(2)} / p95 ${alone.p95.toFixed(2)} / max ${alone.max.toFixed(1)} ms`);
      log(`  with 3 clients reading pages back to back (each the next page as soon as one is in)`);
      log(`                                      ${withLists.requests} requests, p50 ${withLists.p50.toFixed(2)} / p95 ${withLists.p95.toFixed(2)} / max ${withLists.max.toFixed(1)} ms; ratio p95 ${ratio(withLists)}`);
      log(`    (the readers: ${readers.requests} pages, p50 ${readers.p50.toFixed(1)} / p95 ${readers.p95.toFixed(1)} ms, statuses ${JSON.stringify(readers.statuses)})`);
      log(`  control: with 3 clients reading their own sync status back to back (the cheapest route; any back-to-back load costs this)`);
      log(`                                      ${withControl.requests} requests, p50 ${withControl.p50.toFixed(2)} / p95 ${withControl.p95.toFixed(2)} / max ${withControl.max.toFixed(1)} ms; ratio p95 ${(withControl.p95 / alone.p95).toFixed(2)}`);
      log(`    (the readers: ${control.requests} requests, p50 ${control.p50.toFixed(2)} / p95 ${control.p95.toFixed(2)} ms)`);
      log(`  with 3 clients each reading a page every ${paceMs} ms (merchants scrolling)`);
      log(`                                      ${withPaced.requests} requests, p50 ${withPaced.p50.toFixed(2)} / p95 ${withPaced.p95.toFixed(2)} / max ${withPaced.max.toFixed(1)} ms; ratio p95 ${ratio(withPaced)}`);
      log(`    (the readers: ${paced.requests} pages, p50 ${paced.p50.toFixed(1)} / p95 ${paced.p95.toFixed(1)} ms)`);

      // Informational: one order's items, and the overlaps' worst case.
      const detailPaths = listed.slice(0, 20).map((o) => `/api/work-orders/${o.id}?itemsLimit=500`);
      const detail = await runChild(job(detailPaths, { requests: 50 }), dir, 'detail');
      log(`\none order's items, GET /api/work-orders/{id}?itemsLimit=500: ${detail.kb.toFixed(1)} KB, p50 ${detail.p50.toFixed(1)} / p95 ${detail.p95.toFixed(1)} ms (50 requests)`);
      const body = JSON.stringify({ items: orderItems(itemCount, 0).map((i) => ({ productId: i.externalProductId, variantId: i.externalVariantId ?? null })) });
      const overlapMs: number[] = [];
      let overlapKb = 0;
      for (let i = 0; i < 12; i++) {
        const t = performance.now();
        const res = await fetch(`${server.url}/api/work-orders/overlaps`, { method: 'POST', headers: { authorization: `Bearer ${bigToken}`, 'content-type': 'application/json' }, body });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`overlaps: ${res.status} ${text.slice(0, 300)}`);
        if (i >= 2) overlapMs.push(performance.now() - t);
        overlapKb = Buffer.byteLength(text) / 1024;
      }
      const sortedOverlaps = Float64Array.from(overlapMs).sort();
      log(`overlaps of ${itemCount.toLocaleString('en-US')} items shared by every live order, POST /api/work-orders/overlaps: ${overlapKb.toFixed(1)} KB, `
        + `p50 ${percentile(sortedOverlaps, 50).toFixed(0)} / max ${sortedOverlaps.at(-1)!.toFixed(0)} ms (10 requests, from this process)`);
    } finally {
      await server.close();
    }
  } finally {
    await db.close();
    await schema?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const loadAt = process.argv.indexOf('--load');
if (loadAt > 0) await loadChild(process.argv[loadAt + 1]!);
else await main();
