/**
 * Waiting: the abortable `sleep` the client uses for backoffs and rate-limit pauses (injectable
 * for tests), and the exponential backoff with full jitter for retries of 5xx and network
 * failures.
 */

/**
 * Resolves after `ms`; rejects with the signal's reason as soon as `signal` aborts. The one sleep
 * of the server side: the API's store writer and tests use it too.
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const sleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, Math.max(0, ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export interface BackoffOptions {
  /** Delay cap of the first retry, in ms; doubles with each attempt. */
  baseMs: number;
  /** Largest delay cap, in ms. */
  maxMs: number;
  /** A float in [0, 1) (Math.random, or a seeded one in tests). */
  random: () => number;
}

/**
 * The pause before retry number `attempt` (1 for the first retry): "full jitter", a uniform
 * draw between 0 and min(maxMs, baseMs * 2^(attempt-1)), so clients that failed together do not
 * come back together.
 */
export function backoffDelay(attempt: number, { baseMs, maxMs, random }: BackoffOptions): number {
  const cap = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * cap);
}
