/**
 * The signed-in user's price lists on the device (issue 35): `createLocalPriceLists(deps)` makes
 * one, which follows the local catalog: it opens the copy of the user whose catalog is open
 * (price-list-db.ts), and pulls the price lists' changes (price-list-pull.ts) beside the catalog's
 * first pull and after every pull of the catalog that finished, so on the catalog's own triggers (the catalog opening, the device
 * back online, the page shown again, every minute, a Sync or a work order done, the store's
 * change seen by catalog-watch.ts). Offline nothing is pulled and the copy is read as it is.
 *
 * It follows from when the signed-in shell opens the user's catalog (`start`, use-local-catalog.ts)
 * on, whether or not a screen shows price lists, so a screen opened offline later finds them;
 * pulling once when it starts. A change to the price lists alone (a webhook's refresh, a price list
 * order) moves no catalog version: catalog-watch.ts hands the server's price list version to
 * `pullIfBehind`, which pulls when the copy's cursor differs from it (behind: a change; ahead: the
 * lists were cleared, and the pull's `reset` empties the copy) or the copy is of another store
 * connection.
 *
 * One tab pulls at a time (Web Locks 'price-list-pull', where the catalog uses them too); other
 * tabs see the rows at their next read. Screens subscribe to `revision`, which moves when a pull
 * of this tab changed something or another user's copy opened.
 */
import { getErrorMessage, isApiError, ErrorCode } from '@catalog/contracts/errors';
import { catalogStorageChosen } from './catalog-db';
import type { CatalogStatus } from './catalog-status';
import { catalogInMemory } from './indexeddb-choice';
import { createPriceListDb, deletePriceListDb, priceListDbName, type PriceListDb } from './price-list-db';
import { pullPriceLists, readPriceListState, type FetchPriceListChanges } from './price-list-pull';

const PULL_LOCK = 'price-list-pull';

/** After a failed pull, how long `pullIfBehind` waits before it tries again (the catalog's triggers still pull). */
export const PRICE_LIST_RETRY_MS = 30_000;

/** The server's price lists as GET /api/catalog/version names them. */
export interface PriceListVersion {
  catalogId: string;
  version: number;
  /** When the lists themselves were last read from the store (they move no version); null: never. */
  listsReadAt: string | null;
}

export interface LocalPriceListsDeps {
  /** The local catalog whose pulls this one follows (deviceCatalog in the app). */
  catalog: { status(): CatalogStatus; subscribe(listener: () => void): () => void };
  isOffline: () => boolean;
  fetchChanges?: FetchPriceListChanges;
  now?: () => number;
}

export interface PriceListsStatus {
  uid: string | null;
  pulling: boolean;
  /** The last pull's failure message (cleared by the next success). */
  error: string | null;
  /** Moves whenever what the copy holds may have changed: readers read again. */
  revision: number;
}

