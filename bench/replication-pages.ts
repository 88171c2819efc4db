/**
 * Benchmark of the server's replication pages on SQLite: `node bench/run.mjs
 * bench/replication-pages.ts` from the repository root (options: --products 100000 --runs 3;
 * --profile <dir> writes the server's CPU profile of each run there).
 *
 * Seeds N generated products and the demo store's two price lists (bench/catalog-inputs.ts, as
 * bench/local-catalog.ts does) into a fresh data directory through the repository, serves the
 * real app (createApp on @hono/node-server, 127.0.0.1, the emulator-mode token verifier) and pulls
 * from a separate process, as a device's first pull does: every page of GET /api/catalog/changes
 * (5,000 rows), then every page of GET /api/price-lists/changes (5,000 records), one after
 * another, accepting what Chromium does (gzip, deflate, br). A page's time is from its request to
 * its whole body read and decompressed (the server's work: reads, JSON, compression; plus the
 * loopback and the client's decompression); the app's own part of it is printed too. Prints per page
 * p50/max and the total of each pull, for each run (the first one cold: nothing asked before).
 */
import { spawn } from 'node:child_process';
import { Agent, get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CATALOG_SCHEMA_VERSION } from '../packages/contracts/src/replication';
import { generateCatalog } from '../packages/demo-store/src/generate-catalog';
import { priceListInputs, productInputs } from './catalog-inputs';
import { createApp } from '../api/src/app';
import { createTokenVerifier } from '../api/src/auth/verify-token';
import { openDatabase } from '../api/src/db/index';
import { createLogger } from '../api/src/lib/logger';
import { createSecretBox, generateAppSecret } from '../api/src/lib/secrets';
import { listen } from '../packages/listen/src/listen';
import { emulatorToken, TEST_PROJECT } from '../api/src/testing/test-app';

/** The device's first pull of catalog and price lists must fit in 20 s: these per page leave room for the device's own work. */
const TARGET_CATALOG_PAGE_MS = 70;
const TARGET_PRICE_LIST_PAGE_MS = 40;
const PAGE = 5000;

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

interface Pull {
  pages: number[];
  bytes: number;
  /** Bytes on the wire (Content-Length) and their Content-Encoding. */
  wireBytes: number;
  encoding: string;
  totalMs: number;
}

/** GET `url` on a kept-alive connection: the body as sent, and its headers. */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers, agent: KEEP_ALIVE }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
      res.on('error', reject);
    }).on('error', reject);
  });
}
const KEEP_ALIVE = new Agent({ keepAlive: true, maxSockets: 1 });

const decode = (body: Buffer, encoding: string | undefined): string =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

/**
 * Every page after another from cursor 0: each page's ms (request sent to body read and
 * decompressed: node:http, lighter than fetch's streams, so the server's share is what shows),
 * the JSON and the bytes on the wire.
 */
async function pull(url: string, token: string, pagePath: (cursor: number) => string): Promise<Pull> {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };
  const pages: number[] = [];
  let bytes = 0;
  let wireBytes = 0;
  let encoding = 'identity';
  let cursor = 0;
  const started = performance.now();
  for (;;) {
    const t = performance.now();
    const res = await get(url + pagePath(cursor), headers);
    const text = decode(res.body, res.headers['content-encoding']);
    pages.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`${pagePath(cursor)}: ${res.status} ${text.slice(0, 300)}`);
    bytes += text.length;
    wireBytes += res.body.length;
    encoding = res.headers['content-encoding'] ?? 'identity';
    const body = JSON.parse(text) as { cursor: number; hasMore: boolean };
    cursor = body.cursor;
    if (!body.hasMore) break;
  }
  return { pages, bytes, wireBytes, encoding, totalMs: performance.now() - started };
}

/** Child mode: both pulls against the server at `url`, printed as one JSON line. */
async function client(url: string, token: string) {
  const catalog = await pull(url, token, (cursor) => `/api/catalog/changes?cursor=${cursor}&limit=${PAGE}&schema=${CATALOG_SCHEMA_VERSION}`);
  const priceLists = await pull(url, token, (cursor) => `/api/price-lists/changes?cursor=${cursor}&limit=${PAGE}`);
  console.log(JSON.stringify({ catalog, priceLists }));
}

/** With --profile <dir>: the server's CPU profile of `run`, written there as <name>.cpuprofile. */
async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  const at = process.argv.indexOf('--profile');
  if (at < 0) return run();
  const session = new Session();
  session.connect();
  const post = <R = unknown>(method: string, params?: object) =>
    new Promise<R>((resolve, reject) => session.post(method, params, (err, result) => (err ? reject(err) : resolve(result as R))));
  await post('Profiler.enable');
  await post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await post<{ profile: object }>('Profiler.stop');
    writeFileSync(path.join(process.argv[at + 1]!, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/** Runs the client in its own process (its gunzip and parsing stay off the server's thread). */
async function runClient(url: string, token: string): Promise<{ catalog: Pull; priceLists: Pull; serverCpuMs: number }> {
  const child = spawn(process.execPath, [process.argv[1]!, '--client', url, token], { stdio: ['ignore', 'pipe', 'inherit'] });
  const cpu = process.cpuUsage();
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the client exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const used = process.cpuUsage(cpu);
  return { ...JSON.parse(line), serverCpuMs: Math.round((used.user + used.system) / 1000) };
}

const fmt = (n: number) => n.toLocaleString('en-US');
const row = (label: string, value: string) => console.log(`  ${label.padEnd(34)} ${value}`);

const p50 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)] ?? Number.NaN;

