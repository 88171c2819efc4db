/**
 * A price list's file in the price import (issue 35): the app's export of one list and currency
 * comes back as an import of that list (its `target`), old prices being what the list's
 * customers pay now on the device (the record's, else the catalog's in the catalog's currency,
 * else unknown); a product without options is its base variant, keyed "p{id}"; a file naming
 * several lists or currencies, an unknown list or currency, or no price lists on the device is
 * refused with a clear message.
 */
import { describe, expect, it } from 'vitest';
import { PRICE_LIST_CSV_COLUMNS } from '@catalog/contracts/csv';
import type { PriceListSummary } from '@catalog/contracts/price-lists';
import type { RecordTuple } from '../../../local/price-list-db';
import { catalogLookup, CSV_IMPORT_MESSAGES, importedItems, previewCsvFileWithLists, type FilePreview, type ImportPriceLists } from './csv-import';
import { testProduct, testVariant } from './test-fixtures';

const catalog = [
  testProduct(101, { name: 'Blue mug', sku: 'MUG-1', regularPrice: '12.00', salePrice: '10.00', baseVariantId: 5101 }),
  testProduct(102, {
    name: 'T-shirt', sku: 'TEE', regularPrice: '20.00', baseVariantId: 5102,
    variants: [testVariant(1001, 102, { variantSku: 'TEE-S' }), testVariant(1002, 102, { variantSku: 'TEE-XL', regularPrice: '22.00' })],
  }),
  testProduct(104, { name: 'Torch', sku: 'CB-1', regularPrice: '30.00', baseVariantId: null }),
];
const lookup = catalogLookup(catalog);

const list = (id: number, name: string, currencies: string[]): PriceListSummary => ({
  id, name, active: true, dateModified: null, currencies, recordCounts: [], customerGroups: [], channels: [], recordsReadAt: null,
});
const tuple = (price: string, sale: string | null = null): RecordTuple => [price, sale, null, null];

/** The device's price lists: Wholesale (7) in USD (the catalog's currency) and EUR. */
const device: ImportPriceLists = {
  lists: [list(7, 'Wholesale', ['EUR', 'USD']), list(8, 'VIP', ['USD'])],
  catalogCurrency: 'USD',
  records: async (priceListId, currency) => new Map<number, Record<number, RecordTuple>>(priceListId === 7 && currency === 'USD'
    ? [[101, { 5101: tuple('11.00', '9.00') }], [102, { 1002: tuple('21.00') }]]
    : priceListId === 7 && currency === 'EUR' ? [[102, { 1002: tuple('19.00') }]] : []),
};

/** A file as GET /api/products/csv?priceList=&currency= writes it: a row per variant, a product without options its base variant. */
function exported(priceList = '7', currency = 'USD', prices: Record<string, [string, string]> = {}): string {
  const row = (productId: number, variantId: number, sku: string, name: string, price: [string, string]) =>
    [productId, variantId, sku, priceList, currency, name, 'Home > Kitchen', price[0], price[1], '', ''].join(',');
  return [
    PRICE_LIST_CSV_COLUMNS.join(','),
    row(101, 5101, 'MUG-1', 'Blue mug', prices['5101'] ?? ['11.00', '9.00']),
    row(102, 1001, 'TEE-S', 'T-shirt', prices['1001'] ?? ['', '']),
    row(102, 1002, 'TEE-XL', 'T-shirt', prices['1002'] ?? ['21.00', '']),
  ].join('\r\n');
}

const run = (text: string, lists: ImportPriceLists | null = device, name = 'Wholesale.csv'): Promise<FilePreview> =>
  previewCsvFileWithLists({ name, type: 'text/csv', bytes: new TextEncoder().encode(text) }, lookup, async () => lists);

async function previewOf(text: string) {
  const result = await run(text);
  if (!result.ok) throw new Error(result.message);
  return result.preview;
}

