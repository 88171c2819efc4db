/**
 * Which IndexedDB the device's catalog uses (issue 34): the browser's, or, where the browser
 * denies this page its storage, one in memory for the session (fake-indexeddb).
 *
 * BigCommerce's control panel shows the app in a frame of another site, and a browser that blocks
 * third-party cookies (Chromium's incognito windows, or set to block them) blocks that frame's
 * storage with them: IndexedDB, Web Locks, the service worker. There the app still works for the
 * session, on a catalog kept in memory: its pulls, filters, price edits and work orders as anywhere
 * else, only nothing outlives the page and nothing works offline. "Open in its own window"
 * (app/layouts/open-in-window-button.tsx) opens the installable app, whose catalog is on the device.
 *
 * Dexie takes its IndexedDB when a database is made (`new Dexie`), so the choice comes before the
 * first one (catalog-db.ts: catalogStorageChosen). Nothing here imports Dexie (storage.ts, which
 * the app's services load, reads `catalogInMemory`); the in-memory implementation loads only where
 * it is needed, as a chunk of its own (memory-indexeddb.ts).
 */
import type { DexieDOMDependencies } from 'dexie';

/**
 * An empty database opened to learn whether this page may use IndexedDB, and kept: opening one
 * that exists is cheap, while creating it anew and deleting it each time the app starts held the
 * catalog's own open back (a reopened /products waited ~50-150 ms more for its first page).
 */
// Not 'catalog-…': that is a user's catalog (catalog-db.ts), which tools and tests look for by its prefix.
const PROBE_DB = 'device-storage-probe';

/** What a browser answers when it denies the page IndexedDB (a frame of another site, some private modes). */
const DENIED = new Set(['SecurityError', 'InvalidStateError', 'UnknownError']);

/**
 * A probe without an answer by then leaves the browser's IndexedDB in use (as before the probe):
 * the catalog's modules wait for the probe, so it must end.
 */
const PROBE_TIMEOUT_MS = 5_000;

let inMemory = false;

/** The catalog is kept in memory for this page (the browser denied it IndexedDB). */
export function catalogInMemory(): boolean {
  return inMemory;
}

/**
 * What the probe uses of IndexedDB, written out (the DOM's IDBFactory fits it): the API's tests
 * read this module's types through the catalog's, in a program without the DOM library.
 */
interface ProbeRequest {
  readonly result: { close(): void };
  readonly error: { readonly name: string } | null;
  addEventListener(type: 'success' | 'error', listener: (event: { preventDefault(): void }) => void): void;
}
interface ProbeFactory {
  open(name: string): ProbeRequest;
}

/**
 * Whether this page may use `factory` (the browser's IndexedDB): true when a throwaway database
 * opens. False when there is none, or when opening throws or fails as denied (SecurityError,
 * InvalidStateError, UnknownError); another failure (a full disk) is the real database's to
 * report, so true. Never rejects.
 */
export function probeIndexedDb(factory: ProbeFactory | undefined, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  if (!factory) return Promise.resolve(false);
  return new Promise((resolve) => {
    let request: ProbeRequest;
    try {
      request = factory.open(PROBE_DB);
    } catch {
      resolve(false);
      return;
    }
    const timer = setTimeout(() => resolve(true), timeoutMs);
    request.addEventListener('success', () => {
      clearTimeout(timer);
      request.result.close();
      resolve(true);
    });
    request.addEventListener('error', (event) => {
      event.preventDefault(); // answered here: not an uncaught error
      clearTimeout(timer);
      resolve(!DENIED.has(request.error?.name ?? ''));
    });
  });
}

/**
 * Makes Dexie's databases from now on use an in-memory IndexedDB: `deps` is
 * `Dexie.dependencies`, which every `new Dexie` (and Dexie.delete) takes its IndexedDB from.
 */
async function switchToMemory(deps: DexieDOMDependencies): Promise<void> {
  const memory = await import('./memory-indexeddb');
  deps.indexedDB = memory.indexedDB;
  deps.IDBKeyRange = memory.IDBKeyRange;
  inMemory = true;
}

/**
 * Probes the browser's IndexedDB (`factory`) and, where it is denied, switches `deps`
 * (Dexie.dependencies) to the in-memory one. Never rejects: if the in-memory one cannot load
 * (its chunk failed), the browser's stays, as it was before the probe.
 */
export async function chooseIndexedDb(
  deps: DexieDOMDependencies,
  factory: ProbeFactory | undefined = (globalThis as { indexedDB?: ProbeFactory }).indexedDB,
): Promise<void> {
  if (await probeIndexedDb(factory)) return;
  try {
    await switchToMemory(deps);
    // Expected in a frame of another site: not an error, and nothing for the user to do here.
    console.info('IndexedDB is denied to this page: the catalog is kept in memory for this session.');
  } catch (err) {
    console.error('Could not load the in-memory database', err);
  }
}
