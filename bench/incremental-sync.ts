/**
 * Request counts of an incremental sync against a full one (issue 18, decision 036):
 * `node bench/run.mjs bench/incremental-sync.ts` from the repository root
 * (options: --products 10000 --changed 25 --latency 0).
 *
 * A demo store with N products is synced in full into a fresh SQLite file; then `changed`
 * products are changed in the store (their price; one of them through a variant) and:
 *   1. an incremental Sync reads what the store modified since the full pass started
 *      (`date_modified:min`, as POST /api/sync does once a full pass has held the whole store);
 *   2. the same changes, arriving as webhook deliveries (each delivered five times, as a burst
 *      would), are queued and re-read by the store-refresh worker (`id:in`, 250 a request).
 *   3. refreshes of k = 1, 125, 250, 251, 600 products (as many as the store has), each its own
 *      worker run, with the store's categories and brands cached by the syncs (issue 32); then one
 *      with the cache forgotten, as before issue 32 every run was.
 * Prints the store requests of each, by kind (the client's counters; brands count with the
 * categories), the products read and the wall time. Expected: full = ceil(N/250) product pages +
 * category and brand requests; incremental = one page per 250 changed products + category and
 * brand requests; webhooks and every warm refresh = ceil(k/250) reads and nothing else; the cold
 * refresh = ceil(k/250) + the trees, category pages and brands (then saved).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BigCommerceClient, type RequestCounters } from '../packages/commerce/src/index';
import { createDemoStore, DEMO_STORE } from '../packages/demo-store/src/index';
import { openDatabase } from '../api/src/db/index';
import { createLogger } from '../api/src/lib/logger';
import { createSecretBox, generateAppSecret } from '../api/src/lib/secrets';
import { encryptToken } from '../api/src/services/store-connection';
import { createRefreshWorker } from '../api/src/services/store-webhooks/refresh-worker';
import { runSync } from '../api/src/services/sync/sync-engine';
import { incrementalSince } from '../api/src/services/sync/sync-mode';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
}

const n = option('products', 10_000);
const changed = Math.min(n, option('changed', 25));
const latencyMs = option('latency', 0);

const demo = createDemoStore({ products: n, seed: 'bench-incremental', latencyMs, quota: 1_000_000, windowMs: 30_000 });
const server = await demo.listen(0, '127.0.0.1');
const dir = mkdtempSync(path.join(tmpdir(), 'bench-incremental-'));
const root = process.env.CATALOG_ROOT ?? process.cwd();
const db = await openDatabase(path.join(dir, 'app.db'), { migrationsDir: path.join(root, 'api', 'drizzle') });
const secrets = createSecretBox(generateAppSecret());
const clients: BigCommerceClient[] = [];
const commerce = ({ storeHash, accessToken }: { storeHash: string; accessToken: string }) => {
  const client = new BigCommerceClient({ storeHash, accessToken, baseUrl: server.url });
  clients.push(client);
  return client;
};
const counted = (): RequestCounters => clients.reduce((sum, c) => {
  const k = c.counters;
  return { ...sum, total: sum.total + k.total, productPages: sum.productPages + k.productPages, categoryRequests: sum.categoryRequests + k.categoryRequests, reads: sum.reads + k.reads };
}, { total: 0, productPages: 0, categoryRequests: 0, reads: 0 } as RequestCounters);
const fresh = () => {
  for (const c of clients) c.resetCounters();
};

interface Row { label: string; requests: RequestCounters; products: number; ms: number }
const rows: Row[] = [];

try {
  const company = await db.companies.create({ name: 'Bench Co', productLimit: n });
  await db.settings.upsert(company.id, {
    storeHash: DEMO_STORE.hash, accessToken: encryptToken(secrets, company.id, DEMO_STORE.accessToken), clientId: DEMO_STORE.clientId,
  });
  const sync = async (label: string) => {
    const settings = (await db.settings.get(company.id))!;
    fresh();
    const started = performance.now();
    const outcome = await runSync({
      db, client: commerce({ storeHash: DEMO_STORE.hash, accessToken: DEMO_STORE.accessToken }), companyId: company.id, includeInvisible: true,
      since: incrementalSince(settings, new Date()), plan: { name: 'Bench', productLimit: n },
    });
    if (outcome.status !== 'complete') throw new Error(`the ${label} did not complete`);
    rows.push({ label, requests: counted(), products: outcome.stats.products, ms: performance.now() - started });
  };

  await sync('full sync');
  // The store's date_modified has whole seconds: changes land in the second after the full pass began.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const ids = demo.store.catalog().products().map((p) => p.id).filter((_, i) => i % Math.max(1, Math.floor(n / changed)) === 0).slice(0, changed);
  for (const [i, id] of ids.entries()) {
    const product = demo.store.catalog().product(id)!;
    const variant = demo.store.catalog().variantsOf(id)[0];
    if (i === 0 && variant) demo.store.updateVariant(variant.id, { price: 12.34 });
    else demo.store.updateProduct(id, { price: Math.round(product.price * 105) / 100 + 0.01 });
  }
  await sync('incremental sync');

  // The same changes as webhook deliveries: each five times (duplicates and repeats), then one worker run.
  for (const [i, id] of ids.entries()) {
    for (let copy = 0; copy < 5; copy++) {
      await db.storeRefreshes.receive(company.id, { hash: `${id}:${copy % 3}:${i}`, productIds: [id], at: new Date() });
    }
  }
  const worker = createRefreshWorker({ db, commerce, secrets, logger: createLogger('silent'), settleMs: 0 });
  const refresh = async (label: string) => {
    fresh();
    const started = performance.now();
    const read = await worker.runOnce();
    rows.push({ label, requests: counted(), products: read, ms: performance.now() - started });
  };
  await refresh(`webhooks (${ids.length * 5} deliveries)`);

  // Refreshes of k products, one worker run each: the cache the syncs saved is warm.
  const storeIds = demo.store.catalog().products().map((p) => p.id);
  const queue = async (k: number) =>
    void (await db.storeRefreshes.receive(company.id, { hash: crypto.randomUUID(), productIds: storeIds.slice(0, k), at: new Date() }));
  const ks = [1, 125, 250, 251, 600].filter((k) => k <= n);
  for (const k of ks) {
    await queue(k);
    await refresh(`refresh k=${k} (warm)`);
  }
  // Without the cache (as every run was before issue 32): read once, then saved.
  const cold = ks.includes(125) ? 125 : ks[0]!;
  await db.storeTaxonomy.clear(company.id);
  await queue(cold);
  await refresh(`refresh k=${cold} (no cache)`);
  await queue(cold);
  await refresh(`refresh k=${cold} (saved)`);
  await worker.stop();

  console.log(`\nincremental against full sync: ${n.toLocaleString('en-US')} products, ${ids.length} changed in the store, latency ${latencyMs} ms`);
  console.log(
    `  ${'run'.padEnd(28)} ${'requests'.padStart(8)} ${'pages'.padStart(6)} ${'by id'.padStart(6)} ${'categ.+brands'.padStart(13)} ` +
      `${'products'.padStart(9)} ${'ceil(k/250)'.padStart(11)} ${'time'.padStart(9)}`,
  );
  for (const r of rows) {
    const k = /^refresh k=(\d+)/.exec(r.label)?.[1];
    console.log(
      `  ${r.label.padEnd(28)} ${String(r.requests.total).padStart(8)} ${String(r.requests.productPages).padStart(6)} ${String(r.requests.reads).padStart(6)} ` +
        `${String(r.requests.categoryRequests).padStart(13)} ${String(r.products).padStart(9)} ${(k ? String(Math.ceil(Number(k) / 250)) : '').padStart(11)} ` +
        `${`${Math.round(r.ms)} ms`.padStart(9)}`,
    );
  }
} finally {
  await db.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
