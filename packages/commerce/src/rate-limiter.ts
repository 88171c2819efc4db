/**
 * The pacer of one store: every request any client of that store sends in this process asks it
 * for a turn (`acquire`) and reports the answer (`settle`), so a sync, a work order and a webhook
 * refresh of the same merchant share one picture of the store's quota (the quota is per store,
 * read from the X-Rate-Limit-* headers BigCommerce sends on every answer).
 *
 * - Free: while more than a reserve of requests is left in the window, requests go at once,
 *   whatever their priority.
 * - Queued: once the window's requests are spent down to the reserve, or a 429 said so (a 429
 *   seen by one client pauses every client of the store), requests wait in two queues.
 *   Foreground requests (a merchant waits on them, or their work order is being applied) leave
 *   before any background one (sync, refreshes, webhook registration); FIFO within a priority.
 * - No herd at the reset: when the window resets the pacer lets out only what the known quota
 *   allows (quota minus reserve minus requests in flight), then waits for answers to learn the
 *   new count. With no known quota it lets one request through at a time until an answer tells it.
 * - A share for orders: background requests stop a little earlier than foreground ones, keeping
 *   max(1, 10% of the quota) of each window for foreground requests that arrive mid-window, so
 *   an order started during a long sync does not wait for the window to reset. The share is
 *   bounded so background requests always keep at least one request a window.
 * - Every pause is the waiting caller's own `sleep`, ended early when its turn comes, so code
 *   that wraps the client's sleep (work slots, api/src/lib/work-slots.ts) sees the pacer's waits.
 */
import type { Sleep } from './timing';

/**
 * Who is waiting on a request, which decides the order queued requests leave in.
 * - 'foreground': a merchant waits on it or it carries out their order (work-order runs, price
 *   edits, the credential check of Settings). Goes first, and may use the window's share kept for it.
 * - 'background': reads nobody waits on (sync, store refreshes, webhook registration).
 */
export type RequestPriority = 'foreground' | 'background';

const PRIORITIES: readonly RequestPriority[] = ['foreground', 'background'];

/** Part of each window's quota background requests leave to foreground ones (at least one request). */
export const FOREGROUND_SHARE = 0.1;

export interface RateLimitHeaders {
  left: number;
  quota: number | null;
  resetMs: number;
  windowMs: number | null;
}

/** Reads the four headers; null when the answer carried no requests-left/reset pair. */
export function readRateLimitHeaders(headers: Headers): RateLimitHeaders | null {
  const num = (name: string): number | null => {
    const raw = headers.get(name);
    const n = raw === null ? Number.NaN : Number(raw);
    return Number.isFinite(n) ? n : null;
  };
  const left = num('X-Rate-Limit-Requests-Left');
  const resetMs = num('X-Rate-Limit-Time-Reset-Ms');
  if (left === null || resetMs === null) return null;
  return { left, resetMs, quota: num('X-Rate-Limit-Requests-Quota'), windowMs: num('X-Rate-Limit-Time-Window-Ms') };
}

export interface AcquireOptions {
  now: () => number;
  sleep: Sleep;
  /** Requests to leave unused in each window (other apps share the store's quota). */
  reserve: number;
  /** Default 'foreground': the pacer holds nothing back unless told a request is background. */
  priority?: RequestPriority;
  /** Join the front of its queue: a request the store refused with a 429 keeps its turn. */
  retry?: boolean;
  /** Leaves the queue at once, rejecting with the signal's reason. */
  signal?: AbortSignal;
  /** Called when a request that had to queue gets its turn, with how long it waited in ms (for counters). */
  onWait?: (ms: number) => void;
}

/** Slack added to a pause so the client wakes after the store's window, not at its very end. */
const RESET_MARGIN_MS = 10;
/** A queued request with no reset ahead waits for answers to be let out; it looks again after this long anyway. */
const IDLE_WAIT_MS = 30_000;

interface Waiter {
  priority: RequestPriority;
  reserve: number;
  /** Set by `pump` when the request may go; `wake` then ends its pause. */
  granted: boolean;
  /** Ends the current pause: its turn came, or a reset became known before the pause's end. */
  wake: AbortController;
  /** When the current pause ends by itself. */
  until: number;
}

export class StoreRateLimiter {
  private left: number | null = null;
  private quota: number | null = null;
  private windowMs: number | null = null;
  /** When the current window ends, on the client's clock; null when unknown. */
  private resetAt: number | null = null;
  /** After a reset with no known quota: one request at a time until an answer tells the count. */
  private probing = false;
  private inFlight = 0;
  private readonly queues: Record<RequestPriority, Waiter[]> = { foreground: [], background: [] };

