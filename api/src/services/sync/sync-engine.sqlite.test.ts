/**
 * The sync engine on a database file, where SQLite writes the sync's batches on a worker thread
 * (db/sqlite/catalog-sync-writer.ts), against the same sync into `:memory:` (written on this
 * thread): the same rows, versions, price history and search; whole pages on cancel; batches
 * of whole pages; the writes really on the thread (catalog-sync-worker.ts, run from the sources
 * through testing/ts-worker.mjs); and the fallbacks (the catalog moved on under a batch, no thread).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3, { type Statement } from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BigCommerceClient } from '@catalog/commerce';
import { DEMO_STORE } from '@catalog/demo-store';
import { openDatabase } from '../../db/index';
import type { CatalogSyncWriter, Database, ProductInput } from '../../db/repositories';
import { CATALOG_WRITE_SQL, catalogStatements, type CatalogStatements } from '../../db/sqlite/catalog-rows';
import { sqliteSyncWriter } from '../../db/sqlite/catalog-sync-writer';
import { startDemoStore, storeProducts, type TestStore } from '../../testing/store-fixture';
import { syncPriceChanges } from './price-changes';
import { MAX_SAVE_BATCH_PAGES, runSync } from './sync-engine';

const PRODUCTS = 700;
const PAGE = 100;
let store: TestStore;
let dir: string;
const cleanups: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  store = await startDemoStore({ products: PRODUCTS, windowMs: 1_000, quota: 10_000 });
  dir = mkdtempSync(path.join(tmpdir(), 'sync-engine-'));
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  store.store.reset();
});

let files = 0;
async function database(kind: 'file' | 'memory') {
  const db = await openDatabase(kind === 'file' ? path.join(dir, `app-${++files}.db`) : ':memory:');
  cleanups.push(() => db.close());
  const company = await db.companies.create({ name: `Co ${kind}`, productLimit: PRODUCTS });
  await db.settings.upsert(company.id, { storeHash: DEMO_STORE.hash, accessToken: 'x', clientId: DEMO_STORE.clientId });
  return { db, companyId: company.id };
}

/** The writer's batches (products per batch) and how many of them went to the thread. */
function countBatches(db: Database) {
  const batches: number[] = [];
  const open = db.products.syncWriter!.bind(db.products);
  db.products.syncWriter = (companyId, expected) => {
    const writer = open(companyId, expected);
    return { write: (products, ...rest) => (batches.push(products.length), writer.write(products, ...rest)), close: () => writer.close() };
  };
  return batches;
}

async function sync(
  t: { db: Database; companyId: string },
  options: { pageSize?: number; signal?: AbortSignal; onPage?: (n: number) => void; failAtPage?: number } = {},
) {
  const client = new BigCommerceClient({ storeHash: DEMO_STORE.hash, accessToken: DEMO_STORE.accessToken, baseUrl: store.url });
  // A page size below 250 without changing the engine: the plan's cap is what sets it (min(250, cap)).
  const pageSize = options.pageSize ?? PAGE;
  const original = client.productPages.bind(client);
  client.productPages = (query = {}) => {
    if (query.startPage === options.failAtPage) {
      // The store fails for good on this page (after the client's own retries).
      // eslint-disable-next-line require-yield -- a page stream that throws before its first page has nothing to yield
      return (async function* () {
        throw new Error('the store failed');
      })();
    }
    return original({ ...query, pageSize });
  };
  return runSync({
    db: t.db, client, companyId: t.companyId, includeInvisible: true, plan: { name: 'Test', productLimit: PRODUCTS }, signal: options.signal,
    onProgress: (p) => {
      const page = /page (\d+) of/.exec(p.message);
      if (p.stage === 'products' && page) options.onPage?.(Number(page[1]));
    },
  });
}

/** Everything a device could see of the catalog, without our ids (each database makes its own). */
async function catalogOf(t: { db: Database; companyId: string }) {
  const products = await t.db.products.list(t.companyId, { limit: 10_000, offset: 0 });
  return products.map(({ id: _id, companyId: _c, version: _v, variants, ...p }) => ({
    ...p, variants: variants.map(({ id: _vid, companyId: _vc, productId: _p, version: _vv, ...v }) => v),
  }));
}

async function versionsOf(t: { db: Database; companyId: string }) {
  const { changes, hasMore } = await t.db.products.changesSince(t.companyId, 0, 100_000);
  expect(hasMore).toBe(false);
  const versions = changes.map((c) => c.version);
  expect(new Set(versions).size).toBe(versions.length);
  return versions;
}

