/**
 * Sending the outbox (decision 014): entries go in queue order, one tab at a time (Web Locks
 * 'outbox-send'), each through the transport it is given (outbox-transport.ts).
 *
 * - An entry whose submitter waits (the first attempt, online: `sendNow`) hears what became of
 *   it (`SendOutcome`). A refusal by the server then changes nothing on the device (the entry
 *   is removed and the local change undone), as the screens have always done; a 429 (too many
 *   requests or orders), a 409 IN_PROGRESS (an earlier attempt still running on the server) and
 *   a request that got no answer (offline, network) stay queued.
 * - Replays (after the connection returns, at start, on a timer) stop at the first temporary
 *   failure (`classifyFailure`: network, 401 while the session cannot refresh, 408, 429, 5xx,
 *   409 IN_PROGRESS) and try again with exponential backoff, or after the server's Retry-After
 *   (a 429) when it asks for longer. A permanent refusal marks the entry `rejected` with the
 *   server's message and keeps it for the user to fix or discard.
 * - An entry left `sending` by a closed tab is sent again, which the idempotency key makes
 *   harmless.
 * - A price edit the server answers with a work order awaiting approval (201, issue 31) was
 *   delivered but wrote nothing to the store: it is never sent again, its local change is undone
 *   (as a refusal's is) and it stays, marked `sentForApproval`, for the screens to say so.
 *
 * `createSender` keeps its state (waiting submitters, the retry timer, the pass under way) in
 * the sender it makes, one per outbox.
 */
import { ErrorCode, isApiError } from '@catalog/contracts/errors';
import { checkConnectionNow, isOffline } from '../lib/connectivity';
import type { CatalogDb, OutboxEntry } from './catalog-db';
import { deviceCatalog } from './device-catalog';
import { catalogInMemory } from './indexeddb-choice';
import {
  entriesById, hasQueuedEntries, markRejected, markRetry, markSending, markSentForApproval, nextOpenEntry, removeEntry, requeueCutOff,
} from './outbox-queue';
import type { OutboxTransport } from './outbox-transport';
import { isPriceEdit, sentForApprovalAnswer, sentForApprovalOf } from './pending-edits';

/** Lock held by the tab that sends. */
export const SEND_LOCK = 'outbox-send';
/** Backoff after the n-th temporary failure: 1 s, 2 s, 4 s ... capped. */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;

/**
 * What became of a write on its first attempt:
 * - sent: the server accepted it (`response` is its answer; undefined when another tab sent it).
 *   For a price edit the answer may be a work order awaiting approval (contracts
 *   PriceEditSentForApproval; pending-edits.ts sentForApprovalOf): nothing reached the store.
 * - queued: no answer (offline or network): kept, sent when the connection returns
 * - failed: the server refused it; nothing was kept (the caller shows `error`)
 */
export type SendOutcome =
  | { state: 'sent'; response: unknown }
  /** `reason`: the server's message when it asked to wait (a 429: too many requests or orders). */
  | { state: 'queued'; reason?: string }
  | { state: 'failed'; error: unknown };

/** The time, and timers: the system's in the app; tests may pass their own. */
export interface OutboxClock {
  now(): number;
  /** Calls `fn` after `ms`; returns what cancels it. */
  after(ms: number, fn: () => void): () => void;
}

