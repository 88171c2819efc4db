/**
 * The outbox (createOutbox) against a local catalog in fake IndexedDB and a fake API that
 * applies each Idempotency-Key once: price edits and work orders queued with their local change,
 * sent in order, replayed after a lost answer, refused (now or later), retried with backoff or
 * the server's Retry-After, and which failures are temporary.
 */
import 'fake-indexeddb/auto';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import type { CreateWorkOrderInput } from '@catalog/contracts/work-orders';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEALTH_PATH, onReconnect, reportNoAnswer } from '../lib/connectivity';
import { FakeCatalogServer, product, variant } from '../testing/fake-catalog-server';
import type { DraftRow, OutboxEntry } from './catalog-db';
import { getLocalProducts, queryCatalog } from './catalog-query';
import { activeCatalogDb, closeLocalCatalog, openLocalCatalog, pullNow } from './local-catalog';
import { createOutbox, type Outbox } from './outbox';
import { backoffMs, classifyFailure } from './outbox-sender';

let uid = 0;
let online = true;

/**
 * The API as the outbox sees it: applies a request once per Idempotency-Key (a replay gets the
 * first answer), and can be told to fail (no answer, or a refusal) or to lose its answer.
 */
class FakeApi {
  readonly applied: OutboxEntry[] = [];
  readonly calls: string[] = [];
  private readonly answers = new Map<string, unknown>();
  /** What the next calls do, one per call; then 'ok'. */
  plan: Array<'ok' | 'network' | 'lost' | ApiError> = [];

  constructor(private readonly server: FakeCatalogServer) {}

  send = async (entry: OutboxEntry): Promise<unknown> => {
    this.calls.push(entry.id);
    const step = this.plan.shift() ?? 'ok';
    if (step === 'network') throw new Error('Network error');
    if (step instanceof ApiError) throw step;
    let answer = this.answers.get(entry.id);
    if (answer === undefined) {
      answer = this.apply(entry);
      this.answers.set(entry.id, answer);
    }
    if (step === 'lost') throw new Error('Network error');
    return answer;
  };

  private apply(entry: OutboxEntry): unknown {
    this.applied.push(entry);
    const body = entry.request.body as { regularPrice?: string; salePrice?: string | null };
    if (entry.kind === 'productPrice') {
      const row = this.server.products.get(entry.productId!)!.row;
      this.server.putProduct({ ...row, ...body });
    }
    if (entry.kind === 'variantPrice') {
      const row = this.server.variants.get(entry.variantId!)!.row;
      this.server.putVariant({ ...row, ...body });
    }
    return { ok: true, id: entry.id };
  }
}

let server: FakeCatalogServer;
let api: FakeApi;
/** Each test's outbox, sending to its FakeApi. */
let outbox: Outbox;

beforeEach(async () => {
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  server = new FakeCatalogServer();
  server.putProduct(product(1, { name: 'Mug', regularPrice: '10.00' }));
  server.putProduct(product(2, { name: 'Shirt', regularPrice: '20.00' }));
  server.putVariant(variant(21, 2, { regularPrice: '20.00' }));
  server.putVariant(variant(22, 2, { regularPrice: '22.00' }));
  api = new FakeApi(server);
  outbox = createOutbox({ db: activeCatalogDb, transport: api.send });
  openLocalCatalog(`outbox-${++uid}`, { fetchChanges: async (c) => server.changes(c) });
  await pullNow();
});