describe('a sync into a database file (batches written on a worker thread)', () => {
  it('stores what a sync written on the main thread stores: rows, versions, price history, search', async () => {
    const file = await database('file');
    const memory = await database('memory');
    const batches = countBatches(file.db);
    const outcome = await sync(file);
    const reference = await sync(memory);
    expect(outcome.status).toBe('complete');
    expect(outcome.stats).toEqual(reference.stats);
    expect(outcome.stats.products).toBe(PRODUCTS);
    expect(await catalogOf(file)).toEqual(await catalogOf(memory));
    // Every row took its own version from the company's sequence, and the sequence is where the rows say.
    const versions = await versionsOf(file);
    expect(versions).toHaveLength(PRODUCTS + outcome.stats.variants);
    expect(Math.max(...versions)).toBe((await file.db.companies.get(file.companyId))!.catalogVersion);
    // Whole pages per batch, at most MAX_SAVE_BATCH_PAGES of them.
    expect(batches.reduce((a, b) => a + b, 0)).toBe(PRODUCTS);
    for (const size of batches.slice(0, -1)) {
      expect(size % PAGE).toBe(0);
      expect(size).toBeLessThanOrEqual(MAX_SAVE_BATCH_PAGES * PAGE);
    }

    // The FTS5 search index followed the thread's writes.
    const [target] = storeProducts(store).slice(321, 322);
    const word = target!.name.split(' ').at(-1)!;
    const search = { search: word.slice(0, 5) };
    expect(await file.db.products.count(file.companyId, search)).toBeGreaterThan(0);
    expect(await file.db.products.count(file.companyId, search)).toBe(await memory.db.products.count(memory.companyId, search));
    expect(await file.db.products.listIds(file.companyId, { search: target!.sku })).toContain(target!.id);

    // Prices changed in the store: the next sync records them, the same way on both.
    const simple = storeProducts(store).filter((p) => p.base_variant_id !== null).slice(0, 3);
    const oldCents = Math.round(simple[0]!.price * 100);
    for (const p of simple) store.store.updateProduct(p.id, { price: p.price + 1 });
    const withOptions = storeProducts(store).find((p) => p.base_variant_id === null)!;
    const variant = store.store.catalog().variantsOf(withOptions.id)[0]!;
    store.store.updateVariant(variant.id, { price: 55 });
    store.store.updateProduct(storeProducts(store)[600]!.id, { name: 'Renamed Zebra Lamp' });
    const second = await sync(file);
    expect(second.stats).toEqual((await sync(memory)).stats);
    expect(second.stats).toMatchObject({ priceChanges: 4, unchanged: PRODUCTS - 4, updated: 4 });
    expect(await catalogOf(file)).toEqual(await catalogOf(memory));
    const [changed] = await file.db.products.getByExternalIds(file.companyId, [simple[0]!.id]);
    expect(await file.db.priceHistory.listForProduct(file.companyId, changed!.id)).toEqual([
      expect.objectContaining({
        changeType: 'sync', variantId: null,
        oldRegularPriceCents: oldCents, newRegularPriceCents: oldCents + 100,
      }),
    ]);
    const [options] = await file.db.products.getByExternalIds(file.companyId, [withOptions.id]);
    expect(await file.db.priceHistory.listForProduct(file.companyId, options!.id)).toEqual([
      expect.objectContaining({ variantId: options!.variants.find((v) => v.externalId === variant.id)!.id, newRegularPriceCents: 5500 }),
    ]);
    expect(await file.db.products.listIds(file.companyId, { search: 'zebra lamp' })).toEqual([storeProducts(store)[600]!.id]);
    const after = await versionsOf(file);
    expect(after).toHaveLength(PRODUCTS + outcome.stats.variants);
    expect(Math.max(...after)).toBe(Math.max(...versions) + 5);
  });

  it('stops after whole pages when cancelled, with the thread closed', async () => {
    const file = await database('file');
    const controller = new AbortController();
    const outcome = await sync(file, { signal: controller.signal, onPage: (n) => n === 3 && controller.abort() });
    expect(outcome.status).toBe('cancelled');
    const count = await file.db.products.count(file.companyId);
    expect(count).toBe(outcome.stats.products);
    expect(count % PAGE).toBe(0);
    expect(count).toBeGreaterThanOrEqual(3 * PAGE);
    // The file is free for the next sync, which completes.
    expect((await sync(file)).status).toBe('complete');
    expect(await file.db.products.count(file.companyId)).toBe(PRODUCTS);
  });
});

describe('a sync that fails part-way', () => {
  it.each(['file', 'memory'] as const)('keeps every whole page read before the failing one (%s)', async (kind) => {
    const t = await database(kind);
    // A slow writer: pages 2-4 arrive while it still writes page 1, and wait for it in memory.
    const open = t.db.products.syncWriter!.bind(t.db.products);
    t.db.products.syncWriter = (companyId, expected) => {
      const writer = open(companyId, expected);
      const slowly = async (...args: Parameters<CatalogSyncWriter['write']>) => {
        await new Promise((r) => setTimeout(r, 100));
        return writer.write(...args);
      };
      return { write: slowly, close: () => writer.close() };
    };
    await expect(sync(t, { failAtPage: 5 })).rejects.toThrow('the store failed');
    t.db.products.syncWriter = open;
    // Pages 1-4 arrived before page 5 failed: all of them are written, none in part.
    expect(await t.db.products.count(t.companyId)).toBe(4 * PAGE);
    expect((await sync(t)).status).toBe('complete');
    expect(await t.db.products.count(t.companyId)).toBe(PRODUCTS);
  });
});