export function createLocalPriceLists({ catalog, isOffline, fetchChanges, now = Date.now }: LocalPriceListsDeps) {
  let status: PriceListsStatus = { uid: null, pulling: false, error: null, revision: 0 };
  /** When the last pull failed (null: it did not). */
  let failedAt: number | null = null;
  /** The lists' reading a pull of `pullIfBehind` brought (undefined: none yet for this copy). */
  let listsPulled: string | null | undefined;
  let db: PriceListDb | null = null;
  let opened: Promise<PriceListDb> | null = null;
  let lastPulledAt: number | null = null;
  /** Whether this copy pulled beside a first pull of the catalog (once per copy opened). */
  let besideFirstPull = false;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  function set(patch: Partial<PriceListsStatus>): void {
    status = { ...status, ...patch };
    for (const listener of listeners) listener();
  }

  function open(uid: string | null): void {
    besideFirstPull = false;
    db?.close();
    db = null;
    opened = uid === null ? null : catalogStorageChosen().then(() => {
      // Signed out or another user meanwhile: this copy is not the open one.
      if (status.uid !== uid) throw new Error('closed');
      return (db = createPriceListDb(priceListDbName(uid)));
    });
    opened?.catch(() => {});
    failedAt = null;
    listsPulled = undefined;
    set({ uid, pulling: false, error: null, revision: status.revision + 1 });
  }

  async function pullOnce(uid: string): Promise<void> {
    const copy = await opened;
    if (!copy || status.uid !== uid) return;
    set({ pulling: true });
    try {
      let changed = 0;
      await withPullLock(async () => {
        if (status.uid === uid) changed = (await pullPriceLists(copy, { fetchChanges })).changedProducts;
      });
      if (status.uid !== uid) return;
      failedAt = null;
      set({ pulling: false, error: null, revision: status.revision + (changed > 0 ? 1 : 0) });
    } catch (err) {
      if (status.uid !== uid) return;
      failedAt = now();
      const signedOut = isApiError(err) && err.code === ErrorCode.UNAUTHENTICATED;
      if (!isOffline() && !signedOut) console.error('Price list pull failed', err);
      set({ pulling: false, error: getErrorMessage(err, 'Could not update the price lists') });
    }
  }

  /** Pulls now (a call during a pull runs one more after it). Never rejects; skipped offline. */
  function pullNow(): Promise<void> {
    const uid = status.uid;
    if (uid === null || isOffline()) return Promise.resolve();
    if (running) {
      queued ??= running.then(() => {
        queued = null;
        return pullNow();
      });
      return queued;
    }
    running = pullOnce(uid).finally(() => {
      running = null;
    });
    return running;
  }

  /** The catalog moved: another user's opened, a first pull of it began, or a pull of it finished. */
  function follow(): void {
    const s = catalog.status();
    if (s.uid !== status.uid) open(s.uid);
    // A first pull of the catalog (or its reset): the price lists come down beside it, not after
    // it, so a new device has both in about the time of the longer (its end pulls once more).
    if (s.progress?.initial && !besideFirstPull) {
      besideFirstPull = true;
      void pullNow();
    }
    if (s.lastPulledAt !== lastPulledAt) {
      lastPulledAt = s.lastPulledAt;
      if (s.lastPulledAt !== null) void pullNow();
    }
  }

  /**
   * Pulls when the server's price lists are not the copy's: another store connection, a version
   * other than the copy's cursor, or a reading of the lists (their names, groups, channels) this
   * follower has not pulled since (once after it opens a copy, then when a list webhook's refresh
   * read them again). Skipped offline, during a pull, without an open copy, and for
   * PRICE_LIST_RETRY_MS after a failed pull. Resolves whether it pulled; never rejects.
   */
  async function pullIfBehind(remote: PriceListVersion): Promise<boolean> {
    const uid = status.uid;
    if (uid === null || isOffline() || status.pulling || running) return false;
    if (failedAt !== null && now() - failedAt < PRICE_LIST_RETRY_MS) return false;
    try {
      const copy = await opened;
      if (!copy || status.uid !== uid) return false;
      const local = await readPriceListState(copy);
      if (local.catalogId === remote.catalogId && local.cursor === remote.version && listsPulled === remote.listsReadAt) return false;
    } catch {
      return false;
    }
    await pullNow();
    // Read before the pull: the lists it brought are at least that reading.
    if (status.uid === uid && status.error === null) listsPulled = remote.listsReadAt;
    return true;
  }

  let unfollow: (() => void) | null = null;
  /**
   * Follows the catalog from now on (once started, until `stop`): the signed-in shell starts it
   * when it opens the user's catalog (use-local-catalog.ts), never before, as a pull asks the API
   * for the user's token and the catalog may be opened (and pulled, by tests) before anyone is
   * signed in. Starting pulls once at once when the catalog has been pulled, so the copy is fresh.
   */
  function start(): void {
    kept = true;
    begin();
  }

  /** Whether the shell started following (`start`): then it goes on with no screen subscribed. */
  let kept = false;

  function begin(): void {
    if (unfollow) return;
    lastPulledAt = null;
    unfollow = catalog.subscribe(follow);
    follow();
  }

  function stopFollowing(): void {
    unfollow?.();
    unfollow = null;
  }

  return {
    start,
    pullNow,
    pullIfBehind,
    /** The open copy once it is made; null when no user's catalog is open. */
    db: (): Promise<PriceListDb | null> => opened?.catch(() => null) ?? Promise.resolve(null),
    status: (): PriceListsStatus => status,
    /**
     * A screen reading the copy: the first listener follows the catalog (as `start`, which the
     * signed-in shell called already, as a rule), and the last one gone stops it unless the shell
     * started it (a screen rendered without the shell, in tests, pulls only while it is shown).
     */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      begin();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && !kept) stopFollowing();
      };
    },
    /**
     * Signing out: the user's price lists leave the device (closed first if open; the catalog's
     * closing, which sign-out does too, makes this follow it to no user).
     */
    async forget(uid: string): Promise<void> {
      if (status.uid === uid) db?.close();
      await catalogStorageChosen();
      await deletePriceListDb(uid);
    },
    /** Stops following the catalog and closes the copy (tests). */
    stop(): void {
      kept = false;
      stopFollowing();
      db?.close();
    },
  };
}



/** Runs `fn` holding the pull lock across tabs; directly without Web Locks or with the catalog in memory. */
async function withPullLock(fn: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' || catalogInMemory() ? undefined : navigator.locks;
  if (locks?.request) await locks.request(PULL_LOCK, fn);
  else await fn();
}
