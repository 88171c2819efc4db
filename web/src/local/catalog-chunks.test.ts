/**
 * The catalog kept in chunks of product ids (catalog-chunks.ts): pulls that span chunks, the
 * owner of a deleted variant found in another pull, the products and variants tables served from
 * the chunks (catalog-chunk-tables.ts), and version 2 and 3 copies dropped on upgrade.
 */
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { FakeCatalogServer, product, storedProduct, variant } from '../testing/fake-catalog-server';
import { readCursor } from './catalog-apply';
import { CHUNK_SPAN } from './catalog-chunks';
import { catalogDbName, createCatalogDb, META_CURSOR } from './catalog-db';
import { pullChanges } from './catalog-pull';
import { readProducts } from './read-products';

let n = 0;
const newDb = () => createCatalogDb(catalogDbName(`chunks-${++n}-${Date.now()}`));

/** Ids in several chunks, some at a chunk's edges. */
const IDS = [1, CHUNK_SPAN - 1, CHUNK_SPAN, CHUNK_SPAN + 1, 10 * CHUNK_SPAN + 5, 1_000_000];

describe('the catalog in chunks', () => {
  it('pulls products across chunks in few records, and follows deletions found through the owners', async () => {
    const server = new FakeCatalogServer();
    for (const id of IDS) {
      server.putProduct(product(id, { category: 'Home' }));
      server.putVariant(variant(id * 10, id, { salePrice: '1.00' }));
      server.putVariant(variant(id * 10 + 1, id));
    }
    const db = newDb();
    const pull = () => pullChanges(db, { fetchChanges: async (c) => server.changes(c, 5) });
    await pull();
    expect(await db.chunks.count()).toBe(4);
    expect((await readProducts(db, IDS)).map((p) => [p.id, p.variants.map((v) => v.id)])).toEqual(IDS.map((id) => [id, [id * 10, id * 10 + 1]]));

    // A variant deleted on its own: its product is found from the owner buckets.
    server.deleteVariant(CHUNK_SPAN * 10);
    server.deleteProduct(CHUNK_SPAN + 1);
    server.putProduct(product(CHUNK_SPAN - 1, { name: 'Renamed', category: 'Home' }));
    await pull();
    const [edge, deleted, renamed] = await Promise.all([db.products.get(CHUNK_SPAN), db.products.get(CHUNK_SPAN + 1), db.products.get(CHUNK_SPAN - 1)]);
    expect(edge).toMatchObject({ variantsOnSale: 0, onSale: false });
    expect((await db.variants.get(CHUNK_SPAN))?.ids).toEqual([CHUNK_SPAN * 10 + 1]);
    expect(deleted).toBeUndefined();
    expect(await db.variants.get(CHUNK_SPAN + 1)).toBeUndefined();
    expect(renamed?.name).toBe('Renamed');
    expect(await db.categories.get('Home')).toEqual({ path: 'Home', count: IDS.length - 1 });

    // The last variant of a product goes, then the product: its chunk entry and chunk go too.
    server.deleteVariant(10_000_000);
    server.deleteVariant(10_000_001);
    await pull();
    expect(await db.variants.get(1_000_000)).toBeUndefined();
    expect(await db.products.get(1_000_000)).toMatchObject({ variantsOnSale: 0 });
    server.deleteProduct(1_000_000);
    await pull();
    expect(await db.chunks.count()).toBe(3);
    db.close();
  });

  it('serves the products and variants tables from the chunks', async () => {
    const db = newDb();
    const rows = IDS.map((id) => storedProduct(id));
    await db.products.bulkPut(rows);
    await db.variants.put({ productId: 1, ids: [7], variants: [variant(7, 1)] });
    expect(await db.products.count()).toBe(IDS.length);
    expect(await db.chunks.count()).toBe(4);
    expect((await db.products.bulkGet([CHUNK_SPAN, 2, 1_000_000])).map((p) => p?.id)).toEqual([CHUNK_SPAN, undefined, 1_000_000]);
    expect((await db.products.where(':id').above(1).limit(3).toArray()).map((p) => p.id)).toEqual(IDS.slice(1, 4));
    expect((await db.products.toArray()).map((p) => p.id)).toEqual(IDS);

    // In a transaction over the tables (as the outbox's price edits write them).
    await db.transaction('rw', [db.products, db.variants], async () => {
      const row = await db.products.get(1);
      await db.products.put({ ...row!, regularPrice: '99.00' });
      const set = await db.variants.get(1);
      await db.variants.put({ ...set!, variants: set!.variants.map((v) => ({ ...v, pending: true })) });
    });
    expect((await readProducts(db, [1]))[0]).toMatchObject({ regularPrice: '99.00', variants: [{ id: 7, pending: true }] });

    await db.products.delete(CHUNK_SPAN);
    expect(await db.products.get(CHUNK_SPAN)).toBeUndefined();
    await db.products.clear();
    expect(await db.products.count()).toBe(0);
    // The variants stay (only the product rows were cleared), in their chunk.
    expect(await db.variants.count()).toBe(1);
    expect([await db.chunks.count(), await db.variantChunks.count()]).toEqual([0, 1]);
    db.close();
  });

  it('drops a version 2 copy when it opens (pulled again from 0), keeping the outbox and drafts', async () => {
    const name = catalogDbName(`chunks-upgrade-${Date.now()}`);
    const old = new Dexie(name);
    old.version(1).stores({ products: 'id', variants: 'productId, *ids', categories: 'path', meta: 'key' });
    old.version(2).stores({ outbox: '++seq, &id', drafts: 'id, updatedAt', workOrders: 'id' });
    await old.table('products').bulkPut([{ id: 1, name: 'Old' }, { id: 2, name: 'Old' }]);
    await old.table('variants').put({ productId: 1, ids: [10], variants: [{ id: 10 }] });
    await old.table('meta').put({ key: META_CURSOR, value: 42 });
    await old.table('drafts').put({ id: 'draft-1', title: 'Kept', productCount: 0, createdAt: 1, updatedAt: 1, state: {} });
    old.close();

    const db = createCatalogDb(name);
    expect(await readCursor(db)).toEqual({ cursor: 0, catalogId: undefined });
    expect(await db.products.count()).toBe(0);
    expect((await db.drafts.get('draft-1'))?.title).toBe('Kept');
    const server = new FakeCatalogServer();
    server.putProduct(product(2, { name: 'New' }));
    await pullChanges(db, { fetchChanges: async (c) => server.changes(c) });
    expect((await db.products.toArray()).map((p) => p.name)).toEqual(['New']);
    db.close();
    // The old stores stay, emptied (the tables are served from the chunks).
    const raw = new Dexie(name);
    await raw.open();
    expect(await raw.table('products').count()).toBe(0);
    raw.close();
  });

  // Version 3 kept rows as objects; version 4 as arrays without their variants' summary (decision 072).
  it.each([
    [3, JSON.stringify({ id: 1, name: 'Object row' })],
    [4, JSON.stringify([1, 'Array row without its variants\' summary'])],
  ])('drops a version %i copy when it opens (pulled again from 0), keeping the drafts', async (version, row) => {
    const name = catalogDbName(`chunks-upgrade-${version}-${Date.now()}`);
    const old = new Dexie(name);
    old.version(1).stores({ products: 'id', variants: 'productId, *ids', categories: 'path', meta: 'key' });
    old.version(2).stores({ outbox: '++seq, &id', drafts: 'id, updatedAt', workOrders: 'id' });
    old.version(3).stores({ products: 'id', variants: 'productId', chunks: 'key', variantChunks: 'key', variantOwners: 'key' });
    if (version === 4) old.version(4).stores({});
    await old.table('chunks').put({ key: 0, ids: [1], rows: [row] });
    await old.table('categories').put({ path: 'Home', count: 1 });
    await old.table('meta').put({ key: META_CURSOR, value: 42 });
    await old.table('drafts').put({ id: 'draft-3', title: 'Kept', productCount: 0, createdAt: 1, updatedAt: 1, state: {} });
    old.close();

    const db = createCatalogDb(name);
    expect(await readCursor(db)).toEqual({ cursor: 0, catalogId: undefined });
    expect(await db.products.count()).toBe(0);
    expect(await db.categories.count()).toBe(0);
    expect((await db.drafts.get('draft-3'))?.title).toBe('Kept');
    const server = new FakeCatalogServer();
    server.putProduct(product(1, { name: 'Array row' }));
    await pullChanges(db, { fetchChanges: async (c) => server.changes(c) });
    expect((await db.products.toArray()).map((p) => [p.name, p.variantSummary])).toEqual([['Array row', [0, null, false, null, false, 0]]]);
    db.close();
  });
});
