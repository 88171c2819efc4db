/**
 * The price history of price list records changed in the store (issue 36), on every dialect: a
 * record write that says it is a store change (`history`: a sync's, a webhook's) leaves one
 * entry per record whose price, sale or retail price changed, in the transaction of the write,
 * named by our product and variant with the list and currency; a record made where there was
 * none starts from the catalog's prices (its currency the catalog's; else unknown), one deleted
 * ends at them, each marked as the record's creation or deletion (recordChange), also at the
 * catalog's very prices; a list never read whole, a write without `history` (a work order's), an
 * unchanged record and a record of a product we do not have leave none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets, openTarget } from '../testing/db-targets';
import type { Database, PriceListMetadata, PriceListRecordInput, RecordHistory } from './repositories';

const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));
const FAR = at(10_000);

const METADATA: PriceListMetadata = {
  lists: [{ id: 1, name: 'Wholesale', active: true, dateModified: null }, { id: 2, name: 'Euro', active: true, dateModified: null }, { id: 3, name: 'New', active: true, dateModified: null }],
  assignments: [],
  customerGroups: [],
  channels: [
    { id: 1, name: 'Storefront', defaultCurrency: 'usd', enabledCurrencies: ['USD'] },
    { id: 2, name: 'Euro storefront', defaultCurrency: 'EUR', enabledCurrencies: ['EUR'] },
  ],
};

/** Product 101 (variant 1011 at its own 8.00 with a 7.00 sale, 1012 inheriting 10.00 and the MSRP 12.00), product 102 without options (base variant 1020). */
const record = (priceListId: number, variantId: number, currency: string, priceCents: number, extra: Partial<PriceListRecordInput> = {}): PriceListRecordInput => ({
  priceListId, variantId, productId: variantId === 1020 ? 102 : Math.floor(variantId / 10), currency, priceCents,
  salePriceCents: null, retailPriceCents: null, mapPriceCents: null, ...extra,
});

