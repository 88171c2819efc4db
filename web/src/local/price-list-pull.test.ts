/**
 * The device's price lists (issue 35): a pull stores one row per list, currency and product with
 * its variants' records, page after page from the cursor; later pulls bring only changes (a
 * deletion drops the variant, the last one its row); a reset starts the copy over; the lists are
 * replaced whole. The copy follows the local catalog: pulled after each of its pulls, not offline,
 * per user, and deleted on sign-out; and the server's price list version: pulled when it moved, and
 * started over when the lists were cleared or the store connected again while the device was off.
 */
import 'fake-indexeddb/auto';
import type { PriceListChangesResponse, ReplicatedPriceListRecord } from '@catalog/contracts/price-list-changes';
import type { PriceListSummary } from '@catalog/contracts/price-lists';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_STATUS, createStatusStore } from './catalog-status';
import { createLocalPriceLists, PRICE_LIST_RETRY_MS } from './local-price-lists';
import { createPriceListDb, META_CATALOG, META_CURSOR, priceListDbName, RECORD_BUCKET_SPAN, type PriceListDb } from './price-list-db';
import { pullPriceLists, readPriceListState, type FetchPriceListChanges } from './price-list-pull';
import { readListRecords, readProductPriceLists } from './price-list-read';
import { storedProductRecords } from '../testing/price-list-copy';

const list = (id: number, name: string, currencies: string[]): PriceListSummary => ({
  id, name, active: true, dateModified: null, currencies, recordCounts: [], customerGroups: [{ id: 2, name: 'Wholesale' }], channels: [], recordsReadAt: null,
});
const rec = (priceListId: number, productId: number, variantId: number, price: string, currency = 'USD'): ReplicatedPriceListRecord => ({
  priceListId, productId, variantId, currency, price, salePrice: null, retailPrice: null, mapPrice: null,
});

type Change = { version: number; record?: ReplicatedPriceListRecord; deleted?: Omit<ReplicatedPriceListRecord, 'price' | 'salePrice' | 'retailPrice' | 'mapPrice'> };

/** A server of price list changes: its log of changes by version, pages of `limit`. */
function fakeServer(limit = 2) {
  const server = { log: [] as Change[], lists: [list(1, 'Wholesale', ['USD']), list(2, 'Euro', ['EUR'])], catalogId: 'c1:store', asked: [] as number[] };
  const fetch: FetchPriceListChanges = async (cursor, catalog) => {
    server.asked.push(cursor);
    const latest = server.log.at(-1)?.version ?? 0;
    const reset = (catalog !== undefined && catalog !== server.catalogId) || cursor > latest;
    const since = reset ? 0 : cursor;
    // A key's latest change only, as the server's table keeps one row per key.
    const latestOf = new Map<string, Change>();
    for (const c of server.log) {
      const r = (c.record ?? c.deleted)!;
      latestOf.set(`${r.priceListId}:${r.variantId}:${r.currency}`, c);
    }
    const after = [...latestOf.values()].filter((c) => c.version > since).sort((a, b) => a.version - b.version);
    const page = after.slice(0, limit);
    return {
      catalogId: server.catalogId, reset, cursor: page.at(-1)?.version ?? since, hasMore: after.length > limit, latestVersion: latest, catalogCurrency: 'USD',
      lists: server.lists, records: page.flatMap((c) => (c.record ? [c.record] : [])), deleted: page.flatMap((c) => (c.deleted ? [c.deleted] : [])),
    } satisfies PriceListChangesResponse;
  };
  const write = (...records: ReplicatedPriceListRecord[]) => {
    for (const record of records) server.log.push({ version: server.log.length + 1, record });
  };
  const remove = (r: ReplicatedPriceListRecord) => {
    const { price: _p, salePrice: _s, retailPrice: _r, mapPrice: _m, ...key } = r;
    server.log.push({ version: server.log.length + 1, deleted: key });
  };
  return { server, fetch, write, remove };
}