describe('a price list\u2019s file', () => {
  it('reads an unchanged export of the list as nothing to change, naming the list it is of', async () => {
    const p = await previewOf(exported());
    expect(p).toMatchObject({ target: { priceListId: 7, currency: 'USD' }, targetName: 'Wholesale (USD)', matched: [] });
    expect(p.unchanged.map((u) => u.label)).toEqual(['Blue mug', 'T-shirt (TEE-S)', 'T-shirt (TEE-XL)']);
  });

  it('changes the list\u2019s prices: old prices the records, else the catalog\u2019s; applying names the list, drafts keyed by item', async () => {
    const p = await previewOf(exported('7', 'usd', { 5101: ['10.50', '9.00'], 1001: ['18.00', ''], 1002: ['21.00', '0'] }));
    expect(p.matched.map((m) => [m.line, m.target.key, m.regular, m.sale])).toEqual([
      [2, 'p101', { old: 1100, new: 1050 }, undefined],
      // No record: the catalog's price applies (its product's), in the catalog's currency.
      [3, 'v1001', { old: 2000, new: 1800 }, undefined],
    ]);
    // A record's unset sale price is no sale: 0 (remove the sale) changes nothing.
    expect(p.unchanged.map((u) => u.line)).toEqual([4]);
    expect(importedItems(p)).toEqual({
      products: [catalog[0], catalog[1]], drafts: { p101: { regular: '10.50' }, v1001: { regular: '18.00' } }, target: { priceListId: 7, currency: 'USD' },
    });
  });

  it('says the old prices are unknown where the catalog\u2019s would apply in another currency', async () => {
    const p = await previewOf(exported('7', 'EUR', { 5101: ['10.00', ''], 1002: ['19.00', ''] }));
    expect(p.targetName).toBe('Wholesale (EUR)');
    expect(p.matched.map((m) => [m.target.key, m.regular, m.known])).toEqual([['p101', { old: null, new: 1000 }, false]]);
    expect(p.unchanged.map((u) => u.line)).toEqual([3, 4]);
  });

  it('names a product without options by its base variant (or Product ID); a product with options only through its variants', async () => {
    const text = ['Product ID,Variant ID,price_list,currency,Price', '101,,7,USD,10.00', '102,,7,USD,15.00', '104,,7,USD,25.00'].join('\n');
    const p = await previewOf(text);
    expect(p.matched.map((m) => m.target.key)).toEqual(['p101']);
    expect(p.invalid).toEqual([
      { line: 3, message: 'T-shirt: a product with options has price list prices through its variants only: name them by Variant ID or SKU' },
      { line: 4, message: 'Torch: its price list prices cannot be changed until the store is synced again' },
    ]);
  });

  it('refuses a file of several lists or currencies, or a row naming none', async () => {
    const mixed = exported().replace('102,1002,TEE-XL,7,USD', '102,1002,TEE-XL,8,USD');
    expect(await run(mixed)).toEqual({ ok: false, message: 'Every row must name the same price list and currency: line 2 names price list 7 in USD, line 4 names price list 8 in USD. Import one list and currency at a time.' });
    const currencies = exported().replace('102,1001,TEE-S,7,USD', '102,1001,TEE-S,7,EUR');
    expect(await run(currencies)).toMatchObject({ ok: false, message: expect.stringContaining('line 3 names price list 7 in EUR') });
    expect(await run(exported().replace('102,1001,TEE-S,7,USD', '102,1001,TEE-S,,USD'))).toEqual({ ok: false, message: CSV_IMPORT_MESSAGES.rowWithoutList(3) });
    expect(await run(exported().replace('102,1001,TEE-S,7,USD', '102,1001,TEE-S,seven,USD'))).toEqual({ ok: false, message: CSV_IMPORT_MESSAGES.badListId(3, 'seven') });
    expect(await run(exported().replace('102,1001,TEE-S,7,USD', '102,1001,TEE-S,7,US$'))).toEqual({ ok: false, message: CSV_IMPORT_MESSAGES.badCurrency(3, 'US$') });
  });

  it('refuses a list or currency the device does not know, and a file of a list when the device has no price lists', async () => {
    expect(await run(exported('9'))).toEqual({ ok: false, message: CSV_IMPORT_MESSAGES.unknownList(9) });
    expect(await run(exported('8', 'EUR'))).toEqual({ ok: false, message: 'VIP has no prices in EUR: its currencies are USD. Check the "currency" column.' });
    expect(await run(exported(), null)).toEqual({ ok: false, message: CSV_IMPORT_MESSAGES.noPriceLists });
    expect(await run(exported(), { ...device, lists: [] })).toEqual({ ok: false, message: CSV_IMPORT_MESSAGES.noPriceLists });
  });

  it('refuses a list without a currency column, and currencies without a list column', async () => {
    expect(await run(['SKU,price_list,Price', 'MUG-1,7,10.00'].join('\n'))).toEqual({ ok: false, message: CSV_IMPORT_MESSAGES.listWithoutCurrency });
    expect(await run(['SKU,Currency,Price', 'MUG-1,EUR,10.00'].join('\n'))).toEqual({ ok: false, message: CSV_IMPORT_MESSAGES.currencyWithoutList });
  });

  it('leaves a catalog file a catalog import: no target, and the base variant\u2019s id names its product', async () => {
    const p = await previewOf(['Variant ID,Price', '5101,12.50', '1002,22.00'].join('\n'));
    expect(p.target).toBeUndefined();
    expect(p.matched.map((m) => [m.target.key, m.regular])).toEqual([['p101', { old: 1200, new: 1250 }]]);
    expect(importedItems(p)).not.toHaveProperty('target');
  });
});
