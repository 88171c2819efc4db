/**
 * Benchmark of a work order: `node bench/run.mjs bench/work-order.ts` from the repository root
 * (options: --products 1000 --variants 2000 --catalog 6000 --latency 20 --quota 150
 * --window 30000 --runs 1).
 *
 * A demo store runs in its own process (BigCommerce is remote) with `--catalog` generated
 * products, the given latency per request and rate quota. The catalog is synced into a fresh
 * SQLite file, the store's quota is reset, then one order of P products and V option variants
 * (every regular price +10%) is created and run by the executor, timed from its claim to
 * `completed` (snapshot, writes, history, local catalog). Printed: write requests (target
 * ceil(P/10) + ceil(V/50)), snapshot reads, retries, wall time, and the lower bound:
 *
 *   requests R       = snapshot reads + writes
 *   latency bound    = R x latency             (every request one after another)
 *   quota bound      = (ceil(R / (quota - reserve)) - 1) x window   (full windows to wait out)
 *   bound            = max(latency bound, quota bound)
 *
 * The executor keeps two batches in flight, so it can beat the one-at-a-time latency bound;
 * its own floor, (reads + ceil(writes / 2)) x latency, and the time spent in the local database
 * (history and catalog rows, written after the store answered) are printed too.
 * and what an executor sending one request per item would need (P + V writes).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { BigCommerceClient, MAX_PRODUCT_BATCH, MAX_VARIANT_BATCH, StoreRateLimiter } from '../packages/commerce/src/index';
import { applyPercent, formatCents } from '../packages/contracts/src/money';
import { createDemoStore, DEMO_STORE } from '../packages/demo-store/src/index';
import { openDatabase } from '../api/src/db/index';
import type { Database } from '../api/src/db/repositories';
import { createLogger } from '../api/src/lib/logger';
import { createSecretBox, generateAppSecret } from '../api/src/lib/secrets';
import { resolveItems } from '../api/src/routes/work-orders/work-order-items';
import { encryptToken } from '../api/src/services/store-connection';
import { runSync } from '../api/src/services/sync/sync-engine';
import { createExecutor, storeClients } from '../api/src/services/work-orders/executor';
import { DEFAULT_BATCHES_IN_FLIGHT } from '../api/src/services/work-orders/store-writer';

const RATE_LIMIT_RESERVE = 2; // the client's default: requests left unused per window

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number`);
  return value;
}

const o = {
  products: option('products', 1_000),
  variants: option('variants', 2_000),
  catalog: option('catalog', 6_000),
  latency: option('latency', 20),
  quota: option('quota', 150),
  window: option('window', 30_000),
};

/** Child mode: serve the demo store and print its URL (one JSON line), until killed. */
async function serveStore() {
  const demo = createDemoStore({ products: o.catalog, latencyMs: o.latency, quota: o.quota, windowMs: o.window });
  const server = await demo.listen(0, '127.0.0.1');
  console.log(JSON.stringify({ url: server.url }));
}

async function startStore() {
  const child = spawn(process.execPath, [process.argv[1]!, '--serve-store', ...process.argv.slice(2)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the demo store exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const { url } = JSON.parse(line) as { url: string };
  const close = () => new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill();
  });
  return { url, close };
}

/** Adds up the time spent in the database calls of a run (SQLite writes block the event loop). */
function timeDatabase(db: Database) {
  const spent = { ms: 0, calls: 0 };
  const timed = <A extends unknown[], R>(fn: (...a: A) => Promise<R>) => async (...a: A): Promise<R> => {
    const t = performance.now();
    try {
      return await fn(...a);
    } finally {
      spent.ms += performance.now() - t;
      spent.calls++;
    }
  };
  const { products, priceHistory, workOrders } = db;
  db.products = { ...products, setPrices: timed(products.setPrices.bind(products)), getByExternalIds: timed(products.getByExternalIds.bind(products)) };
  db.priceHistory = { ...priceHistory, add: timed(priceHistory.add.bind(priceHistory)) };
  db.workOrders = { ...workOrders, update: timed(workOrders.update.bind(workOrders)), claim: timed(workOrders.claim.bind(workOrders)) };
  return spent;
}

