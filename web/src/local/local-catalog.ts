/**
 * The signed-in user's local catalog in a tab: `createLocalCatalog(deps)` makes one, which opens
 * a user's catalog (open-catalog.ts: its Dexie database, the in-memory index built from it),
 * keeps it up to date with pulls, and has a status the screens subscribe to (catalog-status.ts).
 * Everything it keeps is its own: the app makes one (device-catalog.ts), a test or a benchmark
 * may make others.
 *
 * - One catalog is open at a time, the signed-in user's (`open(uid)`). Opening it reads the
 *   first-page snapshot with its first rows, then loads the index (catalog-load.ts) in short
 *   steps: reopening /products shows its first page without waiting for the index.
 * - One tab pulls at a time (Web Locks 'catalog-pull'; without Web Locks each tab pulls on its
 *   own, which stays correct because every page is an idempotent upsert by id). Tabs tell each
 *   other what a pull changed (catalog-tabs.ts), so every tab's index follows.
 * - Signing out deletes the user's catalog (`forget`, which the app registers with
 *   lib/sign-out-callbacks); unsent drafts and outbox entries stay for that user's next sign-in.
 */
import { ErrorCode, getErrorMessage, isApiError } from '@catalog/contracts/errors';
import { forgetCatalogData, type CatalogDb } from './catalog-db';
import { loadIndex, readFirstPages } from './catalog-load';
import { writePreview, type PreviewSnapshot } from './catalog-preview';
import { readCursor, type AppliedPage } from './catalog-apply';
import { pullChanges, type FetchChanges, type PullProgress } from './catalog-pull';
import { createStatusStore, INITIAL_STATUS, type CatalogStatus } from './catalog-status';
import { followOtherTab, followPage, followRows, type TabMessage } from './catalog-tabs';
import { catalogInMemory } from './indexeddb-choice';
import { createOpenCatalog, loadedOf, previewedOf, type LoadedCatalog, type OpenCatalog, type PreviewedCatalog } from './open-catalog';
import { canPullInWorker, pullInWorker } from './pull-in-worker';
import { reportStorageError } from './storage';

/** User Timing entry of the index's load, page open to built (benchmarks and DevTools read it). */
export const INDEX_LOAD_MEASURE = 'catalog-index-load';
/** Lock held by the tab that pulls. */
const PULL_LOCK = 'catalog-pull';
/** While a pull writes page after page, queries run again at most this often. */
const PULL_NOTIFY_MS = 2_000;

export interface LocalCatalogDeps {
  /** Whether the device is offline now: no pull is tried then (lib/connectivity's in the app). */
  isOffline: () => boolean;
}

export interface OpenOptions {
  /** Where pages of changes come from; the API unless a test passes a stand-in. */
  fetchChanges?: FetchChanges;
}

/**
 * What queries read (catalog-query.ts): whose catalog, whether its index is loaded, its version,
 * and the catalog open as of them. A new object when one of the three moves (not on a pull's
 * progress), so a hook that depends on it runs again exactly then.
 */
export interface CatalogView {
  readonly uid: string | null;
  readonly ready: boolean;
  readonly version: number;
  /** The open catalog's database, whether or not its index is loaded yet. */
  readonly db: CatalogDb | null;
  /** The open catalog if its index is loaded now (answers without waiting); else null. */
  loaded(): LoadedCatalog | null;
  /** Its snapshot and row cache while the index loads, once the snapshot is read; else null. */
  previewed(): PreviewedCatalog | null;
}

const viewOf = ({ uid, ready, version }: CatalogStatus, catalog: OpenCatalog | null): CatalogView => ({
  uid, ready, version, db: catalog?.db ?? null, loaded: () => loadedOf(catalog), previewed: () => previewedOf(catalog),
});

