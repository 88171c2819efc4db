/**
 * Benchmark of the price list half of a Sync (issue 35): `node bench/run.mjs bench/price-list-sync.ts`
 * from the repository root (options: --records 20000 --products 11000 --changed 100 --latency 20
 * --quota 150 --window 30000).
 *
 * A demo store runs in its own process (BigCommerce is remote) with `--products` generated
 * products; its "Wholesale" list (1, USD) is cut to exactly R records and its "Euro storefront"
 * list is deleted, so the store's price lists hold R records in all. A full Sync (catalog, then
 * price lists) runs into a fresh SQLite file; then `--changed` records are changed in the store
 * as a merchant would (the control panel's record edit, not a store API request) and an
 * incremental Sync runs. Each Sync starts in a fresh quota window. Printed per Sync: the store
 * requests by kind (a fetch wrapper of the Sync's client), the wall time of the whole Sync and
 * of its price list part (first price list request to the end), and that part's lower bound:
 *
 *   record pages P    = ceil(R / limit), limit 250 (the client's page, one list and one page at a time)
 *   metadata reads    = lists, assignments, customer groups, channels (4, in parallel: one latency)
 *   latency bound     = (1 + P) x latency
 *   quota bound       = (ceil(Sync's requests / (quota - reserve)) - 1) x window
 *
 * Targets: P = ceil(R/250) on the full Sync; ceil(changed/250) on the incremental one. At the
 * end: the 'sync' price history entries of the changed records (one each, written with them;
 * the full Sync, a first read, writes none).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { BigCommerceClient, MAX_PAGE_SIZE } from '../packages/commerce/src/index';
import { createDemoStore, DEMO_STORE } from '../packages/demo-store/src/index';
import { openDatabase } from '../api/src/db/index';
import type { Database } from '../api/src/db/repositories';
import { runSync } from '../api/src/services/sync/sync-engine';
import { incrementalSince } from '../api/src/services/sync/sync-mode';

const RATE_LIMIT_RESERVE = 2; // the client's default: requests left unused per window
const WHOLESALE = 1;
const EURO = 2;

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number`);
  return value;
}

const o = {
  records: option('records', 20_000),
  products: option('products', 11_000),
  changed: option('changed', 100),
  latency: option('latency', 20),
  quota: option('quota', 150),
  window: option('window', 30_000),
};

/** Child mode: serve the demo store with list 1 cut to R records and list 2 gone; print its URL and list 1's size. */
async function serveStore() {
  const demo = createDemoStore({ products: o.products, latencyMs: o.latency, quota: o.quota, windowMs: o.window });
  const pricing = demo.store.account(DEMO_STORE.hash)!.pricing;
  pricing.deleteLists([EURO]);
  const extra = pricing.records(WHOLESALE).slice(o.records).map((r) => r.variant_id);
  if (extra.length > 0) pricing.deleteRecords(WHOLESALE, { variantIds: extra, currency: 'USD' });
  const server = await demo.listen(0, '127.0.0.1');
  console.log(JSON.stringify({ url: server.url, records: pricing.records(WHOLESALE).length }));
}

