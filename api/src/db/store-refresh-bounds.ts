/**
 * How many rows one company's store webhooks can make (issue 31: the receiver wrote a row for
 * every delivery with a new body, and queued any product id a delivery named). Both dialects'
 * `storeRefreshes.receive` keep within these, in the delivery's transaction.
 */
export interface StoreRefreshBounds {
  /**
   * Delivery hashes remembered per company (for deduplication): past it the oldest are forgotten,
   * so a late repeat of one of those queues its product again, which costs one more read.
   */
  receipts: number;
  /**
   * Products waiting to be re-read per company: a delivery that would queue one more is refused
   * (StoreRefreshQueueFullError, nothing written) until the worker has read some, and the store
   * delivers it again later. 10,000 is 40 store requests of 250 products.
   */
  queued: number;
}

export const STORE_REFRESH_BOUNDS: Readonly<StoreRefreshBounds> = { receipts: 10_000, queued: 10_000 };

/** The company's queue of products to re-read is full: the delivery was not recorded. */
export class StoreRefreshQueueFullError extends Error {
  constructor(readonly companyId: string) {
    super('the queue of products to re-read from the store is full');
  }
}