afterEach(() => {
  outbox.stop();
  closeLocalCatalog();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const db = () => activeCatalogDb()!;
const local = async (id: number) => (await getLocalProducts([id]))[0]!;
const entries = () => db().outbox.orderBy('seq').toArray();

/** Lets the flush that was started by an enqueue (or the 'online' event) run to its end. */
async function settle() {
  await outbox.flush();
  await pullNow();
}

describe('price edits through the outbox', () => {
  it('online: sends at once with the entry id as Idempotency-Key, and the edit settles', async () => {
    const outcome = await outbox.enqueueProductPrice(1, { salePrice: '8.00' }, 'Mug');
    expect(outcome.state).toBe('sent');
    expect(api.applied).toHaveLength(1);
    expect(api.applied[0]).toMatchObject({ kind: 'productPrice', request: { method: 'PUT', path: '/api/products/1', body: { salePrice: '8.00' } } });
    await settle();
    expect(await entries()).toEqual([]);
    expect(await local(1)).toMatchObject({ salePrice: '8.00', regularPrice: '10.00' });
    expect((await local(1)).pending).toBeUndefined();
  });

  it('offline: shows the edit at once, marked pending, sends nothing; back online it reaches the server once', async () => {
    online = false;
    const outcome = await outbox.enqueueProductPrice(1, { regularPrice: '12.50' }, 'Mug');
    expect(outcome.state).toBe('queued');
    expect(api.calls).toEqual([]);
    expect(await local(1)).toMatchObject({ regularPrice: '12.50', pending: true });
    // The in-memory index answers with the new row too (what the products screen shows).
    expect((await queryCatalog({ search: 'mug', page: 1, pageSize: 20 })).products[0]).toMatchObject({ regularPrice: '12.50', pending: true });

    online = true;
    await outbox.flush({ force: true });
    await settle();
    expect(api.applied).toHaveLength(1);
    expect(await entries()).toEqual([]);
    const row = await local(1);
    expect(row.regularPrice).toBe('12.50');
    expect(row.pending).toBeUndefined();
  });

  it('with the server gone quiet (the browser online), queues the edit and asks the server at once; its answer sends it', async () => {
    // As the signed-in layout does (use-local-catalog.ts): back online, the outbox is sent.
    const stopReconnect = onReconnect(() => void outbox.flush({ force: true }));
    reportNoAnswer();
    // The server's answer takes a moment: the submitter hears 'queued' first.
    const health = vi.fn(async () => {
      await new Promise((r) => setTimeout(r, 100));
      return new Response('{"status":"ok"}', { status: 200 });
    });
    vi.stubGlobal('fetch', health);
    try {
      const outcome = await outbox.enqueueProductPrice(1, { regularPrice: '13.00' }, 'Mug');
      expect(outcome.state).toBe('queued');
      expect(api.calls).toEqual([]);
      expect(health).toHaveBeenCalledWith(HEALTH_PATH, expect.anything());
      await vi.waitFor(() => expect(api.applied).toHaveLength(1)); // the reconnect flushed it
      await settle();
      expect(await local(1)).toMatchObject({ regularPrice: '13.00' });
    } finally {
      stopReconnect();
      vi.unstubAllGlobals();
    }
  });

  it('keeps an unsent edit on top of the rows a pull brings', async () => {
    online = false;
    await outbox.enqueueVariantPrice({ id: 21, productId: 2 }, { salePrice: '15.00' }, 'Shirt');
    // Meanwhile the store changed the product (name) and the other variant.
    server.putProduct(product(2, { name: 'Shirt (new)', regularPrice: '20.00' }));
    server.putVariant(variant(22, 2, { regularPrice: '23.00' }));
    server.putVariant(variant(21, 2, { regularPrice: '21.00' }));
    online = true;
    outbox.stop();
    outbox = createOutbox({
      db: activeCatalogDb,
      transport: async () => {
        throw new Error('Network error'); // the edit cannot go yet; the pull can
      },
    });
    await pullNow();
    const row = await local(2);
    expect(row.name).toBe('Shirt (new)');
    expect(row.pending).toBe(true);
    expect(row.variants.find((v) => v.id === 21)).toMatchObject({ regularPrice: '21.00', salePrice: '15.00', pending: true });
    expect(row.variants.find((v) => v.id === 22)).toMatchObject({ regularPrice: '23.00' });
    expect(row.variants.find((v) => v.id === 22)!.pending).toBeUndefined();
    // The sale filter counts the pending sale price.
    expect((await queryCatalog({ saleOnly: true, page: 1, pageSize: 20 })).products.map((p) => p.id)).toEqual([2]);
  });

  it('replays after a lost answer with the same key: applied once on the server', async () => {
    api.plan = ['lost'];
    const outcome = await outbox.enqueueProductPrice(1, { salePrice: '7.00' }, 'Mug');
    expect(outcome.state).toBe('queued');
    const [queued] = await entries();
    expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
    await outbox.flush({ force: true });
    await settle();
    expect(api.calls).toEqual([queued!.id, queued!.id]);
    expect(api.applied).toHaveLength(1);
    expect(await entries()).toEqual([]);
  });

  it('online, a refusal by the server changes nothing on the device', async () => {
    api.plan = [new ApiError(ErrorCode.UPSTREAM, 'The store refused the change: price too high')];
    const outcome = await outbox.enqueueProductPrice(1, { regularPrice: '99.00' }, 'Mug');
    expect(outcome).toMatchObject({ state: 'failed' });
    expect(await entries()).toEqual([]);
    expect(await local(1)).toMatchObject({ regularPrice: '10.00' });
    expect((await local(1)).pending).toBeUndefined();
  });

  it('a replay refused for good is kept with the message and the price goes back; discarding removes it', async () => {
    online = false;
    await outbox.enqueueProductPrice(1, { salePrice: '9.00' }, 'Mug');
    online = true;
    api.plan = [new ApiError(ErrorCode.NOT_FOUND, 'Product not found')];
    await outbox.flush({ force: true });
    const [rejected] = await entries();
    expect(rejected).toMatchObject({ status: 'rejected', error: 'Product not found', label: 'Mug' });
    expect(await local(1)).toMatchObject({ salePrice: null });
    expect((await local(1)).pending).toBeUndefined();
    await outbox.discard(rejected!.id);
    expect(await entries()).toEqual([]);
    expect(await local(1)).toMatchObject({ salePrice: null, regularPrice: '10.00' });
  });

  it('discarding a queued edit puts the price back', async () => {
    online = false;
    await outbox.enqueueVariantPrice({ id: 22, productId: 2 }, { regularPrice: '30.00' }, 'Shirt');
    expect((await local(2)).variants.find((v) => v.id === 22)).toMatchObject({ regularPrice: '30.00', pending: true });
    const [entry] = await entries();
    await outbox.discard(entry!.id);
    const row = await local(2);
    expect(row.variants.find((v) => v.id === 22)).toMatchObject({ regularPrice: '22.00' });
    expect(row.pending).toBeUndefined();
  });

  it('replays in order and stops at a temporary failure, then retries with backoff', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    online = false;
    await outbox.enqueueProductPrice(1, { salePrice: '5.00' }, 'Mug');
    await outbox.enqueueProductPrice(2, { salePrice: '15.00' }, 'Shirt');
    const [first, second] = await entries();
    online = true;
    api.plan = [new ApiError(ErrorCode.INTERNAL, 'Server error')];
    await outbox.flush({ force: true });
    // The first failed for now: the second must not overtake it.
    expect(api.calls).toEqual([first!.id]);
    const [waiting] = await entries();
    expect(waiting).toMatchObject({ id: first!.id, status: 'queued', attempts: 1, error: 'Server error' });
    expect(waiting!.nextAttemptAt).toBeGreaterThan(Date.now());
    // Not before the backoff...
    await outbox.flush();
    expect(api.calls).toEqual([first!.id]);
    // ...then both, in order.
    await vi.advanceTimersByTimeAsync(BACKOFF_MAX_FOR_FIRST);
    await outbox.flush();
    expect(api.calls).toEqual([first!.id, first!.id, second!.id]);
    expect(await entries()).toEqual([]);
  });
});

const BACKOFF_MAX_FOR_FIRST = 1_100;

describe('a replay while the first request still runs (409 IN_PROGRESS)', () => {
  it('while the user waits: the edit stays on the device, queued with the reason, not undone', async () => {
    const stillRunning = 'The first request with this Idempotency-Key is still being processed. Try again in a moment.';
    api.plan = [new ApiError(ErrorCode.IN_PROGRESS, stillRunning)];
    const outcome = await outbox.enqueueProductPrice(1, { salePrice: '7.00' }, 'Mug');
    expect(outcome).toMatchObject({ state: 'queued', reason: stillRunning });
    expect(await entries()).toMatchObject([{ status: 'queued', attempts: 1, error: stillRunning }]);
    expect(await local(1)).toMatchObject({ salePrice: '7.00', pending: true });
  });

  it('stays queued and goes again after its backoff; a 409 CONFLICT with the same words is rejected', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const stillRunning = 'The first request with this Idempotency-Key is still being processed. Try again in a moment.';
    online = false;
    await outbox.enqueueProductPrice(1, { salePrice: '4.00' }, 'Mug');
    const [entry] = await entries();
    online = true;
    api.plan = [new ApiError(ErrorCode.IN_PROGRESS, stillRunning)];
    await outbox.flush({ force: true });
    expect(await entries()).toMatchObject([{ id: entry!.id, status: 'queued', attempts: 1, error: stillRunning }]);
    await vi.advanceTimersByTimeAsync(BACKOFF_MAX_FOR_FIRST);
    await outbox.flush();
    expect(api.calls).toEqual([entry!.id, entry!.id]);
    expect(await entries()).toEqual([]);

    online = false;
    await outbox.enqueueProductPrice(2, { salePrice: '14.00' }, 'Shirt');
    online = true;
    api.plan = [new ApiError(ErrorCode.CONFLICT, stillRunning)];
    await outbox.flush({ force: true });
    expect(await entries()).toMatchObject([{ status: 'rejected', error: stillRunning }]);
  });
});