const open: PriceListDb[] = [];
let n = 0;
function freshDb(): PriceListDb {
  const db = createPriceListDb(`price-lists-test-${++n}`);
  open.push(db);
  return db;
}
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

describe('pulling price lists', () => {
  it('stores one row per list, currency and bucket of products holding their variants\u2019 records, page after page', async () => {
    const { server, fetch, write } = fakeServer(2);
    write(rec(1, 100, 1001, '9.00'), rec(1, 100, 1002, '8.00'), rec(1, 200, 2000, '5.00'), rec(2, 100, 1001, '8.50', 'EUR'), rec(1, 100, 1001, '7.00'));
    const db = freshDb();
    expect(await pullPriceLists(db, { fetchChanges: fetch })).toMatchObject({ pages: 2, reset: false, cursor: 5 });
    expect(server.asked).toEqual([0, 3]);
    expect(await storedProductRecords(db)).toHaveLength(3);
    // Products 100 and 200 share a bucket: one row for list 1 in USD, one for list 2 in EUR.
    expect(await db.buckets.count()).toBe(2);
    const product = await readProductPriceLists(db, 100);
    expect(product.lists.map((l) => l.name)).toEqual(['Wholesale', 'Euro']);
    expect(product.catalogCurrency).toBe('USD');
    expect(product.records.get(1)?.get('USD')).toEqual({ 1001: ['7.00', null, null, null], 1002: ['8.00', null, null, null] });
    expect(product.records.get(2)?.get('EUR')).toEqual({ 1001: ['8.50', null, null, null] });
    expect([...(await readListRecords(db, 1, 'USD')).keys()]).toEqual([100, 200]);
    expect(await readPriceListState(db)).toEqual({ cursor: 5, catalogId: 'c1:store', catalogCurrency: 'USD' });
  });

  it('brings only changes later: a changed record, a deletion dropping its variant and the last one its row; lists replaced whole', async () => {
    const { server, fetch, write, remove } = fakeServer(10);
    const a = rec(1, 100, 1001, '9.00');
    const b = rec(1, 100, 1002, '8.00');
    const c = rec(1, 200, 2000, '5.00');
    write(a, b, c);
    const db = freshDb();
    await pullPriceLists(db, { fetchChanges: fetch });
    write({ ...b, price: '6.00', salePrice: '5.50', mapPrice: '5.00' });
    remove(a);
    remove(c);
    server.lists = [list(1, 'Wholesale B2B', ['USD'])];
    server.asked = [];
    expect(await pullPriceLists(db, { fetchChanges: fetch })).toMatchObject({ pages: 1, changedProducts: 2, cursor: 6 });
    expect(server.asked).toEqual([3]);
    expect(await storedProductRecords(db)).toEqual([{ priceListId: 1, currency: 'USD', productId: 100, variants: { 1002: ['6.00', '5.50', null, '5.00'] } }]);
    expect((await db.lists.toArray()).map((l) => l.name)).toEqual(['Wholesale B2B']);
  });

  it('starts over when told to reset (the lists were cleared, another store connected)', async () => {
    const { server, fetch, write } = fakeServer(10);
    write(rec(1, 100, 1001, '9.00'), rec(1, 200, 2000, '5.00'));
    const db = freshDb();
    await pullPriceLists(db, { fetchChanges: fetch });
    server.log = [];
    server.catalogId = 'c1:other-store';
    write(rec(1, 300, 3000, '3.00'));
    expect(await pullPriceLists(db, { fetchChanges: fetch })).toMatchObject({ reset: true, cursor: 1 });
    expect((await storedProductRecords(db)).map((r) => r.productId)).toEqual([300]);
    expect((await readPriceListState(db)).catalogId).toBe('c1:other-store');
  });
});

