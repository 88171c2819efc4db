/**
 * The local catalog's status, which the screens subscribe to (local-catalog.ts keeps one per
 * catalog instance): whose catalog is open, whether its index answers, the pull under way, and
 * a version that moves with every change of the index.
 */
import type { PullProgress } from './catalog-pull';

export interface CatalogStatus {
  /** Whose catalog is open; null when none. */
  uid: string | null;
  /** The index is loaded: queries answer from the device. */
  ready: boolean;
  pulling: boolean;
  /** During a pull; `initial` for a first pull (or a reset), which shows a progress bar. */
  progress: PullProgress | null;
  /** The last pull that finished, in this tab. */
  lastPulledAt: number | null;
  /** The last pull's failure message (cleared by the next success). */
  error: string | null;
  /** Products in the local catalog. */
  productCount: number;
  /** Moves with every change of the index: queries read it to know when to run again. */
  version: number;
}

/** No catalog open; a new catalog starts from it too (with its uid and the next version). */
export const INITIAL_STATUS: CatalogStatus = {
  uid: null,
  ready: false,
  pulling: false,
  progress: null,
  lastPulledAt: null,
  error: null,
  productCount: 0,
  version: 0,
};

export interface StatusStore {
  get(): CatalogStatus;
  /** Changes the status (a new object) and tells every listener. */
  set(patch: Partial<CatalogStatus>): void;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createStatusStore(): StatusStore {
  let status = INITIAL_STATUS;
  const listeners = new Set<() => void>();
  return {
    get: () => status,
    set(patch) {
      status = { ...status, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