  /**
   * Resolves when the request may be sent (it then counts as in flight until `settle`). Every
   * pause is the caller's own `sleep` (so whoever wraps it, e.g. to free a worker while a job
   * waits on its store, sees the pacer's waits too); the pacer ends it early when it is the
   * request's turn.
   */
  async acquire({ now, sleep, reserve, priority = 'foreground', retry = false, signal, onWait }: AcquireOptions): Promise<void> {
    if (signal?.aborted) throw signal.reason;
    const waiter: Waiter = { priority, reserve, granted: false, wake: new AbortController(), until: Number.POSITIVE_INFINITY };
    const queue = this.queues[priority];
    if (retry) queue.unshift(waiter);
    else queue.push(waiter);
    this.pump(now());
    if (waiter.granted) return;
    const since = now();
    try {
      while (!waiter.granted) {
        const t = now();
        const ms = this.resetAt !== null && this.resetAt > t ? this.resetAt - t + RESET_MARGIN_MS : IDLE_WAIT_MS;
        waiter.wake = new AbortController();
        waiter.until = t + ms;
        try {
          await sleep(ms, signal ? AbortSignal.any([signal, waiter.wake.signal]) : waiter.wake.signal);
        } catch (err) {
          if (signal?.aborted) throw err; // otherwise only woken: its turn, or a pause to time anew
        }
        // Whoever wakes first at a reset lets out everyone the quota allows, in priority order.
        if (!waiter.granted) this.pump(now());
      }
    } catch (err) {
      queue.splice(queue.indexOf(waiter), 1);
      this.pump(now());
      throw signal?.aborted ? signal.reason : err;
    }
    onWait?.(now() - since);
  }

  /**
   * Ends a request started by `acquire`, learning from its headers (null when no answer came).
   * A 429 (`rateLimited`) means nothing is left until its reset, whatever the headers say.
   */
  settle(headers: RateLimitHeaders | null, now: number, { rateLimited = false }: { rateLimited?: boolean } = {}): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.refill(now);
    if (headers) this.learn(rateLimited ? { ...headers, left: 0 } : headers, now);
    this.pump(now);
  }

  /** What the pacer currently believes and holds (for diagnostics and tests). */
  snapshot(): { left: number | null; quota: number | null; resetAt: number | null; inFlight: number; waiting: Record<RequestPriority, number> } {
    return {
      left: this.left, quota: this.quota, resetAt: this.resetAt, inFlight: this.inFlight,
      waiting: { foreground: this.queues.foreground.length, background: this.queues.background.length },
    };
  }

  private learn(headers: RateLimitHeaders, now: number): void {
    const resetAt = now + headers.resetMs;
    const windowMs = headers.windowMs ?? this.windowMs ?? 30_000;
    const sameWindow = this.resetAt !== null && this.left !== null && Math.abs(resetAt - this.resetAt) < windowMs / 2;
    if (sameWindow && this.left !== null && this.resetAt !== null) {
      // Answers to concurrent requests arrive out of order: the smallest count is the latest.
      this.left = Math.min(this.left, headers.left);
      this.resetAt = Math.max(this.resetAt, resetAt);
    } else {
      this.left = headers.left;
      this.resetAt = resetAt;
    }
    this.probing = false;
    this.quota = headers.quota ?? this.quota;
    this.windowMs = headers.windowMs ?? this.windowMs;
  }

  /** Once the window is over the store has refilled the quota; the next answers tell the new count. */
  private refill(now: number): void {
    if (this.resetAt === null || now < this.resetAt) return;
    this.resetAt = null;
    if (this.quota !== null && this.quota > 0) {
      this.left = this.quota;
    } else {
      this.left = null;
      this.probing = true;
    }
  }

  /** Requests of this priority leave unused in the window (see the header for the share). */
  private keep(priority: RequestPriority, reserve: number): number {
    const q = this.quota;
    const foreground = q === null ? reserve : Math.min(reserve, Math.max(0, q - 1));
    if (priority === 'foreground') return foreground;
    const share = q === null ? 1 : Math.max(1, Math.round(q * FOREGROUND_SHARE));
    return q === null ? foreground + share : Math.max(foreground, Math.min(foreground + share, q - 1));
  }

  private hasRoom(w: Waiter): boolean {
    if (this.left === null) return !this.probing || this.inFlight === 0;
    return this.left - this.inFlight > this.keep(w.priority, w.reserve);
  }

  /** Lets out every waiter there is room for, in priority order. */
  private pump(now: number): void {
    this.refill(now);
    for (const priority of PRIORITIES) {
      const queue = this.queues[priority];
      while (queue.length > 0 && this.hasRoom(queue[0]!)) this.grant(queue.shift()!);
      // A waiting foreground request holds back every background one.
      if (queue.length > 0) break;
    }
    // Never stall with nothing in flight and no reset to wait for (a store that sent odd
    // headers): the first waiter goes and its answer tells the count.
    const first = this.queues.foreground[0] ?? this.queues.background[0];
    if (first && this.inFlight === 0 && (this.resetAt === null || this.resetAt <= now)) this.grant(this.queues[first.priority].shift()!);
    // A pause that outlasts a reset learned since (it waited for answers) ends, to be timed anew.
    if (this.resetAt === null) return;
    const due = this.resetAt + RESET_MARGIN_MS;
    for (const w of [...this.queues.foreground, ...this.queues.background]) if (w.until > due) w.wake.abort();
  }

  private grant(w: Waiter): void {
    this.inFlight++;
    w.granted = true;
    w.wake.abort();
  }
}

const shared = new Map<string, StoreRateLimiter>();

/** The process-wide pacer of one store (keyed by API base URL and store hash). */
export function sharedRateLimiter(baseUrl: string, storeHash: string): StoreRateLimiter {
  const key = `${baseUrl}|${storeHash}`;
  let limiter = shared.get(key);
  if (!limiter) {
    limiter = new StoreRateLimiter();
    shared.set(key, limiter);
  }
  return limiter;
}
