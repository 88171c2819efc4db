/**
 * A frame denied storage (issue 34): the local catalog works in memory for the session. Its
 * database opens and a pull fills it, without Web Locks (denied there too) and without telling
 * other tabs, whose databases are not this one; nothing is logged as an error.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { FakeCatalogServer, product } from '../testing/fake-catalog-server';

const denied = () => new DOMException('The request was denied.', 'SecurityError');

afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

it('opens, pulls and answers in memory, without locks or a channel to other tabs', async () => {
  vi.stubGlobal('indexedDB', { open: () => { throw denied(); } });
  const request = vi.fn(() => Promise.reject(denied()));
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
  const channel = vi.fn();
  vi.stubGlobal('BroadcastChannel', channel);
  const errors = vi.spyOn(console, 'error');
  vi.spyOn(console, 'info').mockImplementation(() => {});

  const { createLocalCatalog } = await import('./local-catalog');
  const { catalogStorageChosen } = await import('./catalog-db');
  const { catalogInMemory } = await import('./indexeddb-choice');
  await catalogStorageChosen(); // as the app does before it opens a catalog
  const server = new FakeCatalogServer();
  for (let id = 1; id <= 3; id++) server.putProduct(product(id));
  const catalog = createLocalCatalog({ isOffline: () => false });
  catalog.open('framed-user', { fetchChanges: async (cursor) => server.changes(cursor) });
  await catalog.pullNow();

  expect(catalogInMemory()).toBe(true);
  expect(catalog.status()).toMatchObject({ ready: true, productCount: 3, error: null });
  expect(await catalog.db()?.products.count()).toBe(3);
  expect(request).not.toHaveBeenCalled();
  expect(channel).not.toHaveBeenCalledWith('catalog-framed-user'); // (Dexie's own liveQuery channel is harmless)
  expect(errors).not.toHaveBeenCalled();
  catalog.close();
});
