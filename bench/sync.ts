/**
 * Benchmark of the catalog sync: `node bench/run.mjs bench/sync.ts` from the repository root
 * (options: --products 10000 --latency 20 --quota 150 --window 30000 --runs 1).
 *
 * Starts a demo store on 127.0.0.1 with N generated products (a third with option variants),
 * the given latency per request and rate quota, and syncs it through the sync engine into a
 * fresh SQLite file (company productLimit = N). Prints the requests by kind (client counters),
 * the wall time, products per second, the time spent in database writes, and the lower bound
 * set by quota and latency:
 *
 *   requests R = product pages ceil(N/250) + category requests (trees, then categories pages)
 *   latency bound = R x latency            (every request one after another)
 *   quota bound   = (ceil(R / (quota - reserve)) - 1) x window   (full windows to wait out)
 *   bound         = max(latency bound, quota bound)
 *
 * The engine fetches the category tree alongside the first product page, keeps up to four
 * pages in flight (only the product fields it reads) while it reads the current ones, and
 * writes batches of pages on the SQLite sync writer's worker thread (docs/decisions/013), so
 * waiting on the store overlaps parsing and writing. What it cannot overlap is the main thread's own work (HTTP, JSON parsing,
 * mapping, planning each batch), printed as "main thread busy"; "CPU time of this process"
 * adds the writer thread, and the store process's CPU time shares the same cores.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { BigCommerceClient, MAX_PAGE_SIZE } from '../packages/commerce/src/index';
import { createDemoStore, DEMO_STORE } from '../packages/demo-store/src/index';
import { openDatabase } from '../api/src/db/index';
import type { Database } from '../api/src/db/repositories';
import { runSync } from '../api/src/services/sync/sync-engine';

const RATE_LIMIT_RESERVE = 2; // the client's default: requests left unused per window
const CLOCK_TICKS = 100; // USER_HZ of /proc/<pid>/stat times on Linux

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number`);
  return value;
}

/** Wraps the catalog writes to add up the time spent in them (SQLite writes block the event loop). */
function timedWrites(db: Database) {
  const spent = { ms: 0, calls: 0, hereMs: 0, batches: 0 };
  const products = db.products;
  const timed = <A extends unknown[], R>(fn: (...a: A) => Promise<R>) => async (...a: A): Promise<R> => {
    const t = performance.now();
    try {
      return await fn(...a);
    } finally {
      spent.ms += performance.now() - t;
      spent.calls++;
    }
  };
  db.products = {
    ...products,
    upsertMany: timed(products.upsertMany.bind(products)),
    getByExternalIds: timed(products.getByExternalIds.bind(products)),
  };
  const add = db.priceHistory.add.bind(db.priceHistory);
  db.priceHistory = { ...db.priceHistory, add: timed(add) };
  // A dialect's own sync writer (SQLite: a worker thread) plans a batch on this thread, then
  // waits for it to be written: the first part is `hereMs`, the whole `ms`.
  const syncWriter = products.syncWriter?.bind(products);
  if (syncWriter) {
    db.products.syncWriter = (companyId, expected) => {
      const writer = syncWriter(companyId, expected);
      return {
        write: (...a) => {
          const t = performance.now();
          const written = writer.write(...a);
          spent.hereMs += performance.now() - t;
          spent.batches++;
          return written.finally(() => {
            spent.ms += performance.now() - t;
          });
        },
        close: () => writer.close(),
      };
    };
  }
  return spent;
}

interface StoreInfo {
  url: string;
  withVariants: number;
}

/** Child mode: serve the demo store and print its URL (one JSON line), until killed. */
async function serveStore(n: number, latencyMs: number, quota: number, windowMs: number): Promise<void> {
  const demo = createDemoStore({ products: n, latencyMs, quota, windowMs });
  const server = await demo.listen(0, '127.0.0.1');
  const withVariants = demo.store.catalog().products().filter((p) => p.base_variant_id === null).length;
  console.log(JSON.stringify({ url: server.url, withVariants } satisfies StoreInfo));
}

/**
 * The store runs in its own process, as BigCommerce is remote: its request handling (listing
 * and serialising 250 products) must not share this process's event loop with the sync.
 */
async function startStore() {
  const child = spawn(process.execPath, [process.argv[1]!, '--serve-store', ...process.argv.slice(2)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the demo store exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const info = JSON.parse(line) as StoreInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      child.removeAllListeners('exit');
      child.once('exit', () => resolve());
      child.kill();
    });
  /** CPU time the store process has used so far (ms; Linux /proc, else NaN): it shares this machine's cores. */
  const cpuMs = () => {
    try {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    } catch {
      return Number.NaN;
    }
  };
  return { ...info, close, cpuMs };
}

