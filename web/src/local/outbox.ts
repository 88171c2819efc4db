/**
 * The outbox (device -> server, DESIGN.md section 5): every write the server must receive
 * (creating a work order, a product's or a variant's price edit) is an entry in the signed-in
 * user's local database, written in the same transaction as its local change (the queued order
 * leaves the drafts; the edited price shows in the catalog, marked `pending`). Entries are sent
 * in order, each with its client UUID as the Idempotency-Key (a work order's `id` too), so a
 * replay after a lost response is applied once on the server.
 *
 * - Online, an entry is sent at once; the caller waits for that first attempt (`SendOutcome`).
 *   A refusal by the server then changes nothing on the device (the entry is removed and the
 *   local change undone), as the screens have always done; only a request that got no answer
 *   (offline, network) stays queued.
 * - Replays (after the connection returns, at start, on a timer) stop at the first temporary
 *   failure (network, 401 while the session cannot refresh, 408, 429, 5xx, 409 IN_PROGRESS:
 *   the first request with its key still runs) and try again with exponential backoff, or
 *   after the server's Retry-After (a 429) when it asks for longer. A permanent refusal marks the entry
 *   `rejected` with the server's message and keeps it for the user to fix or discard.
 * - One tab sends at a time (Web Locks 'outbox-send'); an entry left `sending` by a closed tab
 *   is sent again, which the idempotency key makes harmless.
 */
import { ErrorCode, isApiError } from '@catalog/contracts/errors';
import type { ProductPriceEdit, VariantPriceEdit } from '@catalog/contracts/products';
import type { CreateWorkOrderInput } from '@catalog/contracts/work-orders';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { apiFetch } from '../lib/api-client';
import { checkConnectionNow, isOffline } from '../lib/connectivity';
import type { CatalogDb, DraftRow, OutboxEntry, OutboxKind } from './catalog-db';
import { useCatalogStatus } from './catalog-query';
import { activeCatalogDb, pullNow, rowsChangedLocally } from './local-catalog';
import { isOpen, isPriceEdit, relayProduct } from './pending-edits';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Lock held by the tab that sends. */
export const SEND_LOCK = 'outbox-send';
/** Backoff after the n-th temporary failure: 1 s, 2 s, 4 s ... capped. */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;

/** The message of a write waiting for the network. */
export const WAITING_FOR_CONNECTION = 'Waiting for connection';

/**
 * What became of a write on its first attempt:
 * - sent: the server accepted it (`response` is its answer; undefined when another tab sent it)
 * - queued: no answer (offline or network): kept, sent when the connection returns
 * - failed: the server refused it; nothing was kept (the caller shows `error`)
 */
export type SendOutcome =
  | { state: 'sent'; response: unknown }
  /** `reason`: the server's message when it asked to wait (a 429: too many requests or orders). */
  | { state: 'queued'; reason?: string }
  | { state: 'failed'; error: unknown };


function requireDb(): CatalogDb {
  const db = activeCatalogDb();
  if (!db) throw new Error('Not signed in on this device');
  return db;
}


/** 'temporary': try again later; 'permanent': the server will never accept it as it is. */
export function classifyFailure(err: unknown): 'temporary' | 'permanent' {
  if (!isApiError(err)) return 'temporary'; // no answer: network, offline, aborted
  const { status, code } = err;
  if (status === 401 || status === 408 || status === 429 || status >= 500) return 'temporary';
  // The first request with this Idempotency-Key still runs: its answer will be replayed.
  if (code === ErrorCode.IN_PROGRESS) return 'temporary';
  return 'permanent';
}

