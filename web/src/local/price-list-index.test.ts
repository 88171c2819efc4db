/**
 * A price list's prices for the products screen (issue 35): read from the device's copy (the
 * list's records in the currency, in one range, and whether it is the catalog's currency), kept
 * per copy, list, currency, revision and catalog version, and the choice's URL form.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { CatalogIndex } from './catalog-index';
import { createPriceListDb, META_CATALOG_CURRENCY, type PriceListDb } from './price-list-db';
import { parseChoice, readListPrices, readPriceListChoices } from './price-list-index';
import { storedProduct } from '../testing/fake-catalog-server';
import { putProductRecords } from '../testing/price-list-copy';

let db: PriceListDb | undefined;
let n = 0;
afterEach(async () => {
  db?.close();
  db = undefined;
});

async function copy() {
  db = createPriceListDb(`price-list-index-${++n}`);
  await db.lists.bulkPut([
    { id: 7, name: 'Wholesale', active: true, dateModified: null, currencies: ['USD', 'EUR'], recordCounts: [], customerGroups: [], channels: [], recordsReadAt: null },
  ]);
  await db.meta.put({ key: META_CATALOG_CURRENCY, value: 'USD' });
  await putProductRecords(db, [
    { priceListId: 7, currency: 'USD', productId: 1, variants: { 1001: ['8.00', null, null, null] } },
    { priceListId: 7, currency: 'EUR', productId: 1, variants: { 1001: ['7.00', '6.00', null, null] } },
    { priceListId: 8, currency: 'USD', productId: 2, variants: { 1002: ['1.00', null, null, null] } },
  ]);
  return db;
}

function catalog() {
  const index = new CatalogIndex();
  index.apply([1, 2].map((id) => storedProduct(id, { baseVariantId: 1000 + id })));
  return index;
}

describe('a price list\u2019s prices on the device', () => {
  it('reads one list and currency\u2019s records, and whether the catalog\u2019s prices apply without one', async () => {
    const from = { db: await copy(), revision: 1, index: catalog(), catalogVersion: 1, readRows: async () => [] };
    const usd = await readListPrices({ priceListId: 7, currency: 'USD' }, from);
    expect([...usd.records.keys()]).toEqual([1]);
    expect(usd.catalogCurrency).toBe(true);
    expect(usd.source.byProduct.get(1)).toEqual({ regularPriceCents: 800, onSale: false });
    const eur = await readListPrices({ priceListId: 7, currency: 'EUR' }, from);
    expect(eur.catalogCurrency).toBe(false);
    expect(eur.source.byProduct.get(1)).toEqual({ regularPriceCents: 700, onSale: true });
    expect(eur.source.key).not.toBe(usd.source.key);
    expect(await readPriceListChoices(from.db)).toMatchObject({ catalogCurrency: 'USD', lists: [{ id: 7, currencies: ['USD', 'EUR'] }] });
  });

  it('reads again only for another revision or catalog version', async () => {
    const from = { db: await copy(), revision: 1, index: catalog(), catalogVersion: 1, readRows: async () => [] };
    const choice = { priceListId: 7, currency: 'USD' };
    const first = await readListPrices(choice, from);
    expect(await readListPrices(choice, from)).toBe(first);
    await putProductRecords(from.db, [{ priceListId: 7, currency: 'USD', productId: 2, variants: { 1002: ['3.00', null, null, null] } }]);
    // The same revision: what was read stands (a keystroke reads nothing).
    expect(await readListPrices(choice, from)).toBe(first);
    const next = await readListPrices(choice, { ...from, revision: 2 });
    expect([...next.records.keys()]).toEqual([1, 2]);
    const moved = await readListPrices(choice, { ...from, revision: 2, catalogVersion: 2 });
    expect(moved).not.toBe(next);
    expect(moved.records).toBe(next.records);
  });

  it('names a choice in the URL as list:currency, and nothing else', () => {
    expect(parseChoice('7:usd')).toEqual({ priceListId: 7, currency: 'USD' });
    expect(parseChoice('')).toBeNull();
    expect(parseChoice('7')).toBeNull();
    expect(parseChoice('x:USD')).toBeNull();
    expect(parseChoice(null)).toBeNull();
  });
});
