/**
 * Request counters of a client, by what the request was for, so a sync or a benchmark can
 * report how many calls it took, how many were retried and how often the rate limit bit.
 */

/** What a request is for; each HTTP attempt counts once under its purpose. */
export type RequestPurpose = 'productPage' | 'category' | 'write' | 'read';

export interface RequestCounters {
  /** Every HTTP attempt sent, retries included. */
  total: number;
  /** Attempts to fetch a page of products. */
  productPages: number;
  /** Attempts to fetch category trees or their categories. */
  categoryRequests: number;
  /** Attempts to update products or variants. */
  writes: number;
  /** Other reads: prices, products by id, credential checks. */
  reads: number;
  /** Attempts that were a retry (after a 5xx, a network failure, a timeout or a 429). */
  retries: number;
  /** 429 answers received. */
  rateLimited: number;
  /** Times the client paused on its own because the store's quota was nearly spent. */
  quotaWaits: number;
  /** Time spent in those pauses, in ms. */
  quotaWaitMs: number;
}

export function emptyCounters(): RequestCounters {
  return { total: 0, productPages: 0, categoryRequests: 0, writes: 0, reads: 0, retries: 0, rateLimited: 0, quotaWaits: 0, quotaWaitMs: 0 };
}

const PURPOSE_FIELD: Record<RequestPurpose, 'productPages' | 'categoryRequests' | 'writes' | 'reads'> = {
  productPage: 'productPages',
  category: 'categoryRequests',
  write: 'writes',
  read: 'reads',
};

export function countAttempt(counters: RequestCounters, purpose: RequestPurpose): void {
  counters.total++;
  counters[PURPOSE_FIELD[purpose]]++;
}
