import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { runSignOutCallbacks } from '../lib/sign-out-callbacks';
import { FakeCatalogServer, product, variant } from '../testing/fake-catalog-server';
import { readCursor } from './catalog-apply';
import { catalogDbName, createCatalogDb, META_CURSOR } from './catalog-db';
import { getLocalProducts, queryCatalog } from './catalog-query';
import { pullChanges, type PullProgress } from './catalog-pull';
import { deviceCatalog } from './device-catalog';

let uid = 0;
const nextUid = () => `user-${++uid}-${Date.now()}`;

afterEach(() => deviceCatalog.close());

/** A catalog of `n` products, every third with two variants. */
function seed(server: FakeCatalogServer, n: number) {
  for (let id = 1; id <= n; id++) {
    server.putProduct(product(id, { category: id % 2 ? 'Clothing > Shirts' : 'Home' }));
    if (id % 3 === 0) {
      server.putVariant(variant(id * 10, id));
      server.putVariant(variant(id * 10 + 1, id));
    }
  }
}

describe('replication into the local catalog', () => {
  it('pulls every page, saves the cursor and reports progress', async () => {
    const server = new FakeCatalogServer();
    seed(server, 10);
    const db = createCatalogDb(catalogDbName(nextUid()));
    const progress: PullProgress[] = [];
    const result = await pullChanges(db, { fetchChanges: async (c) => server.changes(c, 4), onProgress: (p) => progress.push(p) });

    expect(result.pages).toBe(4); // 16 rows in pages of 4
    expect(await db.products.count()).toBe(10);
    expect((await db.variants.toArray()).flatMap((s) => s.ids)).toEqual([30, 31, 60, 61, 90, 91]);
    expect((await readCursor(db)).cursor).toBe(server.version);
    expect(progress.at(-1)).toEqual({ done: 10, total: 10, initial: true });
    expect(progress.every((p) => p.initial)).toBe(true);
    expect(await db.categories.toArray()).toEqual([
      { path: 'Clothing > Shirts', count: 5 },
      { path: 'Home', count: 5 },
    ]);
    db.close();
  });

  it('moves only the changes on a later pull', async () => {
    const server = new FakeCatalogServer();
    seed(server, 10);
    const db = createCatalogDb(catalogDbName(nextUid()));
    await pullChanges(db, { fetchChanges: async (c) => server.changes(c) });
    const before = server.version;

    server.putProduct(product(4, { name: 'Renamed', regularPrice: '12.00' }));
    const seen: number[] = [];
    const result = await pullChanges(db, {
      fetchChanges: async (c) => {
        const page = server.changes(c);
        seen.push(page.products.length + page.variants.length);
        return page;
      },
    });
    expect(server.requests.at(-1)).toBe(before);
    expect(seen).toEqual([1]);
    expect(result.changedProducts).toBe(1);
    expect((await db.products.get(4))?.name).toBe('Renamed');
    db.close();
  });

  it('does not lose a change made between two pages', async () => {
    const server = new FakeCatalogServer();
    seed(server, 6);
    server.beforeAnswer = (cursor) => {
      // After the first page was served, product 1 (already pulled) changes.
      if (cursor > 0 && server.products.get(1)!.row.name === 'Product 1') server.putProduct(product(1, { name: 'Changed meanwhile', category: 'Clothing > Shirts' }));
    };
    const db = createCatalogDb(catalogDbName(nextUid()));
    await pullChanges(db, { fetchChanges: async (c) => server.changes(c, 3) });
    expect((await db.products.get(1))?.name).toBe('Changed meanwhile');
    expect((await readCursor(db)).cursor).toBe(server.version);
    db.close();
  });

  it('deletes tombstoned products and variants locally, with their category counts', async () => {
    const server = new FakeCatalogServer();
    seed(server, 6);
    const db = createCatalogDb(catalogDbName(nextUid()));
    await pullChanges(db, { fetchChanges: async (c) => server.changes(c) });
    expect((await db.variants.get(3))?.ids).toEqual([30, 31]);

    server.deleteProduct(3);
    server.deleteProduct(2);
    await pullChanges(db, { fetchChanges: async (c) => server.changes(c) });
    expect(await db.products.get(3)).toBeUndefined();
    expect(await db.products.get(2)).toBeUndefined();
    expect(await db.variants.get(3)).toBeUndefined();
    expect(await db.categories.get('Clothing > Shirts')).toEqual({ path: 'Clothing > Shirts', count: 2 });
    expect(await db.categories.get('Home')).toEqual({ path: 'Home', count: 2 });
    db.close();
  });

  it("keeps a product's sale flag in step with its variants' sale prices", async () => {
    const server = new FakeCatalogServer();
    server.putProduct(product(1));
    server.putVariant(variant(10, 1));
    server.putVariant(variant(11, 1));
    const db = createCatalogDb(catalogDbName(nextUid()));
    const pull = () => pullChanges(db, { fetchChanges: async (c) => server.changes(c, 2) });
    await pull();
    expect((await db.products.get(1))?.onSale).toBe(false);

    server.putVariant(variant(10, 1, { salePrice: '5.00' }));
    server.putVariant(variant(11, 1, { salePrice: '6.00' }));
    await pull();
    expect(await db.products.get(1)).toMatchObject({ onSale: true, variantsOnSale: 2 });

    server.putVariant(variant(10, 1, { salePrice: null }));
    await pull();
    expect(await db.products.get(1)).toMatchObject({ onSale: true, variantsOnSale: 1 });
    server.deleteVariant(11);
    await pull();
    expect(await db.products.get(1)).toMatchObject({ onSale: false, variantsOnSale: 0 });
    server.putProduct(product(1, { salePrice: '8.00' }));
    await pull();
    expect((await db.products.get(1))?.onSale).toBe(true);
    db.close();
  });

  it('counts the sale prices of variants that came on an earlier page than their product', async () => {
    for (const first of [true, false]) {
      const server = new FakeCatalogServer();
      const db = createCatalogDb(catalogDbName(nextUid()));
      if (!first) {
        server.putProduct(product(9));
        await pullChanges(db, { fetchChanges: async (c) => server.changes(c) });
      }
      server.putProduct(product(1));
      server.putVariant(variant(10, 1, { salePrice: '5.00' }));
      server.putVariant(variant(11, 1, { salePrice: '4.00' }));
      // The product changes after its variants: its row now comes after them.
      server.putProduct(product(1, { name: 'Renamed' }));
      await pullChanges(db, { fetchChanges: async (c) => server.changes(c, 1) });
      expect(await db.products.get(1)).toMatchObject({ name: 'Renamed', variantsOnSale: 2, onSale: true });
      db.close();
    }
  });

  it("clears the local copy and pulls from 0 when the server says 'reset'", async () => {
    const server = new FakeCatalogServer();
    seed(server, 5);
    const db = createCatalogDb(catalogDbName(nextUid()));
    await pullChanges(db, { fetchChanges: async (c) => server.changes(c) });

    // The server's catalog was restored to an older state: the device's cursor is ahead of it.
    const restored = new FakeCatalogServer();
    restored.putProduct(product(100, { name: 'Only one left' }));
    const result = await pullChanges(db, { fetchChanges: async (c) => restored.changes(c) });
    expect(result.reset).toBe(true);
    expect(restored.requests).toEqual([server.version]);
    expect((await db.products.toArray()).map((p) => p.id)).toEqual([100]);
    expect(await db.variants.count()).toBe(0);
    expect((await readCursor(db)).cursor).toBe(restored.version);
    db.close();
  });

  it("starts over when the user's catalog is another company's (they moved to another team)", async () => {
    const first = new FakeCatalogServer();
    seed(first, 6);
    const db = createCatalogDb(catalogDbName(nextUid()));
    await pullChanges(db, { fetchChanges: async (c, catalog) => first.changes(c, 2000, catalog) });
    expect(await readCursor(db)).toEqual({ cursor: first.version, catalogId: 'company-1' });

    // The new company's catalog is bigger: the old cursor alone would not tell them apart.
    const second = new FakeCatalogServer();
    second.catalogId = 'company-2';
    for (let id = 200; id < 220; id++) second.putProduct(product(id));
    const result = await pullChanges(db, { fetchChanges: async (c, catalog) => second.changes(c, 2000, catalog) });
    expect(result.reset).toBe(true);
    expect((await db.products.toArray()).map((p) => p.id)).toEqual([...Array(20).keys()].map((i) => 200 + i));
    expect(await readCursor(db)).toEqual({ cursor: second.version, catalogId: 'company-2' });
    db.close();
  });

  it("saves the cursor only with a page's rows: a page that fails to apply is pulled again", async () => {
    const server = new FakeCatalogServer();
    seed(server, 4);
    const db = createCatalogDb(catalogDbName(nextUid()));
    let broken = true;
    const fetchChanges = async (cursor: number) => {
      const page = server.changes(cursor, 3);
      // The second page carries a row IndexedDB refuses (a NaN key): its transaction aborts.
      if (cursor > 0 && broken) return { ...page, products: [...page.products, product(Number.NaN)] };
      return page;
    };
    await expect(pullChanges(db, { fetchChanges })).rejects.toThrow();
    const firstPageCursor = 3;
    expect((await db.meta.get(META_CURSOR))?.value).toBe(firstPageCursor);
    expect(await db.products.count()).toBe(3);

    broken = false;
    await pullChanges(db, { fetchChanges });
    expect(await db.products.count()).toBe(4);
    expect((await readCursor(db)).cursor).toBe(server.version);
    db.close();
  });
});

