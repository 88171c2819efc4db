/**
 * Devices follow the server catalog (catalog-watch.ts): a look pulls only when the server's
 * version is ahead of the device's cursor or names another catalog, and never fails; when the
 * catalog is not behind, the price lists' version goes to the device's price lists.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeCatalogServer, product } from '../testing/fake-catalog-server';
import { pullIfBehind } from './catalog-watch';
import { deviceCatalog } from './device-catalog';
import { devicePriceLists } from './device-price-lists';

let uid = 0;
const nextUid = () => `watch-${++uid}-${Date.now()}`;

afterEach(() => {
  vi.restoreAllMocks();
  deviceCatalog.close();
});

/** An open catalog pulled up to the server's version, and a version endpoint answering from the server. */
async function following() {
  const server = new FakeCatalogServer();
  for (let id = 1; id <= 3; id++) server.putProduct(product(id, { regularPrice: '10.00' }));
  deviceCatalog.open(nextUid(), { fetchChanges: async (c) => server.changes(c) });
  await deviceCatalog.pullNow();
  const version = async () => ({ catalogId: server.catalogId, version: server.version, priceListCatalogId: 'c:store:1', priceListVersion: 0, priceListsReadAt: null });
  return { server, version };
}

describe('following the server catalog', () => {
  it('pulls only when the server catalog is ahead of the device cursor', async () => {
    const { server, version } = await following();
    const pulls = server.requests.length;
    expect(await pullIfBehind(version)).toBe(false);
    expect(server.requests).toHaveLength(pulls);

    server.putProduct(product(2, { regularPrice: '12.50' }));
    expect(await pullIfBehind(version)).toBe(true);
    expect(server.requests.length).toBeGreaterThan(pulls);
    expect(deviceCatalog.status()).toMatchObject({ error: null, productCount: 3 });
    expect(await pullIfBehind(version)).toBe(false);
  });

  it('pulls when the server speaks of another catalog, and stays quiet when the version cannot be read', async () => {
    const { server } = await following();
    const pulls = server.requests.length;
    expect(await pullIfBehind(async () => ({ catalogId: 'another-company', version: 0, priceListCatalogId: 'c:store:1', priceListVersion: 0, priceListsReadAt: null }))).toBe(true);
    expect(server.requests.length).toBeGreaterThan(pulls);
    expect(await pullIfBehind(async () => Promise.reject(new Error('offline')))).toBe(false);
  });

  it('does nothing without an open catalog', async () => {
    expect(await pullIfBehind(async () => ({ catalogId: 'x', version: 99, priceListCatalogId: 'x:', priceListVersion: 9, priceListsReadAt: null }))).toBe(false);
  });

  it('hands the price lists\u2019 version to the device\u2019s price lists when the catalog is not behind (issue 35)', async () => {
    const { server, version } = await following();
    const priceLists = vi.spyOn(devicePriceLists, 'pullIfBehind').mockResolvedValue(true);
    const moved = async () => ({ ...(await version()), priceListVersion: 7 });
    expect(await pullIfBehind(moved)).toBe(true);
    expect(priceLists).toHaveBeenCalledWith({ catalogId: 'c:store:1', version: 7, listsReadAt: null });
    // The catalog behind: it is pulled, and the price lists follow that pull, not the version.
    priceLists.mockClear();
    server.putProduct(product(3, { regularPrice: '11.00' }));
    expect(await pullIfBehind(moved)).toBe(true);
    expect(priceLists).not.toHaveBeenCalled();
  });
});