describe('rate limited (429 with Retry-After)', () => {
  it("a replay waits the server's Retry-After rather than the shorter backoff, then goes", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    online = false;
    await outbox.enqueueProductPrice(1, { salePrice: '6.00' }, 'Mug');
    const [entry] = await entries();
    online = true;
    api.plan = [new ApiError(ErrorCode.RATE_LIMITED, 'Too many requests. Try again in 30 seconds.', { retryAfterMs: 30_000 })];
    const started = Date.now();
    await outbox.flush({ force: true });
    const [waiting] = await entries();
    expect(waiting).toMatchObject({ id: entry!.id, status: 'queued', attempts: 1, error: 'Too many requests. Try again in 30 seconds.' });
    expect(waiting!.nextAttemptAt).toBe(started + 30_000);
    // The backoff alone (1 s) would have sent it by now: not before the server said.
    await vi.advanceTimersByTimeAsync(29_000);
    expect(api.calls).toEqual([entry!.id]);
    await vi.advanceTimersByTimeAsync(1_100);
    await outbox.flush();
    expect(api.calls).toEqual([entry!.id, entry!.id]);
    expect(await entries()).toEqual([]);
  });

  it('a Retry-After shorter than the backoff does not hurry it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    online = false;
    await outbox.enqueueProductPrice(1, { salePrice: '6.50' }, 'Mug');
    online = true;
    api.plan = [new ApiError(ErrorCode.RATE_LIMITED, 'Too many requests. Try again in 1 seconds.', { retryAfterMs: 0 })];
    const started = Date.now();
    await outbox.flush({ force: true });
    expect((await entries())[0]!.nextAttemptAt).toBeGreaterThanOrEqual(started + 500);
  });
});

