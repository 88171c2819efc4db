/**
 * One user's catalog while it is open in this tab (local-catalog.ts opens at most one at a
 * time): its Dexie database, the in-memory index and row cache built from it, the first-page
 * snapshot read before the index, and the channel to the other tabs with the same catalog.
 */
import { catalogDbName, createCatalogDb, type CatalogDb } from './catalog-db';
import { CatalogIndex } from './catalog-index';
import { catalogInMemory } from './indexeddb-choice';
import type { PreviewSnapshot } from './catalog-preview';
import type { FetchChanges } from './catalog-pull';
import type { LocalProduct } from './local-product';
import { RowCache } from './row-cache';

export interface OpenCatalog {
  uid: string;
  db: CatalogDb;
  index: CatalogIndex;
  loaded: Promise<void>;
  /**
   * The first-page snapshot (catalog-preview.ts), read with the rows of its first pages before
   * the index starts loading; `snapshot` once read.
   */
  preview: Promise<PreviewSnapshot | null>;
  snapshot: PreviewSnapshot | null;
  /** The signed-in shell has started its pulls on it (LocalCatalog.start). */
  started: boolean;
  fetchChanges: FetchChanges | undefined;
  /** None for a catalog in memory (indexeddb-choice.ts): other tabs' databases are not this one. */
  channel: BroadcastChannel | null;
  /** Full rows lately read, for queries (kept in step with the index). */
  rows: RowCache<LocalProduct>;
  /** The index has been loaded (queries can be answered at once). */
  isLoaded: boolean;
  closed: boolean;
  /** Stops the pull running in a worker (pull-in-worker.ts), if one is. */
  stopPull: (() => void) | null;
}

/** A catalog whose index is loaded: what queries answer from. */
export type LoadedCatalog = Pick<OpenCatalog, 'db' | 'index' | 'rows'>;

/** A catalog whose index is loading, once its first-page snapshot has been read. */
export interface PreviewedCatalog {
  snapshot: PreviewSnapshot;
  rows: RowCache<LocalProduct>;
}

/** `uid`'s catalog, its database open; nothing read yet (LocalCatalog.open starts the reads). */
export function createOpenCatalog(uid: string, fetchChanges: FetchChanges | undefined): OpenCatalog {
  return {
    uid,
    db: createCatalogDb(catalogDbName(uid)),
    index: new CatalogIndex(),
    loaded: Promise.resolve(),
    preview: Promise.resolve(null),
    snapshot: null,
    started: false,
    fetchChanges,
    channel: typeof BroadcastChannel === 'function' && !catalogInMemory() ? new BroadcastChannel(catalogDbName(uid)) : null,
    rows: new RowCache(),
    isLoaded: false,
    closed: false,
    stopPull: null,
  };
}

/** The catalog if its index is loaded now; else null. */
export const loadedOf = (catalog: OpenCatalog | null): LoadedCatalog | null => (catalog?.isLoaded ? catalog : null);

/** The catalog's snapshot and row cache while its index loads, once the snapshot has been read; else null. */
export function previewedOf(catalog: OpenCatalog | null): PreviewedCatalog | null {
  return catalog && !catalog.isLoaded && catalog.snapshot ? { snapshot: catalog.snapshot, rows: catalog.rows } : null;
}
