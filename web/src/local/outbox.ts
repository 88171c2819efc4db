/**
 * The outbox (device -> server, decision 014): every write the server must
 * receive (creating a work order, a product's or a variant's price edit) is an entry in the
 * signed-in user's local database, written in the same transaction as its local change, and
 * sent in order with its client UUID as the Idempotency-Key (a work order's `id` too), so a
 * replay after a lost response is applied once on the server.
 *
 * `createOutbox({ db, transport, clock })` makes one; its parts:
 * - outbox-queue.ts: the entries on Dexie (enqueue with the local change, settle, discard);
 * - outbox-sender.ts: sending in order, the outcome a submitter waits for, which failures are
 *   temporary, backoff;
 * - outbox-transport.ts: the request to the API;
 * - outbox-hooks.ts: React (the app's instance from context, the live entries, a summary).
 * The app makes one instance (app/app-outbox.ts, provided by the signed-in shell); tests make
 * their own with a stand-in transport.
 */
import type { ProductPriceEdit, VariantPriceEdit } from '@catalog/contracts/products';
import type { CreateWorkOrderInput } from '@catalog/contracts/work-orders';
import type { CatalogDb, DraftRow, OutboxEntry } from './catalog-db';
import { countOpenEntries, discardEntry, putProductPrice, putVariantPrice, putWorkOrder, restoreRejectedWorkOrder } from './outbox-queue';
import { createSender, systemClock, type OutboxClock, type SendOutcome } from './outbox-sender';
import type { OutboxTransport } from './outbox-transport';

export interface OutboxDeps {
  /**
   * The signed-in user's database, asked at each use (it changes with who is signed in):
   * `deviceCatalog.db` in the app. Null when none is open: nothing is sent, writes are refused.
   */
  db: () => CatalogDb | null;
  /** How an entry reaches the server: `apiOutboxTransport` in the app. */
  transport: OutboxTransport;
  /** The system's time and timers unless given. */
  clock?: OutboxClock;
}

export type SentListener = (entry: OutboxEntry, response: unknown) => void;

export interface Outbox {
  /** The database it works on now (null when signed out). */
  db(): CatalogDb | null;
  /** Submits a new work order; its draft (same id) leaves the drafts in the same transaction. */
  enqueueWorkOrder(body: CreateWorkOrderInput & { id: string }, draft?: DraftRow): Promise<SendOutcome>;
  /** A product's price edit (only the changed fields; a null sale price clears it). */
  enqueueProductPrice(productId: number, edit: ProductPriceEdit, label: string): Promise<SendOutcome>;
  /** A variant's price edit (only the changed fields; null clears). */
  enqueueVariantPrice(variant: { id: number; productId: number }, edit: VariantPriceEdit, label: string): Promise<SendOutcome>;
  /**
   * Discards an entry (queued or rejected): a price edit's local change is undone. An edit sent
   * for approval is only dismissed (its change was undone when the server answered).
   */
  discard(id: string): Promise<void>;
  /**
   * A rejected work order goes back to the drafts (same id) to be fixed and submitted again; the
   * entry leaves. Resolves to the draft's id, or null when there was nothing to restore.
   */
  restoreRejectedWorkOrder(id: string): Promise<string | null>;
  /** Sends what is queued now (the user asked: "Retry"); a rejected entry stays rejected. */
  retryNow(): Promise<void>;
  /**
   * Sends what waits, in order (at start, when back online, after a backoff, after each new
   * entry). `force` ignores the backoff (the connection just returned, or the user asked).
   * Never rejects.
   */
  flush(options?: { force?: boolean }): Promise<void>;
  /**
   * Calls `listener` after the server accepted an entry (in the tab that sent it), with its
   * answer (for a price edit, maybe a work order awaiting approval); returns the unsubscribe.
   */
  onSent(listener: SentListener): () => void;
  /** The number of open entries now (e.g. to warn before signing out); 0 when signed out. */
  countOpenEntries(): Promise<number>;
  /** Sends nothing more (its retry timer is cancelled): for an outbox made for a while, as a test's. */
  stop(): void;
}

export function createOutbox({ db: currentDb, transport, clock = systemClock }: OutboxDeps): Outbox {
  const sentListeners = new Set<SentListener>();
  const sender = createSender({
    db: currentDb,
    transport,
    clock,
    onSent: (entry, response) => {
      for (const listener of sentListeners) {
        try {
          listener(entry, response);
        } catch (err) {
          console.error('An outbox listener failed', err);
        }
      }
    },
  });

  function requireDb(): CatalogDb {
    const db = currentDb();
    if (!db) throw new Error('Not signed in on this device');
    return db;
  }

  return {
    db: currentDb,
    // Each is async: signed out, it rejects rather than throws.
    enqueueWorkOrder: async (body, draft) => sender.sendNow(await putWorkOrder(requireDb(), body, draft, clock.now())),
    enqueueProductPrice: async (productId, edit, label) => sender.sendNow(await putProductPrice(requireDb(), productId, edit, label, clock.now())),
    enqueueVariantPrice: async (variant, edit, label) => sender.sendNow(await putVariantPrice(requireDb(), variant, edit, label, clock.now())),
    discard: async (id) => discardEntry(requireDb(), id, clock.now()),
    restoreRejectedWorkOrder: async (id) => restoreRejectedWorkOrder(requireDb(), id, clock.now()),
    retryNow: () => sender.flush({ force: true }),
    flush: (options) => sender.flush(options),
    onSent: (listener) => {
      sentListeners.add(listener);
      return () => void sentListeners.delete(listener);
    },
    countOpenEntries: async () => {
      const db = currentDb();
      return db ? countOpenEntries(db) : 0;
    },
    stop: () => sender.stop(),
  };
}