describe('the copy\u2019s format', () => {
  it('keeps products of other buckets apart, and a product\u2019s deletion leaves its bucket\u2019s others', async () => {
    const { fetch, write, remove } = fakeServer(10);
    const far = rec(1, RECORD_BUCKET_SPAN * 3 + 5, 9000, '4.00');
    const near = rec(1, 100, 1001, '9.00');
    write(near, rec(1, 101, 1011, '2.00'), far);
    const db = freshDb();
    await pullPriceLists(db, { fetchChanges: fetch });
    expect(await db.buckets.count()).toBe(2);
    expect((await readProductPriceLists(db, far.productId)).records.get(1)?.get('USD')).toEqual({ 9000: ['4.00', null, null, null] });
    remove(near);
    remove(far);
    await pullPriceLists(db, { fetchChanges: fetch });
    expect((await storedProductRecords(db)).map((r) => r.productId)).toEqual([101]);
    expect(await db.buckets.count()).toBe(1);
  });

  it('drops a copy of the first version (a row per product) and pulls it again from 0', async () => {
    const name = `price-lists-v1-${++n}`;
    const v1 = new Dexie(name);
    v1.version(1).stores({ lists: 'id', records: '[priceListId+currency+productId], productId', meta: 'key' });
    await v1.table('records').put({ priceListId: 1, currency: 'USD', productId: 100, variants: { 1001: ['1.00', null, null, null] } });
    await v1.table('meta').bulkPut([{ key: META_CURSOR, value: 7 }, { key: META_CATALOG, value: 'c1:store' }]);
    v1.close();
    const db = createPriceListDb(name);
    open.push(db);
    expect(await readPriceListState(db)).toEqual({ cursor: 0, catalogId: undefined, catalogCurrency: null });
    const { fetch, write, server } = fakeServer(10);
    write(rec(1, 100, 1001, '9.00'));
    await pullPriceLists(db, { fetchChanges: fetch });
    expect(server.asked).toEqual([0]);
    expect(await storedProductRecords(db)).toEqual([{ priceListId: 1, currency: 'USD', productId: 100, variants: { 1001: ['9.00', null, null, null] } }]);
  });
});

