/**
 * The price import's rules: a file as the app exports it comes back as exactly the prices
 * changed in it, BigCommerce's export headers work, every row lands in one list of the preview
 * with its line, and bad files are refused with their reason before anything changes.
 */
import { describe, expect, it } from 'vitest';
import { CATALOG_CSV_COLUMNS, guardFormula, MAX_CSV_IMPORT_BYTES } from '@catalog/contracts/csv';
import { buildWorkOrder } from './build-work-order';
import { CSV_FILE_MESSAGES, readCsvFile } from './csv-file';
import { catalogLookup, CSV_IMPORT_MESSAGES, importedItems, previewImport, titleFromFileName, type ImportPreview } from './csv-import';
import { testProduct, testVariant } from './test-fixtures';
import { initialFormState, workOrderFormReducer } from './work-order-form';

const catalog = [
  testProduct(101, { name: 'Blue mug', sku: 'MUG-1', regularPrice: '12.00', salePrice: '10.00' }),
  testProduct(102, {
    name: 'T-shirt', sku: 'TEE', regularPrice: '20.00',
    variants: [
      testVariant(1001, 102, { variantSku: 'TEE-S' }),
      testVariant(1002, 102, { variantSku: 'TEE-XL', regularPrice: '22.00' }),
    ],
  }),
  testProduct(103, { name: '=Formula lamp', sku: '+LAMP', regularPrice: '45.50' }),
  testProduct(104, { name: 'Crème brûlée torch', sku: 'CB-1', regularPrice: '30.00' }),
];
const lookup = catalogLookup(catalog);

