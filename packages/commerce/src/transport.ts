/**
 * Sends one BigCommerce API call with everything a call needs: the store path and auth headers,
 * a turn from the store's pacer (rate-limiter.ts) at the call's priority, a timeout per attempt
 * combined with the caller's AbortSignal, waiting out 429s for the reset time (the pacer learns
 * the 429, so every client of the store waits with this one), and retries with backoff for 5xx,
 * network failures and timeouts. Every failure leaves as a typed BigCommerceError.
 */
import type { RequestCounters, RequestPurpose } from './counters';
import { countAttempt } from './counters';
import { BigCommerceError, errorFromResponse, isNetworkFailure } from './errors';
import { readRateLimitHeaders } from './rate-limiter';
import type { RequestPriority, StoreRateLimiter } from './rate-limiter';
import { backoffDelay } from './timing';
import type { Sleep } from './timing';

export interface TransportSettings {
  baseUrl: string;
  storeHash: string;
  accessToken: string;
  fetch: typeof fetch;
  timeoutMs: number;
  maxAttempts: number;
  maxRateLimitRetries: number;
  retryBaseMs: number;
  retryMaxMs: number;
  rateLimitReserve: number;
  /** The pacer's queue this transport's requests wait in. */
  priority: RequestPriority;
  sleep: Sleep;
  now: () => number;
  random: () => number;
  limiter: StoreRateLimiter;
  counters: RequestCounters;
}

export type QueryValue = string | number | boolean | readonly number[] | undefined;

export interface ApiRequest {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** Path below `/stores/{hash}/v3`, e.g. `/catalog/products`. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  purpose: RequestPurpose;
  signal?: AbortSignal;
  /** Overrides the client's max attempts for this call (e.g. a quick credential check). */
  maxAttempts?: number;
}

export interface ApiResponse {
  status: number;
  body: unknown;
  headers: Headers;
}

/** `id:in=1,2,3`: keys and commas stay readable, values are otherwise percent-encoded. */
export function buildQuery(query: Record<string, QueryValue> = {}): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    parts.push(`${key}=${encodeURIComponent(text).replace(/%2C/gi, ',').replace(/%3A/gi, ':')}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

function parseBody(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export class Transport {
  constructor(private readonly s: TransportSettings) {}

  async send(req: ApiRequest): Promise<ApiResponse> {
    const { s } = this;
    const url = `${s.baseUrl}/stores/${encodeURIComponent(s.storeHash)}/v3${req.path}${buildQuery(req.query)}`;
    const where = { method: req.method, path: req.path };
    const maxAttempts = Math.max(1, req.maxAttempts ?? s.maxAttempts);
    let attempt = 0;
    let rateLimitRetries = 0;
    /** Set after a 429: the request keeps its turn at the front of its queue. */
    let retry = false;
    const onWait = (ms: number) => {
      s.counters.quotaWaits++;
      s.counters.quotaWaitMs += ms;
    };

    for (;;) {
      attempt++;
      await this.guard(req.signal, () =>
        s.limiter.acquire({
          now: s.now, sleep: s.sleep, reserve: s.rateLimitReserve, priority: s.priority, retry, signal: req.signal,
          // Waiting out a 429 is counted as a retry, not as a pause the client chose.
          onWait: retry ? undefined : onWait,
        }),
      );
      retry = false;
      countAttempt(s.counters, req.purpose);
      const timeout = AbortSignal.timeout(s.timeoutMs);
      const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;

      let status: number;
      let headers: Headers;
      let body: unknown;
      try {
        const res = await s.fetch(url, {
          method: req.method,
          headers: {
            'X-Auth-Token': s.accessToken,
            Accept: 'application/json',
            ...(req.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: req.body === undefined ? undefined : JSON.stringify(req.body),
          signal,
        });
        status = res.status;
        headers = res.headers;
        body = parseBody(await res.text());
      } catch (err) {
        s.limiter.settle(null, s.now());
        const failure = this.failureOf(err, req.signal, timeout, where);
        if (failure.kind === 'aborted' || attempt >= maxAttempts) throw failure;
        await this.retryPause(attempt, req.signal);
        continue;
      }
      const rateLimit = readRateLimitHeaders(headers);
      // A 429 tells the shared pacer nothing is left until its reset: every client of the store waits.
      s.limiter.settle(rateLimit, s.now(), { rateLimited: status === 429 });

      if (status === 429) {
        s.counters.rateLimited++;
        if (rateLimitRetries >= s.maxRateLimitRetries) throw errorFromResponse(status, body, where);
        rateLimitRetries++;
        attempt--; // waiting for the window is not a failed attempt
        s.counters.retries++;
        // With a reset time the pacer holds the retry until then; without one, this request backs off alone.
        if (!rateLimit) await this.guard(req.signal, () => s.sleep(backoffDelay(rateLimitRetries, this.backoff()), req.signal));
        retry = true;
        continue;
      }
      if (status >= 500 && attempt < maxAttempts) {
        await this.retryPause(attempt, req.signal);
        continue;
      }
      if (status < 200 || status >= 300) throw errorFromResponse(status, body, where);
      return { status, body, headers };
    }
  }

  private backoff() {
    return { baseMs: this.s.retryBaseMs, maxMs: this.s.retryMaxMs, random: this.s.random };
  }

  private async retryPause(attempt: number, signal: AbortSignal | undefined): Promise<void> {
    this.s.counters.retries++;
    await this.guard(signal, () => this.s.sleep(backoffDelay(attempt, this.backoff()), signal));
  }

  /** Runs a wait; if the caller aborts meanwhile, rejects at once with kind 'aborted'. */
  private async guard(signal: AbortSignal | undefined, wait: () => Promise<void>): Promise<void> {
    if (signal?.aborted) throw abortedError(signal);
    try {
      await wait();
    } catch (err) {
      if (signal?.aborted) throw abortedError(signal);
      throw err;
    }
  }

  private failureOf(err: unknown, callerSignal: AbortSignal | undefined, timeout: AbortSignal, where: { method: string; path: string }): BigCommerceError {
    if (callerSignal?.aborted) return abortedError(callerSignal, where);
    if (timeout.aborted) {
      return new BigCommerceError({ kind: 'timeout', title: `No answer within ${this.s.timeoutMs} ms`, ...where, cause: err });
    }
    const detail = err instanceof Error ? err.message : String(err);
    const reason = isNetworkFailure(err) ? 'The connection to the store failed' : 'The request failed';
    return new BigCommerceError({ kind: 'network', title: `${reason}: ${detail}`, ...where, cause: err });
  }
}

function abortedError(signal: AbortSignal, where?: { method: string; path: string }): BigCommerceError {
  return new BigCommerceError({ kind: 'aborted', title: 'The request was cancelled', ...where, cause: signal.reason });
}
