/**
 * A pull of the catalog (catalog-pull.ts) run in a dedicated worker, and the page's side of it.
 * A first pull of 100,000 products keeps a thread busy for ~20 s: receiving ~70 MB of pages,
 * parsing and checking them, encoding and storing ~8,000 chunks. On the page's main thread that
 * competed with everything the page does; in a worker the page only adds each stored page's
 * products to its index (decision 062).
 *
 * The worker does the pull's work; the page keeps what is the page's: the session's token (the
 * worker asks for each request's URL and headers: api-client's prepareRequest, with its offline
 * and sign-in checks), the connectivity it reports, the index and the other tabs (it gets every
 * applied page), and the pull's lock (local-catalog.ts holds it around the whole pull).
 *
 * The messages go over a port, so a test runs both sides in one thread over a MessageChannel.
 */
import { ApiError, type ErrorCode } from '@catalog/contracts/errors';
import { CatalogChangesPage } from '@catalog/contracts/replication';
import { failure, NETWORK_ERROR_MESSAGE } from '../lib/api-response';
import type { PreparedRequest } from '../lib/api-client';
import type { AppliedPage } from './catalog-apply';
import { decodeProducts, encodeProducts } from './catalog-row-codec';
import { createCatalogDb } from './catalog-db';
import { APPLY_MEASURE, pullChanges, type ApplyTiming, type FetchChanges, type PullOptions, type PullProgress, type PullResult } from './catalog-pull';

/** An error as it crosses the port: its name and message, an ApiError's fields, and its cause. */
export interface WireError {
  name: string;
  message: string;
  api?: { code: ErrorCode; status: number; fields?: Record<string, string>; retryAfterMs?: number };
  cause?: WireError;
}

/** Page -> worker. */
/** An applied page as it crosses to the page: its stored products as one JSON text (catalog-row-codec.ts). */
type WireAppliedPage = Omit<AppliedPage, 'upserted'> & { upserted: string };

type ToWorker =
  | { type: 'pull'; dbName: string }
  | { type: 'prepared'; id: number; request: PreparedRequest }
  | { type: 'prepareFailed'; id: number; error: WireError };

/** Worker -> page. */
type FromWorker =
  | { type: 'prepare'; id: number; cursor: number; catalog: string | undefined }
  | { type: 'answered' }
  | { type: 'noAnswer' }
  | { type: 'applied'; page: WireAppliedPage; timing: ApplyTiming }
  | { type: 'progress'; progress: PullProgress }
  | { type: 'done'; result: PullResult }
  | { type: 'failed'; error: WireError };

