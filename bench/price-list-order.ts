/**
 * Benchmark of a price list work order (issue 35): `node bench/run.mjs bench/price-list-order.ts`
 * from the repository root (options: --records 10000 --products 9000 --latency 20 --quota 150
 * --window 30000 --runs 1; --profile FILE writes a CPU profile of the order's run).
 *
 * A demo store runs in its own process (BigCommerce is remote) with `--products` generated
 * products; its "Wholesale" list (1, USD) has a record for nine variants in ten. The catalog and
 * the price lists are synced into a fresh SQLite file with no latency and no quota; then the store
 * gets the given latency per request and rate quota, a fresh window, and one order of R records
 * (option variants that have a record; every price +10%, `target: { priceListId: 1, currency:
 * 'USD' }`) is run by the executor, timed from its claim to `completed`. Printed: the store
 * requests by kind (a fetch wrapper of the order's client), the phases, and the lower bound:
 *
 *   snapshot reads S = ceil(R/250)   (variant_id:in, 250 ids a request, C = 10 at once: the store's limit)
 *   upserts        U = ceil(R/1000)  (PUT /pricelists/records, one batch at a time per store)
 *   read-back      B = ceil(R/250)   (as the snapshot)
 *   latency bound    = (S + U + B) x latency        (every request waits for the one before)
 *   quota bound      = (ceil((S + U + B) / (quota - reserve)) - 1) x window  (full windows to wait out)
 *   bound            = max(latency bound, quota bound)
 *   concurrent bound = max((ceil(S/C) + U + ceil(B/C)) x latency, quota bound)  (reads C at once, as they are sent)
 *
 * Target: U exactly ceil(R/1000), wall time at most 1.2x the bound; the ratio to the tighter
 * concurrent bound is printed too (what the store would allow at best). What the wall time spends
 * beyond the requests is printed by phase: before the first request (claim, lease, items),
 * between the snapshot and the first upsert (gate, saved snapshot, backup), the requests
 * themselves (with the store's share: the time a request took past the latency), and after the
 * read-back (history, stored records, status), each with this process's CPU time (other work on
 * the machine can stretch the wall time far past it); with the time of every database call by method.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { BigCommerceClient, MAX_PRICE_RECORD_BATCH, StoreRateLimiter } from '../packages/commerce/src/index';
import { RECORD_READS_AT_ONCE, VARIANT_CHUNK } from '../packages/commerce/src/price-list-records';
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

const RATE_LIMIT_RESERVE = 2; // the client's default: requests left unused per window
const WHOLESALE = 1;

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number`);
  return value;
}

const o = {
  records: option('records', 10_000),
  products: option('products', 9_000),
  latency: option('latency', 20),
  quota: option('quota', 150),
  window: option('window', 30_000),
};

/** Child mode: serve the demo store (no latency, no quota until the run sets them) and print its URL. */
async function serveStore() {
  const demo = createDemoStore({ products: o.products, latencyMs: 0, quota: 1_000_000, windowMs: o.window });
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
  const admin = async (method: string, route: string, body?: unknown) => {
    const send = () => fetch(`${url}/__admin${route}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
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
  return { url, admin, close };
}

interface Sent { kind: 'snapshot' | 'upsert' | 'read-back' | 'other'; method: string; path: string; start: number; end: number; status: number; cpuStart: number; cpuEnd: number }

/** CPU time this process has used so far, in ms (on a loaded machine a phase's wall time can be far more). */
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** A fetch that notes every request's kind and times; reads of records are snapshot until the first upsert, read-back after. */
function recordingFetch(log: Sent[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const p = url.pathname.replace(/^\/stores\/[^/]+\/v3/, '');
    const upserted = log.some((s) => s.kind === 'upsert');
    const kind: Sent['kind'] = method === 'PUT' && p === '/pricelists/records' ? 'upsert'
      : method === 'GET' && /^\/pricelists\/\d+\/records$/.test(p) && url.searchParams.has('variant_id:in') ? (upserted ? 'read-back' : 'snapshot')
      : 'other';
    const start = performance.now();
    const cpuStart = cpuNow();
    const res = await fetch(input, init);
    log.push({ kind, method, path: p, start, end: performance.now(), status: res.status, cpuStart, cpuEnd: cpuNow() });
    return res;
  };
}

/** Adds up the time of every call to the repositories' methods, by `repository.method`. */
function timeDatabase(db: Database) {
  const spent = new Map<string, { ms: number; calls: number }>();
  const repos = db as unknown as Record<string, Record<string, unknown>>;
  for (const name of ['workOrders', 'priceHistory', 'priceLists', 'products', 'companies', 'settings', 'backups'] as const) {
    const repo = repos[name];
    if (!repo) continue;
    const timed: Record<string, unknown> = { ...repo };
    for (const key of Object.keys(repo)) {
      const fn = repo[key];
      if (typeof fn !== 'function') continue;
      timed[key] = async (...args: unknown[]) => {
        const t = performance.now();
        try {
          return await (fn as (...a: unknown[]) => Promise<unknown>).apply(repo, args);
        } finally {
          const s = spent.get(`${name}.${key}`) ?? { ms: 0, calls: 0 };
          s.ms += performance.now() - t;
          s.calls++;
          spent.set(`${name}.${key}`, s);
        }
      };
    }
    repos[name] = timed;
  }
  return spent;
}

/** With `--profile FILE`: a CPU profile of this process from the claim to completed, written to FILE (.cpuprofile). */
async function startProfile() {
  const i = process.argv.indexOf('--profile');
  if (i < 0) return undefined;
  const file = process.argv[i + 1]!;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return {
    stop: async () => {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

async function once() {
  const store = await startStore();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-price-list-order-'));
  const root = process.env.CATALOG_ROOT ?? process.cwd();
  const db = await openDatabase(path.join(dir, 'app.db'), { migrationsDir: path.join(root, 'api', 'drizzle') });
  try {
    // A connected, synced company (catalog and price lists), as the settings route and the sync leave it.
    const secrets = createSecretBox(generateAppSecret());
    const company = await db.companies.create({ name: 'Bench Co', subscriptionPlan: 'premium', productLimit: o.products });
    const user = await db.users.create({ companyId: company.id, email: 'bench@example.com', role: 'owner' });
    await db.settings.upsert(company.id, {
      storeHash: DEMO_STORE.hash, accessToken: encryptToken(secrets, company.id, DEMO_STORE.accessToken), clientId: DEMO_STORE.clientId,
    });
    const syncClient = new BigCommerceClient({ storeHash: DEMO_STORE.hash, accessToken: DEMO_STORE.accessToken, baseUrl: store.url });
    const synced = await runSync({ db, client: syncClient, companyId: company.id, includeInvisible: true, plan: { name: 'Bench', productLimit: o.products } });
    if (synced.status !== 'complete') throw new Error('the setup sync did not complete');

    // The order: R option variants that have a Wholesale record, each record's price +10%.
    const catalog = await db.products.list(company.id, { limit: o.products, offset: 0 });
    const variants = catalog.flatMap((p) => p.variants.map((v) => ({ p, v })));
    const records = new Map((await db.priceLists.getRecords(company.id, WHOLESALE, 'USD', variants.map(({ v }) => v.externalId))).map((r) => [r.variantId, r]));
    const chosen = variants.filter(({ v }) => records.has(v.externalId)).slice(0, o.records);
    if (chosen.length < o.records) throw new Error(`only ${chosen.length} option variants have a Wholesale record; raise --products`);
    const items = chosen.map(({ p, v }) => ({
      productId: p.externalId, productName: p.name, variantId: v.externalId, newRegularPrice: formatCents(applyPercent(records.get(v.externalId)!.priceCents, '10')),
    }));
    const productUpdates = await resolveItems(db, company.id, items);
    const { order } = await db.workOrders.create(company.id, {
      title: 'Wholesale +10%', productUpdates, executeImmediately: true, createdBy: user.id, target: { priceListId: WHOLESALE, currency: 'USD' },
    });

    // The store as BigCommerce answers: latency, quota, and a fresh window for the order.
    await store.admin('PATCH', '/settings', { latencyMs: o.latency, quota: o.quota, windowMs: o.window });
    await store.admin('POST', '/rate-limits/reset');
    const sent: Sent[] = [];
    let client: BigCommerceClient | undefined;
    const executor = createExecutor({
      db,
      logger: createLogger('silent'),
      storeClient: storeClients({
        db, secrets,
        commerce: (creds) => (client = new BigCommerceClient({ ...creds, baseUrl: store.url, rateLimiter: new StoreRateLimiter(), fetch: recordingFetch(sent) })),
      }),
    });

    const dbTime = timeDatabase(db);
    const profile = await startProfile();
    const cpuStarted = cpuNow();
    const started = performance.now();
    const claimed = (await db.workOrders.claim(order.id, 'bench', executor.leaseMs, new Date()))!;
    const outcome = await executor.run(claimed, 'bench');
    const wallMs = performance.now() - started;
    const cpuEnded = cpuNow();
    await profile?.stop();
    const calls = [...dbTime].sort((a, b) => b[1].ms - a[1].ms).filter(([, s]) => s.ms >= 1);
    const done = (await db.workOrders.get(company.id, order.id))!;
    if (outcome !== 'completed') throw new Error(`the order ended ${outcome}: ${done.error}`);

    const c = client!.counters;
    const of = (kind: Sent['kind']) => sent.filter((s) => s.kind === kind);
    const [snapshot, upserts, readBack, other] = [of('snapshot'), of('upsert'), of('read-back'), of('other')];
    const R = chosen.length;
    const expected = { snapshot: Math.ceil(R / VARIANT_CHUNK), upserts: Math.ceil(R / MAX_PRICE_RECORD_BATCH) };
    const requests = sent.length;
    const usable = Math.max(1, o.quota - RATE_LIMIT_RESERVE);
    const latencyBound = requests * o.latency;
    const quotaBound = (Math.ceil(requests / usable) - 1) * o.window;
    const bound = Math.max(latencyBound, quotaBound);
    const waves = (n: number) => Math.ceil(n / RECORD_READS_AT_ONCE);
    const concurrentLatency = (waves(snapshot.length) + upserts.length + waves(readBack.length) + other.length) * o.latency;
    const concurrentBound = Math.max(concurrentLatency, quotaBound);
    const storeRecords = await store.admin('GET', `/stores/${DEMO_STORE.hash}/pricelists/${WHOLESALE}/records`) as Array<{ variant_id: number; price: number }>;
    const written = new Map(items.map((i) => [i.variantId, Number(i.newRegularPrice)]));
    const matching = storeRecords.filter((r) => written.get(r.variant_id) === r.price).length;
    const history = (await Promise.all([...new Set(productUpdates.map((i) => i.productId))].map((id) => db.priceHistory.listForProduct(company.id, id, { limit: 10_000 }))))
      .flat().filter((e) => e.workOrderId === order.id).length;

    const mostAtOnce = (list: Sent[]) => Math.max(0, ...list.map((a) => list.filter((b) => b.start <= a.start && b.end > a.start).length));
    const span = (list: Sent[]) => (list.length ? list.at(-1)!.end - list[0]!.start : 0);
    /** Time with at least one of `list` in flight (requests sent at once count once). */
    const busy = (list: Sent[]) => {
      let sum = 0;
      let until = -Infinity;
      for (const s of [...list].sort((a, b) => a.start - b.start)) {
        sum += Math.max(0, s.end - Math.max(s.start, until));
        until = Math.max(until, s.end);
      }
      return sum;
    };
    /** The time `list` was in flight past its latency, sent RECORD_READS_AT_ONCE at once (upserts: one at a time). */
    const over = (list: Sent[], atOnce = RECORD_READS_AT_ONCE) => busy(list) - Math.ceil(list.length / atOnce) * o.latency;
    const ms = (n: number) => `${Math.round(n)} ms`;
    const row = (label: string, value: string) => console.log(`  ${label.padEnd(36)} ${value}`);
    const first = { start: started, end: started, cpuStart: cpuStarted, cpuEnd: cpuStarted };
    const last = { start: started + wallMs, end: started + wallMs, cpuStart: cpuEnded, cpuEnd: cpuEnded };
    /** Wall and CPU time from the start of `a` (or its end) to the end of `b` (or its start). */
    const between = (a: Pick<Sent, 'start' | 'end' | 'cpuStart' | 'cpuEnd'>, aEnd: boolean, b: Pick<Sent, 'start' | 'end' | 'cpuStart' | 'cpuEnd'>, bEnd: boolean) =>
      `${ms((bEnd ? b.end : b.start) - (aEnd ? a.end : a.start))}, CPU ${ms((bEnd ? b.cpuEnd : b.cpuStart) - (aEnd ? a.cpuEnd : a.cpuStart))}`;
    const firstSent = sent[0] ?? last;
    const lastSnapshot = snapshot.at(-1) ?? first;
    const firstUpsert = upserts[0] ?? last;
    const lastRead = readBack.at(-1) ?? upserts.at(-1) ?? first;
    console.log(`\nprice list work order of ${R.toLocaleString('en-US')} records (list ${WHOLESALE}, USD), latency ${o.latency} ms, quota ${o.quota} per ${o.window / 1000} s`);
    console.log(`  (load average of this machine: ${loadavg().map((l) => l.toFixed(1)).join(', ')})`);
    row('upserts (PUT /pricelists/records)', `${upserts.length} (ceil(${R}/${MAX_PRICE_RECORD_BATCH}) = ${expected.upserts}${upserts.length === expected.upserts ? ', exact' : ', NOT exact'}), statuses ${[...new Set(upserts.map((s) => s.status))].join(',')}`);
    row('snapshot reads (variant_id:in)', `${snapshot.length} (ceil(${R}/${VARIANT_CHUNK}) = ${expected.snapshot})`);
    row('read-back reads (variant_id:in)', `${readBack.length} (ceil(${R}/${VARIANT_CHUNK}) = ${expected.snapshot})`);
    row('other requests', other.length ? other.map((s) => `${s.method} ${s.path}`).join(', ') : 'none');
    row('client: retries / 429 / quota waits', `${c.retries} / ${c.rateLimited} / ${c.quotaWaits} (${ms(c.quotaWaitMs)})`);
    row('wall time (claim to completed)', `${ms(wallMs)} (CPU time of this process: ${ms(cpuEnded - cpuStarted)})`);
    row('latency bound (requests x latency)', `(${snapshot.length} + ${upserts.length} + ${readBack.length}${other.length ? ` + ${other.length}` : ''}) x ${o.latency} ms = ${latencyBound} ms`);
    row('quota bound', `${quotaBound} ms ((ceil(${requests}/${usable}) - 1) x ${o.window / 1000} s)`);
    row('bound = max(latency, quota)', `${bound} ms`);
    row('wall time / bound', `${(wallMs / bound).toFixed(2)}x (target at most 1.2x)`);
    row(`concurrent bound (reads ${RECORD_READS_AT_ONCE} at once)`, `(${waves(snapshot.length)} + ${upserts.length} + ${waves(readBack.length)}${other.length ? ` + ${other.length}` : ''}) x ${o.latency} ms = ${concurrentLatency} ms; max with quota ${concurrentBound} ms`);
    row('wall time / concurrent bound', `${(wallMs / concurrentBound).toFixed(2)}x`);
    row('reads in flight at most', `snapshot ${mostAtOnce(snapshot)}, read-back ${mostAtOnce(readBack)} (store limit ${RECORD_READS_AT_ONCE})`);
    console.log('  phases');
    row('  claim to first request', between(first, false, firstSent, false));
    row('  snapshot reads', `${between(firstSent, false, lastSnapshot, true)} (${ms(over(snapshot))} past the latency)`);
    row('  snapshot to first upsert', `${between(lastSnapshot, true, firstUpsert, false)} (gate, saved snapshot, backup)`);
    row('  upserts', `${ms(span(upserts))} (each ${upserts.map((s) => Math.round(s.end - s.start)).join(', ')} ms)`);
    row('  read-back reads', `${ms(span(readBack))} (${ms(over(readBack))} past the latency)`);
    row('  after the read-back', `${between(lastRead, true, last, true)} (history, stored records, status)`);
    row('database calls over 1 ms in all', calls.map(([k, s]) => `${k} ${ms(s.ms)}${s.calls > 1 ? ` (${s.calls})` : ''}`).join(', '));
    const kb = (v: unknown) => `${Math.round(JSON.stringify(v).length / 1024).toLocaleString('en-US')} KB`;
    row('order row JSON (items, snapshot)', `${kb(done.productUpdates)}, ${kb(done.originalPrices)} (each of the run's two writes of the order rewrites the row; neither reads it back)`);
    const requestMs = busy(sent);
    row('requests alone / bound', `${ms(requestMs)} / ${bound} ms = ${(requestMs / bound).toFixed(2)}x; / concurrent bound ${(requestMs / concurrentBound).toFixed(2)}x (time with a request in flight; past the concurrent latency: ${ms(requestMs - concurrentLatency)})`);
    row('store records as written', `${matching} of ${R}`);
    row('history entries / order status', `${history} of ${R}; order ${done.status}${done.warning ? `, warning: ${done.warning}` : ''}`);
    return { wallMs, bound };
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