async function once() {
  const store = await startStore();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-work-order-'));
  const root = process.env.CATALOG_ROOT ?? process.cwd();
  const db = await openDatabase(path.join(dir, 'app.db'), { migrationsDir: path.join(root, 'api', 'drizzle') });
  try {
    // A connected, synced company, as the settings route and the sync leave it.
    const secrets = createSecretBox(generateAppSecret());
    const company = await db.companies.create({ name: 'Bench Co', subscriptionPlan: 'premium', productLimit: o.catalog });
    const user = await db.users.create({ companyId: company.id, email: 'bench@example.com', role: 'owner' });
    await db.settings.upsert(company.id, {
      storeHash: DEMO_STORE.hash, accessToken: encryptToken(secrets, company.id, DEMO_STORE.accessToken), clientId: DEMO_STORE.clientId,
    });
    const syncClient = new BigCommerceClient({ storeHash: DEMO_STORE.hash, accessToken: DEMO_STORE.accessToken, baseUrl: store.url });
    await runSync({ db, client: syncClient, companyId: company.id, includeInvisible: true, plan: { name: 'Bench', productLimit: o.catalog } });

    // The order: V option variants, their products and more products up to P; regular prices +10%.
    const catalog = await db.products.list(company.id, { limit: o.catalog, offset: 0 });
    const items: Parameters<typeof resolveItems>[2] = [];
    const chosenProducts = new Set<number>();
    for (const p of catalog) {
      for (const v of p.variants) {
        if (items.length >= o.variants) break;
        items.push({ productId: p.externalId, productName: p.name, variantId: v.externalId, newRegularPrice: formatCents(applyPercent(v.regularPriceCents ?? p.regularPriceCents, 1_000)) });
        chosenProducts.add(p.externalId);
      }
    }
    if (items.length < o.variants) throw new Error(`the catalog has only ${items.length} option variants; raise --catalog`);
    const productItems = [...catalog.filter((p) => chosenProducts.has(p.externalId)), ...catalog.filter((p) => !chosenProducts.has(p.externalId))]
      .slice(0, o.products)
      .map((p) => ({ productId: p.externalId, productName: p.name, newRegularPrice: formatCents(applyPercent(p.regularPriceCents, 1_000)) }));
    const productUpdates = await resolveItems(db, company.id, [...productItems, ...items]);
    const { order } = await db.workOrders.create(company.id, { title: 'Bench +10%', productUpdates, executeImmediately: true, createdBy: user.id });

    // A fresh quota window for the order, and a client of our own to read its counters.
    await fetch(`${store.url}/__admin/rate-limits/reset`, { method: 'POST' });
    let client: BigCommerceClient | undefined;
    const executor = createExecutor({
      db,
      logger: createLogger('silent'),
      storeClient: storeClients({
        db, secrets,
        commerce: (creds) => (client = new BigCommerceClient({ ...creds, baseUrl: store.url, rateLimiter: new StoreRateLimiter() })),
      }),
    });

    const dbTime = timeDatabase(db);
    const started = performance.now();
    const claimed = (await db.workOrders.claim(order.id, 'bench', executor.leaseMs, new Date()))!;
    const outcome = await executor.run(claimed, 'bench');
    const wallMs = performance.now() - started;
    const done = (await db.workOrders.get(company.id, order.id))!;
    if (outcome !== 'completed') throw new Error(`the order ended ${outcome}: ${done.error}`);

    const c = client!.counters;
    const productIds = [...new Set(productUpdates.map((i) => i.productId))];
    const history = (await Promise.all(productIds.map((id) => db.priceHistory.listForProduct(company.id, id, { limit: 10_000 }))))
      .flat().filter((e) => e.workOrderId === order.id).length;
    const P = productItems.length;
    const V = items.length;
    const target = Math.ceil(P / MAX_PRODUCT_BATCH) + Math.ceil(V / MAX_VARIANT_BATCH);
    const requests = c.reads + c.writes;
    const usable = Math.max(1, o.quota - RATE_LIMIT_RESERVE);
    const latencyBound = requests * o.latency;
    const quotaBound = (Math.ceil(requests / usable) - 1) * o.window;
    const bound = Math.max(latencyBound, quotaBound);
    // The executor keeps DEFAULT_BATCHES_IN_FLIGHT batches in flight (snapshot reads go one by one).
    const parallelFloor = (c.reads + Math.ceil(c.writes / DEFAULT_BATCHES_IN_FLIGHT)) * o.latency;
    const naive = P + V;
    const naiveQuotaBound = (Math.ceil(naive / usable) - 1) * o.window;
    const priceOnlyReads = Math.ceil(P / 250) + Math.ceil(V / 250);

    const row = (label: string, value: string) => console.log(`  ${label.padEnd(34)} ${value}`);
    console.log(`\nwork order of ${P.toLocaleString('en-US')} products and ${V.toLocaleString('en-US')} variants, latency ${o.latency} ms, quota ${o.quota} per ${o.window / 1000} s`);
    row('write requests', `${c.writes} (ceil(${P}/10) + ceil(${V}/50) = ${target}${c.writes === target ? ', exact' : ', NOT exact'})`);
    row('snapshot reads', `${c.reads} (products with variants, 250 a request; price-only reads: ${priceOnlyReads})`);
    row('retries / 429 / quota waits', `${c.retries} / ${c.rateLimited} / ${c.quotaWaits} (${Math.round(c.quotaWaitMs)} ms)`);
    row('wall time (claim to completed)', `${Math.round(wallMs)} ms`);
    row('latency bound (R x latency)', `${requests} x ${o.latency} ms = ${latencyBound} ms`);
    row('quota bound', `${quotaBound} ms (${requests} requests, ${usable} usable per window)`);
    row('wall time / bound', `${(wallMs / bound).toFixed(2)}x`);
    row(`latency floor, ${DEFAULT_BATCHES_IN_FLIGHT} in flight`, `(${c.reads} + ceil(${c.writes}/${DEFAULT_BATCHES_IN_FLIGHT})) x ${o.latency} ms = ${parallelFloor} ms`);
    row('local database time', `${Math.round(dbTime.ms)} ms in ${dbTime.calls} calls (snapshot, history, catalog, status)`);
    row('one request per item would need', `${naive.toLocaleString('en-US')} writes (quota bound ${(naiveQuotaBound / 1000).toLocaleString('en-US')} s)`);
    row('history entries / order status', `${history} of ${P + V} expected; order ${done.status}`);
    return { wallMs, bound, exact: c.writes === target };
  } finally {
    await db.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve-store')) {
  await serveStore();
} else {
  for (let i = 0; i < option('runs', 1); i++) await once();
}
