/**
 * One service on many processes (issue 15): three processes of the built server on one
 * PostgreSQL database, started as the Docker image starts them (NODE_ENV=production, the same
 * APP_SECRET, signed RS256 ID tokens checked against a local JWKS, no emulator), in front of a
 * demo store, with requests spread over them round-robin as a load balancer would. It proves:
 * - the production path: every process is healthy and answers a signed request, and a user's
 *   first requests landing on all three at once make one user with one company;
 * - the sync lock: a second sync started on another process is 409, a third process reports the
 *   running sync's progress and cancels it (stopped within 1 s), and a new sync can then start;
 * - a scheduled order runs exactly once with three schedulers polling (one run logged, one
 *   history entry per item, the store's prices at target);
 * - an outbox submission replayed to other processes (also concurrently) makes one order;
 * - a rate limit counted across processes: the total is limited, not the limit per process;
 * - SIGKILL of the process running an order: another one resumes it once its lease lapses
 *   (WORK_ORDER_LEASE_MS, short here), from the first run's snapshot, and completes it once;
 * - SIGTERM of the process running a sync and an order: it exits 0 within 10 s having released
 *   both leases (another process starts a sync at once and finishes the order, once).
 * Runs when TEST_DATABASE_URL is set, in a schema of its own dropped afterwards.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STORE } from '@catalog/demo-store';
import type { SyncEvent } from '@catalog/contracts/sync';
import type { CreateWorkOrderInput } from '@catalog/contracts/work-orders';
import type { PriceSnapshot } from './db/repositories';
import { expectedAfter, pickItems, storePrice, waitFor, type Item } from './testing/work-order-world';
import type { ServerProcess } from './testing/built-server';
import { call, json, type ProcessCluster, startCluster } from './testing/process-cluster';
import { readSyncEvents, type TestStore } from './testing/store-fixture';

const baseUrl = process.env.TEST_DATABASE_URL;
const PROJECT = 'catalog-pilot-multi-process';
/** Small, so each process alone stays under it in the rate-limit case (4 requests each) while the total does not. */
const SYNC_LIMIT = 5;
/** A dead process's order is resumed this long after its last renewal (default 30 s; config.ts). */
const LEASE_MS = 3_000;