export function backoffMs(attempts: number, random = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

// ---------------------------------------------------------------------------------------------
// Enqueueing

function newEntry(fields: Omit<OutboxEntry, 'status' | 'createdAt' | 'attempts' | 'nextAttemptAt'>): OutboxEntry {
  return { ...fields, status: 'queued', createdAt: Date.now(), attempts: 0, nextAttemptAt: 0 };
}

/** Submits a new work order; its draft (same id) leaves the drafts in the same transaction. */
export async function enqueueWorkOrder(body: CreateWorkOrderInput & { id: string }, draft?: DraftRow): Promise<SendOutcome> {
  const db = requireDb();
  const entry = newEntry({
    id: body.id,
    kind: 'createWorkOrder',
    request: { method: 'POST', path: '/api/work-orders', body },
    label: body.title,
    draft,
  });
  await db.transaction('rw', [db.outbox, db.drafts], async () => {
    await db.outbox.put(entry);
    await db.drafts.delete(body.id);
  });
  return sendNow(entry.id);
}

/** A product's price edit (only the changed fields; a null sale price clears it). */
export async function enqueueProductPrice(productId: number, edit: ProductPriceEdit, label: string): Promise<SendOutcome> {
  const db = requireDb();
  const id = crypto.randomUUID();
  await db.transaction('rw', [db.outbox, db.products, db.variants], async () => {
    const row = await db.products.get(productId);
    if (!row) throw new Error('This product is no longer in the catalog on this device');
    await db.outbox.put(newEntry({
      id, kind: 'productPrice', label, productId,
      request: { method: 'PUT', path: `/api/products/${productId}`, body: edit },
      before: { regularPrice: row.regularPrice, salePrice: row.salePrice },
    }));
    await relayProduct(db, productId);
  });
  await rowsChangedLocally([productId]);
  return sendNow(id);
}

/** A variant's price edit (only the changed fields; null clears). */
export async function enqueueVariantPrice(variant: { id: number; productId: number }, edit: VariantPriceEdit, label: string): Promise<SendOutcome> {
  const db = requireDb();
  const id = crypto.randomUUID();
  await db.transaction('rw', [db.outbox, db.products, db.variants], async () => {
    const set = await db.variants.get(variant.productId);
    const current = set?.variants.find((v) => v.id === variant.id);
    if (!current) throw new Error('This variant is no longer in the catalog on this device');
    await db.outbox.put(newEntry({
      id, kind: 'variantPrice', label, productId: variant.productId, variantId: variant.id,
      request: { method: 'PUT', path: `/api/variants/${variant.id}`, body: edit },
      before: { regularPrice: current.regularPrice ?? '', salePrice: current.salePrice },
    }));
    await relayProduct(db, variant.productId);
  });
  await rowsChangedLocally([variant.productId]);
  return sendNow(id);
}

// ---------------------------------------------------------------------------------------------
// Settling

type SentListener = (entry: OutboxEntry, response: unknown) => void;
const sentListeners = new Set<SentListener>();

/** Called after the server accepted an entry (in the tab that sent it). */
export function onOutboxSent(listener: SentListener): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/** Removes an entry and undoes its local change; `toDraft` puts a work order back in the drafts. */
async function removeEntry(db: CatalogDb, entry: OutboxEntry, { undo, toDraft }: { undo: boolean; toDraft: boolean }): Promise<void> {
  await db.transaction('rw', [db.outbox, db.products, db.variants, db.drafts], async () => {
    await db.outbox.delete(entry.seq!);
    if (isPriceEdit(entry) && entry.productId !== undefined) {
      const restore = undo && entry.before ? { variantId: entry.variantId, before: entry.before, edit: entry.request.body as ProductPriceEdit } : undefined;
      await relayProduct(db, entry.productId, restore);
    }
    if (toDraft && entry.draft) await db.drafts.put({ ...entry.draft, updatedAt: Date.now() });
  });
  if (isPriceEdit(entry) && entry.productId !== undefined) await rowsChangedLocally([entry.productId]);
}

async function settleSent(db: CatalogDb, entry: OutboxEntry, response: unknown): Promise<void> {
  await removeEntry(db, entry, { undo: false, toDraft: false });
  for (const listener of sentListeners) {
    try {
      listener(entry, response);
    } catch (err) {
      console.error('An outbox listener failed', err);
    }
  }
  // The server's rows (new versions, history) replace the local edit.
  if (isPriceEdit(entry)) void pullNow();
}

/** A refused price edit goes back on the device at once; the entry stays with the message. */
async function settleRejected(db: CatalogDb, entry: OutboxEntry, message: string): Promise<void> {
  await db.transaction('rw', [db.outbox, db.products, db.variants], async () => {
    await db.outbox.update(entry.seq!, { status: 'rejected', error: message });
    if (isPriceEdit(entry) && entry.productId !== undefined && entry.before) {
      await relayProduct(db, entry.productId, { variantId: entry.variantId, before: entry.before, edit: entry.request.body as ProductPriceEdit });
    }
  });
  if (isPriceEdit(entry) && entry.productId !== undefined) await rowsChangedLocally([entry.productId]);
}

/** Discards an entry (queued or rejected): a price edit's local change is undone. */
export async function discardOutboxEntry(id: string): Promise<void> {
  const db = requireDb();
  const entry = await db.outbox.where('id').equals(id).first();
  if (!entry) return;
  // A rejected edit was undone already.
  await removeEntry(db, entry, { undo: entry.status !== 'rejected', toDraft: false });
}

/**
 * A rejected work order goes back to the drafts (same id) to be fixed and submitted again; the
 * entry leaves. Resolves to the draft's id, or null when there was nothing to restore.
 */
export async function restoreRejectedWorkOrder(id: string): Promise<string | null> {
  const db = requireDb();
  const entry = await db.outbox.where('id').equals(id).first();
  if (!entry?.draft) return null;
  await removeEntry(db, entry, { undo: false, toDraft: true });
  return entry.draft.id;
}

/** Sends a queued entry again now (the user asked: "Retry"); a rejected one stays rejected. */
export async function retryOutboxNow(): Promise<void> {
  await flushOutbox({ force: true });
}

// ---------------------------------------------------------------------------------------------
// Sending

interface Waiter {
  resolve: (outcome: SendOutcome) => void;
}
/** Entries whose submitter waits for the first attempt (in this tab). */
const waiters = new Map<string, Waiter>();

function settleWaiter(id: string, outcome: SendOutcome): void {
  const waiter = waiters.get(id);
  if (!waiter) return;
  waiters.delete(id);
  waiter.resolve(outcome);
}

function sendNow(id: string): Promise<SendOutcome> {
  const outcome = new Promise<SendOutcome>((resolve) => waiters.set(id, { resolve }));
  void flushOutbox({ force: true });
  return outcome;
}

/** Sends one entry's request; throws ApiError for a refusal and Error for no answer. */
export type OutboxTransport = (entry: OutboxEntry) => Promise<unknown>;

const apiTransport: OutboxTransport = (entry) =>
  apiFetch(entry.request.path, {
    method: entry.request.method,
    body: entry.request.body,
    headers: { [IDEMPOTENCY_HEADER]: entry.id },
  });

let send: OutboxTransport = apiTransport;

/** Tests send through a stand-in; `undefined` restores the API. */
export function setOutboxTransport(transport: OutboxTransport | undefined): void {
  send = transport ?? apiTransport;
}

async function withSendLock(fn: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks?.request) await locks.request(SEND_LOCK, fn);
  else await fn();
}

let retryTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRetry(at: number): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void flushOutbox(), Math.max(0, at - Date.now()));
}

/** One pass over the queue, in order, holding the send lock. */
async function drain(db: CatalogDb, force: boolean): Promise<void> {
  await withSendLock(async () => {
    // Anything left 'sending' was cut off (a closed tab): it is sent again.
    await db.outbox.where('seq').above(0).modify((e) => {
      if (e.status === 'sending') e.status = 'queued';
    });
    const blocked = new Set<number>();
    for (;;) {
      if (isOffline()) {
        // Changes wait: if only the server seemed gone, see whether it is back (a reconnect sends them).
        checkConnectionNow();
        return;
      }
      const entry = (await db.outbox.orderBy('seq').toArray()).find((e) => isOpen(e) && !blocked.has(e.seq!));
      if (!entry) return;
      const interactive = waiters.has(entry.id);
      if (!force && !interactive && entry.nextAttemptAt > Date.now()) {
        scheduleRetry(entry.nextAttemptAt);
        return;
      }
      await db.outbox.update(entry.seq!, { status: 'sending' });
      let response: unknown;
      try {
        response = await send(entry);
      } catch (err) {
        const kind = classifyFailure(err);
        const message = err instanceof Error ? err.message : String(err);
        // A 429 (too many requests, or the company's cap on waiting orders) only asks to wait:
        // the change stays queued, also while the user looks at the form (issue 14).
        if (interactive && isApiError(err) && err.status !== 401 && err.status !== 429) {
          // The user is looking at the form: the server's refusal changes nothing locally.
          await removeEntry(db, entry, { undo: true, toDraft: true });
          settleWaiter(entry.id, { state: 'failed', error: err });
          continue;
        }
        if (kind === 'permanent') {
          await settleRejected(db, entry, message);
          settleWaiter(entry.id, { state: 'failed', error: err });
          continue;
        }
        const attempts = entry.attempts + 1;
        // The server's Retry-After (a 429), when longer than the backoff.
        const wait = Math.max(backoffMs(attempts), isApiError(err) ? (err.retryAfterMs ?? 0) : 0);
        const nextAttemptAt = Date.now() + wait;
        await db.outbox.update(entry.seq!, { status: 'queued', attempts, nextAttemptAt, error: message });
        if (interactive && isApiError(err) && err.status === 429) settleWaiter(entry.id, { state: 'queued', reason: message });
        // In order: nothing after it goes before it.
        blocked.add(entry.seq!);
        scheduleRetry(nextAttemptAt);
        return;
      }
      await settleSent(db, entry, response);
      settleWaiter(entry.id, { state: 'sent', response });
    }
  });
}