describe('the SQLite sync writer', () => {
  const inputs = (from: number, n: number, price = 1000): ProductInput[] =>
    Array.from({ length: n }, (_, i) => ({
      externalId: from + i, name: `Product ${from + i}`, sku: `SKU-${from + i}`, regularPriceCents: price,
      variants: [{ externalId: 10_000 + from + i, variantSku: `V-${from + i}`, regularPriceCents: price }],
    }));
  const write = (writer: CatalogSyncWriter, batch: ProductInput[], at = new Date()) =>
    writer.write(batch, at, (before) => syncPriceChanges(before, batch, at));

  async function fileDatabase() {
    const file = path.join(dir, `writer-${++files}.db`);
    const db = await openDatabase(file);
    cleanups.push(() => db.close());
    const company = await db.companies.create({ name: 'Writer Co', productLimit: 1000 });
    return { db, file, companyId: company.id };
  }

  it('plans a batch again on the main thread when the catalog moved on before the thread wrote it', async () => {
    const t = await fileDatabase();
    const writer = t.db.products.syncWriter!(t.companyId, { pages: 10 });
    cleanups.push(() => writer.close());
    await write(writer, inputs(1, 5));
    const [product] = await t.db.products.getByExternalIds(t.companyId, [1]);

    // Another connection takes the write lock, then edits a price while the batch is on its way.
    const other = new BetterSqlite3(t.file);
    cleanups.push(() => void other.close());
    other.pragma('busy_timeout = 5000');
    other.exec('begin immediate');
    const written = write(writer, inputs(1, 5, 2000));
    other.prepare('update products set regular_price_cents = 1500, version = (select catalog_version + 1 from companies where id = ?) where id = ?')
      .run(t.companyId, product!.id);
    other.prepare('update companies set catalog_version = catalog_version + 1 where id = ?').run(t.companyId);
    other.exec('commit');

    // The batch was written after the edit, against the edited price: its history starts from 15.00.
    expect(await written).toMatchObject({ updated: 5, priceChanges: 10, version: 21 });
    const history = await t.db.priceHistory.listForProduct(t.companyId, product!.id);
    expect(history.filter((h) => h.variantId === null).map((h) => [h.oldRegularPriceCents, h.newRegularPriceCents])).toEqual([[1500, 2000]]);
    expect((await t.db.products.getByExternalIds(t.companyId, [1]))[0]).toMatchObject({ regularPriceCents: 2000 });
    expect(Math.max(...await versionsOf(t))).toBe(21);
  });

  /**
   * A writer on a connection of the test's own, for the database file `threadFile` (the file its
   * thread opens), and how many product rows that connection (the main thread) wrote.
   */
  function writerCountingMainThreadWrites(t: { file: string; companyId: string }, threadFile: string) {
    const sqlite = new BetterSqlite3(t.file);
    cleanups.push(() => void sqlite.close());
    const stmts = catalogStatements(sqlite);
    const written = { products: 0 };
    const counting: CatalogStatements = {
      ...stmts,
      prepared: (sql) => {
        const stmt = stmts.prepared(sql);
        if (sql !== CATALOG_WRITE_SQL.products) return stmt;
        return { run: (json: string) => ((written.products += (JSON.parse(json) as unknown[]).length), stmt.run(json)) } as unknown as Statement;
      },
    };
    const writer = sqliteSyncWriter(drizzle({ client: sqlite }), counting, threadFile, t.companyId, { pages: 10 });
    cleanups.push(() => writer.close());
    return { writer, written };
  }

  it('writes the batches on its thread, none of their rows on the main thread', async () => {
    const t = await fileDatabase();
    const { writer, written } = writerCountingMainThreadWrites(t, t.file);
    expect(await write(writer, inputs(1, 20))).toMatchObject({ inserted: 20, version: 40 });
    expect(await write(writer, inputs(1, 20, 1234))).toMatchObject({ updated: 20, priceChanges: 40, version: 80 });
    expect(await t.db.products.count(t.companyId)).toBe(20);
    expect(written.products).toBe(0);
    await versionsOf(t);
  });

  it('writes on the main thread when the thread cannot start', async () => {
    const t = await fileDatabase();
    const { writer, written } = writerCountingMainThreadWrites(t, path.join(dir, 'missing', 'app.db'));
    expect(await write(writer, inputs(1, 20))).toMatchObject({ inserted: 20, version: 40 });
    expect(await write(writer, inputs(1, 20, 1234))).toMatchObject({ updated: 20, priceChanges: 40, version: 80 });
    expect(await t.db.products.count(t.companyId)).toBe(20);
    expect(written.products).toBe(40);
    await versionsOf(t);
  });
});