async function once(n: number, latencyMs: number, quota: number, windowMs: number) {
  const server = await startStore();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-sync-'));
  const root = process.env.CATALOG_ROOT ?? process.cwd();
  const db = await openDatabase(path.join(dir, 'app.db'), { migrationsDir: path.join(root, 'api', 'drizzle') });
  try {
    const company = await db.companies.create({ name: 'Bench Co', productLimit: n });
    await db.settings.upsert(company.id, { storeHash: DEMO_STORE.hash, accessToken: 'encrypted-elsewhere', clientId: DEMO_STORE.clientId });
    const writes = timedWrites(db);
    const client = new BigCommerceClient({ storeHash: DEMO_STORE.hash, accessToken: DEMO_STORE.accessToken, baseUrl: server.url });

    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const eluBefore = performance.eventLoopUtilization();
    const storeCpuBefore = server.cpuMs();
    const outcome = await runSync({ db, client, companyId: company.id, includeInvisible: true, plan: { name: 'Bench', productLimit: n } });
    const wallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const mainBusyMs = performance.eventLoopUtilization(eluBefore).active;
    const storeCpuMs = server.cpuMs() - storeCpuBefore;
    if (outcome.status !== 'complete') throw new Error(`the sync ended ${outcome.status}`);

    const c = client.counters;
    const requests = c.productPages + c.categoryRequests;
    const latencyBound = requests * latencyMs;
    const usable = Math.max(1, quota - RATE_LIMIT_RESERVE);
    const quotaBound = (Math.ceil(requests / usable) - 1) * windowMs;
    const bound = Math.max(latencyBound, quotaBound);
    const expectedPages = Math.ceil(n / MAX_PAGE_SIZE);
    const variants = outcome.stats.variants;
    const { withVariants } = server;

    const row = (label: string, value: string) => console.log(`  ${label.padEnd(30)} ${value}`);
    console.log(`\nsync of ${n.toLocaleString('en-US')} products (${withVariants.toLocaleString('en-US')} with ${variants.toLocaleString('en-US')} option variants), latency ${latencyMs} ms, quota ${quota} per ${windowMs / 1000} s`);
    row('requests: product pages', `${c.productPages} (ceil(N/250) = ${expectedPages}${c.productPages === expectedPages ? ', exact' : ', NOT exact'})`);
    row('requests: categories', String(c.categoryRequests));
    row('requests: other / retries / 429', `${c.reads + c.writes} / ${c.retries} / ${c.rateLimited}`);
    row('quota waits', `${c.quotaWaits} (${Math.round(c.quotaWaitMs)} ms)`);
    row('wall time', `${Math.round(wallMs)} ms`);
    row('products per second', Math.round((outcome.stats.products / wallMs) * 1000).toLocaleString('en-US'));
    if (writes.batches > 0) {
      row('database writes', `${writes.batches} batches: ${Math.round(writes.hereMs)} ms planning on the main thread, ${Math.round(writes.ms)} ms until written (overlapped with fetching)`);
    }
    if (writes.calls > 0) row('database reads + writes', `${Math.round(writes.ms)} ms in ${writes.calls} calls (overlapped with fetching)`);
    row('main thread busy', `${Math.round(mainBusyMs)} ms (${Math.round((mainBusyMs / wallMs) * 100)}% of wall time: ${mainBusyMs > 0.8 * wallMs ? 'CPU-bound' : 'waiting on the store'})`);
    row('CPU time of this process', `${Math.round(cpuMs)} ms (all threads)`);
    if (!Number.isNaN(storeCpuMs)) row('CPU time of the store process', `${Math.round(storeCpuMs)} ms (on the same cores)`);
    row('latency bound (R x latency)', `${requests} x ${latencyMs} ms = ${latencyBound} ms`);
    row('quota bound', `${quotaBound} ms (${requests} requests, ${usable} usable per window)`);
    row('wall time / bound', `${(wallMs / bound).toFixed(2)}x`);
    return { wallMs, bound, exact: c.productPages === expectedPages };
  } finally {
    await db.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const n = option('products', 10_000);
const settings = [option('latency', 20), option('quota', 150), option('window', 30_000)] as const;
if (process.argv.includes('--serve-store')) {
  await serveStore(n, ...settings);
} else {
  for (let i = 0; i < option('runs', 1); i++) await once(n, ...settings);
}
