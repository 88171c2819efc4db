/**
 * What one sync did, counted: the engine (sync-engine.ts) fills it in, the merchant's result
 * line (sync-messages.ts) and the logs read it. A leaf module so both can import it.
 */
export interface SyncStats {
  /** Products the store lists that this sync could keep (visible ones unless invisible are included). */
  storeTotal: number;
  pagesFetched: number;
  products: number;
  variants: number;
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
  priceChanges: number;
  /** Products left out because a price does not fit the stored domain. */
  skipped: number;
}