describe.each(dbTargets)('price list records changed in the store, on $name', (target) => {
  let db: Database;
  let close = async () => {};
  beforeAll(async () => {
    ({ db, close } = await openTarget(target));
  });
  afterAll(async () => close());

  /** A company with the catalog and lists 1 (USD, the catalog's currency) and 2 (EUR) read whole once; list 3 never read. */
  async function world() {
    const c = (await db.companies.create({ name: 'Store Change Co' })).id;
    await db.products.upsertMany(c, [
      { externalId: 101, name: 'Boots', regularPriceCents: 1000, retailPriceCents: 1200, variants: [
        { externalId: 1011, regularPriceCents: 800, salePriceCents: 700 }, { externalId: 1012 },
      ] },
      { externalId: 102, name: 'Socks', regularPriceCents: 2000, salePriceCents: 1500, baseVariantId: 1020 },
    ]);
    await db.priceLists.replaceLists(c, METADATA, at(0));
    await db.priceLists.upsertRecords(c, [record(1, 1011, 'USD', 600), record(1, 1012, 'USD', 900, { retailPriceCents: 1100 }), record(1, 1020, 'USD', 1800), record(2, 1011, 'EUR', 650)]);
    for (const list of [1, 2]) await db.priceLists.markRecordsRead(c, list, { startedAt: at(1), full: true });
    const [boots, socks] = await db.products.getByExternalIds(c, [101, 102]);
    const variant = (id: number) => boots!.variants.find((v) => v.externalId === id)!.id;
    const entries = async () => (await db.priceHistory.listForCompany(c, { after: at(0), until: FAR })).map((e) => ({
      productId: e.productId, variantId: e.variantId, priceListId: e.priceListId, currency: e.currency, changeType: e.changeType,
      old: [e.oldRegularPriceCents, e.oldSalePriceCents], next: [e.newRegularPriceCents, e.newSalePriceCents],
      retail: [e.oldRetailPriceCents, e.newRetailPriceCents], recordChange: e.recordChange, workOrderId: e.workOrderId, changedBy: e.changedBy,
      createdAt: e.createdAt,
    }));
    return { c, boots: boots!.id, socks: socks!.id, v1011: variant(1011), v1012: variant(1012), entries };
  }
  const sync = (s: number): RecordHistory => ({ source: 'sync', at: at(s) });
  const webhook = (s: number): RecordHistory => ({ source: 'webhook', at: at(s) });

  it('records a changed record once, with the list, currency and our ids, dated as the write says; an unchanged one not', async () => {
    const w = await world();
    expect(await db.priceLists.upsertRecords(w.c, [record(1, 1011, 'usd', 650), record(1, 1012, 'USD', 900, { retailPriceCents: 1100 })], { history: sync(5) })).toBe(1);
    await db.priceLists.upsertRecords(w.c, [record(1, 1020, 'USD', 1800, { salePriceCents: 1700 })], { history: webhook(6) });
    // The same prices again (a newer date_modified): a new version, no price change.
    await db.priceLists.upsertRecords(w.c, [record(1, 1011, 'USD', 650, { dateModified: '2030-01-01T00:00:07.000Z' })], { history: sync(7) });
    expect(await w.entries()).toEqual([
      {
        productId: w.boots, variantId: w.v1011, priceListId: 1, currency: 'USD', changeType: 'sync', old: [600, null], next: [650, null],
        retail: [null, null], recordChange: null, workOrderId: null, changedBy: null, createdAt: at(5),
      },
      // A product without options: its record is its base variant's, named by the product.
      {
        productId: w.socks, variantId: null, priceListId: 1, currency: 'USD', changeType: 'webhook', old: [1800, null], next: [1800, 1700],
        retail: [null, null], recordChange: null, workOrderId: null, changedBy: null, createdAt: at(6),
      },
    ]);
  });

  it('records a retail price change with its retail prices, and leaves them out when they did not change', async () => {
    const w = await world();
    await db.priceLists.upsertRecords(w.c, [record(1, 1012, 'USD', 900, { retailPriceCents: 1300 })], { history: sync(5) });
    await db.priceLists.upsertRecords(w.c, [record(1, 1012, 'USD', 950, { retailPriceCents: 1300 })], { history: sync(6) });
    expect((await w.entries()).map((e) => [e.old, e.next, e.retail])).toEqual([
      [[900, null], [900, null], [1100, 1300]],
      [[900, null], [950, null], [null, null]],
    ]);
  });

  it('starts a record made where there was none at the catalog\u2019s prices in the catalog\u2019s currency, else at unknown ones', async () => {
    const w = await world();
    await db.priceLists.upsertRecords(w.c, [
      // 1012 inherits the product's 10.00 and MSRP 12.00.
      record(2, 1012, 'EUR', 880), record(1, 1011, 'CAD', 1100),
    ], { history: sync(5) });
    await db.priceLists.upsertRecords(w.c, [record(2, 1011, 'USD', 750, { retailPriceCents: 1200 })], { history: webhook(6) });
    const made = (await w.entries()).map((e) => [e.priceListId, e.currency, e.variantId, e.changeType, e.old, e.next, e.retail, e.recordChange, e.createdAt]);
    expect(made.sort(ordered)).toEqual([
      [2, 'EUR', w.v1012, 'sync', [null, null], [880, null], [null, null], 'created', at(5)],
      [1, 'CAD', w.v1011, 'sync', [null, null], [1100, null], [null, null], 'created', at(5)],
      // USD is the storefront's: the variant's own 8.00 on sale at 7.00, the product's MSRP 12.00 (kept: the record's own from now on).
      [2, 'USD', w.v1011, 'webhook', [800, 700], [750, null], [1200, 1200], 'created', at(6)],
    ].sort(ordered));
    // The record's prices are the catalog's exactly (1012 inherits all three): still the record's creation, recorded.
    await db.priceLists.upsertRecords(w.c, [record(2, 1012, 'USD', 1000, { retailPriceCents: 1200 })], { history: sync(7) });
    expect((await w.entries()).at(-1)).toMatchObject({ variantId: w.v1012, old: [1000, null], next: [1000, null], retail: [1200, 1200], recordChange: 'created' });
  });

  it('ends a record deleted in the store at the catalog\u2019s prices, by a webhook\u2019s delete or a whole read that did not find it', async () => {
    const w = await world();
    expect(await db.priceLists.deleteRecords(w.c, 1, 'USD', [1011, 1020], { history: webhook(5) })).toBe(2);
    // A whole read from at(6) on that found only 1012 (EUR: unknown prices after it).
    await db.priceLists.upsertRecords(w.c, [record(1, 1012, 'USD', 900, { retailPriceCents: 1100 })], { seenAt: at(6), history: sync(6) });
    expect(await db.priceLists.removeUnseen(w.c, 2, at(6), { history: sync(7) })).toBe(1);
    const ended = (await w.entries()).map((e) => [
      e.priceListId, e.currency, e.variantId, e.productId, e.changeType, e.old, e.next, e.retail, e.recordChange, e.createdAt,
    ]);
    expect(ended.sort(ordered)).toEqual([
      [1, 'USD', w.v1011, w.boots, 'webhook', [600, null], [800, 700], [null, 1200], 'deleted', at(5)],
      [1, 'USD', null, w.socks, 'webhook', [1800, null], [2000, 1500], [null, null], 'deleted', at(5)],
      [2, 'EUR', w.v1011, w.boots, 'sync', [650, null], [null, null], [null, null], 'deleted', at(7)],
    ].sort(ordered));
    // Made again: from the catalog's prices.
    await db.priceLists.upsertRecords(w.c, [record(1, 1011, 'USD', 600)], { history: sync(8) });
    expect((await w.entries()).at(-1)).toMatchObject({ variantId: w.v1011, old: [800, 700], next: [600, null], retail: [1200, null], recordChange: 'created' });
  });

  it('records nothing for a list never read whole, a write without history, a record of a product it does not have, or an impossible price', async () => {
    const w = await world();
    await db.priceLists.upsertRecords(w.c, [record(3, 1011, 'USD', 500)], { history: sync(5) });
    await db.priceLists.deleteRecords(w.c, 3, 'USD', [1011], { history: webhook(5) });
    // A work order's own writes: its run records them.
    await db.priceLists.upsertRecords(w.c, [record(1, 1011, 'USD', 1)]);
    await db.priceLists.deleteRecords(w.c, 1, 'USD', [1012]);
    await db.priceLists.upsertRecords(w.c, [record(1, 9991, 'USD', 500, { productId: 999 })], { history: sync(6) });
    await db.priceLists.deleteRecords(w.c, 1, 'USD', [9991], { history: sync(7) });
    // Above what a price can be (99,999,999.99): stored as the store says, not recorded, the write not failed.
    expect(await db.priceLists.upsertRecords(w.c, [record(1, 1011, 'USD', 10_000_000_000)], { history: sync(8) })).toBe(1);
    expect(await w.entries()).toEqual([]);
  });

  it('writes the entries of a write of thousands of records in its chunks\u2019 transactions', async () => {
    const c = (await db.companies.create({ name: 'Big Store Co' })).id;
    await db.products.upsertMany(c, Array.from({ length: 30 }, (_, p) => ({
      externalId: 200 + p, name: `P${p}`, regularPriceCents: 1000, variants: Array.from({ length: 100 }, (_, v) => ({ externalId: 10_000 + p * 100 + v })),
    })));
    await db.priceLists.replaceLists(c, METADATA, at(0));
    const all = (price: number) => Array.from({ length: 3000 }, (_, i) => record(1, 10_000 + i, 'USD', price, { productId: 200 + Math.floor(i / 100) }));
    await db.priceLists.upsertRecords(c, all(900));
    await db.priceLists.markRecordsRead(c, 1, { startedAt: at(1), full: true });
    await db.priceLists.upsertRecords(c, all(950), { history: sync(5) });
    const entries = await db.priceHistory.listForCompany(c, { after: at(0), until: FAR });
    expect(entries).toHaveLength(3000);
    expect(new Set(entries.map((e) => e.variantExternalId)).size).toBe(3000);
    expect(entries.every((e) => e.oldRegularPriceCents === 900 && e.newRegularPriceCents === 950 && e.changeType === 'sync')).toBe(true);
  });
});

/** Rows [list, currency, variant, ..., createdAt] by time, then list, currency and variant (entries of one moment come in id order). */
function ordered(a: unknown[], b: unknown[]): number {
  return (a.at(-1) as Date).getTime() - (b.at(-1) as Date).getTime() || (a[0] as number) - (b[0] as number)
    || String(a[1]).localeCompare(String(b[1])) || String(a[2]).localeCompare(String(b[2]));
}
