/**
 * The signed-in user's local catalog in this tab: its Dexie database, the in-memory index built
 * from it, the pulls that keep both up to date, and a status the screens subscribe to.
 *
 * - One catalog is open at a time, the signed-in user's (`openLocalCatalog(uid)`). Opening it
 *   reads the first-page snapshot with its first rows, then loads the index (catalog-load.ts)
 *   in short steps: reopening /products shows its first page without waiting for the index.
 * - One tab pulls at a time (Web Locks 'catalog-pull'; without Web Locks each tab pulls on its
 *   own, which stays correct because every page is an idempotent upsert by id). Tabs tell each
 *   other what a pull changed (BroadcastChannel), so every tab's index follows.
 * - Signing out deletes the user's catalog (registered with lib/sign-out-callbacks); unsent
 *   drafts and outbox entries stay for that user's next sign-in.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { onSignOut } from '../lib/sign-out-callbacks';
import { isOffline } from '../lib/connectivity';
import type { AppliedPage } from './catalog-apply';
import { catalogDbName, createCatalogDb, deleteCatalogDb, type CatalogDb, type StoredProduct } from './catalog-db';
import { CatalogIndex } from './catalog-index';
import { loadIndex, readFirstPages } from './catalog-load';
import { writePreview, type PreviewSnapshot } from './catalog-preview';
import { pullChanges, type FetchChanges, type PullProgress } from './catalog-pull';
import type { LocalProduct } from './local-product';
import { RowCache } from './row-cache';
import { reportStorageError } from './storage';

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

interface ActiveCatalog {
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
  /** The signed-in shell has started its pulls on it (startLocalCatalog). */
  started: boolean;
  fetchChanges: FetchChanges | undefined;
  channel: BroadcastChannel | null;
  /** Full rows lately read, for queries (kept in step with the index). */
  rows: RowCache<LocalProduct>;
  /** The index has been loaded (queries can be answered at once). */
  isLoaded: boolean;
  closed: boolean;
}

/** User Timing entry of the index's load, page open to built (benchmarks and DevTools read it). */
export const INDEX_LOAD_MEASURE = 'catalog-index-load';
/** Lock held by the tab that pulls. */
export const PULL_LOCK = 'catalog-pull';
/** Above this many products, other tabs reload their index rather than reading the ids. */
const BROADCAST_MAX_IDS = 5_000;

const INITIAL_STATUS: CatalogStatus = {
  uid: null,
  ready: false,
  pulling: false,
  progress: null,
  lastPulledAt: null,
  error: null,
  productCount: 0,
  version: 0,
};

let active: ActiveCatalog | null = null;
let status: CatalogStatus = INITIAL_STATUS;
const listeners = new Set<() => void>();

function setStatus(patch: Partial<CatalogStatus>): void {
  status = { ...status, ...patch };
  for (const listener of listeners) listener();
}

/** While a pull writes page after page, queries run again at most this often. */
const PULL_NOTIFY_MS = 2_000;
let notifyTimer: ReturnType<typeof setTimeout> | undefined;
let lastNotified = 0;

/**
 * The index changed: queries run again. During a pull, at most every 2 s (each run re-merges
 * and re-reads a page while the pull is writing), and always at its end (`now`).
 */
function indexChanged(catalog: ActiveCatalog, now = true): void {
  if (catalog !== active) return;
  clearTimeout(notifyTimer);
  notifyTimer = undefined;
  const wait = now ? 0 : lastNotified + PULL_NOTIFY_MS - Date.now();
  if (wait > 0) {
    notifyTimer = setTimeout(() => indexChanged(catalog), wait);
    return;
  }
  lastNotified = Date.now();
  setStatus({ productCount: catalog.index.size, version: status.version + 1 });
  if (catalog.isLoaded) void writePreview(catalog.db, catalog.index);
}

export function getCatalogStatus(): CatalogStatus {
  return status;
}

export function subscribeCatalog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open catalog once its index is loaded; null when none is open. */
export async function readyCatalog(): Promise<{ db: CatalogDb; index: CatalogIndex; rows: RowCache<LocalProduct> } | null> {
  const catalog = active;
  if (!catalog) return null;
  await catalog.loaded;
  return catalog === active ? catalog : null;
}

/** The open catalog's database, whether or not its index is loaded yet. */
export function activeCatalogDb(): CatalogDb | null {
  return active?.db ?? null;
}

/** The open catalog's first-page snapshot (read when it opened); null when none is open. */
export function catalogPreview(): Promise<PreviewSnapshot | null> | null {
  return active?.preview ?? null;
}