/** Reads the globals at each call, so fake timers installed by a test apply. */
export const systemClock: OutboxClock = {
  now: () => Date.now(),
  after: (ms, fn) => {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};

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

/** Like the pull (local-catalog.ts): without the lock where the outbox is this page's own, in memory. */
async function withSendLock(fn: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' || catalogInMemory() ? undefined : navigator.locks;
  if (locks?.request) await locks.request(SEND_LOCK, fn);
  else await fn();
}

export interface SenderDeps {
  /** The signed-in user's database now; null when none is open (nothing is sent). */
  db: () => CatalogDb | null;
  transport: OutboxTransport;
  clock: OutboxClock;
  /**
   * After the server accepted an entry (in this tab), once it left the outbox (or, a price edit
   * sent for approval, once it was marked so): `response` is the server's answer.
   */
  onSent: (entry: OutboxEntry, response: unknown) => void;
}

export interface Sender {
  /** Sends what waits now, and resolves when entry `id` was sent, refused or kept queued. */
  sendNow(id: string): Promise<SendOutcome>;
  /**
   * Sends what waits, in order (at start, when back online, after a backoff, after each new
   * entry). `force` ignores the backoff (the connection just returned, or the user asked).
   * Never rejects; entries whose submitter waits and that were not sent resolve as `queued`.
   */
  flush(options?: { force?: boolean }): Promise<void>;
  /** Sends nothing more: the retry timer is cancelled; a pass under way ends as it would. */
  stop(): void;
}

export function createSender({ db: currentDb, transport, clock, onSent }: SenderDeps): Sender {
  /** Entries whose submitter waits for the first attempt (in this tab). */
  const waiters = new Map<string, (outcome: SendOutcome) => void>();
  let cancelRetry: (() => void) | undefined;
  let running: Promise<void> | null = null;
  let again: { force: boolean } | null = null;
  let stopped = false;

  function settleWaiter(id: string, outcome: SendOutcome): void {
    const resolve = waiters.get(id);
    if (!resolve) return;
    waiters.delete(id);
    resolve(outcome);
  }

  function scheduleRetry(at: number): void {
    cancelRetry?.();
    if (stopped) return;
    cancelRetry = clock.after(Math.max(0, at - clock.now()), () => void flush());
  }

  async function settleSent(db: CatalogDb, entry: OutboxEntry, response: unknown): Promise<void> {
    const approval = isPriceEdit(entry) ? sentForApprovalOf(response) : null;
    // An order awaiting approval: the price goes back on the device; the pull below brings the
    // server's rows (what an earlier edit sent for approval had laid under this one goes too).
    if (approval) await markSentForApproval(db, entry, approval);
    else await removeEntry(db, entry, { undo: false, toDraft: false }, clock.now());
    onSent(entry, response);
    // The server's rows (new versions, history) replace the local edit.
    if (isPriceEdit(entry)) void deviceCatalog.pullNow();
  }

  /** What a failed attempt leaves: settled (go on with the next entry) or waiting (stop here). */
  async function failed(db: CatalogDb, entry: OutboxEntry, err: unknown, interactive: boolean): Promise<'settled' | 'waiting'> {
    const message = err instanceof Error ? err.message : String(err);
    // A 429 (too many requests, or the company's cap on waiting orders) and a 409 IN_PROGRESS
    // (an earlier attempt with this key is still running on the server) only ask to wait: the
    // change stays queued, also while the user looks at the form (issue 14).
    const asksToWait = isApiError(err) && (err.status === 429 || err.code === ErrorCode.IN_PROGRESS);
    if (interactive && isApiError(err) && err.status !== 401 && !asksToWait) {
      // The user is looking at the form: the server's refusal changes nothing locally.
      await removeEntry(db, entry, { undo: true, toDraft: true }, clock.now());
      settleWaiter(entry.id, { state: 'failed', error: err });
      return 'settled';
    }
    if (classifyFailure(err) === 'permanent') {
      await markRejected(db, entry, message);
      settleWaiter(entry.id, { state: 'failed', error: err });
      return 'settled';
    }
    const attempts = entry.attempts + 1;
    // The server's Retry-After (a 429), when longer than the backoff.
    const wait = Math.max(backoffMs(attempts), isApiError(err) ? (err.retryAfterMs ?? 0) : 0);
    const nextAttemptAt = clock.now() + wait;
    await markRetry(db, entry, { attempts, nextAttemptAt, error: message });
    // The submitter hears of this attempt now, even when another pass (the connection came back)
    // sends the entry again at once: the change is kept, and its sending shows on the card.
    if (interactive) settleWaiter(entry.id, asksToWait ? { state: 'queued', reason: message } : { state: 'queued' });
    scheduleRetry(nextAttemptAt);
    return 'waiting';
  }

  /** One pass over the queue, in order, holding the send lock. */
  async function drain(db: CatalogDb, force: boolean): Promise<void> {
    // An empty queue (nearly every start-up) needs no pass, and no lock: the browser's first lock
    // request is a long task of its own (13 ms here), in the commit of the first screen. An
    // entry written meanwhile starts its own flush.
    if (!(await hasQueuedEntries(db))) return;
    await withSendLock(async () => {
      await requeueCutOff(db);
      const blocked = new Set<number>();
      for (;;) {
        if (isOffline()) {
          // Changes wait: if only the server seemed gone, see whether it is back (a reconnect sends them).
          checkConnectionNow();
          return;
        }
        const entry = await nextOpenEntry(db, blocked);
        if (!entry) return;
        const interactive = waiters.has(entry.id);
        if (!force && !interactive && entry.nextAttemptAt > clock.now()) {
          scheduleRetry(entry.nextAttemptAt);
          return;
        }
        await markSending(db, entry);
        let response: unknown;
        try {
          response = await transport(entry);
        } catch (err) {
          if ((await failed(db, entry, err, interactive)) === 'settled') continue;
          // In order: nothing after it goes before it.
          blocked.add(entry.seq!);
          return;
        }
        await settleSent(db, entry, response);
        settleWaiter(entry.id, { state: 'sent', response });
      }
    });
  }

  function flush(options: { force?: boolean } = {}): Promise<void> {
    const force = options.force ?? false;
    if (stopped) return Promise.resolve();
    if (running) {
      again = { force: force || (again?.force ?? false) };
      return running;
    }
    const db = currentDb();
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
        if (again && !stopped) {
          const next = again;
          again = null;
          await flush(next);
        } else {
          let left: Map<string, OutboxEntry> | null = null;
          try {
            left = await entriesById(db);
          } catch {
            // unreadable: every waiter hears 'queued' (nothing is lost: the entries are stored)
          }
          for (const id of pending) settleWaiter(id, outcomeOf(id, left));
        }
      }
    })();
    return running;
  }

  /** What a submitter hears of an entry another tab sent (or that is still there). */
  function outcomeOf(id: string, left: Map<string, OutboxEntry> | null): SendOutcome {
    if (!left) return { state: 'queued' };
    const entry = left.get(id);
    if (!entry) return { state: 'sent', response: undefined };
    if (entry.status === 'sentForApproval' && entry.approval) return { state: 'sent', response: sentForApprovalAnswer(entry.approval) };
    return { state: 'queued' };
  }

  function sendNow(id: string): Promise<SendOutcome> {
    const outcome = new Promise<SendOutcome>((resolve) => waiters.set(id, resolve));
    void flush({ force: true });
    return outcome;
  }

  function stop(): void {
    stopped = true;
    cancelRetry?.();
  }

  return { sendNow, flush, stop };
}
