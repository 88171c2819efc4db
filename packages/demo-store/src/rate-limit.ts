/**
 * Per-store rate limiting as BigCommerce does it: a fixed window per store (30 s by default)
 * with a request quota (each store's own, so one store can be throttled and not another), reported on every response through the X-Rate-Limit-* headers, and a
 * 429 once the quota of the current window is spent.
 */

export interface RateLimitSettings {
  /** Requests a store may make per window. */
  quota: number;
  /** Length of the fixed window in milliseconds. */
  windowMs: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

interface Window {
  startedAt: number;
  used: number;
}

export class FixedWindowRateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    /** The quota and window of a store, read on every request so a change applies at once. */
    private readonly settings: (store: string) => RateLimitSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `store` (unless the quota is spent) and says whether it may run. */
  take(store: string): RateLimitDecision {
    const { quota, windowMs } = this.settings(store);
    const now = this.now();
    let w = this.windows.get(store);
    if (!w || now >= w.startedAt + windowMs) {
      w = { startedAt: now, used: 0 };
      this.windows.set(store, w);
    }
    const allowed = w.used < quota;
    if (allowed) w.used++;
    return { allowed, headers: this.headersFor(w, quota, windowMs, now) };
  }

  /** The headers of a response that did not count against the quota (an injected 429). */
  peek(store: string): Record<string, string> {
    const { quota, windowMs } = this.settings(store);
    const now = this.now();
    const w = this.windows.get(store) ?? { startedAt: now, used: 0 };
    return this.headersFor(w, quota, windowMs, now);
  }

  /** Forgets every window: each store starts with a full quota. */
  reset(): void {
    this.windows.clear();
  }

  private headersFor(w: Window, quota: number, windowMs: number, now: number): Record<string, string> {
    return {
      'X-Rate-Limit-Requests-Left': String(Math.max(0, quota - w.used)),
      'X-Rate-Limit-Requests-Quota': String(quota),
      'X-Rate-Limit-Time-Reset-Ms': String(Math.max(0, w.startedAt + windowMs - now)),
      'X-Rate-Limit-Time-Window-Ms': String(windowMs),
    };
  }
}
