/**
 * A slow store costs only its own merchant (issue 32, decision 049): `node bench/run.mjs
 * bench/noisy-neighbours.ts` from the repository root (options: --neighbours 50 --trials 20
 * --products 40 --processes-pg 2 --database-url <url> --skip-pg). The PostgreSQL URL (default
 * BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://catalog_ci:catalog_ci@127.0.0.1:5432/catalog_test)
 * names a database where the benchmark makes a schema of its own and drops it afterwards.
 *
 * The real server (bundled as `npm run build` does, started as processes: 1 on SQLite, then
 * `--processes-pg` on one PostgreSQL schema, requests round-robin) in front of one demo store
 * serving 1 + N stores, one company on each (signed up, connected: webhooks registered, synced).
 * The healthy company is measured alone, then beside N companies whose stores answer one
 * request per 20 s window (quota 1, window 20 s), each with price changes in its store (webhook
 * deliveries queued) and 3 immediate orders queued, all started before the measure:
 *   freshness   a price changed in the healthy store, until the API's database has it
 *   order       an immediate one-item order posted, until it is completed
 * `--trials` of each, one after another, alone and then with the neighbours: p50/p95 and the
 * ratio p95 with / p95 alone (target at most 1.5; freshness p95 at most 3 s). Last, the store
 * requests the healthy store received per refresh of k products (k = 1, 250, 251, 600 changed at
 * once; target ceil(k/250): categories and brands come from the company's cache).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDemoStore, type StoreSpec } from '../packages/demo-store/src/index';
import { freePort } from '../packages/listen/src/free-port.mjs';
import { openDatabase } from '../api/src/db/index';
import type { Database } from '../api/src/db/repositories';
import { startServer, type BuiltServer, type ServerProcess } from '../api/src/testing/built-server';
import { isolatedSchema } from '../api/src/testing/db-targets';
import { testUser } from '../api/src/testing/test-app';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
}
const textOption = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

const neighbours = option('neighbours', 50);
const trials = option('trials', 20);
const productsPerStore = option('products', 40);
const pgProcesses = option('processes-pg', 2);
const skipPg = process.argv.includes('--skip-pg');
const skipSqlite = process.argv.includes('--skip-sqlite');
const pgUrl = textOption('database-url') ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  ?? 'postgres://catalog_ci:catalog_ci@127.0.0.1:5432/catalog_test';
/** The healthy store's products the trials change; the rest make the k-product refreshes. */
const REFRESH_SIZES = [1, 250, 251, 600];

const root = process.env.CATALOG_ROOT ?? process.cwd();
const HEALTHY: StoreSpec = { hash: 'healthy', accessToken: 'healthy-token', clientId: 'healthy-client', products: Math.max(700, 2 * trials + 2) };
const NEIGHBOURS: StoreSpec[] = Array.from({ length: neighbours }, (_, i) => {
  const hash = `slow${String(i + 1).padStart(2, '0')}`;
  return { hash, accessToken: `${hash}-token`, clientId: `${hash}-client`, products: productsPerStore };
});
const THROTTLED = { quota: 1, windowMs: 20_000 };

interface Tenant {
  hash: string;
  companyId: string;
  headers: Record<string, string>;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (done(await read())) return;
    if (Date.now() > end) throw new Error('timed out');
    await sleep(10);
  }
}
const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