let running: Promise<void> | null = null;
let again: { force: boolean } | null = null;

/**
 * Sends what waits, in order (at start, when back online, after a backoff, after each new
 * entry). `force` ignores the backoff (the connection just returned, or the user asked). Never
 * rejects; entries whose submitter waits and that were not sent resolve as `queued`.
 */
export function flushOutbox(options: { force?: boolean } = {}): Promise<void> {
  const force = options.force ?? false;
  if (running) {
    again = { force: force || (again?.force ?? false) };
    return running;
  }
  const db = activeCatalogDb();
  if (!db) return Promise.resolve();
  running = (async () => {
    try {
      await drain(db, force);
    } catch (err) {
      console.error('The outbox could not be sent', err);
    } finally {
      running = null;
      // Whatever was not sent in this pass waits: its submitter hears it is queued.
      const pending = [...waiters.keys()];
      if (again) {
        const next = again;
        again = null;
        await flushOutbox(next);
      } else {
        let left = new Set(pending);
        try {
          left = new Set((await db.outbox.toArray()).map((e) => e.id));
        } catch {
          // unreadable: every waiter hears 'queued' (nothing is lost: the entries are stored)
        }
        for (const id of pending) settleWaiter(id, left.has(id) ? { state: 'queued' } : { state: 'sent', response: undefined });
      }
    }
  })();
  return running;
}

// ---------------------------------------------------------------------------------------------
// Observing

export interface OutboxSummary {
  /** Waiting to be sent (queued or being sent). */
  queued: number;
  /** Refused by the server, waiting for the user. */
  rejected: number;
  /** A request is on its way. */
  sending: boolean;
}

/** The outbox's entries in order, live (undefined while loading; [] when signed out). */
export function useOutbox(kind?: OutboxKind): OutboxEntry[] | undefined {
  const { uid } = useCatalogStatus();
  return useLiveQuery(async () => {
    const db = activeCatalogDb();
    if (!db) return [];
    const all = await db.outbox.orderBy('seq').toArray();
    return kind ? all.filter((e) => e.kind === kind) : all;
  }, [uid, kind]);
}

export function useOutboxSummary(): OutboxSummary {
  const entries = useOutbox();
  return useMemo(() => {
    const list = entries ?? [];
    return {
      queued: list.filter(isOpen).length,
      rejected: list.filter((e) => e.status === 'rejected').length,
      sending: list.some((e) => e.status === 'sending'),
    };
  }, [entries]);
}

/** The number of open entries now (e.g. to warn before signing out). */
export async function countOpenEntries(): Promise<number> {
  const db = activeCatalogDb();
  if (!db) return 0;
  return (await db.outbox.toArray()).filter(isOpen).length;
}