/** What both sides talk over: a worker, its global scope, or a MessagePort. */
export interface PullPort {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

export function toWire(err: unknown, depth = 0): WireError {
  const e = (err ?? {}) as { name?: unknown; message?: unknown; inner?: unknown; cause?: unknown };
  const wire: WireError = { name: typeof e.name === 'string' ? e.name : 'Error', message: typeof e.message === 'string' ? e.message : String(err) };
  if (err instanceof ApiError) wire.api = { code: err.code, status: err.status, fields: err.fields, retryAfterMs: err.retryAfterMs };
  const cause = e.inner ?? e.cause;
  if (cause && depth < 4) wire.cause = toWire(cause, depth + 1);
  return wire;
}

/** The error again: an ApiError as it was thrown, another with its name and cause (a full disk's QuotaExceededError stays one). */
export function fromWire(wire: WireError): Error {
  const cause = wire.cause ? fromWire(wire.cause) : undefined;
  if (wire.api) return new ApiError(wire.api.code, wire.message, { status: wire.api.status, fields: wire.api.fields, retryAfterMs: wire.api.retryAfterMs });
  const err = new Error(wire.message, cause ? { cause } : undefined);
  err.name = wire.name;
  return err;
}

// ---------------------------------------------------------------- the worker's side

/**
 * Serves pulls on `port` (the worker's global scope): each 'pull' opens the database, pulls every
 * page, and answers 'done' or 'failed'. Requests go out as the page prepared them.
 */
export function servePulls(port: PullPort): void {
  let nextId = 0;
  const waiting = new Map<number, { resolve: (request: PreparedRequest) => void; reject: (err: Error) => void }>();
  const post = (message: FromWorker) => port.postMessage(message);

  const fetchChanges: FetchChanges = async (cursor, catalog) => {
    const id = nextId++;
    const prepared = new Promise<PreparedRequest>((resolve, reject) => waiting.set(id, { resolve, reject }));
    post({ type: 'prepare', id, cursor, catalog });
    const { url, init } = await prepared;
    let res: Response;
    try {
      res = await fetch(url, init);
    } catch (err) {
      post({ type: 'noAnswer' });
      throw new Error(NETWORK_ERROR_MESSAGE, { cause: err });
    }
    post({ type: 'answered' });
    if (!res.ok) throw await failure(res);
    return CatalogChangesPage.parse(await res.json());
  };

  async function pull(dbName: string): Promise<void> {
    const db = createCatalogDb(dbName);
    try {
      const result = await pullChanges(db, {
        fetchChanges,
        onApplied: (page, timing) => post({ type: 'applied', page: { ...page, upserted: encodeProducts(page.upserted) }, timing }),
        onProgress: (progress) => post({ type: 'progress', progress }),
      });
      post({ type: 'done', result });
    } catch (err) {
      post({ type: 'failed', error: toWire(err) });
    } finally {
      db.close();
    }
  }

  port.onmessage = ({ data }: MessageEvent<ToWorker>) => {
    if (data.type === 'pull') void pull(data.dbName);
    else {
      const entry = waiting.get(data.id);
      waiting.delete(data.id);
      if (data.type === 'prepared') entry?.resolve(data.request);
      else entry?.reject(fromWire(data.error));
    }
  };
}

// ---------------------------------------------------------------- the page's side

export interface RemotePullDeps {
  /** The URL and init of the request for the page after `cursor` (api-client's prepareRequest). */
  prepare: (cursor: number, catalog: string | undefined) => Promise<PreparedRequest>;
  /** The server answered (or did not): connectivity.ts's reportAnswer and reportNoAnswer. */
  answered: () => void;
  noAnswer: () => void;
}

/**
 * Runs one pull of the database `dbName` on the worker behind `port`, with `onApplied` and
 * `onProgress` called here as its pages are stored. Each page's APPLY_MEASURE is recorded in this
 * page too (benchmarks and DevTools read it here), ending when its message came.
 */
export function pullThroughPort(port: PullPort, dbName: string, deps: RemotePullDeps, options: Pick<PullOptions, 'onApplied' | 'onProgress'> = {}): Promise<PullResult> {
  return new Promise<PullResult>((resolve, reject) => {
    const send = (message: ToWorker) => port.postMessage(message);
    port.onmessage = ({ data }: MessageEvent<FromWorker>) => {
      switch (data.type) {
        case 'prepare':
          deps.prepare(data.cursor, data.catalog).then(
            (request) => send({ type: 'prepared', id: data.id, request }),
            (err: unknown) => send({ type: 'prepareFailed', id: data.id, error: toWire(err) }),
          );
          break;
        case 'answered':
          deps.answered();
          break;
        case 'noAnswer':
          deps.noAnswer();
          break;
        case 'applied':
          performance.measure(APPLY_MEASURE, { start: performance.now() - data.timing.duration, duration: data.timing.duration, detail: data.timing.detail });
          options.onApplied?.({ ...data.page, upserted: decodeProducts(data.page.upserted) }, data.timing);
          break;
        case 'progress':
          options.onProgress?.(data.progress);
          break;
        case 'done':
          port.onmessage = null;
          resolve(data.result);
          break;
        case 'failed':
          port.onmessage = null;
          reject(fromWire(data.error));
          break;
      }
    };
    send({ type: 'pull', dbName });
  });
}
