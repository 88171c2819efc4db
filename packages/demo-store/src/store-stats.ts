/**
 * The demo store's request counters: the totals over every store (what tests and benchmarks
 * have always read as `state.stats`) and the same counts for one store, so a run that throttles
 * one store can check that another was left alone.
 */
import type { FaultKind } from './faults';
import type { DeliveryStats } from './webhooks';

/** One store's counts. */
export interface StoreStats {
  /** Store API requests received (admin calls excluded). */
  requests: number;
  /** Requests refused because the store's quota was spent. */
  rateLimited: number;
  /** Injected faults by kind. */
  faults: Record<FaultKind, number>;
}

/** The counts over every store; `requests` includes requests to unknown hashes. */
export interface DemoStoreStats extends StoreStats {
  /** Webhook deliveries sent, by outcome. */
  webhooks: DeliveryStats;
}

export function emptyStoreStats(): StoreStats {
  return { requests: 0, rateLimited: 0, faults: { '429': 0, '500': 0, drop: 0 } };
}

export function emptyStats(): DemoStoreStats {
  return { ...emptyStoreStats(), webhooks: { delivered: 0, failed: 0 } };
}