async function startStore() {
  const child = spawn(process.execPath, [process.argv[1]!, '--serve-store', ...process.argv.slice(2)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the demo store exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const info = JSON.parse(line) as { url: string; records: number };
  const admin = async (method: string, route: string, body?: unknown) => {
    const send = () => fetch(`${info.url}/__admin${route}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    // Once more on a keep-alive socket the store had closed (undici's "other side closed").
    const res = await send().catch(send);
    if (!res.ok) throw new Error(`${method} /__admin${route}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };
  const close = () => new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill();
  });
  return { ...info, admin, close };
}

type Kind = 'record page' | 'price list metadata' | 'product page' | 'category/brand' | 'other';
interface Sent { kind: Kind; path: string; start: number; end: number }

const METADATA = /^\/(v3\/pricelists|v3\/pricelists\/assignments|v2\/customer_groups|v3\/channels|v3\/channels\/currency-assignments)$/;

/** A fetch that notes every request's kind and times. */
function recordingFetch(log: Sent[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const p = url.pathname.replace(/^\/stores\/[^/]+/, '');
    const kind: Kind = /^\/v3\/pricelists\/\d+\/records$/.test(p) ? 'record page'
      : METADATA.test(p) ? 'price list metadata'
      : p === '/v3/catalog/products' ? 'product page'
      : /^\/v3\/catalog\/(trees|categories|brands)/.test(p) ? 'category/brand'
      : 'other';
    const start = performance.now();
    const res = await fetch(input, init);
    log.push({ kind, path: p, start, end: performance.now() });
    return res;
  };
}

/** Adds up the time of the stored records' writes (SQLite: better-sqlite3 runs them on this thread, start to end). */
function timeRecordWrites(db: Database) {
  const spent = { ms: 0, calls: 0 };
  const repo = db.priceLists;
  db.priceLists = {
    ...repo,
    upsertRecords: async (...args) => {
      const t = performance.now();
      try {
        return await repo.upsertRecords(...args);
      } finally {
        spent.ms += performance.now() - t;
        spent.calls++;
      }
    },
  };
  return spent;
}

const ms = (n: number) => `${Math.round(n).toLocaleString('en-US')} ms`;
const row = (label: string, value: string) => console.log(`  ${label.padEnd(34)} ${value}`);

interface Run { sent: Sent[]; wallMs: number; writes: { ms: number; calls: number }; stats: { recordPages: number; records: number; changed: number; removed: number } }

function report(label: string, { sent, wallMs, writes, stats }: Run, expectedPages: number) {
  const of = (kind: Kind) => sent.filter((s) => s.kind === kind);
  const pages = of('record page');
  const metadata = of('price list metadata');
  const priceLists = [...metadata, ...pages].sort((a, b) => a.start - b.start);
  const partMs = priceLists.length ? Math.max(...priceLists.map((s) => s.end)) - priceLists[0]!.start : 0;
  const usable = Math.max(1, o.quota - RATE_LIMIT_RESERVE);
  const latencyBound = (1 + pages.length) * o.latency;
  const quotaBound = (Math.ceil(sent.length / usable) - 1) * o.window;
  const bound = Math.max(latencyBound, quotaBound);
  console.log(`\n${label}`);
  row('record pages (GET .../records)', `${pages.length} (expected ${expectedPages}${pages.length === expectedPages ? ', exact' : ', NOT exact'}); ${stats.records.toLocaleString('en-US')} records read, ${stats.changed.toLocaleString('en-US')} changed, ${stats.removed} removed`);
  row('price list metadata reads', `${metadata.length} (${metadata.map((s) => s.path.replace(/^\/v\d\//, '')).join(', ')})`);
  row('catalog reads', `${of('product page').length} product pages, ${of('category/brand').length} category/brand requests, ${of('other').length} other`);
  row('Sync wall time (all requests)', `${ms(wallMs)} (${sent.length} requests)`);
  row('price list part', `${ms(partMs)}`);
  row('its bound', `(1 + ${pages.length}) x ${o.latency} ms = ${latencyBound} ms; quota ${quotaBound} ms (ceil(${sent.length}/${usable}) - 1 windows)`);
  row('price list part / bound', `${(partMs / bound).toFixed(2)}x`);
  const over = pages.reduce((sum, s) => sum + (s.end - s.start), 0) - pages.length * o.latency;
  row('record pages: time past latency', `${ms(over)} in all (${pages.length ? (over / pages.length).toFixed(1) : 0} ms a page: the store's filtering and paging, and this process's event loop)`);
  const requestMs = pages.reduce((sum, s) => sum + (s.end - s.start), 0);
  row('record pages: request time', ms(requestMs));
  row('stored records written', `${ms(writes.ms)} in ${writes.calls} calls (SQLite, on this thread)`);
  row('request time + writes', `${ms(requestMs + writes.ms)} (the price list part is this when no write overlaps a request)`);
}

async function main() {
  const store = await startStore();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-price-list-sync-'));
  const root = process.env.CATALOG_ROOT ?? process.cwd();
  const db = await openDatabase(path.join(dir, 'app.db'), { migrationsDir: path.join(root, 'api', 'drizzle') });
  try {
    if (store.records !== o.records) throw new Error(`list ${WHOLESALE} has only ${store.records} records; raise --products`);
    const company = await db.companies.create({ name: 'Bench Co', subscriptionPlan: 'premium', productLimit: o.products });
    await db.settings.upsert(company.id, { storeHash: DEMO_STORE.hash, accessToken: 'encrypted-elsewhere', clientId: DEMO_STORE.clientId });
    const repo = db.priceLists;
    const sync = async (incremental: boolean): Promise<Run> => {
      await store.admin('POST', '/rate-limits/reset');
      const sent: Sent[] = [];
      const client = new BigCommerceClient({ storeHash: DEMO_STORE.hash, accessToken: DEMO_STORE.accessToken, baseUrl: store.url, fetch: recordingFetch(sent) });
      const since = incremental ? incrementalSince((await db.settings.get(company.id))!, new Date()) : undefined;
      if (incremental && !since) throw new Error('the full Sync left no incremental start');
      const writes = timeRecordWrites(db);
      const started = performance.now();
      const outcome = await runSync({ db, client, companyId: company.id, includeInvisible: true, since, plan: { name: 'Bench', productLimit: o.products } });
      const wallMs = performance.now() - started;
      db.priceLists = repo;
      if (outcome.status !== 'complete') throw new Error(`the Sync ended ${outcome.status}`);
      if (outcome.priceLists.skipped) throw new Error(`the price lists were skipped: ${outcome.priceLists.skipped}`);
      return { sent, wallMs, writes, stats: outcome.priceLists };
    };

    const full = await sync(false);
    console.log(`\nprice list sync: ${o.records.toLocaleString('en-US')} records in list ${WHOLESALE} (the store's only list), ${o.products.toLocaleString('en-US')} products, latency ${o.latency} ms, quota ${o.quota} per ${o.window / 1000} s`);
    console.log(`  (load average of this machine: ${loadavg().map((l) => l.toFixed(1)).join(', ')})`);
    report('full Sync', full, Math.ceil(o.records / MAX_PAGE_SIZE));

    // A merchant edits `changed` records in the control panel, spread over the list.
    const stored = await db.priceLists.listRecords(company.id, WHOLESALE, { limit: o.records });
    const step = Math.max(1, Math.floor(stored.length / Math.max(1, o.changed)));
    const edited = stored.filter((_, i) => i % step === 0).slice(0, o.changed);
    for (const r of edited) {
      await store.admin('PUT', `/stores/${DEMO_STORE.hash}/pricelists/${WHOLESALE}/records/${r.variantId}/USD`, { price: (r.priceCents + 1) / 100 });
    }
    const incremental = await sync(true);
    report(`incremental Sync after ${edited.length} records changed in the store`, incremental, Math.ceil(edited.length / MAX_PAGE_SIZE));
    const after = new Map((await db.priceLists.getRecords(company.id, WHOLESALE, 'USD', edited.map((r) => r.variantId))).map((r) => [r.variantId, r.priceCents]));
    row('changed records stored', `${edited.filter((r) => after.get(r.variantId) === r.priceCents + 1).length} of ${edited.length}`);
    // Each change the store made is a 'sync' price history entry (issue 36), written with the records; the first Sync's read writes none.
    const history = await db.priceHistory.listForCompany(company.id, { after: new Date(0), until: new Date() });
    row('price history entries (sync)', `${history.filter((e) => e.changeType === 'sync' && e.priceListId === WHOLESALE).length} (expected ${edited.length})`);
  } finally {
    await db.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve-store')) await serveStore();
else await main();