/** The catalog as GET /api/products/csv writes it (columns, empty = none, formula guard, BOM, CRLF). */
function exported(): string {
  const cell = (v: string) => {
    const c = guardFormula(v);
    return /[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c;
  };
  const rows: string[][] = [[...CATALOG_CSV_COLUMNS]];
  for (const p of catalog) {
    rows.push([String(p.id), '', p.sku ?? '', p.name, p.category ?? '', p.regularPrice, p.salePrice ?? '', String(p.stock), p.status]);
    for (const v of p.variants) {
      rows.push([String(p.id), String(v.id), v.variantSku, p.name, p.category ?? '', v.regularPrice ?? '', v.salePrice ?? '', String(v.stock), p.status]);
    }
  }
  return `\uFEFF${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

const bytes = (text: string) => new TextEncoder().encode(text);

function preview(text: string, name = 'prices.csv'): ImportPreview {
  const file = readCsvFile({ name, type: 'text/csv', bytes: bytes(text) });
  if (!file.ok) throw new Error(file.message);
  const result = previewImport(file.records, lookup, name);
  if (!result.ok) throw new Error(result.message);
  return result.preview;
}

describe('a round trip through the export', () => {
  it('reads an unchanged export as nothing to change', () => {
    const p = preview(exported());
    expect(p.matched).toEqual([]);
    expect(p.unchanged).toHaveLength(6);
    expect([p.unknown, p.duplicates, p.invalid]).toEqual([[], [], []]);
  });

  it('makes exactly two items of two prices changed in the file, the ones the form would send', () => {
    const text = exported()
      .replace('101,,MUG-1,Blue mug,Home > Kitchen,12.00,10.00', '101,,MUG-1,Blue mug,Home > Kitchen,12.00,9.50')
      .replace('102,1002,TEE-XL,T-shirt,Home > Kitchen,22.00,', '102,1002,TEE-XL,T-shirt,Home > Kitchen,24.99,');
    const p = preview(text, 'Spring prices.csv');
    expect(p.matched.map((m) => [m.line, m.target.key, m.regular, m.sale])).toEqual([
      [2, 'p101', undefined, { old: 1000, new: 950 }],
      [5, 'v1002', { old: 2200, new: 2499 }, undefined],
    ]);
    expect(p.unchanged).toHaveLength(4);

    const { products, drafts } = importedItems(p);
    const state = workOrderFormReducer(initialFormState('3f1c8d2e-5b7a-4c9d-8e6f-1a2b3c4d5e6f'), { type: 'import', title: p.title, products, drafts });
    const built = buildWorkOrder(state);
    expect(built.firstError).toBeUndefined();
    expect(built.body?.title).toBe('Spring prices');
    expect(built.body?.productUpdates).toEqual([
      { productId: 101, productName: 'Blue mug', newSalePrice: '9.50' },
      { productId: 102, productName: 'T-shirt', variantId: 1002, variantSku: 'TEE-XL', newRegularPrice: '24.99' },
    ]);
  });

  it('reads formula-guarded cells back as they were in the catalog', () => {
    const p = preview(exported().replace("'+LAMP,'=Formula lamp,Home > Kitchen,45.50", "'+LAMP,'=Formula lamp,Home > Kitchen,47.00"));
    expect(p.matched.map((m) => [m.target.label, m.regular])).toEqual([['=Formula lamp', { old: 4550, new: 4700 }]]);
  });
});

describe('columns', () => {
  it("reads BigCommerce's product export headers as they are, never its other price columns", () => {
    const text = [
      'Item Type,Product ID,Product Name,Product Type,Product Code/SKU,Price,Cost Price,Retail Price,Sale Price,Calculated Price',
      'Product,101,Blue mug,P,MUG-1,13.00,4.00,15.00,0,13.00',
      'SKU,,[S]Size=XL,,TEE-XL,23.00,1.00,1.00,,',
    ].join('\n');
    const p = preview(text);
    expect(p.matched.map((m) => [m.target.key, m.regular, m.sale])).toEqual([
      ['p101', { old: 1200, new: 1300 }, { old: 1000, new: null }],
      ['v1002', { old: 2200, new: 2300 }, undefined],
    ]);
  });

  it('matches headers whatever their case and spaces; Variant ID before SKU before Product ID', () => {
    const text = ['  product id ,VARIANT ID,sku,PRICE,sale price', '102,1001,MUG-1,21.00,', '999,,TEE,25.00,', '101,,,12.50,'].join('\r\n');
    const p = preview(text);
    expect(p.matched.map((m) => m.target.key)).toEqual(['v1001', 'p102', 'p101']);
  });

  it('takes "Regular Price" over "Price" when a file has both', () => {
    const p = preview(['SKU,Price,Regular Price', 'MUG-1,99.00,12.34'].join('\n'));
    expect(p.matched[0]?.regular).toEqual({ old: 1200, new: 1234 });
  });

  it('refuses a file without a column naming products or without a price column', () => {
    const records = (text: string) => {
      const file = readCsvFile({ name: 'x.csv', type: '', bytes: bytes(text) });
      return file.ok ? file.records : [];
    };
    expect(previewImport(records('Name,Price\nMug,1.00'), lookup, 'x.csv')).toEqual({ ok: false, message: CSV_IMPORT_MESSAGES.noKey });
    expect(previewImport(records('SKU,Name,Cost Price\nMUG-1,Mug,1.00'), lookup, 'x.csv')).toEqual({ ok: false, message: CSV_IMPORT_MESSAGES.noPrice });
    expect(previewImport(records('SKU,Price\n\n,\n'), lookup, 'x.csv')).toEqual({ ok: false, message: CSV_IMPORT_MESSAGES.noRows });
  });
});

describe('the preview', () => {
  const text = [
    'SKU,Regular Price,Sale Price', // 1
    'MUG-1,12.50,', //                 2 matched
    'TEE-S,20.00,', //                 3 unchanged: the variant's price is its product's
    'NOPE-1,5.00,', //                 4 unknown
    'mug-1,13.00,', //                 5 duplicate of line 2 (SKUs match whatever their case)
    'TEE,19.999,', //                  6 invalid: 3 decimals
    'CB-1,-4.00,', //                  7 invalid: negative
    '', //                             8 blank: skipped, numbering kept
    'TEE-XL,,0', //                    9 unchanged: no sale price to remove
    '+LAMP,45.50,', //                10 unchanged
  ].join('\n');

  it('puts every row in one list with its line number', () => {
    const p = preview(text);
    expect(p.matched.map((m) => [m.line, m.target.label])).toEqual([[2, 'Blue mug']]);
    expect(p.unchanged).toEqual([
      { line: 3, label: 'T-shirt (TEE-S)' }, { line: 9, label: 'T-shirt (TEE-XL)' }, { line: 10, label: '=Formula lamp' },
    ]);
    expect(p.unknown).toEqual([{ line: 4, reference: 'SKU NOPE-1' }]);
    expect(p.duplicates).toEqual([{ line: 5, firstLine: 2, label: 'Blue mug' }]);
    expect(p.invalid).toEqual([
      { line: 6, message: 'T-shirt: Regular price: A price has at most 2 decimals: "19.999"' },
      { line: 7, message: 'Crème brûlée torch: Regular price: A price cannot be negative: "-4.00"' },
    ]);
  });

  it('says which id is unknown, and an id that is not a number is unknown too', () => {
    const p = preview(['Product ID,Variant ID,Price', '555,,1.00', ',777,1.00', 'abc,,1.00', ',,1.00'].join('\n'));
    expect(p.unknown.map((u) => u.reference)).toEqual(['Product ID 555', 'Variant ID 777', 'Product ID abc', 'No SKU or id']);
  });

  it('titles the order from the file name', () => {
    expect(titleFromFileName('C:\\fakepath\\Supplier list (May).csv')).toBe('Supplier list (May)');
    expect(titleFromFileName('.csv')).toBe('Imported prices');
    expect(titleFromFileName(`${'x'.repeat(300)}.csv`)).toHaveLength(200);
  });
});

describe('bad files', () => {
  it('refuses a file over 10 MB', () => {
    const big = new Uint8Array(MAX_CSV_IMPORT_BYTES + 1).fill(0x41);
    expect(readCsvFile({ name: 'big.csv', type: 'text/csv', bytes: big })).toEqual({ ok: false, message: CSV_FILE_MESSAGES.tooLarge });
  });

  it('refuses an empty file, and one of blank lines', () => {
    expect(readCsvFile({ name: 'e.csv', type: 'text/csv', bytes: new Uint8Array() })).toEqual({ ok: false, message: CSV_FILE_MESSAGES.empty });
    expect(readCsvFile({ name: 'e.csv', type: 'text/csv', bytes: bytes('\uFEFF\r\n \n') })).toEqual({ ok: false, message: CSV_FILE_MESSAGES.empty });
  });

  it('refuses what is not a CSV: another kind of file, or binary content under a .csv name', () => {
    expect(readCsvFile({ name: 'photo.png', type: 'image/png', bytes: bytes('x') })).toEqual({ ok: false, message: CSV_FILE_MESSAGES.notCsv });
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]);
    expect(readCsvFile({ name: 'prices.csv', type: 'text/csv', bytes: zip })).toEqual({ ok: false, message: CSV_FILE_MESSAGES.notCsv });
    expect(readCsvFile({ name: 'broken.csv', type: 'text/csv', bytes: bytes('SKU,Price\n"MUG-1,12.00\n') })).toEqual({
      ok: false, message: 'This file is not a valid CSV: a quoted cell is never closed (line 2).',
    });
  });

  it('reads Latin-1 (Windows-1252) text as such, and says so', () => {
    // "CB-1,Crème,31.00" with è as the single byte 0xE8.
    const latin1 = new Uint8Array([...bytes('SKU,Name,Price\nCB-1,Cr'), 0xe8, ...bytes('me,31.00\n')]);
    const file = readCsvFile({ name: 'latin.csv', type: 'text/csv', bytes: latin1 });
    expect(file).toMatchObject({ ok: true, notice: CSV_FILE_MESSAGES.latin1 });
    expect(file.ok && file.records[1]).toEqual(['CB-1', 'Crème', '31.00']);
    expect(readCsvFile({ name: 'utf8.csv', type: 'text/csv', bytes: bytes('SKU,Name\nCB-1,Crème\n') })).not.toHaveProperty('notice');
  });
});