describe('the open catalog', () => {
  it('answers queries after a pull and keeps the index in step with later pulls', async () => {
    const server = new FakeCatalogServer();
    seed(server, 30);
    deviceCatalog.open(nextUid(), { fetchChanges: async (c) => server.changes(c, 7) });
    await deviceCatalog.pullNow();
    expect(deviceCatalog.status()).toMatchObject({ ready: true, pulling: false, error: null, productCount: 30 });
    expect((await queryCatalog({ page: 1, pageSize: 20 })).total).toBe(30);

    server.deleteProduct(1);
    server.putProduct(product(31, { name: 'Aardvark mug' }));
    await deviceCatalog.pullNow();
    const first = await queryCatalog({ page: 1, pageSize: 2 });
    expect(first.total).toBe(30);
    expect(first.products.map((p) => p.name)).toEqual(['Aardvark mug', 'Product 10']);
    const [withVariants] = await getLocalProducts([3]);
    expect(withVariants?.variants.map((v) => v.id)).toEqual([30, 31]);
    expect(withVariants).not.toHaveProperty('onSale');
  });

  it('answers an ask for rows that a read under way (the read-ahead\'s) is reading from that read', async () => {
    const server = new FakeCatalogServer();
    seed(server, 30);
    deviceCatalog.open(nextUid(), { fetchChanges: async (c) => server.changes(c) });
    await deviceCatalog.pullNow();
    (await deviceCatalog.ready())!.rows.clear();
    const ahead = getLocalProducts([4, 5, 6]);
    const asked = getLocalProducts([5, 7]);
    const [read, answered] = await Promise.all([ahead, asked]);
    expect(answered.map((p) => p.id)).toEqual([5, 7]);
    // One read of row 5, not two: the same object.
    expect(answered[0]).toBe(read[1]);
    // Read separately, a row is a new object.
    (await deviceCatalog.ready())!.rows.clear();
    expect((await getLocalProducts([5]))[0]).not.toBe(read[1]);
  });

  it('reloads its index from IndexedDB when opened again (offline start)', async () => {
    const server = new FakeCatalogServer();
    seed(server, 12);
    const user = nextUid();
    deviceCatalog.open(user, { fetchChanges: async (c) => server.changes(c) });
    await deviceCatalog.pullNow();
    deviceCatalog.close();

    deviceCatalog.open(user, { fetchChanges: async () => Promise.reject(new Error('offline')) });
    const result = await queryCatalog({ search: 'product 1', page: 1, pageSize: 50 });
    expect(result.products.map((p) => p.id)).toEqual([1, 10, 11, 12]);
  });

  it('runs one pull at a time: calls during a pull make one more pull after it', async () => {
    const server = new FakeCatalogServer();
    seed(server, 5);
    let inFlight = 0;
    let most = 0;
    let requests = 0;
    deviceCatalog.open(nextUid(), {
      fetchChanges: async (c) => {
        requests++;
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        return server.changes(c);
      },
    });
    await Promise.all([deviceCatalog.pullNow(), deviceCatalog.pullNow(), deviceCatalog.pullNow(), deviceCatalog.pullNow()]);
    expect(most).toBe(1);
    expect(requests).toBe(2); // the first pull, and one more for the calls made during it
  });

  it("deletes the user's local catalog on sign-out", async () => {
    const server = new FakeCatalogServer();
    seed(server, 3);
    const user = nextUid();
    deviceCatalog.open(user, { fetchChanges: async (c) => server.changes(c) });
    await deviceCatalog.pullNow();
    expect(await Dexie.exists(catalogDbName(user))).toBe(true);

    await runSignOutCallbacks(user);
    expect(await Dexie.exists(catalogDbName(user))).toBe(false);
    expect(deviceCatalog.status().uid).toBeNull();
    expect(await queryCatalog({ page: 1, pageSize: 20 })).toEqual({ products: [], total: 0 });
  });

  it('on sign-out keeps only what the user typed and the server has not got (drafts, queued writes)', async () => {
    const server = new FakeCatalogServer();
    seed(server, 3);
    const user = nextUid();
    deviceCatalog.open(user, { fetchChanges: async (c) => server.changes(c) });
    await deviceCatalog.pullNow();
    const db = deviceCatalog.db()!;
    await db.drafts.put({ id: 'd1', title: 'Spring', productCount: 1, createdAt: 1, updatedAt: 1, state: {} });
    await db.workOrders.put({ id: 'w1', archived: false, order: {} });

    await runSignOutCallbacks(user);
    const left = createCatalogDb(catalogDbName(user));
    expect(await left.drafts.toArray()).toMatchObject([{ id: 'd1', title: 'Spring' }]);
    expect(await Promise.all([left.products.count(), left.variants.count(), left.categories.count(), left.meta.count(), left.workOrders.count()])).toEqual([0, 0, 0, 0, 0]);
    left.close();
  });
});