export function createLocalCatalog({ isOffline }: LocalCatalogDeps) {
  const status = createStatusStore();
  let active: OpenCatalog | null = null;
  let view = viewOf(status.get(), null);
  let notifyTimer: ReturnType<typeof setTimeout> | undefined;
  let lastNotified = 0;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  /**
   * The index changed: queries run again. During a pull, at most every 2 s (each run re-merges
   * and re-reads a page while the pull is writing), and always at its end (`now`).
   */
  function indexChanged(catalog: OpenCatalog, now = true): void {
    if (catalog !== active) return;
    clearTimeout(notifyTimer);
    notifyTimer = undefined;
    const wait = now ? 0 : lastNotified + PULL_NOTIFY_MS - Date.now();
    if (wait > 0) {
      notifyTimer = setTimeout(() => indexChanged(catalog), wait);
      return;
    }
    lastNotified = Date.now();
    status.set({ productCount: catalog.index.size, version: status.get().version + 1 });
    if (catalog.isLoaded) void writePreview(catalog.db, catalog.index);
  }

  /** The view as of the status now: the same object until uid, ready or version moves. */
  function currentView(): CatalogView {
    const s = status.get();
    if (s.uid !== view.uid || s.ready !== view.ready || s.version !== view.version) view = viewOf(s, active);
    return view;
  }

  /** The open catalog once its index is loaded; null when none is open. */
  async function ready(): Promise<LoadedCatalog | null> {
    const catalog = active;
    if (!catalog) return null;
    await catalog.loaded;
    return catalog === active ? catalog : null;
  }

  /**
   * Opens `uid`'s catalog (closing another user's) and loads its index. Returns true when it was
   * opened now, false when it was open already.
   */
  function open(uid: string, options: OpenOptions = {}): boolean {
    if (active?.uid === uid) return false;
    close();
    const catalog = createOpenCatalog(uid, options.fetchChanges);
    active = catalog;
    status.set({ ...INITIAL_STATUS, uid, version: status.get().version + 1 });
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
        if (catalog === active) status.set({ ready: true });
        indexChanged(catalog);
      },
      (err: unknown) => {
        console.error('Could not read the local catalog', err);
        if (catalog === active) status.set({ ready: true, error: getErrorMessage(err, 'Could not read the local catalog') });
      },
    );
    catalog.channel?.addEventListener('message', (event: MessageEvent<TabMessage>) => {
      void followTab(catalog, event.data);
    });
    return true;
  }

  /**
   * Opens `uid`'s catalog if it is not open yet (it may have been opened early, app/start-early.ts)
   * and returns true the first time the signed-in shell asks for this catalog: the shell then
   * sends the outbox and pulls. False while the shell remounts between routes.
   */
  function start(uid: string, options: OpenOptions = {}): boolean {
    open(uid, options);
    if (!active || active.started) return false;
    active.started = true;
    return true;
  }

  /** Closes the open catalog (its data stays on the device). */
  function close(): void {
    const catalog = active;
    if (!catalog) return;
    catalog.closed = true;
    catalog.stopPull?.();
    clearTimeout(notifyTimer);
    catalog.channel?.close();
    catalog.db.close();
    active = null;
    status.set({ ...INITIAL_STATUS, version: status.get().version + 1 });
  }

  async function followTab(catalog: OpenCatalog, message: TabMessage): Promise<void> {
    await catalog.loaded;
    if (catalog.closed) return;
    await followOtherTab(catalog, message);
    indexChanged(catalog);
  }

  /**
   * Rows of `ids` were changed on this device (an offline price edit, or it settled): the index,
   * the row cache and the other tabs follow. Call after the transaction that changed them.
   */
  async function rowsChangedLocally(ids: number[]): Promise<void> {
    const catalog = active;
    if (!catalog || ids.length === 0) return;
    await catalog.loaded;
    if (catalog.closed) return;
    const message = await followRows(catalog, ids);
    indexChanged(catalog);
    catalog.channel?.postMessage(message);
  }

  async function pullOnce(catalog: OpenCatalog): Promise<void> {
    await catalog.loaded;
    if (catalog.closed) return;
    status.set({ pulling: true, progress: null });
    try {
      await withPullLock(async () => {
        if (catalog.closed) return;
        const options = {
          onApplied: (page: AppliedPage) => {
            const message = followPage(catalog, page);
            indexChanged(catalog, false);
            if (message) catalog.channel?.postMessage(message);
          },
          onProgress: (progress: PullProgress) => {
            if (catalog === active) status.set({ progress });
          },
        };
        // A first pull (the one that takes seconds) in a worker, off this page's main thread; the
        // later ones, a page or two, here (decision 062).
        if (!catalog.fetchChanges && canPullInWorker() && (await readCursor(catalog.db)).cursor === 0) {
          await pullInWorker(catalog.db.name, options, (stop) => (catalog.stopPull = stop)).finally(() => (catalog.stopPull = null));
        } else {
          await pullChanges(catalog.db, { ...options, fetchChanges: catalog.fetchChanges });
        }
      });
      indexChanged(catalog);
      if (catalog === active) status.set({ pulling: false, progress: null, error: null, lastPulledAt: Date.now() });
    } catch (err) {
      if (catalog !== active) return; // closed meanwhile (sign-out): nothing to report
      indexChanged(catalog);
      // Without a connection the pull only waits (it runs again on reconnect), and without a
      // session (signed out meanwhile) the sign-in screen says what to do: nothing to report.
      const signedOut = isApiError(err) && err.code === ErrorCode.UNAUTHENTICATED;
      if (!isOffline() && !signedOut) console.error('Catalog pull failed', err);
      // A full disk is the user's to fix: the app shows "Storage is full" (app/storage-full-notice).
      reportStorageError(err);
      status.set({ pulling: false, progress: null, error: getErrorMessage(err, 'Could not update the local catalog') });
    }
  }

  /**
   * Pulls the catalog's changes now: after a sync, after a work order ran, when back online.
   * A call during a pull runs one more pull after it (changes may have landed meanwhile).
   * Never rejects: a failure is in the status. Skipped while offline.
   */
  function pullNow(): Promise<void> {
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
   * Signing out: a shared device must not keep the last user's catalog, so it goes (closed first
   * if it is the open one). What the user typed and has not reached the server stays.
   */
  async function forget(uid: string): Promise<void> {
    if (active?.uid === uid) close();
    await forgetCatalogData(uid);
  }

  return {
    open,
    start,
    close,
    ready,
    pullNow,
    rowsChangedLocally,
    forget,
    /** The status now; `subscribe` tells of every change (pulls, progress, index updates). */
    status: status.get,
    subscribe: status.subscribe,
    view: currentView,
    /** The open catalog's database, whether or not its index is loaded yet. */
    db: (): CatalogDb | null => active?.db ?? null,
    /** The open catalog's first-page snapshot (read when it opened); null when none is open. */
    preview: (): Promise<PreviewSnapshot | null> | null => active?.preview ?? null,
  };
}

/**
 * Runs `fn` holding the pull lock across tabs; directly where Web Locks is absent, or where the
 * catalog is in memory (indexeddb-choice.ts): then it is this page's alone, and a frame denied
 * storage is denied Web Locks too.
 */
async function withPullLock(fn: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' || catalogInMemory() ? undefined : navigator.locks;
  if (locks?.request) await locks.request(PULL_LOCK, fn);
  else await fn();
}