describe('work orders through the outbox', () => {
  const body = (id: string): CreateWorkOrderInput & { id: string } => ({
    id,
    title: 'Summer sale',
    productUpdates: [{ productId: 1, salePrice: '8.00' }],
  } as unknown as CreateWorkOrderInput & { id: string });
  const draft = (id: string): DraftRow => ({ id, title: 'Summer sale', productCount: 1, createdAt: 1, updatedAt: 1, state: { id } });

  it('the draft leaves in the same transaction as the entry is written; sent once online', async () => {
    const id = crypto.randomUUID();
    await db().drafts.put(draft(id));
    online = false;
    expect((await outbox.enqueueWorkOrder(body(id), draft(id))).state).toBe('queued');
    expect(await db().drafts.get(id)).toBeUndefined();
    expect(await entries()).toMatchObject([{ id, kind: 'createWorkOrder', status: 'queued', label: 'Summer sale' }]);
    online = true;
    await outbox.flush({ force: true });
    expect(api.applied.map((e) => e.id)).toEqual([id]);
    expect(await entries()).toEqual([]);
  });

  it('a refusal while the user waits puts the draft back', async () => {
    const id = crypto.randomUUID();
    api.plan = [new ApiError(ErrorCode.PLAN_LIMIT, 'Your plan allows 5 products per work order')];
    const outcome = await outbox.enqueueWorkOrder(body(id), draft(id));
    expect(outcome.state).toBe('failed');
    expect(await entries()).toEqual([]);
    expect(await db().drafts.get(id)).toMatchObject({ id, title: 'Summer sale' });
  });

  it('a queued order refused later stays, and Edit brings its draft back with the same id', async () => {
    const id = crypto.randomUUID();
    online = false;
    await outbox.enqueueWorkOrder(body(id), draft(id));
    online = true;
    api.plan = [new ApiError(ErrorCode.VALIDATION, 'Product 1 was not found')];
    await outbox.flush({ force: true });
    expect(await entries()).toMatchObject([{ id, status: 'rejected', error: 'Product 1 was not found' }]);
    expect(await outbox.restoreRejectedWorkOrder(id)).toBe(id);
    expect(await entries()).toEqual([]);
    expect(await db().drafts.get(id)).toMatchObject({ id, state: { id } });
  });
});