/**
 * The open catalog's first-page snapshot and row cache while its index loads, once the snapshot
 * has been read (for a first page without waiting); else null.
 */
export function previewedCatalog(): { snapshot: PreviewSnapshot; rows: RowCache<LocalProduct> } | null {
  return active && !active.isLoaded && active.snapshot ? { snapshot: active.snapshot, rows: active.rows } : null;
}

/** The open catalog if its index is loaded now (for answers without waiting); else null. */
export function loadedCatalog(): { db: CatalogDb; index: CatalogIndex; rows: RowCache<LocalProduct> } | null {
  return active?.isLoaded ? active : null;
}

export interface OpenOptions {
  /** Where pages of changes come from; the API unless a test passes a stand-in. */
  fetchChanges?: FetchChanges;
}

/**
 * Opens `uid`'s catalog (closing another user's) and loads its index. Returns true when it was
 * opened now, false when it was open already.
 */
export function openLocalCatalog(uid: string, options: OpenOptions = {}): boolean {
  if (active?.uid === uid) return false;
  closeLocalCatalog();
  const catalog: ActiveCatalog = {
    uid,
    db: createCatalogDb(catalogDbName(uid)),
    index: new CatalogIndex(),
    loaded: Promise.resolve(),
    preview: Promise.resolve(null),
    snapshot: null,
    started: false,
    fetchChanges: options.fetchChanges,
    channel: typeof BroadcastChannel === 'function' ? new BroadcastChannel(catalogDbName(uid)) : null,
    rows: new RowCache(),
    isLoaded: false,
    closed: false,
  };
  active = catalog;
  setStatus({ ...INITIAL_STATUS, uid, version: status.version + 1 });
  const started = performance.now();
  // The snapshot and its first pages are read first, then the index loads in steps short enough
  // for that page to render between them. The load starts at once (not after the first page is
  // shown: a pull waits for it, and a screen that shows no products would wait for nothing).
  catalog.preview = readFirstPages(catalog.db, catalog.rows).then(
    (snapshot) => (catalog.snapshot = snapshot),
    () => null,
  );
  catalog.loaded = catalog.preview.then(() => loadIndex(catalog)).then(
    () => {
      catalog.isLoaded = true;
      performance.measure(INDEX_LOAD_MEASURE, { start: started, detail: { products: catalog.index.size } });
      if (catalog === active) setStatus({ ready: true });
      indexChanged(catalog);
    },
    (err: unknown) => {
      console.error('Could not read the local catalog', err);
      if (catalog === active) setStatus({ ready: true, error: getErrorMessage(err, 'Could not read the local catalog') });
    },
  );
  catalog.channel?.addEventListener('message', (event: MessageEvent<TabMessage>) => {
    void followOtherTab(catalog, event.data);
  });
  return true;
}

/**
 * Opens `uid`'s catalog if it is not open yet (it may have been opened early, app/start-early.ts)
 * and returns true the first time the signed-in shell asks for this catalog: the shell then
 * sends the outbox and pulls. False while the shell remounts between routes.
 */
export function startLocalCatalog(uid: string, options: OpenOptions = {}): boolean {
  openLocalCatalog(uid, options);
  if (!active || active.started) return false;
  active.started = true;
  return true;
}

/** Closes the open catalog (its data stays on the device). */
export function closeLocalCatalog(): void {
  const catalog = active;
  if (!catalog) return;
  catalog.closed = true;
  clearTimeout(notifyTimer);
  catalog.channel?.close();
  catalog.db.close();
  active = null;
  setStatus({ ...INITIAL_STATUS, version: status.version + 1 });
}

/** What a pull in one tab changed, for the others. */
interface TabMessage {
  reset: boolean;
  /** null: too many to list, reload the index. */
  upserted: number[] | null;
  deleted: number[];
}

async function followOtherTab(catalog: ActiveCatalog, message: TabMessage): Promise<void> {
  await catalog.loaded;
  if (catalog.closed) return;
  if (message.reset || message.upserted === null) {
    // Answers wait for the reload rather than come from a half-filled index.
    catalog.isLoaded = false;
    catalog.rows.clear();
    if (message.reset) catalog.index.clear();
    catalog.loaded = loadIndex(catalog);
    await catalog.loaded;
    catalog.index.apply([], message.deleted);
    catalog.isLoaded = true;
  } else {
    catalog.rows.delete(message.upserted);
    catalog.rows.delete(message.deleted);
    const rows = await catalog.db.products.bulkGet(message.upserted);
    catalog.index.apply(rows.filter((r): r is StoredProduct => r !== undefined), message.deleted);
  }
  indexChanged(catalog);
}