describe.skipIf(!baseUrl)('one service on three processes (PostgreSQL)', () => {
  let cluster: ProcessCluster;
  let servers: ServerProcess[];
  let sql: pg.Pool;
  let store: TestStore;

  // The owner of the company every case works with: signed in, store connected, catalog synced.
  let owner: { sub: string; headers: Record<string, string> };
  let companyId: string;
  /** Order items from the store's catalog, split between the cases so none shares an item. */
  let items: { scheduled: Item[]; replayed: Item[]; killed: Item[]; terminated: Item[] };

  /** The next process, round-robin, as a load balancer spreads requests. */
  const next = () => cluster.next();
  const signedIn = (name: string) => cluster.signedIn(name);

  const row = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await sql.query<T>(text, values)).rows[0];
  const rows = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await sql.query<T>(text, values)).rows;

  /** The `work order ran` lines (one per finished run) each process logged for the order. */
  const runsLogged = (orderId: string) =>
    servers.map((s) => s.logs.filter((l) => l.msg === 'work order ran' && l.workOrderId === orderId).map((l) => ({ pid: s.child.pid, outcome: l.outcome })));

  /** How many of the items the store holds at their target now. */
  const atTarget = (list: Item[], before: Map<Item, ReturnType<typeof storePrice>>) =>
    list.filter((item) => {
      const [now, target] = [storePrice(store, item), expectedAfter(before.get(item)!, item)];
      return now.regular === target.regular && now.sale === target.sale;
    }).length;

  const pricesOf = (list: Item[]) => new Map(list.map((item) => [item, storePrice(store, item)]));

  /** The order's price-history rows (one per item expected). */
  const historyOf = (orderId: string) =>
    rows<{ product_id: string; variant_id: string | null }>('select product_id, variant_id from price_history where work_order_id = $1', [orderId]);

  /**
   * Creates an immediate order of `list` on `server` and waits until a process holds its lease:
   * the order's id and that process (the lease owner names it: host:pid:suffix).
   */
  async function orderAndItsRunner(server: ServerProcess, title: string, list: Item[], among: ServerProcess[]) {
    const created = await json<{ id: string }>(await call(server, '/api/work-orders', {
      method: 'POST', headers: owner.headers, body: JSON.stringify({ title, productUpdates: list, executeImmediately: true } satisfies CreateWorkOrderInput),
    }));
    expect(created.status).toBe(201);
    const id = created.body.id;
    const leased = await waitFor(() => row<{ status: string; lease_owner: string | null }>('select status, lease_owner from work_orders where id = $1', [id]),
      (o) => o!.status === 'executing' && o!.lease_owner !== null, 10_000, 50);
    const pid = Number(/:(\d+):[^:]+$/.exec(leased!.lease_owner!)?.[1]);
    const runner = among.find((s) => s.child.pid === pid);
    expect(runner, `lease owner ${leased!.lease_owner}`).toBeDefined();
    return { id, runner: runner! };
  }

  beforeAll(async () => {
    cluster = await startCluster(baseUrl!, {
      project: PROJECT,
      processes: 3,
      store: { products: 300, windowMs: 1_000, quota: 1_000 },
      env: { RATE_LIMIT_SYNC_PER_MINUTE: String(SYNC_LIMIT), WORK_ORDER_LEASE_MS: String(LEASE_MS) },
    });
    ({ servers, sql, store } = cluster);

    owner = await signedIn('Olive Owner');
    if ((await call(next(), '/api/auth/user', { headers: owner.headers })).status !== 200) throw new Error('sign-in failed');
    companyId = (await row<{ company_id: string }>('select company_id from users where firebase_uid = $1', [owner.sub]))!.company_id;
    // Paid for (premium takes the whole 300-product catalog); the store connected on another process.
    await sql.query(`update companies set subscription_plan = 'premium', product_limit = 1000 where id = $1`, [companyId]);
    const saved = await call(next(), '/api/settings', {
      method: 'POST', headers: owner.headers,
      body: JSON.stringify({ storeHash: DEMO_STORE.hash, accessToken: DEMO_STORE.accessToken, clientId: DEMO_STORE.clientId, showInvisibleProducts: true }),
    });
    if (saved.status !== 200) throw new Error(`connecting the store failed: ${saved.status} ${await saved.text()}`);
    // The token was encrypted by one process; the sync on the next one reads it with the same APP_SECRET.
    const events = await readSyncEvents(await call(next(), '/api/sync', { method: 'POST', headers: owner.headers }));
    if (!events.some((e) => e.kind === 'result')) throw new Error(`the first sync did not complete: ${JSON.stringify(events.at(-1))}`);

    const picked = pickItems(store, { products: 190, variants: 60 });
    const products = picked.filter((i) => i.variantId === undefined);
    const variants = picked.filter((i) => i.variantId !== undefined);
    items = {
      scheduled: [...products.slice(0, 10), ...variants.slice(0, 10)],
      replayed: products.slice(10, 20),
      killed: [...products.slice(20, 130), ...variants.slice(10, 40)],
      terminated: [...products.slice(130, 190), ...variants.slice(40, 60)],
    };
  }, 90_000);

  afterAll(async () => {
    // Whatever happened above: no process outlives the file.
    await cluster?.close();
  });

  it('each process is healthy and answers signed tokens; a first sign-in on all three at once makes one user', async () => {
    for (const s of servers) {
      expect(await json(await call(s, '/api/health'))).toEqual({ status: 200, body: { status: 'ok', db: 'postgres' } });
    }
    // Five new users, each one's first token sent to all three processes at once (a page's first
    // requests behind a load balancer): each gets one user row and one company, never a 409.
    const fresh = await Promise.all(Array.from({ length: 5 }, (_, i) => signedIn(`Fay First ${i}`)));
    await Promise.all(fresh.map(async (user) => {
      const answers = await Promise.all(servers.map(async (s) => json<{ id: string; role: string }>(await call(s, '/api/auth/user', { headers: user.headers }))));
      expect(answers.map((a) => a.status), JSON.stringify(answers.map((a) => a.body))).toEqual([200, 200, 200]);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      expect(answers[0]!.body.role).toBe('owner');
      const users = await rows<{ id: string; company_id: string }>('select id, company_id from users where firebase_uid = $1', [user.sub]);
      expect(users).toHaveLength(1);
      expect(users[0]!.id).toBe(answers[0]!.body.id);
      expect(await rows('select 1 from users where company_id = $1', [users[0]!.company_id])).toHaveLength(1);
    }));
    expect((await row<{ n: number }>('select count(*)::int as n from companies'))!.n).toBe(1 + 5); // the owner's and theirs
    // Production mode: the Auth emulator's unsigned tokens are refused, and so is a token signed by another key.
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const sub = fresh[0]!.sub;
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ iss: `https://securetoken.google.com/${PROJECT}`, aud: PROJECT, sub, iat: now, exp: now + 600 })}.`;
    const forged = await cluster.jwks.sign({ sub, email: `${sub}@example.com` }, { key: cluster.jwks.otherKey });
    for (const token of [unsigned, forged]) expect((await call(next(), '/api/auth/user', { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it('holds the sync lock across processes: 409 on another, status and cancel from a third, then a new sync runs', async () => {
    const [a, b, c] = servers as [ServerProcess, ServerProcess, ServerProcess];
    // Each store request takes 2 s: the categories and product pages keep the sync running for about 4 s.
    store.store.configure({ latencyMs: 2_000 });
    let stream: Promise<SyncEvent[]> | undefined;
    try {
      const started = await call(a, '/api/sync', { method: 'POST', headers: owner.headers });
      expect(started.status).toBe(200);
      stream = readSyncEvents(started);

      const second = await json<{ error: { code: string; message: string } }>(await call(b, '/api/sync', { method: 'POST', headers: owner.headers }));
      expect(second).toEqual({ status: 409, body: { error: expect.objectContaining({ code: 'CONFLICT', message: 'A sync is already running for this store' }) } });

      // C reads the progress A wrote to the lease row (A writes it within 400 ms of a change).
      const status = await waitFor(async () => (await json<Record<string, unknown>>(await call(c, '/api/sync/status', { headers: owner.headers }))).body,
        (s) => s.running === true && s.stage !== 'starting', 3_000, 100);
      expect(status).toMatchObject({ running: true, stage: 'categories', percentage: 2, message: 'Fetching categories', startedAt: expect.any(String) });

      const cancelAt = Date.now();
      expect(await json(await call(c, '/api/sync/cancel', { method: 'POST', headers: owner.headers }))).toEqual({ status: 200, body: { message: 'Cancelling the sync' } });
      // Every process says it stopped within 1 s (page 2 was still on its way: 2 s of latency).
      await waitFor(async () => Promise.all(servers.map(async (s) => (await json(await call(s, '/api/sync/status', { headers: owner.headers }))).body)),
        (all) => all.every((s) => s.running === false), 1_000, 50);
      expect(Date.now() - cancelAt).toBeLessThan(1_000);
      expect(await rows(`select 1 from company_activities where company_id = $1 and activity = 'sync'`, [companyId])).toHaveLength(0);
      const events = await stream;
      expect(events.at(-1)).toMatchObject({ kind: 'progress', progress: { stage: 'cancelled' } });
      expect(events.some((e) => e.kind === 'result')).toBe(false);
    } finally {
      store.store.configure({ latencyMs: 0 });
      await stream?.catch(() => {});
    }

    // The slot is free: a new sync starts (on B) and completes.
    const again = await call(b, '/api/sync', { method: 'POST', headers: owner.headers });
    expect(again.status).toBe(200);
    const events = await readSyncEvents(again);
    expect(events.at(-1)).toMatchObject({ kind: 'result' });
    expect(await json(await call(c, '/api/sync/status', { headers: owner.headers }))).toEqual({ status: 200, body: { running: false } });
    expect((await row<{ n: number }>('select count(*)::int as n from products where company_id = $1', [companyId]))!.n).toBe(300);
  });

  it('runs a scheduled order exactly once with three schedulers polling', async () => {
    const list = items.scheduled;
    const before = pricesOf(list);
    const scheduledAt = new Date(Date.now() + 3_000);
    const body: CreateWorkOrderInput = { title: 'Scheduled on three processes', productUpdates: list, executeImmediately: false, scheduledAt: scheduledAt.toISOString() };
    const created = await json<{ id: string; status: string }>(await call(next(), '/api/work-orders', { method: 'POST', headers: owner.headers, body: JSON.stringify(body) }));
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('pending');
    const id = created.body.id;

    const done = await waitFor(() => row<{ status: string; executed_at: Date | null; lease_owner: string | null; error: string | null }>(
      'select status, executed_at, lease_owner, error from work_orders where id = $1', [id]), (o) => o!.status !== 'pending' && o!.status !== 'executing', 15_000, 100);
    expect(done).toMatchObject({ status: 'completed', lease_owner: null, error: null });
    expect(done!.executed_at!.getTime()).toBeGreaterThanOrEqual(scheduledAt.getTime());
    // One run in all: one process logged it, the other two none. The runner logs the run just
    // after storing its status: wait for the line, not only the row (read at once, it was missing
    // under load).
    const runs = await waitFor(async () => runsLogged(id), (r) => r.flat().length > 0, 5_000, 50);
    expect(runs.flat()).toEqual([{ pid: expect.any(Number), outcome: 'completed' }]);
    expect(runs.filter((r) => r.length === 0)).toHaveLength(2);

    const history = await historyOf(id);
    expect(history).toHaveLength(list.length);
    expect(new Set(history.map((h) => `${h.product_id}/${h.variant_id}`)).size).toBe(list.length);
    for (const item of list) expect(storePrice(store, item), `item ${item.productId}/${item.variantId}`).toEqual(expectedAfter(before.get(item)!, item));
  });

  it('creates one order for an outbox submission replayed to other processes, one after another and at once', async () => {
    const submission = (key: string): RequestInit => ({
      method: 'POST',
      // As the web outbox sends it: the entry's UUID as the order's id and as the Idempotency-Key.
      headers: { ...owner.headers, 'Idempotency-Key': key },
      body: JSON.stringify({
        id: key, title: `Replayed ${key.slice(0, 8)}`, productUpdates: items.replayed, executeImmediately: false,
        scheduledAt: new Date(Date.now() + 24 * 3_600_000).toISOString(),
      } satisfies CreateWorkOrderInput & { id: string }),
    });
    const ordersBefore = (await row<{ n: number }>('select count(*)::int as n from work_orders where company_id = $1', [companyId]))!.n;

    // A lost response: the first attempt reached A, the replay goes to B, a later one to C.
    const key = randomUUID();
    const [a, b, c] = servers as [ServerProcess, ServerProcess, ServerProcess];
    const first = await json<{ id: string; clientId: string }>(await call(a, '/api/work-orders', submission(key)));
    expect(first.status).toBe(201);
    expect(first.body.clientId).toBe(key);
    for (const s of [b, c]) {
      const replay = await json<{ id: string }>(await call(s, '/api/work-orders', submission(key)));
      expect(replay).toMatchObject({ status: 200, body: { id: first.body.id } });
    }

    // Two tabs (or a retry racing the first attempt): the same submission reaching all three at once.
    const keys = Array.from({ length: 4 }, () => randomUUID());
    for (const k of keys) {
      const answers = await Promise.all(servers.map(async (s) => json<{ id: string }>(await call(s, '/api/work-orders', submission(k)))));
      expect(answers.map((x) => x.status).sort()).toEqual([200, 200, 201]);
      expect(new Set(answers.map((x) => x.body.id)).size).toBe(1);
    }

    const made = await rows<{ idempotency_key: string; n: number }>(
      'select idempotency_key, count(*)::int as n from work_orders where company_id = $1 and idempotency_key = any($2) group by idempotency_key',
      [companyId, [key, ...keys]]);
    expect(made.map((m) => m.n)).toEqual([1, 1, 1, 1, 1]);
    expect((await row<{ n: number }>('select count(*)::int as n from work_orders where company_id = $1', [companyId]))!.n).toBe(ordersBefore + 5);
  });

  it('counts a rate limit across processes: the total is limited, not the limit on each', async () => {
    // Another user (no store connected: a request that passes the limit is answered 400). Four
    // requests per process, each process alone under the limit of 5; twelve in all.
    const user = await signedIn('Rita Rate');
    expect((await call(next(), '/api/auth/user', { headers: user.headers })).status).toBe(200);
    const userId = (await row<{ id: string }>('select id from users where firebase_uid = $1', [user.sub]))!.id;
    const answers = await Promise.all(Array.from({ length: 12 }, async () => {
      const res = await call(next(), '/api/sync', { method: 'POST', headers: user.headers });
      return { status: res.status, retryAfter: res.headers.get('retry-after'), limit: res.headers.get('ratelimit-limit'), body: (await res.json()) as { error: { code: string; message: string } } };
    }));
    const refused = answers.filter((a) => a.status === 429);
    const passed = answers.filter((a) => a.status !== 429);
    expect(passed).toHaveLength(SYNC_LIMIT);
    expect(passed.every((a) => a.status === 400 && a.body.error.message === 'Connect your store in Settings first')).toBe(true);
    expect(refused).toHaveLength(12 - SYNC_LIMIT);
    for (const r of refused) {
      expect(r.body.error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/) });
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
      expect(r.limit).toBe(String(SYNC_LIMIT));
    }
    // One counter in the database for the user, with every request on it.
    expect(await rows('select points from rate_limits where key = $1', [`sync:${userId}`])).toEqual([{ points: 12 }]);
    // And each process now refuses the user at once.
    for (const s of servers) expect((await call(s, '/api/sync', { method: 'POST', headers: user.headers })).status).toBe(429);
  });

  it('resumes the order of a process killed while running it on another process, once its lease lapses', async () => {
    const list = items.killed;
    const before = pricesOf(list);
    // Each store request takes 0.8 s: 12 write batches (110 products, 30 variants), two at a time, take about 5 s.
    store.store.configure({ latencyMs: 800 });
    let victim: ServerProcess | undefined;
    let id = '';
    try {
      ({ id, runner: victim } = await orderAndItsRunner(next(), 'Outlives its process', list, servers));
      // Killed mid-order: some batches are in the store, not all.
      await waitFor(async () => atTarget(list, before), (n) => n >= 10, 15_000, 20);
      victim!.child.kill('SIGKILL');
      await victim!.exited;
      expect(atTarget(list, before)).toBeLessThan(list.length);
    } finally {
      store.store.configure({ latencyMs: 20 });
    }
    const done = await waitFor(() => row<{ status: string; lease_owner: string | null; error: string | null; original_prices: PriceSnapshot[] }>(
      'select status, lease_owner, error, original_prices from work_orders where id = $1', [id]), (o) => o!.status !== 'executing', 25_000, 100);
    expect(done).toMatchObject({ status: 'completed', lease_owner: null, error: null });
    // Finished by one survivor; the killed process never finished it. (Its line comes just after
    // the row: wait for it.)
    const runs = await waitFor(async () => runsLogged(id), (r) => r.flat().length > 0, 5_000, 50);
    expect(runs.flat()).toEqual([{ pid: expect.any(Number), outcome: 'completed' }]);
    expect(runs.flat()[0]!.pid).not.toBe(victim!.child.pid);

    // The resumed run kept the first run's snapshot (the prices before the order), not prices it had written.
    const snapshot = new Map(done!.original_prices.map((s) => [`${s.externalProductId}/${s.externalVariantId}`, s]));
    expect(snapshot.size).toBe(list.length);
    for (const item of list) {
      const was = before.get(item)!;
      expect(snapshot.get(`${item.productId}/${item.variantId ?? null}`), `snapshot of ${item.productId}/${item.variantId}`)
        .toMatchObject({ regularPriceCents: was.regular, salePriceCents: was.sale });
      expect(storePrice(store, item), `item ${item.productId}/${item.variantId}`).toEqual(expectedAfter(was, item));
    }
    const history = await historyOf(id);
    expect(history).toHaveLength(list.length);
    expect(new Set(history.map((h) => `${h.product_id}/${h.variant_id}`)).size).toBe(list.length);
  });

  it('releases the sync and order leases of a process stopped with SIGTERM, and exits 0 within 10 s', async () => {
    const list = items.terminated;
    const before = pricesOf(list);
    const alive = () => servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null);
    // The owner has used up this minute's syncs (SYNC_LIMIT) in the cases above: a new minute.
    await sql.query(`delete from rate_limits where key like 'sync:%'`);
    store.store.configure({ latencyMs: 800 });
    let stopping: ServerProcess | undefined;
    let id = '';
    let sync: Promise<SyncEvent[]> | undefined;
    try {
      ({ id, runner: stopping } = await orderAndItsRunner(alive()[0]!, 'Stopped politely', list, alive()));
      // The same process is running the company's sync too.
      const started = await call(stopping!, '/api/sync', { method: 'POST', headers: owner.headers });
      expect(started.status).toBe(200);
      sync = readSyncEvents(started).catch(() => []);
      await waitFor(() => rows(`select 1 from company_activities where company_id = $1 and activity = 'sync'`, [companyId]), (r) => r.length === 1, 3_000, 20);

      const signalled = Date.now();
      stopping!.child.kill('SIGTERM');
      expect(await stopping!.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(10_000);
    } finally {
      store.store.configure({ latencyMs: 20 });
    }
    await sync;
    // Both leases released on the way out, not left to lapse.
    expect(await rows(`select 1 from company_activities where company_id = $1 and activity = 'sync'`, [companyId])).toHaveLength(0);
    const left = (await row<{ status: string; lease_expires_at: Date | null }>('select status, lease_expires_at from work_orders where id = $1', [id]))!;
    if (left.status === 'executing') expect(left.lease_expires_at!.getTime()).toBeLessThanOrEqual(Date.now());
    const survivor = alive()[0]!;
    const again = await call(survivor, '/api/sync', { method: 'POST', headers: owner.headers });
    expect(again.status).toBe(200);
    expect((await readSyncEvents(again)).at(-1)).toMatchObject({ kind: 'result' });

    const done = await waitFor(() => row<{ status: string; error: string | null }>('select status, error from work_orders where id = $1', [id]),
      (o) => o!.status !== 'executing' && o!.status !== 'pending', 20_000, 100);
    expect(done).toEqual({ status: 'completed', error: null });
    // The survivor logs the run just after storing its status: wait for the line, not only the row.
    const runs = await waitFor(async () => runsLogged(id).flat(), (r) => r.some((x) => x.outcome === 'completed'), 5_000, 50);
    expect(runs.filter((r) => r.outcome === 'completed')).toEqual([{ pid: survivor.child.pid, outcome: 'completed' }]);
    for (const item of list) expect(storePrice(store, item), `item ${item.productId}/${item.variantId}`).toEqual(expectedAfter(before.get(item)!, item));
    const history = await historyOf(id);
    expect(history).toHaveLength(list.length);
    expect(new Set(history.map((h) => `${h.product_id}/${h.variant_id}`)).size).toBe(list.length);
  });
});
