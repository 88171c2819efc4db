/**
 * Product pages for a sync, fetched ahead of the writer: page 1 first (it says how many products
 * and pages there are), then up to `ahead` later pages in flight while the current ones are
 * read and written, so the store's latency overlaps our parsing and database writes. Pages are only requested up to
 * the last one the sync is expected to need (`expectLast`); going further is on demand, so a
 * sync of N products costs ceil(N / page size) product requests.
 */
import type { BigCommerceClient, ProductPage, ProductPagesQuery } from '@catalog/commerce';

/**
 * Requests in flight beyond the page being read. BigCommerce counts requests, not concurrency.
 * At 20 ms latency and a few ms of store time per page, two in flight set the pace of a sync
 * (a page every ~22 ms) once its writes left the main thread; four keep the answers coming
 * faster than they are parsed.
 */
export const DEFAULT_PAGES_AHEAD = 4;

export class PageFetcher {
  private readonly inflight = new Map<number, Promise<ProductPage>>();
  private requestedUpTo = 0;
  private expectedLast = 1;

  constructor(
    private readonly client: BigCommerceClient,
    private readonly query: Omit<ProductPagesQuery, 'startPage'>,
    private readonly ahead = DEFAULT_PAGES_AHEAD,
  ) {}

  /** Sets the last page the sync expects to need (known once page 1 arrived). */
  expectLast(page: number): void {
    this.expectedLast = Math.max(1, page);
  }

  /** Page `n`: waits for the request in flight, or sends it now; then tops up the pages in flight. */
  async get(n: number): Promise<ProductPage> {
    const pending = this.inflight.get(n) ?? this.request(n);
    this.inflight.delete(n);
    const page = await pending;
    this.prefetch(n);
    return page;
  }

  /** Requests pages after `current`, up to `ahead` of them and never past the expected last page. */
  prefetch(current: number): void {
    const until = Math.min(this.expectedLast, current + this.ahead);
    for (let n = Math.max(this.requestedUpTo + 1, current + 1); n <= until; n++) this.inflight.set(n, this.request(n));
  }

  private request(n: number): Promise<ProductPage> {
    this.requestedUpTo = Math.max(this.requestedUpTo, n);
    const promise = this.fetchOne(n);
    // Awaited by `get`; a prefetched page the sync no longer wants (cancelled, failed) must not be an unhandled rejection.
    promise.catch(() => {});
    return promise;
  }

  /** One page through the client's page iterator, started at `n` and closed after one request. */
  private async fetchOne(n: number): Promise<ProductPage> {
    const pages = this.client.productPages({ ...this.query, startPage: n });
    try {
      const first = await pages.next();
      return first.done ? { page: n, totalPages: 0, total: 0, products: [] } : first.value;
    } finally {
      await pages.return(undefined);
    }
  }
}