function report(label: string, p: Pull, targetMs: number, handled: number[] = []) {
  const median = p50(p.pages);
  row(label, `${p.pages.length} pages, ${fmt(Math.round(p.bytes / 1024))} KB JSON (${fmt(Math.round(p.wireBytes / 1024))} KB ${p.encoding})`);
  row('  page p50 / max', `${median.toFixed(1)} / ${Math.max(...p.pages).toFixed(1)} ms (target <= ${targetMs} ms a page: ${median <= targetMs ? 'met' : 'not met'} at p50)`);
  row('  the app\'s part p50 / max', `${p50(handled).toFixed(1)} / ${Math.max(...handled).toFixed(1)} ms (request in, compressed answer out)`);
  row('  total', `${fmt(Math.round(p.totalMs))} ms`);
}

async function main() {
  const n = option('products', 100_000);
  const runs = option('runs', 3);
  const root = process.env.CATALOG_ROOT ?? process.cwd();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-replication-'));
  const db = await openDatabase(path.join(dir, 'app.db'), { migrationsDir: path.join(root, 'api', 'drizzle') });
  try {
    const company = await db.companies.create({ name: 'Bench Co', productLimit: n });
    let t = performance.now();
    const catalogData = generateCatalog({ products: n, seed: 'bench' });
    const inputs = productInputs(catalogData);
    for (let i = 0; i < inputs.length; i += 1000) await db.products.upsertMany(company.id, inputs.slice(i, i + 1000));
    const variants = inputs.reduce((s, p) => s + (p.variants?.length ?? 0), 0);
    console.log(`\nseeded ${fmt(n)} products (${fmt(variants)} variants) in ${Math.round(performance.now() - t)} ms`);
    t = performance.now();
    const pricing = priceListInputs(catalogData);
    await db.priceLists.replaceLists(company.id, pricing.metadata);
    for (let i = 0; i < pricing.records.length; i += 5000) await db.priceLists.upsertRecords(company.id, pricing.records.slice(i, i + 5000));
    console.log(`seeded ${fmt(pricing.records.length)} price list records in ${pricing.metadata.lists.length} lists in ${Math.round(performance.now() - t)} ms`);

    const sub = 'bench-owner';
    await db.users.create({ companyId: company.id, email: `${sub}@example.com`, firebaseUid: sub, role: 'owner' });
    const token = emulatorToken({ sub, email: `${sub}@example.com`, email_verified: true, exp: Math.floor(Date.now() / 1000) + 24 * 3600 });
    const app = createApp({
      config: { webDistDir: path.join(dir, 'no-web'), maxBodyBytes: 1 << 20, frameOrigins: [], nodeEnv: 'production', firebase: { projectId: TEST_PROJECT, jwksUrl: undefined, emulatorHost: '127.0.0.1:9099' } },
      db, logger: createLogger('warn'), verifyToken: createTokenVerifier({ projectId: TEST_PROJECT, emulator: true, jwksUrl: 'http://127.0.0.1:9/unused' }),
      commerce: () => { throw new Error('no store in this benchmark'); }, secrets: createSecretBox(generateAppSecret()),
    });
    // What the app itself took for each page (its answer made, body compressed), by route.
    const handled: Record<string, number[]> = {};
    const timed = async (request: Request, ...rest: unknown[]) => {
      const t0 = performance.now();
      const res = await (app.fetch as (r: Request, ...more: unknown[]) => Response | Promise<Response>)(request, ...rest);
      (handled[new URL(request.url).pathname] ??= []).push(performance.now() - t0);
      return res;
    };
    // The globals replaced as server.ts has them (serve's default).
    const server = await listen({ fetch: timed }, { overrideGlobalObjects: true });
    try {
      for (let r = 1; r <= runs; r++) {
        for (const key of Object.keys(handled)) delete handled[key];
        const result = await profiled(`run-${r}`, () => runClient(server.url, token));
        console.log(`\nrun ${r}${r === 1 ? ' (cold)' : ''}: a first pull from Node over HTTP, pages of ${fmt(PAGE)}, one after another`);
        report('GET /api/catalog/changes', result.catalog, TARGET_CATALOG_PAGE_MS, handled['/api/catalog/changes']);
        report('GET /api/price-lists/changes', result.priceLists, TARGET_PRICE_LIST_PAGE_MS, handled['/api/price-lists/changes']);
        row('both pulls', `${fmt(Math.round(result.catalog.totalMs + result.priceLists.totalMs))} ms (server CPU ${fmt(result.serverCpuMs)} ms)`);
      }
    } finally {
      await server.close();
    }
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const clientAt = process.argv.indexOf('--client');
if (clientAt > 0) await client(process.argv[clientAt + 1]!, process.argv[clientAt + 2]!);
else await main();