describe('the local price lists', () => {
  it('while a screen shows them, pull after each of the catalog\u2019s pulls, never offline, into each user\u2019s own copy; sign-out deletes it', async () => {
    const { fetch, write, server } = fakeServer(10);
    write(rec(1, 100, 1001, '9.00'));
    const catalog = createStatusStore();
    let offline = false;
    const local = createLocalPriceLists({ catalog: { status: catalog.get, subscribe: catalog.subscribe }, isOffline: () => offline, fetchChanges: fetch });
    catalog.set({ ...INITIAL_STATUS, uid: 'u-1', lastPulledAt: 0 });
    expect(await local.db()).toBeNull();
    expect(server.asked).toEqual([]);
    // A screen showing price lists mounts: it follows, and pulls at once.
    const unsubscribe = local.subscribe(() => {});
    await local.pullNow();
    expect(server.asked[0]).toBe(0);
    server.asked = [];
    catalog.set({ lastPulledAt: 1 });
    await local.pullNow();
    const db = (await local.db())!;
    expect(db.name).toBe(priceListDbName('u-1'));
    expect(await storedProductRecords(db)).toHaveLength(1);
    const revision = local.status().revision;

    offline = true;
    write(rec(1, 200, 2000, '5.00'));
    catalog.set({ lastPulledAt: 2 });
    await local.pullNow();
    expect(await storedProductRecords(db)).toHaveLength(1);
    offline = false;
    catalog.set({ lastPulledAt: 3 });
    await local.pullNow();
    expect(await storedProductRecords(db)).toHaveLength(2);
    expect(local.status().revision).toBeGreaterThan(revision);

    // No screen shows price lists, and the shell did not start them: the catalog's pulls are not followed.
    unsubscribe();
    server.asked = [];
    catalog.set({ lastPulledAt: 4 });
    expect(server.asked).toEqual([]);

    local.start();
    catalog.set({ ...INITIAL_STATUS, uid: 'u-2', lastPulledAt: null });
    expect((await local.db())!.name).toBe(priceListDbName('u-2'));
    await local.forget('u-1');
    expect(await Dexie.exists(priceListDbName('u-1'))).toBe(false);
    local.stop();
  });

  it('pull beside the catalog\u2019s first pull, not after it, once per copy; and again when it ends', async () => {
    const { fetch, write, server } = fakeServer(10);
    write(rec(1, 100, 1001, '9.00'));
    const catalog = createStatusStore();
    catalog.set({ ...INITIAL_STATUS, uid: 'u-new' });
    const local = createLocalPriceLists({ catalog: { status: catalog.get, subscribe: catalog.subscribe }, isOffline: () => false, fetchChanges: fetch });
    local.start();
    expect(server.asked).toEqual([]);
    catalog.set({ pulling: true, progress: { done: 0, total: 100, initial: true } });
    await vi.waitFor(() => expect(server.asked).toEqual([0]));
    await vi.waitFor(() => expect(local.status().pulling).toBe(false));
    expect(await storedProductRecords((await local.db())!)).toHaveLength(1);
    // Further progress of the same first pull asks nothing more.
    catalog.set({ progress: { done: 50, total: 100, initial: true } });
    expect(server.asked).toEqual([0]);
    catalog.set({ pulling: false, progress: null, lastPulledAt: 1 });
    await vi.waitFor(() => expect(server.asked).toEqual([0, 1]));
    local.stop();
  });

  it('started by the shell, follow the catalog with no screen showing them, pulling at once when the catalog was pulled', async () => {
    const { fetch, write, server } = fakeServer(10);
    write(rec(1, 100, 1001, '9.00'));
    const catalog = createStatusStore();
    catalog.set({ ...INITIAL_STATUS, uid: 'u-shell', lastPulledAt: 5 });
    const local = createLocalPriceLists({ catalog: { status: catalog.get, subscribe: catalog.subscribe }, isOffline: () => false, fetchChanges: fetch });
    local.start();
    local.start();
    await local.pullNow();
    expect(server.asked[0]).toBe(0);
    expect(await storedProductRecords((await local.db())!)).toHaveLength(1);
    // A screen comes and goes: the shell's following stays.
    local.subscribe(() => {})();
    write(rec(1, 200, 2000, '5.00'));
    server.asked = [];
    catalog.set({ lastPulledAt: 6 });
    await local.pullNow();
    expect(server.asked[0]).toBe(1);
    expect(await storedProductRecords((await local.db())!)).toHaveLength(2);
    local.stop();
  });
});

