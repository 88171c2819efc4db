/**
 * Reopening a catalog: the first page shows from the snapshot of the index's order before the
 * index is built, and a query asked meanwhile is answered by the whole index once it is.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeCatalogServer, product, storedProduct } from '../testing/fake-catalog-server';
import { holdIndexLoad } from '../testing/hold-index-load';
import { createCatalogDb } from './catalog-db';
import { CatalogIndex } from './catalog-index';
import { PREVIEW_ROWS, previewPage, readSnapshot, writePreview } from './catalog-preview';
import { peekPreview, previewCatalog, queryCatalog } from './catalog-query';
import { deviceCatalog } from './device-catalog';

let uid = 0;
const nextUid = () => `preview-${++uid}-${Date.now()}`;

let releaseLoad: (() => void) | undefined;
afterEach(() => {
  releaseLoad?.();
  releaseLoad = undefined;
  deviceCatalog.close();
});

/** A catalog of `n` products pulled once and closed, as a device holds it between visits. */
async function pulledCatalog(n: number, fields: (id: number) => Parameters<typeof product>[1] = () => ({})): Promise<string> {
  const server = new FakeCatalogServer();
  for (let id = 1; id <= n; id++) server.putProduct(product(id, fields(id)));
  const user = nextUid();
  deviceCatalog.open(user, { fetchChanges: async (c) => server.changes(c) });
  await deviceCatalog.pullNow();
  expect(deviceCatalog.status()).toMatchObject({ error: null, productCount: n });
  deviceCatalog.close();
  return user;
}

describe('the first-page snapshot', () => {
  it('holds the first ids in name order, all and visible only, and answers only the pages it holds whole', async () => {
    const db = createCatalogDb(nextUid());
    const rows = Array.from({ length: 300 }, (_, i) => storedProduct(i + 1, { name: `Item ${String(300 - i).padStart(3, '0')}`, isVisible: i % 3 !== 0 }));
    await db.products.bulkPut(rows);
    const index = new CatalogIndex();
    index.apply(rows);
    await writePreview(db, index);
    const snapshot = (await readSnapshot(db))!;

    expect(previewPage(snapshot, { page: 1, pageSize: 3 })).toEqual({ ids: [300, 299, 298], total: 300 });
    expect(previewPage(snapshot, { visibleOnly: true, page: 1, pageSize: 3 })).toEqual({ ids: [300, 299, 297], total: 200 });
    expect(previewPage(snapshot, { page: PREVIEW_ROWS / 20, pageSize: 20 })).not.toBeNull();
    // Past the snapshot: the index answers.
    expect(previewPage(snapshot, { page: PREVIEW_ROWS / 20 + 1, pageSize: 20 })).toBeNull();
    db.close();
  });

  it('shows the first page of a reopened catalog before its index is built', async () => {
    const user = await pulledCatalog(30, (id) => ({ name: `Mug ${String(31 - id).padStart(2, '0')}` }));
    releaseLoad = holdIndexLoad();
    deviceCatalog.open(user, { fetchChanges: async () => Promise.reject(new Error('offline')) });

    const preview = await previewCatalog({ page: 1, pageSize: 3 });
    expect(deviceCatalog.status().ready).toBe(false);
    expect(preview?.total).toBe(30);
    expect(preview?.products.map((p) => p.name)).toEqual(['Mug 01', 'Mug 02', 'Mug 03']);
    // A search is not previewed: it waits for the index.
    expect(await previewCatalog({ search: 'mug 1', page: 1, pageSize: 3 })).toBeNull();
  });

  it('reads the first pages\' rows with the snapshot, so a reopened catalog answers its first page without waiting', async () => {
    const user = await pulledCatalog(45, (id) => ({ name: `Lamp ${String(46 - id).padStart(2, '0')}`, isVisible: id % 2 === 0 }));
    releaseLoad = holdIndexLoad();
    deviceCatalog.open(user, { fetchChanges: async () => Promise.reject(new Error('offline')) });
    // Nothing read yet: no answer now (the screen asks again, previewCatalog, when it is read).
    expect(peekPreview(deviceCatalog.view().previewed(), { page: 1, pageSize: 20 })).toBeNull();
    await deviceCatalog.preview();

    const all = peekPreview(deviceCatalog.view().previewed(), { page: 1, pageSize: 20 });
    expect(all?.total).toBe(45);
    expect(all?.products.map((p) => p.name).slice(0, 3)).toEqual(['Lamp 01', 'Lamp 02', 'Lamp 03']);
    expect(all?.products).toHaveLength(20);
    // The screen's own ask (previewCatalog, once the snapshot is read) answers from the same rows, not a second read.
    const asked = await previewCatalog({ page: 1, pageSize: 20 });
    expect(asked?.products).toHaveLength(20);
    expect(asked?.products.every((row, i) => row === all?.products[i])).toBe(true);
    const visible = peekPreview(deviceCatalog.view().previewed(), { visibleOnly: true, page: 1, pageSize: 20 });
    expect(visible?.total).toBe(22);
    expect(visible?.products.every((p) => p.isVisible)).toBe(true);
    // Only the first pages are read ahead; a filter is never previewed.
    expect(peekPreview(deviceCatalog.view().previewed(), { page: 2, pageSize: 20 })).toBeNull();
    expect(peekPreview(deviceCatalog.view().previewed(), { search: 'lamp', page: 1, pageSize: 20 })).toBeNull();
    expect((await previewCatalog({ page: 2, pageSize: 20 }))?.products).toHaveLength(20);
    expect(deviceCatalog.status().ready).toBe(false);
  });

  it('starts a catalog opened early once: the signed-in shell sends and pulls the first time only', async () => {
    const user = await pulledCatalog(3);
    deviceCatalog.open(user, { fetchChanges: async () => Promise.reject(new Error('offline')) });
    expect(deviceCatalog.start(user)).toBe(true);
    expect(deviceCatalog.start(user)).toBe(false);
    // Another user's catalog replaces it, and is started anew.
    expect(deviceCatalog.start(nextUid(), { fetchChanges: async () => Promise.reject(new Error('offline')) })).toBe(true);
  });

  it('answers a query asked while the index builds from the whole catalog once it is built', async () => {
    // More than one load step (2,000 rows each): the matches are spread over all of them.
    const user = await pulledCatalog(4_500, (id) => ({ name: id % 1_000 === 7 ? `Teapot ${id}` : `Cup ${id}` }));
    releaseLoad = holdIndexLoad();
    deviceCatalog.open(user, { fetchChanges: async () => Promise.reject(new Error('offline')) });

    let settled = false;
    const answer = queryCatalog({ search: 'teapot', page: 1, pageSize: 20 }).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    releaseLoad();
    const result = await answer;
    expect(result.total).toBe(5);
    expect(result.products.map((p) => p.id)).toEqual([1007, 2007, 3007, 4007, 7]);
    expect(deviceCatalog.status()).toMatchObject({ ready: true, productCount: 4_500 });
  }, 30_000);
});
