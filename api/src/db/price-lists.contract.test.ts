/**
 * The repository contract of the store's price lists (issue 35), on every dialect (SQLite always,
 * PostgreSQL with TEST_DATABASE_URL): the metadata replaced whole by a read, lists with their
 * currencies, groups, channels and counts; records written with a version only when they change,
 * tombstoned with one when deleted (also when unseen by a whole read, or when their list goes),
 * paged by key with filters; the webhook queue; every row its company's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets, openTarget } from '../testing/db-targets';
import type { Database, PriceListMetadata, PriceListRecordInput } from './repositories';

const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));

const METADATA: PriceListMetadata = {
  lists: [
    { id: 1, name: 'Wholesale', active: true, dateModified: at(1) },
    { id: 2, name: 'Euro storefront', active: false, dateModified: null },
  ],
  assignments: [
    { id: 1, priceListId: 1, customerGroupId: 2, channelId: null },
    { id: 2, priceListId: 2, customerGroupId: null, channelId: 2 },
  ],
  customerGroups: [{ id: 1, name: 'Retail', isDefault: true }, { id: 2, name: 'Wholesale', isDefault: false }],
  channels: [
    { id: 1, name: 'Demo storefront', defaultCurrency: 'USD', enabledCurrencies: ['USD'] },
    { id: 2, name: 'Euro storefront', defaultCurrency: 'eur', enabledCurrencies: ['EUR', 'GBP'] },
  ],
};

const record = (priceListId: number, variantId: number, currency: string, priceCents: number, extra: Partial<PriceListRecordInput> = {}): PriceListRecordInput => ({
  priceListId, variantId, productId: 1000 + Math.floor(variantId / 10), sku: `SKU-${variantId}`, currency, priceCents,
  salePriceCents: null, retailPriceCents: null, mapPriceCents: null, dateModified: '2024-07-01T09:00:00.000Z', ...extra,
});

describe.each(dbTargets)('price lists on $name', (target) => {
  let db: Database;
  let close = async () => {};
  beforeAll(async () => {
    ({ db, close } = await openTarget(target));
  });
  afterAll(async () => close());

  const company = async () => {
    const id = (await db.companies.create({ name: 'Price List Co' })).id;
    await db.priceLists.replaceLists(id, METADATA, at(0));
    return id;
  };
  const version = async (c: string) => (await db.priceLists.syncState(c)).recordVersion;

  it('lists each list with its currencies, customer groups, channels and record counts', async () => {
    const c = await company();
    await db.priceLists.upsertRecords(c, [record(1, 11, 'USD', 900), record(1, 12, 'usd', 800), record(1, 12, 'CAD', 1100), record(2, 11, 'EUR', 930)]);
    const lists = await db.priceLists.listLists(c);
    expect(lists).toEqual([
      {
        id: 1, name: 'Wholesale', active: true, dateModified: at(1), currencies: ['CAD', 'USD'],
        recordCounts: [{ currency: 'CAD', records: 1 }, { currency: 'USD', records: 2 }],
        customerGroups: [{ id: 2, name: 'Wholesale' }], channels: [], recordsReadAt: null,
      },
      {
        id: 2, name: 'Euro storefront', active: false, dateModified: null, currencies: ['EUR', 'GBP'],
        recordCounts: [{ currency: 'EUR', records: 1 }, { currency: 'GBP', records: 0 }],
        customerGroups: [], channels: [{ id: 2, name: 'Euro storefront', defaultCurrency: 'EUR', currencies: ['EUR', 'GBP'] }], recordsReadAt: null,
      },
    ]);
    expect(await db.priceLists.getList(c, 2)).toEqual(lists[1]);
    expect(await db.priceLists.getList(c, 3)).toBeNull();
  });

  it('counts live records per list and currency, and lists with counts the caller kept instead of counting again', async () => {
    const c = await company();
    await db.priceLists.upsertRecords(c, [record(1, 11, 'USD', 900), record(1, 12, 'USD', 800), record(2, 11, 'EUR', 930)]);
    await db.priceLists.deleteRecords(c, 1, 'USD', [12]);
    const counts = await db.priceLists.recordCounts(c);
    expect([...counts].sort((a, b) => a.priceListId - b.priceListId).map((n) => ({ ...n, records: Number(n.records) }))).toEqual([
      { priceListId: 1, currency: 'USD', records: 1 }, { priceListId: 2, currency: 'EUR', records: 1 },
    ]);
    expect(await db.priceLists.listLists(c, counts)).toEqual(await db.priceLists.listLists(c));
    const kept = await db.priceLists.listLists(c, [{ priceListId: 1, currency: 'USD', records: 7 }]);
    expect(kept.map((l) => l.recordCounts)).toEqual([[{ currency: 'USD', records: 7 }], [{ currency: 'EUR', records: 0 }, { currency: 'GBP', records: 0 }]]);
  });

  it('gives a record a version when it is new or changed, and none when a read finds it as it was', async () => {
    const c = await company();
    expect(await db.priceLists.upsertRecords(c, [record(1, 11, 'USD', 900), record(1, 12, 'USD', 800)])).toBe(2);
    const first = await db.priceLists.getRecords(c, 1, 'USD', [11, 12]);
    expect(first.map((r) => [r.variantId, r.priceCents, r.version])).toEqual([[11, 900, 1], [12, 800, 2]]);
    expect(first[0]).toMatchObject({ productId: 1001, sku: 'SKU-11', salePriceCents: null, dateModified: new Date('2024-07-01T09:00:00Z'), variantRowId: null });
    expect(await db.priceLists.upsertRecords(c, [record(1, 11, 'USD', 900), record(1, 12, 'USD', 750, { salePriceCents: 700 })])).toBe(1);
    expect((await db.priceLists.getRecords(c, 1, 'USD', [11, 12])).map((r) => [r.priceCents, r.salePriceCents, r.version])).toEqual([[900, null, 1], [750, 700, 3]]);
    // Our own write (no SKU, no date) keeps the store's SKU and date.
    await db.priceLists.upsertRecords(c, [{ priceListId: 1, variantId: 11, productId: 1001, currency: 'USD', priceCents: 950, salePriceCents: null, retailPriceCents: 1200, mapPriceCents: 999 }]);
    expect((await db.priceLists.getRecords(c, 1, 'USD', [11]))[0]).toMatchObject({ sku: 'SKU-11', priceCents: 950, retailPriceCents: 1200, mapPriceCents: 999, version: 4 });
    expect(await version(c)).toBe(4);
  });

  it('reads the changes after a version in version order, tombstones marked, a bounded page at a time', async () => {
    const c = await company();
    const other = await company();
    await db.priceLists.upsertRecords(c, [record(1, 11, 'USD', 900), record(1, 12, 'USD', 800), record(2, 11, 'EUR', 930)]);
    await db.priceLists.upsertRecords(other, [record(1, 11, 'USD', 1)]);
    await db.priceLists.upsertRecords(c, [record(1, 11, 'USD', 950, { salePriceCents: 900, mapPriceCents: 999 })]);
    await db.priceLists.deleteRecords(c, 1, 'USD', [12]);
    const all = await db.priceLists.changesSince(c, 0, 100);
    expect(all.map((r) => [r.version, r.priceListId, r.variantId, r.currency, r.deleted])).toEqual([
      [3, 2, 11, 'EUR', false], [4, 1, 11, 'USD', false], [5, 1, 12, 'USD', true],
    ]);
    expect(all[1]).toMatchObject({ productId: 1001, priceCents: 950, salePriceCents: 900, retailPriceCents: null, mapPriceCents: 999 });
    expect(all[2]).toMatchObject({ productId: 1001, priceCents: 800 });
    expect((await db.priceLists.changesSince(c, 3, 1)).map((r) => r.version)).toEqual([4]);
    expect(await db.priceLists.changesSince(c, 5, 100)).toEqual([]);
    expect((await db.priceLists.changesSince(other, 0, 100)).map((r) => r.priceCents)).toEqual([1]);
  });

  it('knows the catalog\u2019s currency: the default storefront\u2019s, else the first channel\u2019s', async () => {
    const c = await company();
    expect(await db.priceLists.catalogCurrency(c)).toBe('USD');
    const channels = [{ id: 2, name: 'Euro', defaultCurrency: 'eur', enabledCurrencies: ['EUR'] }, { id: 3, name: 'Pound', defaultCurrency: 'GBP', enabledCurrencies: [] }];
    await db.priceLists.replaceLists(c, { ...METADATA, channels }, at(2));
    expect(await db.priceLists.catalogCurrency(c)).toBe('EUR');
    await db.priceLists.clear(c);
    expect(await db.priceLists.catalogCurrency(c)).toBeNull();
  });

  it('skips records of a list the company does not have, and knows the synced variant behind a record', async () => {
    const c = await company();
    await db.products.upsertMany(c, [{ externalId: 1001, name: 'Shirt', regularPriceCents: 1000, variants: [{ externalId: 11 }] }]);
    expect(await db.priceLists.upsertRecords(c, [record(9, 11, 'USD', 100), record(1, 11, 'USD', 900), record(1, 13, 'USD', 900)])).toBe(2);
    const [variant] = (await db.products.getByExternalIds(c, [1001]))[0]!.variants;
    expect((await db.priceLists.getRecords(c, 1, 'USD', [11, 13])).map((r) => r.variantRowId)).toEqual([variant!.id, null]);
    expect(await db.priceLists.getRecords(c, 9, 'USD', [11])).toEqual([]);
  });

  it('tombstones deleted records with a version, and revives one written again', async () => {
    const c = await company();
    await db.priceLists.upsertRecords(c, [record(1, 11, 'USD', 900), record(1, 11, 'CAD', 1200), record(1, 12, 'USD', 800)]);
    expect(await db.priceLists.deleteRecords(c, 1, 'usd', [11, 12, 99])).toBe(2);
    expect(await version(c)).toBe(5);
    expect(await db.priceLists.getRecords(c, 1, 'USD', [11, 12])).toEqual([]);
    expect(await db.priceLists.getRecords(c, 1, 'CAD', [11])).toHaveLength(1);
    expect(await db.priceLists.deleteRecords(c, 1, 'USD', [11])).toBe(0);
    expect(await db.priceLists.upsertRecords(c, [record(1, 11, 'USD', 900)])).toBe(1);
    expect((await db.priceLists.getRecords(c, 1, 'USD', [11]))[0]!.version).toBe(6);
    expect((await db.priceLists.listLists(c))[0]!.recordCounts).toEqual([{ currency: 'CAD', records: 1 }, { currency: 'USD', records: 1 }]);
  });

  it('writes and sweeps thousands of records in chunks: a whole read removes those it did not find', async () => {
    const c = await company();
    const many = Array.from({ length: 1_050 }, (_, i) => record(1, i + 1, 'USD', 500 + i));
    expect(await db.priceLists.upsertRecords(c, many, { seenAt: at(10) })).toBe(1_050);
    // A later whole read finds all but the first 450.
    expect(await db.priceLists.upsertRecords(c, many.slice(450), { seenAt: at(20) })).toBe(0);
    expect(await db.priceLists.removeUnseen(c, 1, at(20))).toBe(450);
    expect((await db.priceLists.listLists(c))[0]!.recordCounts).toEqual([{ currency: 'USD', records: 600 }]);
    expect(await version(c)).toBe(1_500);
  });

  it('pages a list by variant then currency, filtered by product, SKU or currency', async () => {
    const c = await company();
    await db.priceLists.upsertRecords(c, [
      record(1, 21, 'USD', 1), record(1, 21, 'CAD', 2), record(1, 22, 'USD', 3), record(1, 35, 'USD', 4), record(2, 21, 'EUR', 5),
    ]);
    const keys = (rows: { variantId: number; currency: string }[]) => rows.map((r) => `${r.variantId}${r.currency}`);
    const page1 = await db.priceLists.listRecords(c, 1, { limit: 2 });
    expect(keys(page1)).toEqual(['21CAD', '21USD']);
    expect(keys(await db.priceLists.listRecords(c, 1, { limit: 2, after: { variantId: 21, currency: 'USD' } }))).toEqual(['22USD', '35USD']);
    expect(keys(await db.priceLists.listRecords(c, 1, { limit: 10, productId: 1002 }))).toEqual(['21CAD', '21USD', '22USD']);
    expect(keys(await db.priceLists.listRecords(c, 1, { limit: 10, sku: 'SKU-35' }))).toEqual(['35USD']);
    expect(keys(await db.priceLists.listRecords(c, 1, { limit: 10, currency: 'cad' }))).toEqual(['21CAD']);
    await db.priceLists.deleteRecords(c, 1, 'USD', [22]);
    expect(keys(await db.priceLists.listRecords(c, 1, { limit: 10, currency: 'USD' }))).toEqual(['21USD', '35USD']);
  });

  it('replaces the metadata whole: a list gone takes its records, assignments and queued refreshes with it', async () => {
    const c = await company();
    await db.priceLists.upsertRecords(c, [record(1, 11, 'USD', 900), record(2, 11, 'EUR', 800), record(2, 12, 'EUR', 700)]);
    await db.priceLists.queueRefresh(c, { records: [{ priceListId: 2, variantId: 11, currency: 'EUR' }], at: at(1) });
    await db.priceLists.replaceLists(c, {
      lists: [{ id: 1, name: 'Trade', active: true, dateModified: at(5) }],
      assignments: [{ id: 3, priceListId: 1, customerGroupId: 1, channelId: 1 }],
      customerGroups: [{ id: 1, name: 'Retail', isDefault: true }],
      channels: [{ id: 1, name: 'Demo storefront', defaultCurrency: 'USD', enabledCurrencies: ['USD'] }],
    }, at(6));
    const lists = await db.priceLists.listLists(c);
    expect(lists.map((l) => [l.id, l.name, l.customerGroups, l.channels.map((ch) => ch.id)])).toEqual([[1, 'Trade', [{ id: 1, name: 'Retail' }], [1]]]);
    expect(await db.priceLists.getRecords(c, 2, 'EUR', [11, 12])).toEqual([]);
    expect(await version(c)).toBe(5);
    expect((await db.priceLists.pendingRefresh(c, at(10), 10)).records).toEqual([]);
    expect(await db.priceLists.syncState(c)).toMatchObject({ listsReadAt: at(6), unavailable: null, lists: [{ id: 1, recordsReadAt: null, fullReadDue: false }] });
  });

  it('keeps each list\u2019s read state, and says why the store\u2019s lists could not be read', async () => {
    const c = await company();
    await db.priceLists.markRecordsRead(c, 1, { startedAt: at(3), full: true });
    await db.priceLists.markRecordsRead(c, 2, { startedAt: at(4), full: false });
    await db.priceLists.requireFullRead(c, 1);
    expect((await db.priceLists.syncState(c)).lists).toEqual([
      { id: 1, recordsReadAt: at(3), recordsSince: at(3), fullReadDue: true },
      { id: 2, recordsReadAt: null, recordsSince: at(4), fullReadDue: false },
    ]);
    await db.priceLists.markRecordsRead(c, 1, { startedAt: at(7), full: true });
    expect((await db.priceLists.syncState(c)).lists[0]).toEqual({ id: 1, recordsReadAt: at(7), recordsSince: at(7), fullReadDue: false });
    await db.priceLists.queueRefresh(c, { lists: true, at: at(8) });
    await db.priceLists.markUnavailable(c, 'forbidden');
    expect(await db.priceLists.syncState(c)).toMatchObject({ unavailable: 'forbidden', listsDueAt: null });
    await db.priceLists.replaceLists(c, METADATA, at(9));
    expect((await db.priceLists.syncState(c)).unavailable).toBeNull();
  });

  it('queues what webhooks named, coalesced and bounded, for the refresh worker', async () => {
    const c = await company();
    const other = await company();
    const key = (variantId: number) => ({ priceListId: 1, variantId, currency: 'usd' });
    await db.priceLists.queueRefresh(c, { records: [key(11), key(12), key(11)], at: at(1) });
    await db.priceLists.queueRefresh(other, { lists: true, at: at(2) });
    expect(await db.priceLists.refreshesDue(at(0), 10)).not.toContain(c);
    const due = (await db.priceLists.refreshesDue(at(2), 1_000)).filter((id) => id === c || id === other);
    expect(due).toEqual([c, other]);
    expect(await db.priceLists.pendingRefresh(c, at(1), 10)).toEqual({ lists: false, records: [
      { priceListId: 1, variantId: 11, currency: 'USD' }, { priceListId: 1, variantId: 12, currency: 'USD' },
    ] });
    expect((await db.priceLists.pendingRefresh(other, at(2), 10)).lists).toBe(true);
    // Queued again after the read began: stays.
    await db.priceLists.queueRefresh(c, { records: [key(12)], at: at(5) });
    await db.priceLists.refreshDone(c, [{ priceListId: 1, variantId: 11, currency: 'USD' }, { priceListId: 1, variantId: 12, currency: 'USD' }], at(3));
    expect((await db.priceLists.pendingRefresh(c, at(9), 10)).records).toEqual([{ priceListId: 1, variantId: 12, currency: 'USD' }]);
    // Past the bound, the list is read whole instead.
    await db.priceLists.queueRefresh(c, { records: [key(13), key(14)], at: at(6) }, 2);
    expect((await db.priceLists.pendingRefresh(c, at(9), 10)).records).toHaveLength(1);
    expect((await db.priceLists.syncState(c)).lists.find((l) => l.id === 1)?.fullReadDue).toBe(true);
    await db.priceLists.replaceLists(other, METADATA, at(3));
    expect((await db.priceLists.pendingRefresh(other, at(9), 10)).lists).toBe(false);
  });

  it('never shows or changes another company\u2019s price lists, and clears a company\u2019s', async () => {
    const a = await company();
    const b = await company();
    await db.priceLists.upsertRecords(a, [record(1, 11, 'USD', 900)]);
    expect(await db.priceLists.getRecords(b, 1, 'USD', [11])).toEqual([]);
    expect(await db.priceLists.listRecords(b, 1, { limit: 10 })).toEqual([]);
    expect(await db.priceLists.deleteRecords(b, 1, 'USD', [11])).toBe(0);
    expect(await db.priceLists.removeUnseen(b, 1, at(99))).toBe(0);
    expect(await db.priceLists.getRecords(a, 1, 'USD', [11])).toHaveLength(1);
    await db.priceLists.clear(a);
    expect(await db.priceLists.listLists(a)).toEqual([]);
    expect(await db.priceLists.getRecords(a, 1, 'USD', [11])).toEqual([]);
    expect((await db.priceLists.listLists(b)).map((l) => l.id)).toEqual([1, 2]);
  });
});