describe('following the server\u2019s price list version (GET /api/catalog/version)', () => {
  async function started(options: { offline?: () => boolean; now?: () => number; failing?: () => boolean } = {}) {
    const fake = fakeServer(10);
    const fetchChanges: FetchPriceListChanges = (cursor, copy) => (options.failing?.() ? Promise.reject(new Error('Server error')) : fake.fetch(cursor, copy));
    const catalog = createStatusStore();
    catalog.set({ ...INITIAL_STATUS, uid: `u-version-${++n}`, lastPulledAt: null });
    const local = createLocalPriceLists({
      catalog: { status: catalog.get, subscribe: catalog.subscribe }, isOffline: options.offline ?? (() => false), fetchChanges, now: options.now,
    });
    local.start();
    let listsReadAt: string | null = '2026-05-01T00:00:00.000Z';
    const remote = () => ({ catalogId: fake.server.catalogId, version: fake.server.log.at(-1)?.version ?? 0, listsReadAt });
    const readLists = (at: string) => {
      listsReadAt = at;
    };
    return { ...fake, local, remote, readLists, db: async () => (await local.db())! };
  }

  it('pulls a change the catalog did not see, and nothing when the copy is at the server\u2019s version', async () => {
    const { local, write, remote, server, db } = await started();
    write(rec(1, 100, 1001, '9.00'));
    expect(await local.pullIfBehind(remote())).toBe(true);
    expect(await storedProductRecords(await db())).toHaveLength(1);
    server.asked = [];
    expect(await local.pullIfBehind(remote())).toBe(false);
    expect(server.asked).toEqual([]);
    // A price list order changed a record: the version moves, the catalog's does not.
    write(rec(1, 100, 1001, '7.00'));
    expect(await local.pullIfBehind(remote())).toBe(true);
    expect((await readProductPriceLists(await db(), 100)).records.get(1)?.get('USD')).toEqual({ 1001: ['7.00', null, null, null] });
    local.stop();
  });

  it('pulls once more when the lists alone were read again (a list renamed: no record version moves)', async () => {
    const { local, write, remote, server, readLists, db } = await started();
    write(rec(1, 100, 1001, '9.00'));
    expect(await local.pullIfBehind(remote())).toBe(true);
    expect(await local.pullIfBehind(remote())).toBe(false);
    server.lists = [list(1, 'Wholesale B2B', ['USD'])];
    readLists('2026-05-02T00:00:00.000Z');
    expect(await local.pullIfBehind(remote())).toBe(true);
    expect((await (await db()).lists.toArray()).map((l) => l.name)).toEqual(['Wholesale B2B']);
    expect(await local.pullIfBehind(remote())).toBe(false);
    local.stop();
  });

  it('starts the copy over when the lists were cleared (the cursor ahead) or the store was connected again (another copy id) while it was offline', async () => {
    let offline = false;
    const { local, write, remote, server, db } = await started({ offline: () => offline });
    write(rec(1, 100, 1001, '9.00'), rec(1, 200, 2000, '5.00'), rec(1, 300, 3000, '3.00'));
    await local.pullIfBehind(remote());
    expect(await readPriceListState(await db())).toMatchObject({ cursor: 3, catalogId: 'c1:store' });

    // Cleared on the server: its version is behind the copy's cursor.
    offline = true;
    server.log = [];
    write(rec(1, 400, 4000, '4.00'));
    expect(await local.pullIfBehind(remote())).toBe(false);
    offline = false;
    expect(remote().version).toBeLessThan(3);
    expect(await local.pullIfBehind(remote())).toBe(true);
    expect((await storedProductRecords(await db())).map((r) => r.productId)).toEqual([400]);

    // Connected again while offline, the new versions past the copy's cursor: the copy id tells.
    offline = true;
    server.log = [];
    server.catalogId = 'c1:store:again';
    write(rec(1, 500, 5000, '5.00'), rec(1, 600, 6000, '6.00'), rec(1, 700, 7000, '7.00'));
    offline = false;
    expect(remote().version).toBeGreaterThan((await readPriceListState(await db())).cursor);
    expect(await local.pullIfBehind(remote())).toBe(true);
    expect((await storedProductRecords(await db())).map((r) => r.productId)).toEqual([500, 600, 700]);
    expect(await readPriceListState(await db())).toMatchObject({ cursor: 3, catalogId: 'c1:store:again' });
    local.stop();
  });

  it('waits a while after a failed pull before the version makes it try again', async () => {
    let time = 1_000;
    let failing = true;
    const { local, write, remote, db } = await started({ now: () => time, failing: () => failing });
    write(rec(1, 100, 1001, '9.00'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await local.pullIfBehind(remote())).toBe(true);
    expect(local.status().error).toBe('Server error');
    logged.mockRestore();
    failing = false;
    time += PRICE_LIST_RETRY_MS - 1;
    expect(await local.pullIfBehind(remote())).toBe(false);
    time += 1;
    expect(await local.pullIfBehind(remote())).toBe(true);
    expect(local.status().error).toBeNull();
    expect(await storedProductRecords(await db())).toHaveLength(1);
    local.stop();
  });
});