describe('an outbox made by createOutbox', () => {
  it('tells its onSent listeners about each entry the server accepted, a failing listener not stopping the others', async () => {
    const heard: string[] = [];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    outbox.onSent(() => {
      throw new Error('listener bug');
    });
    const stop = outbox.onSent((entry, response) => heard.push(`${entry.kind} ${JSON.stringify(response)}`));
    const outcome = await outbox.enqueueProductPrice(1, { salePrice: '8.00' }, 'Mug');
    expect(outcome.state).toBe('sent');
    expect(heard).toEqual([`productPrice ${JSON.stringify({ ok: true, id: api.applied[0]!.id })}`]);
    stop();
    await outbox.enqueueProductPrice(2, { salePrice: '18.00' }, 'Shirt');
    expect(heard).toHaveLength(1);
  });

  it('sends nothing more once stopped, not even its scheduled retry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    online = false;
    await outbox.enqueueProductPrice(1, { salePrice: '3.00' }, 'Mug');
    online = true;
    api.plan = [new ApiError(ErrorCode.INTERNAL, 'Server error')];
    await outbox.flush({ force: true });
    expect(api.calls).toHaveLength(1);
    outbox.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    await outbox.flush({ force: true });
    expect(api.calls).toHaveLength(1);
    expect(await entries()).toMatchObject([{ status: 'queued', attempts: 1 }]);
  });

  it("takes the send lock only when something is queued (the browser's first lock request is a long task)", async () => {
    const request = vi.fn((_name: string, fn: () => Promise<void>) => fn());
    Object.defineProperty(navigator, 'locks', { configurable: true, value: { request } });
    try {
      await outbox.flush({ force: true });
      expect(request).not.toHaveBeenCalled();
      online = false;
      await outbox.enqueueProductPrice(1, { salePrice: '3.00' }, 'Mug');
      online = true;
      await outbox.flush({ force: true });
      expect(request).toHaveBeenCalledWith('outbox-send', expect.any(Function));
      expect(api.applied).toHaveLength(1);
      expect(await entries()).toEqual([]);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('refuses a write while no database is open (signed out)', async () => {
    closeLocalCatalog();
    await expect(outbox.enqueueProductPrice(1, { salePrice: '3.00' }, 'Mug')).rejects.toThrow('Not signed in on this device');
    await expect(outbox.discard('x')).rejects.toThrow('Not signed in on this device');
    expect(await outbox.countOpenEntries()).toBe(0);
  });
});

describe('failure classes and backoff', () => {
  it('retries what may succeed later, keeps what never will', () => {
    expect(classifyFailure(new Error('Network error'))).toBe('temporary');
    for (const [code, status] of [[ErrorCode.UNAUTHENTICATED, 401], [ErrorCode.RATE_LIMITED, 429], [ErrorCode.INTERNAL, 500], [ErrorCode.UPSTREAM, 502]] as const) {
      expect(classifyFailure(new ApiError(code, 'x', { status })), String(status)).toBe('temporary');
    }
    // By its code alone: the first request with this key still runs.
    expect(classifyFailure(new ApiError(ErrorCode.IN_PROGRESS, 'x'))).toBe('temporary');
    // A 409 CONFLICT is never retried, whatever its message says.
    expect(classifyFailure(new ApiError(ErrorCode.CONFLICT, 'The first request with this Idempotency-Key is still being processed. Try again in a moment.'))).toBe('permanent');
    for (const code of [ErrorCode.VALIDATION, ErrorCode.NOT_FOUND, ErrorCode.FORBIDDEN, ErrorCode.PLAN_LIMIT, ErrorCode.CONFLICT]) {
      expect(classifyFailure(new ApiError(code, 'x')), code).toBe('permanent');
    }
  });

  it('doubles up to a minute, with jitter in the upper half', () => {
    expect(backoffMs(1, () => 0)).toBe(500);
    expect(backoffMs(1, () => 1)).toBe(1_000);
    expect(backoffMs(3, () => 1)).toBe(4_000);
    expect(backoffMs(20, () => 1)).toBe(60_000);
  });
});
