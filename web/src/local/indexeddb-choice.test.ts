/**
 * The storage probe (issue 34): the browser's IndexedDB stays where a throwaway database opens;
 * where it is missing or denied (a frame of another site), Dexie switches to an in-memory one
 * before the catalog's first database, which then works, and nothing is logged as an error.
 */
import { indexedDB as memoryIndexedDb, IDBKeyRange as MemoryKeyRange } from 'fake-indexeddb';
import type { DexieDOMDependencies } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';

/** An IDBFactory whose open fails with `name` (an error event), or throws it when `throws`. */
function deniedFactory(name: string, { throws = false } = {}): IDBFactory {
  return {
    open: () => {
      const error = new DOMException('The request was denied.', name);
      if (throws) throw error;
      const request = Object.assign(new EventTarget(), { error });
      setTimeout(() => request.dispatchEvent(new Event('error', { cancelable: true })), 0);
      return request;
    },
  } as unknown as IDBFactory;
}

/** An IDBFactory that never answers. */
const silentFactory = { open: () => new EventTarget() } as unknown as IDBFactory;

const loadChoice = () => import('./indexeddb-choice');
let errors: MockInstance<typeof console.error>;
let infos: MockInstance<typeof console.info>;

beforeEach(() => {
  vi.resetModules();
  errors = vi.spyOn(console, 'error');
  infos = vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => {
  expect(errors).not.toHaveBeenCalled();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('probeIndexedDb', () => {
  it('finds a working IndexedDB usable, and keeps its empty database for the next start to open', async () => {
    const { probeIndexedDb } = await loadChoice();
    await expect(probeIndexedDb(memoryIndexedDb)).resolves.toBe(true);
    await expect(probeIndexedDb(memoryIndexedDb)).resolves.toBe(true);
    const probes = (await memoryIndexedDb.databases()).filter((db) => db.name === 'device-storage-probe');
    expect(probes).toHaveLength(1);
  });

  it('finds it denied when missing, when opening throws, or fails as denied', async () => {
    const { probeIndexedDb } = await loadChoice();
    await expect(probeIndexedDb(undefined)).resolves.toBe(false);
    await expect(probeIndexedDb(deniedFactory('SecurityError', { throws: true }))).resolves.toBe(false);
    for (const name of ['SecurityError', 'InvalidStateError', 'UnknownError']) {
      await expect(probeIndexedDb(deniedFactory(name))).resolves.toBe(false);
    }
  });

  it('leaves another failure (a full disk) to the browser\'s database, and a probe without answer too', async () => {
    const { probeIndexedDb } = await loadChoice();
    await expect(probeIndexedDb(deniedFactory('QuotaExceededError'))).resolves.toBe(true);
    await expect(probeIndexedDb(silentFactory, 10)).resolves.toBe(true);
  });
});

describe('chooseIndexedDb', () => {
  it('keeps the browser\'s IndexedDB where it is usable', async () => {
    const { catalogInMemory, chooseIndexedDb } = await loadChoice();
    const deps = { indexedDB: memoryIndexedDb, IDBKeyRange: MemoryKeyRange };
    const browser = { ...deps };
    await chooseIndexedDb(deps, browser.indexedDB);
    expect(deps).toEqual(browser);
    expect(catalogInMemory()).toBe(false);
    expect(infos).not.toHaveBeenCalled();
  });

  it('switches Dexie to the in-memory IndexedDB where the browser\'s is denied', async () => {
    const { catalogInMemory, chooseIndexedDb } = await loadChoice();
    const deps = { indexedDB: null, IDBKeyRange: null } as unknown as DexieDOMDependencies;
    await chooseIndexedDb(deps, deniedFactory('SecurityError'));
    expect(deps).toEqual({ indexedDB: memoryIndexedDb, IDBKeyRange: MemoryKeyRange });
    expect(catalogInMemory()).toBe(true);
    expect(infos).toHaveBeenCalledTimes(1);
  });

  it('is made as the catalog\'s modules load, and a database made afterwards works in memory', async () => {
    vi.stubGlobal('indexedDB', deniedFactory('SecurityError', { throws: true }));
    const { Dexie } = await import('dexie');
    const { catalogStorageChosen, createCatalogDb, catalogDbName, isCatalogStorageChosen, META_CURSOR } = await import('./catalog-db');
    const { catalogInMemory } = await loadChoice();
    await catalogStorageChosen();
    expect(isCatalogStorageChosen()).toBe(true);
    expect(catalogInMemory()).toBe(true);
    expect(Dexie.dependencies.indexedDB).toBe(memoryIndexedDb);

    const db = createCatalogDb(catalogDbName('framed-user'));
    try {
      await db.meta.put({ key: META_CURSOR, value: 42 });
      await db.products.put({ id: 7, name: 'Mug' } as never);
      expect(await db.meta.get(META_CURSOR)).toEqual({ key: META_CURSOR, value: 42 });
      expect(await db.products.count()).toBe(1);
    } finally {
      db.close();
    }
    expect(await memoryIndexedDb.databases()).toContainEqual({ name: catalogDbName('framed-user'), version: 50 });
  });
});
