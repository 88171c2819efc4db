/**
 * The page side of bench/csv-import.ts, bundled for Chromium: the web app's local catalog
 * (web/src/local) filled with a generated catalog through its own pull loop, and the price
 * import's own modules (features/work-orders/utils/csv-file.ts, csv-import.ts) previewing a file.
 */
import { CATALOG_CSV_COLUMNS } from '@catalog/contracts/csv';
import { formatCents, parseMoney } from '@catalog/contracts/money';
import { Dexie } from 'dexie';
import { readCsvFile } from '../web/src/features/work-orders/utils/csv-file';
import { catalogLookup, previewCsvFile, previewImport, type CatalogLookup } from '../web/src/features/work-orders/utils/csv-import';
import { catalogDbName, createCatalogDb } from '../web/src/local/catalog-db';
import { pullChanges } from '../web/src/local/catalog-pull';
import { getWholeCatalog } from '../web/src/local/catalog-query';
import { deviceCatalog } from '../web/src/local/device-catalog';
import { changesPages, replicatedCatalog, type ReplicatedCatalog } from './replicated-catalog';

const uid = 'bench-csv-import';
const FILE_NAME = 'supplier-prices.csv';
let catalog: ReplicatedCatalog = { products: [], variants: [] };
let file = new Uint8Array();
let lookup: CatalogLookup | null = null;

/** Writes `n` generated products into IndexedDB as a first pull does, then opens the catalog as the app does. */
async function seed(n: number) {
  catalog = replicatedCatalog(n, 'csv-import');
  deviceCatalog.close();
  await Dexie.delete(catalogDbName(uid));
  const db = createCatalogDb(catalogDbName(uid));
  const pages = changesPages(catalog, 5000);
  await pullChanges(db, { fetchChanges: async (cursor) => pages.get(cursor)! });
  db.close();
  deviceCatalog.open(uid, { fetchChanges: () => new Promise(() => {}) });
  await deviceCatalog.ready();
  return { products: catalog.products.length, variants: catalog.variants.length };
}

/**
 * A file of `rows` rows in the export's columns, products and variants alternating: one row in
 * ten with a new regular price (where it has one of its own: variants that inherit keep none), one in 500 an unknown SKU, one in 1,000 a duplicate and one in
 * 1,000 a price with 3 decimals; the rest as they are.
 */
function makeFile(rows: number) {
  const lines = [CATALOG_CSV_COLUMNS.join(',')];
  const raise = (price: string) => formatCents(parseMoney(price) + 100);
  let p = 0;
  let v = 0;
  for (let i = 0; i < rows; i++) {
    let line: string[];
    if (i % 2 === 0 && v < catalog.variants.length) {
      const variant = catalog.variants[v++]!;
      line = [String(variant.productId), String(variant.id), variant.variantSku, 'Variant', '', variant.regularPrice ?? '', variant.salePrice ?? '', '0', 'published'];
    } else {
      const product = catalog.products[p++ % catalog.products.length]!;
      line = [String(product.id), '', product.sku ?? '', `"${product.name.replace(/"/g, '""')}"`, '', product.regularPrice, product.salePrice ?? '', '0', 'published'];
    }
    if (i % 10 === 0 && line[5]) line[5] = raise(line[5]);
    if (i % 500 === 1) line = ['', '', `NO-SUCH-SKU-${i}`, ...line.slice(3)];
    if (i % 1000 === 3) line[5] = '1.999';
    lines.push(line.join(','));
    if (i % 1000 === 7) lines.push(line.join(','));
  }
  file = new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`);
  return { rows: lines.length - 1, bytes: file.byteLength };
}

/** What the dialog does as it opens: the whole local catalog read from IndexedDB and indexed by id and SKU. */
async function prepare() {
  const t = performance.now();
  lookup = catalogLookup(await getWholeCatalog());
  return performance.now() - t;
}

/** What choosing the file does: decode, papaparse, columns, match against the prepared lookup. */
function preview() {
  const t = performance.now();
  const result = previewCsvFile({ name: FILE_NAME, type: 'text/csv', bytes: file }, lookup!);
  const ms = performance.now() - t;
  if (!result.ok) throw new Error(result.message);
  const { matched, unchanged, unknown, duplicates, invalid } = result.preview;
  return { ms, counts: { matched: matched.length, unchanged: unchanged.length, unknown: unknown.length, duplicates: duplicates.length, invalid: invalid.length } };
}

/** The same steps timed one by one. */
async function parts() {
  const t0 = performance.now();
  const products = await getWholeCatalog();
  const t1 = performance.now();
  const read = readCsvFile({ name: FILE_NAME, type: 'text/csv', bytes: file });
  const t2 = performance.now();
  const lookup = catalogLookup(products);
  const t3 = performance.now();
  if (read.ok) previewImport(read.records, lookup, FILE_NAME);
  const t4 = performance.now();
  return { catalog: t1 - t0, parse: t2 - t1, lookup: t3 - t2, match: t4 - t3 };
}

Object.assign(window, { bench: { seed, makeFile, prepare, preview, parts } });
