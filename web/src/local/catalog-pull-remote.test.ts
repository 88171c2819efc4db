import 'fake-indexeddb/auto';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeCatalogServer, product, variant } from '../testing/fake-catalog-server';
import { NETWORK_ERROR_MESSAGE } from '../lib/api-response';
import { readCursor, type AppliedPage } from './catalog-apply';
import { catalogDbName, createCatalogDb } from './catalog-db';
import { APPLY_MEASURE, type PullProgress } from './catalog-pull';
import { fromWire, pullThroughPort, servePulls, toWire, type RemotePullDeps } from './catalog-pull-remote';
import { isQuotaExceededError } from './storage-errors';

let uid = 0;
const nextDb = () => catalogDbName(`remote-${++uid}-${Date.now()}`);
const channels: MessageChannel[] = [];

afterEach(() => {
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
  vi.unstubAllGlobals();
});

function seed(n: number): FakeCatalogServer {
  const server = new FakeCatalogServer();
  for (let id = 1; id <= n; id++) {
    server.putProduct(product(id));
    if (id % 2 === 0) server.putVariant(variant(id * 10, id));
  }
  return server;
}

/** The API as the worker's fetch sees it: pages of `limit` rows; `answer` may replace a page's response. */
function serveApi(server: FakeCatalogServer, limit: number, answer?: (cursor: number, call: number) => Response | undefined) {
  const calls: Array<{ url: string; headers: Record<string, string> }> = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, headers: init.headers as Record<string, string> });
    const cursor = Number(new URL(url, 'http://app.test').searchParams.get('cursor'));
    return answer?.(cursor, calls.length) ?? Response.json(server.changes(cursor, limit));
  });
  return calls;
}

/** Both sides in this thread, over a MessageChannel: the worker's on port2. */
function connect() {
  const channel = new MessageChannel();
  channels.push(channel);
  servePulls(channel.port2 as never);
  const reports: string[] = [];
  const deps: RemotePullDeps = {
    prepare: async (cursor, catalog) => ({ url: `/api/catalog/changes?cursor=${cursor}${catalog ? `&catalog=${catalog}` : ''}`, init: { headers: { Authorization: 'Bearer token-1' } } }),
    answered: () => reports.push('answered'),
    noAnswer: () => reports.push('noAnswer'),
  };
  return { port: channel.port1 as never, deps, reports };
}

describe('a pull in a worker (catalog-pull-remote)', () => {
  it('stores every page in the worker and hands each applied page, its timing and the progress to the page', async () => {
    const server = seed(10);
    const calls = serveApi(server, 4);
    const { port, deps, reports } = connect();
    const dbName = nextDb();
    const applied: AppliedPage[] = [];
    const progress: PullProgress[] = [];
    const measures = performance.getEntriesByName(APPLY_MEASURE).length;

    const result = await pullThroughPort(port, dbName, deps, { onApplied: (page) => applied.push(page), onProgress: (p) => progress.push(p) });

    expect(result).toMatchObject({ pages: 4, reset: false, cursor: server.version });
    expect([...new Set(applied.flatMap((p) => p.upserted.map((row) => row.id)))].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(progress.at(-1)).toEqual({ done: 10, total: 10, initial: true });
    // Each page measured in the worker and again in the page (one timeline here: both sides' four).
    expect(performance.getEntriesByName(APPLY_MEASURE).length - measures).toBe(2 * 4);
    // Each request as the page prepared it (its token), the server's answers reported to the page.
    expect(calls.map((c) => c.headers.Authorization)).toEqual(Array(4).fill('Bearer token-1'));
    expect(reports).toEqual(Array(4).fill('answered'));

    const db = createCatalogDb(dbName);
    expect(await db.products.count()).toBe(10);
    // The page gets the rows as stored, whole (they cross as one text, catalog-row-codec.ts).
    const last = new Map(applied.flatMap((p) => p.upserted).map((row) => [row.id, row]));
    expect([...last.values()]).toEqual(expect.arrayContaining(await db.products.toArray()));
    expect((await readCursor(db)).cursor).toBe(server.version);
    db.close();
  });

  it("waits a 429's Retry-After in the worker and asks again", async () => {
    const server = seed(3);
    const calls = serveApi(server, 100, (_cursor, call) => (call === 1 ? Response.json({ error: { code: ErrorCode.RATE_LIMITED, message: 'Too many requests' } }, { status: 429, headers: { 'Retry-After': '0' } }) : undefined));
    const { port, deps } = connect();
    const result = await pullThroughPort(port, nextDb(), deps);
    expect(calls).toHaveLength(2);
    expect(result.changedProducts).toBe(3);
  });

  it("fails with the server's ApiError, keeping the pages stored before it", async () => {
    const server = seed(10);
    serveApi(server, 4, (cursor) => (cursor > 0 ? Response.json({ error: { code: ErrorCode.INTERNAL, message: 'The catalog could not be read' } }, { status: 500 }) : undefined));
    const { port, deps } = connect();
    const dbName = nextDb();
    const err = await pullThroughPort(port, dbName, deps).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 500, message: 'The catalog could not be read' });
    const db = createCatalogDb(dbName);
    expect(await db.products.count()).toBeGreaterThan(0);
    expect((await readCursor(db)).cursor).toBeGreaterThan(0);
    db.close();
  });

  it('fails as the page could not prepare the request (signed out), without a fetch', async () => {
    const calls = serveApi(seed(2), 100);
    const { port, deps } = connect();
    deps.prepare = () => Promise.reject(new ApiError(ErrorCode.UNAUTHENTICATED, 'Authentication failed'));
    const err = await pullThroughPort(port, nextDb(), deps).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(ErrorCode.UNAUTHENTICATED);
    expect(calls).toHaveLength(0);
  });

  it('reports no answer when the fetch finds no server, and fails with the network message', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const { port, deps, reports } = connect();
    const err = await pullThroughPort(port, nextDb(), deps).catch((e: unknown) => e);
    expect((err as Error).message).toBe(NETWORK_ERROR_MESSAGE);
    expect(reports).toEqual(['noAnswer']);
  });
});

describe('errors across the port', () => {
  it('keep an ApiError whole and a full disk recognisable under the error that wraps it', () => {
    const api = fromWire(toWire(new ApiError(ErrorCode.RATE_LIMITED, 'Slow down', { retryAfterMs: 2_000 })));
    expect(api).toBeInstanceOf(ApiError);
    expect(api).toMatchObject({ code: ErrorCode.RATE_LIMITED, status: 429, retryAfterMs: 2_000, message: 'Slow down' });

    const quota = Object.assign(new Error('Transaction aborted'), { name: 'AbortError', inner: new DOMException('The quota was exceeded', 'QuotaExceededError') });
    const back = fromWire(toWire(quota));
    expect(back.name).toBe('AbortError');
    expect(isQuotaExceededError(back)).toBe(true);
    expect(isQuotaExceededError(fromWire(toWire(new Error('other'))))).toBe(false);
  });
});
