/**
 * The outbox's tests' shared set-up (outbox*.test.ts): a local catalog in fake IndexedDB pulled
 * from a FakeCatalogServer, and a fake API that applies each Idempotency-Key once. The bindings
 * (server, api, outbox) are new for each test; read them through this module.
 */
import 'fake-indexeddb/auto';
import { ApiError } from '@catalog/contracts/errors';
import { afterEach, beforeEach, vi } from 'vitest';
import type { OutboxEntry } from '../local/catalog-db';
import { getLocalProducts } from '../local/catalog-query';
import { deviceCatalog } from '../local/device-catalog';
import { createOutbox, type Outbox } from '../local/outbox';
import type { OutboxTransport } from '../local/outbox-transport';
import { FakeCatalogServer, product, variant } from './fake-catalog-server';

/**
 * The API as the outbox sees it: applies a request once per Idempotency-Key (a replay gets the
 * first answer), and can be told to fail (no answer, or a refusal) or to lose its answer.
 */
export class FakeApi {
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

export let server: FakeCatalogServer;
export let api: FakeApi;
/** Each test's outbox, sending to its FakeApi. */
export let outbox: Outbox;

let uid = 0;
let online = true;
/** What navigator.onLine says (the outbox sends nothing while it is false). */
export function setOnline(value: boolean): void {
  online = value;
}

/**
 * A fresh catalog (Mug; Shirt with two variants) pulled from its FakeCatalogServer, and an
 * outbox sending to a FakeApi, before each test of the file that calls this; closed after.
 */
export function setUpOutboxHarness(): void {
  beforeEach(async () => {
    online = true;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    server = new FakeCatalogServer();
    server.putProduct(product(1, { name: 'Mug', regularPrice: '10.00' }));
    server.putProduct(product(2, { name: 'Shirt', regularPrice: '20.00' }));
    server.putVariant(variant(21, 2, { regularPrice: '20.00' }));
    server.putVariant(variant(22, 2, { regularPrice: '22.00' }));
    api = new FakeApi(server);
    outbox = createOutbox({ db: deviceCatalog.db, transport: api.send });
    deviceCatalog.open(`outbox-${++uid}`, { fetchChanges: async (c) => server.changes(c) });
    await deviceCatalog.pullNow();
  });

  afterEach(() => {
    outbox.stop();
    deviceCatalog.close();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}

export const db = () => deviceCatalog.db()!;
export const local = async (id: number) => (await getLocalProducts([id]))[0]!;
export const entries = () => db().outbox.orderBy('seq').toArray();

/** Longer than the first retry's backoff (at most 1 s: backoffMs), so advancing the clock by it runs the retry. */
export const BACKOFF_MAX_FOR_FIRST = 1_100;

/** Stops this test's outbox and makes one that sends through `transport` instead. */
export function replaceOutbox(transport: OutboxTransport): void {
  outbox.stop();
  outbox = createOutbox({ db: deviceCatalog.db, transport });
}

/** Lets the flush that was started by an enqueue (or the 'online' event) run to its end. */
export async function settle() {
  await outbox.flush();
  await deviceCatalog.pullNow();
}