async function run(label: string, bundle: BuiltServer, processes: number, databaseUrl: string | undefined) {
  const demo = createDemoStore({ quota: 100_000, windowMs: 30_000, stores: [HEALTHY, ...NEIGHBOURS] });
  const store = await demo.listen(0, '127.0.0.1');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-noisy-'));
  const ports = await Promise.all(Array.from({ length: processes }, () => freePort()));
  const origin = `http://127.0.0.1:${ports[0]}`;
  const servers: ServerProcess[] = [];
  let db: Database | undefined;
  try {
    const env = (port: number): Record<string, string> => ({
      NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', DATA_DIR: dataDir, WEB_DIST_DIR: dataDir,
      APP_SECRET: `bench-noisy-${'s'.repeat(40)}`, PUBLIC_URL: origin, STORE_WEBHOOK_URL: origin, BIGCOMMERCE_API_URL: store.url,
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', RATE_LIMIT_SYNC_PER_MINUTE: '0', RATE_LIMIT_WORK_ORDERS_PER_MINUTE: '0',
      RATE_LIMIT_WEBHOOKS_PER_MINUTE: '0', RATE_LIMIT_USER_PER_MINUTE: '0', RATE_LIMIT_PUBLIC_PER_MINUTE: '0', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    // One process first (it migrates), the others after.
    servers.push(await startServer(bundle, env(ports[0]!)));
    for (const port of ports.slice(1)) servers.push(await startServer(bundle, env(port)));
    db = await openDatabase(databaseUrl ?? path.join(dataDir, 'app.db'), { migrationsDir: path.join(root, 'api', 'drizzle') });
    let turn = 0;
    const call = (route: string, init: RequestInit = {}) => fetch(`${servers[turn++ % servers.length]!.url}${route}`, init);

    const join = async (spec: StoreSpec): Promise<Tenant> => {
      const user = testUser(`Owner of ${spec.hash}`);
      if ((await call('/api/auth/user', { headers: user.headers })).status !== 200) throw new Error('sign-up failed');
      const { companyId } = (await db!.users.getByFirebaseUid(user.sub))!;
      await db!.companies.update(companyId, { subscriptionPlan: 'premium', productLimit: 10_000 });
      const saved = await call('/api/settings', { method: 'POST', headers: user.headers, body: JSON.stringify({ storeHash: spec.hash, accessToken: spec.accessToken, clientId: spec.clientId }) });
      if (saved.status !== 200) throw new Error(`connecting ${spec.hash}: ${saved.status} ${await saved.text()}`);
      const synced = await (await call('/api/sync', { method: 'POST', headers: user.headers })).text();
      if (!/(^|\n)result: /.test(synced)) throw new Error(`syncing ${spec.hash} did not complete: ${synced.slice(-300)}`);
      return { hash: spec.hash, companyId, headers: user.headers };
    };
    const healthy = await join(HEALTHY);
    const others: Tenant[] = [];
    for (const spec of NEIGHBOURS) others.push(await join(spec));

    const catalog = demo.store.catalog(HEALTHY.hash);
    const ids = catalog.products().filter((p) => p.is_visible).map((p) => p.id);
    let next = 0;
    /** Changes one product's price in the healthy store; resolves with the ms until the API has it. */
    const freshness = async () => {
      const id = ids[next++ % ids.length]!;
      const cents = Math.round(catalog.product(id)!.price * 100) + 1;
      const started = performance.now();
      demo.store.updateProduct(id, { price: cents / 100 }, HEALTHY.hash);
      await until(async () => (await db!.products.getByExternalIds(healthy.companyId, [id]))[0]?.regularPriceCents, (c) => c === cents, 60_000);
      return performance.now() - started;
    };
    const post = async (who: Tenant, id: number, hash: string) => {
      const product = demo.store.catalog(hash).product(id)!;
      const item: Record<string, unknown> = { productId: id, productName: product.name, newRegularPrice: money(Math.round(product.price * 100) + 3) };
      if (product.sale_price > 0) item.newSalePrice = null;
      const res = await call('/api/work-orders', { method: 'POST', headers: who.headers, body: JSON.stringify({ title: 'Now', productUpdates: [item], executeImmediately: true }) });
      if (res.status !== 201) throw new Error(`order at ${hash}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { id: string }).id;
    };
    /** An immediate one-item order of the healthy company; resolves with the ms until it completed. */
    const order = async () => {
      const id = ids[next++ % ids.length]!;
      const started = performance.now();
      const orderId = await post(healthy, id, HEALTHY.hash);
      let claimed = 0;
      await until(async () => (await db!.workOrders.get(healthy.companyId, orderId))?.status, (s) => {
        if (s !== 'pending' && !claimed) claimed = performance.now() - started;
        return s === 'completed' || s === 'failed';
      }, 120_000);
      if (process.env.BENCH_VERBOSE) console.log(`order: running after ${Math.round(claimed)} ms, done after ${Math.round(performance.now() - started)} ms`);
      return performance.now() - started;
    };
    const measure = async () => {
      const fresh: number[] = [];
      const orders: number[] = [];
      for (let i = 0; i < trials; i++) {
        fresh.push(await freshness());
        orders.push(await order());
      }
      return { fresh, orders };
    };

    await measure(); // warm-up
    const alone = await measure();

    // The neighbours' stores throttle; each gets changes (deliveries) and 3 orders.
    for (const spec of NEIGHBOURS) demo.store.configureStore(spec.hash, THROTTLED);
    for (const who of others) {
      const products = demo.store.catalog(who.hash).products().filter((p) => p.is_visible);
      for (const p of products.slice(0, 5)) demo.store.updateProduct(p.id, { price: p.price + 1 }, who.hash);
      for (const p of products.slice(5, 8)) await post(who, p.id, who.hash);
    }
    await demo.store.webhooksSettled();
    await sleep(1_000);
    const crowded = await measure();

    // Requests per refresh of k products: the healthy store's counter against the refreshes the
    // servers logged (deliveries of one burst may arrive over more than the settle time, so a
    // burst of k can be read in several refreshes; each must cost ceil(its products / 250)).
    const refreshes = () => servers.flatMap((s) => s.logs)
      .filter((l) => l.msg === 'refreshed products from store webhooks' && l.companyId === healthy.companyId)
      .map((l) => Number(l.products));
    const perRefresh: Array<{ k: number; refreshes: number[]; requests: number; expected: number }> = [];
    for (const k of REFRESH_SIZES) {
      const chosen = ids.slice(0, k);
      const before = demo.store.statsOf(HEALTHY.hash).requests;
      const logged = refreshes().length;
      const target = new Map(chosen.map((id) => [id, Math.round(catalog.product(id)!.price * 100) + 7]));
      for (const [id, cents] of target) demo.store.updateProduct(id, { price: cents / 100 }, HEALTHY.hash);
      await until(async () => {
        const rows = await db!.products.getByExternalIds(healthy.companyId, chosen);
        return rows.every((r) => r.regularPriceCents === target.get(r.externalId));
      }, (v) => v, 60_000);
      await sleep(1_000); // a refresh still running would be counted too
      const sizes = refreshes().slice(logged);
      perRefresh.push({
        k, refreshes: sizes, requests: demo.store.statsOf(HEALTHY.hash).requests - before,
        expected: sizes.reduce((sum, n) => sum + Math.ceil(n / 250), 0),
      });
    }
    return { label, alone, crowded, perRefresh };
  } finally {
    for (const s of servers) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await db?.close().catch(() => undefined);
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const f = (ms: number) => `${Math.round(ms)} ms`.padStart(9);
function report(r: Awaited<ReturnType<typeof run>>) {
  console.log(`\n${r.label}: the healthy company alone and beside ${neighbours} throttled neighbours (${trials} trials each)`);
  console.log('measure       alone p50  alone p95  with p50   with p95   ratio p95  target');
  for (const [name, a, c] of [['freshness', r.alone.fresh, r.crowded.fresh], ['order', r.alone.orders, r.crowded.orders]] as const) {
    const ratio = percentile(c, 95) / percentile(a, 95);
    const met = ratio <= 1.5 && (name !== 'freshness' || percentile(c, 95) <= 3_000);
    console.log(`${name.padEnd(12)}${f(percentile(a, 50))}  ${f(percentile(a, 95))}  ${f(percentile(c, 50))}  ${f(percentile(c, 95))}  ${ratio.toFixed(2).padStart(8)}   ${met ? 'met' : 'NOT MET'}`);
  }
  console.log('store requests per refresh (warm cache; k products changed at once, read in the refreshes listed):');
  for (const p of r.perRefresh) {
    const read = p.refreshes.length <= 4 ? p.refreshes.join(', ') : `${p.refreshes.length} refreshes, the largest ${Math.max(...p.refreshes)}`;
    console.log(`  k=${String(p.k).padEnd(4)} read in ${read}: ${p.requests} store requests; sum of ceil(n/250) = ${p.expected}: ${p.requests === p.expected ? 'met' : 'NOT MET'}`);
  }
}

// The server as `npm run build` bundles it (api/dist/server.mjs), started as the Docker image starts it.
const built = spawnSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'api'), stdio: 'inherit' });
if (built.status !== 0) throw new Error('building the API failed');
const bundle: BuiltServer = { file: path.join(root, 'api', 'dist', 'server.mjs'), remove: () => undefined };
if (!skipSqlite) report(await run('SQLite, 1 process', bundle, 1, undefined));
if (!skipPg) {
  const schema = await isolatedSchema(pgUrl);
  try {
    report(await run(`PostgreSQL, ${pgProcesses} processes`, bundle, pgProcesses, schema.url));
  } finally {
    await schema.drop();
  }
}
process.exit(0);
