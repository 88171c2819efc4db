/**
 * Client-side pacing for one store, from the X-Rate-Limit-* headers BigCommerce sends on every
 * answer. When the requests left in the window fall to a small reserve, the next request waits
 * for the window to reset instead of burning into a 429, so a long sync runs near the quota.
 * One limiter is shared by every client of the same store in the process (the quota is per store).
 */
import type { Sleep } from './timing';

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
  signal?: AbortSignal;
  /** Called before each pause with its length in ms (for counters). */
  onWait?: (ms: number) => void;
}

/** Slack added to a pause so the client wakes after the store's window, not at its very end. */
const RESET_MARGIN_MS = 10;

export class StoreRateLimiter {
  private left: number | null = null;
  private quota: number | null = null;
  private windowMs: number | null = null;
  /** When the current window ends, on the client's clock; null when unknown. */
  private resetAt: number | null = null;
  private inFlight = 0;

  /** Waits, if the quota is nearly spent, until the window resets; then counts one request in flight. */
  async acquire({ now, sleep, reserve, signal, onWait }: AcquireOptions): Promise<void> {
    for (;;) {
      const t = now();
      if (this.resetAt !== null && t >= this.resetAt) {
        // The window is over: the store has refilled the quota; the next answer tells the new count.
        this.left = this.quota;
        this.resetAt = null;
      }
      const keep = this.quota === null ? reserve : Math.min(reserve, Math.max(0, this.quota - 1));
      if (this.left === null || this.resetAt === null || this.left - this.inFlight > keep) {
        this.inFlight++;
        return;
      }
      const ms = this.resetAt - t + RESET_MARGIN_MS;
      onWait?.(ms);
      await sleep(ms, signal);
    }
  }

  /** Ends a request started by `acquire`, learning from its headers (null when no answer came). */
  settle(headers: RateLimitHeaders | null, now: number): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (!headers) return;
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
    this.quota = headers.quota ?? this.quota;
    this.windowMs = headers.windowMs ?? this.windowMs;
  }

  /** What the limiter currently believes (for diagnostics and tests). */
  snapshot(): { left: number | null; quota: number | null; resetAt: number | null; inFlight: number } {
    return { left: this.left, quota: this.quota, resetAt: this.resetAt, inFlight: this.inFlight };
  }
}

const shared = new Map<string, StoreRateLimiter>();

/** The process-wide limiter of one store (keyed by API base URL and store hash). */
export function sharedRateLimiter(baseUrl: string, storeHash: string): StoreRateLimiter {
  const key = `${baseUrl}|${storeHash}`;
  let limiter = shared.get(key);
  if (!limiter) {
    limiter = new StoreRateLimiter();
    shared.set(key, limiter);
  }
  return limiter;
}