/**
 * Rows of `ids` were changed on this device (an offline price edit, or it settled): the index,
 * the row cache and the other tabs follow. Call after the transaction that changed them.
 */
export async function rowsChangedLocally(ids: number[]): Promise<void> {
  const catalog = active;
  if (!catalog || ids.length === 0) return;
  await catalog.loaded;
  if (catalog.closed) return;
  catalog.rows.delete(ids);
  const rows = await catalog.db.products.bulkGet(ids);
  const present = rows.filter((r): r is StoredProduct => r !== undefined);
  catalog.index.apply(present);
  indexChanged(catalog);
  catalog.channel?.postMessage({ reset: false, upserted: present.map((p) => p.id), deleted: [] } satisfies TabMessage);
}

function applyToIndex(catalog: ActiveCatalog, page: AppliedPage): void {
  if (page.reset) {
    catalog.index.clear();
    catalog.rows.clear();
  }
  catalog.rows.delete(page.upserted.map((p) => p.id));
  catalog.rows.delete(page.deletedProductIds);
  catalog.index.apply(page.upserted, page.deletedProductIds);
  indexChanged(catalog, false);
  const many = page.upserted.length > BROADCAST_MAX_IDS;
  const message: TabMessage = { reset: page.reset, upserted: many ? null : page.upserted.map((p) => p.id), deleted: page.deletedProductIds };
  if (page.upserted.length || page.deletedProductIds.length || page.reset) catalog.channel?.postMessage(message);
}

/** Runs `fn` holding the pull lock across tabs (or directly where Web Locks is absent). */
async function withPullLock(fn: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks?.request) await locks.request(PULL_LOCK, fn);
  else await fn();
}

async function pullOnce(catalog: ActiveCatalog): Promise<void> {
  await catalog.loaded;
  if (catalog.closed) return;
  setStatus({ pulling: true, progress: null });
  try {
    await withPullLock(async () => {
      if (catalog.closed) return;
      await pullChanges(catalog.db, {
        fetchChanges: catalog.fetchChanges,
        onApplied: (page) => applyToIndex(catalog, page),
        onProgress: (progress) => {
          if (catalog === active) setStatus({ progress });
        },
      });
    });
    indexChanged(catalog);
    if (catalog === active) setStatus({ pulling: false, progress: null, error: null, lastPulledAt: Date.now() });
  } catch (err) {
    if (catalog !== active) return; // closed meanwhile (sign-out): nothing to report
    indexChanged(catalog);
    console.error('Catalog pull failed', err);
    // A full disk is the user's to fix: the app shows "Storage is full" (app/storage-full-notice).
    reportStorageError(err);
    setStatus({ pulling: false, progress: null, error: getErrorMessage(err, 'Could not update the local catalog') });
  }
}

let running: Promise<void> | null = null;
let queued: Promise<void> | null = null;

/**
 * Pulls the catalog's changes now: after a sync, after a work order ran, when back online.
 * A call during a pull runs one more pull after it (changes may have landed meanwhile).
 * Never rejects: a failure is in the status. Skipped while offline.
 */
export function pullNow(): Promise<void> {
  const catalog = active;
  if (!catalog) return Promise.resolve();
  if (isOffline()) return Promise.resolve();
  if (running) {
    queued ??= running.then(() => {
      queued = null;
      return pullNow();
    });
    return queued;
  }
  running = pullOnce(catalog).finally(() => {
    running = null;
  });
  return running;
}

/**
 * Signing out: a shared device must not keep the last user's catalog, so it goes. What the user
 * typed and has not reached the server (drafts, queued writes) stays, in that user's database
 * only, and is sent when they sign in again; with nothing of that kind the database goes whole.
 */
export async function forgetUserCatalog(uid: string): Promise<void> {
  if (active?.uid === uid) closeLocalCatalog();
  const db = createCatalogDb(catalogDbName(uid));
  try {
    const [queued, drafts] = await Promise.all([db.outbox.count(), db.drafts.count()]);
    if (queued === 0 && drafts === 0) {
      db.close();
      await deleteCatalogDb(uid);
      return;
    }
    await db.transaction('rw', [db.products, db.variants, db.categories, db.meta, db.workOrders], () =>
      Promise.all([db.products.clear(), db.variants.clear(), db.categories.clear(), db.meta.clear(), db.workOrders.clear()]),
    );
  } finally {
    db.close();
  }
}

onSignOut(forgetUserCatalog);
