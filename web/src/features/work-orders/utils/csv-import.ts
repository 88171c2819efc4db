/**
 * "Import prices from CSV": the rules that turn a file's records (csv-file.ts) into a preview
 * and into the create form's own items, on the device, against the local catalog.
 *
 * - Columns by header, whatever their case (contracts csv.ts, CSV_IMPORT_HEADERS): a row names
 *   what it prices by Variant ID, else by SKU (a product's or a variant's), else by Product ID;
 *   prices come from "Regular Price" (or "Price") and "Sale Price". The app's own export and
 *   BigCommerce's product export read as they are.
 * - An empty price cell keeps the price; a sale price of 0 removes the sale (the store's way of
 *   saying "not on sale"). Prices follow the API's rule (contracts parseMoney: at most 2
 *   decimals, never negative); a cell quoted against formulas on export reads back unquoted.
 * - Each row is one of: matched (old -> new), unchanged (skipped), unknown, duplicate (the same
 *   product or variant again: the first row wins), invalid (a price that is not one). Lines are
 *   the spreadsheet's row numbers, the header being line 1.
 *
 * Applying a preview gives the products to select and the drafted prices per target, the same
 * PriceDraft strings the price inputs hold, so build-work-order.ts sends the same items as for
 * prices typed by hand.
 */
import { CSV_IMPORT_HEADERS, type CsvImportColumn, unguardFormula } from '@catalog/contracts/csv';
import { parseMoney } from '@catalog/contracts/money';
import { MAX_TITLE_LENGTH } from '@catalog/contracts/work-orders';
import type { LocalProduct } from '../../../local/catalog-query';
import { readCsvFile, type CsvFileInput } from './csv-file';
import {
  priceText, productPrices, productTarget, variantLabel, variantOwnPrices, variantRegular, variantTarget, type LocalVariant,
} from './price-targets';
import type { PriceDraft } from './work-order-form';

export const CSV_IMPORT_MESSAGES = {
  noKey: 'The file has no column naming the products: add a "SKU", "Product ID" or "Variant ID" column.',
  noPrice: 'The file has no price column: add a "Regular Price" (or "Price") or a "Sale Price" column.',
  noRows: 'The file has a header but no rows of prices.',
} as const;

interface PriceMove {
  old: number | null;
  new: number | null;
}

export interface ImportTarget {
  key: string;
  label: string;
  product: LocalProduct;
  variant?: LocalVariant;
}

export interface MatchedRow {
  line: number;
  target: ImportTarget;
  /** Present when the file changes it. */
  regular?: PriceMove;
  sale?: PriceMove;
}

export interface ImportPreview {
  title: string;
  matched: MatchedRow[];
  unchanged: { line: number; label: string }[];
  unknown: { line: number; reference: string }[];
  duplicates: { line: number; firstLine: number; label: string }[];
  invalid: { line: number; message: string }[];
}

export type ImportResult = { ok: true; preview: ImportPreview } | { ok: false; message: string };

/** A product, or one of its variants, of the local catalog. */
interface CatalogItem {
  product: LocalProduct;
  variant?: LocalVariant;
}

/**
 * The local catalog, looked up by id and SKU (SKUs case-insensitively). Built once when the
 * import opens (it reads every product), so choosing a file only parses and matches it.
 */
export interface CatalogLookup {
  products: Map<number, LocalProduct>;
  variants: Map<number, CatalogItem>;
  skus: Map<string, CatalogItem[]>;
}

export function catalogLookup(catalog: readonly LocalProduct[]): CatalogLookup {
  const products = new Map<number, LocalProduct>();
  const variants = new Map<number, CatalogItem>();
  const skus = new Map<string, CatalogItem[]>();
  const addSku = (sku: string | null, item: CatalogItem) => {
    if (!sku) return;
    const key = sku.trim().toLowerCase();
    if (!key) return;
    const list = skus.get(key);
    if (list) list.push(item);
    else skus.set(key, [item]);
  };
  for (const product of catalog) {
    products.set(product.id, product);
    addSku(product.sku, { product });
    for (const variant of product.variants) {
      const item = { product, variant };
      variants.set(variant.id, item);
      addSku(variant.variantSku, item);
    }
  }
  return { products, variants, skus };
}

/** Its key (the form's target) and its name for people, made only for the rows a file names. */
function targetOf({ product, variant }: CatalogItem): ImportTarget {
  return variant
    ? { key: variantTarget(product, variant), label: `${product.name} (${variantLabel(variant)})`, product, variant }
    : { key: productTarget(product), label: product.name, product };
}

/** The column of each kind in the header row (-1: absent); the first alias present wins. */
function columnsOf(header: readonly string[]): Record<CsvImportColumn, number> {
  const names = header.map((h) => h.replace(/^\uFEFF/, '').trim().toLowerCase());
  const find = (aliases: readonly string[]) => {
    for (const alias of aliases) {
      const at = names.indexOf(alias);
      if (at >= 0) return at;
    }
    return -1;
  };
  return {
    sku: find(CSV_IMPORT_HEADERS.sku),
    productId: find(CSV_IMPORT_HEADERS.productId),
    variantId: find(CSV_IMPORT_HEADERS.variantId),
    regular: find(CSV_IMPORT_HEADERS.regular),
    sale: find(CSV_IMPORT_HEADERS.sale),
  };
}

/** "Order 5.csv" -> "Order 5"; cut to the longest title an order takes. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '').trim();
  return (base || 'Imported prices').slice(0, MAX_TITLE_LENGTH).trim();
}

const ID = /^\d{1,15}$/;

type Resolved = { item: CatalogItem } | { unknown: string };

function resolve(lookup: CatalogLookup, ref: { sku: string; productId: string; variantId: string }): Resolved {
  if (ref.variantId) {
    const item = ID.test(ref.variantId) ? lookup.variants.get(Number(ref.variantId)) : undefined;
    return item ? { item } : { unknown: `Variant ID ${ref.variantId}` };
  }
  if (ref.sku) {
    const found = lookup.skus.get(ref.sku.toLowerCase());
    if (found?.length === 1) return { item: found[0]! };
    if (!ref.productId) return { unknown: found ? `SKU ${ref.sku} (more than one product or variant has it)` : `SKU ${ref.sku}` };
  }
  if (ref.productId) {
    const product = ID.test(ref.productId) ? lookup.products.get(Number(ref.productId)) : undefined;
    return product ? { item: { product } } : { unknown: `Product ID ${ref.productId}` };
  }
  return { unknown: 'No SKU or id' };
}

/** A price cell: undefined when empty (keep), cents, or the reason it is not a price. */
function priceCell(value: string, field: 'regular' | 'sale'): number | null | undefined | { error: string } {
  if (value === '') return undefined;
  try {
    const cents = parseMoney(value);
    // The store's "not on sale" is a sale price of 0.
    return field === 'sale' && cents === 0 ? null : cents;
  } catch (err) {
    return { error: `${field === 'regular' ? 'Regular price' : 'Sale price'}: ${(err as Error).message}` };
  }
}

function currentPrices(target: ImportTarget): { regular: number | null; sale: number | null } {
  const { product, variant } = target;
  if (!variant) return productPrices(product);
  return { regular: variantRegular(product, variant), sale: variantOwnPrices(variant).sale };
}

/** The preview of `records` (the header first) against the local catalog. */
export function previewImport(records: readonly string[][], lookup: CatalogLookup, fileName: string): ImportResult {
  const header = records[0] ?? [];
  const col = columnsOf(header);
  if (col.sku < 0 && col.productId < 0 && col.variantId < 0) return { ok: false, message: CSV_IMPORT_MESSAGES.noKey };
  if (col.regular < 0 && col.sale < 0) return { ok: false, message: CSV_IMPORT_MESSAGES.noPrice };

  const preview: ImportPreview = { title: titleFromFileName(fileName), matched: [], unchanged: [], unknown: [], duplicates: [], invalid: [] };
  const seen = new Map<string, number>();
  let rows = 0;
  for (let i = 1; i < records.length; i++) {
    const record = records[i]!;
    const line = i + 1;
    const cell = (at: number) => (at < 0 ? '' : unguardFormula((record[at] ?? '').trim()));
    if (record.every((c) => c.trim() === '')) continue;
    rows += 1;

    const found = resolve(lookup, { sku: cell(col.sku), productId: cell(col.productId), variantId: cell(col.variantId) });
    if ('unknown' in found) {
      preview.unknown.push({ line, reference: found.unknown });
      continue;
    }
    const target = targetOf(found.item);
    const firstLine = seen.get(target.key);
    if (firstLine !== undefined) {
      preview.duplicates.push({ line, firstLine, label: target.label });
      continue;
    }
    seen.set(target.key, line);

    const regular = priceCell(cell(col.regular), 'regular');
    const sale = priceCell(cell(col.sale), 'sale');
    const problems = [regular, sale].flatMap((p) => (p !== null && typeof p === 'object' ? [p.error] : []));
    if (problems.length > 0) {
      preview.invalid.push({ line, message: `${target.label}: ${problems.join('; ')}` });
      continue;
    }
    const now = currentPrices(target);
    const row: MatchedRow = { line, target };
    // A regular price of null is never drafted (it cannot be removed); a sale price of null is.
    if (typeof regular === 'number' && regular !== now.regular) row.regular = { old: now.regular, new: regular };
    if ((sale === null || typeof sale === 'number') && sale !== now.sale) row.sale = { old: now.sale, new: sale };
    if (row.regular || row.sale) preview.matched.push(row);
    else preview.unchanged.push({ line, label: target.label });
  }
  if (rows === 0) return { ok: false, message: CSV_IMPORT_MESSAGES.noRows };
  return { ok: true, preview };
}

/** What applying a preview puts in the form: the products to select and the drafted prices by target. */
export function importedItems(preview: ImportPreview): { products: LocalProduct[]; drafts: Record<string, PriceDraft> } {
  const products = new Map<number, LocalProduct>();
  const drafts: Record<string, PriceDraft> = {};
  for (const row of preview.matched) {
    products.set(row.target.product.id, row.target.product);
    const draft: PriceDraft = {};
    if (row.regular) draft.regular = priceText(row.regular.new);
    if (row.sale) draft.sale = row.sale.new === null ? null : priceText(row.sale.new);
    drafts[row.target.key] = draft;
  }
  return { products: [...products.values()], drafts };
}

export type FilePreview = { ok: true; preview: ImportPreview; notice?: string } | { ok: false; message: string };

/** A chosen file, bytes to preview, against the prepared lookup: what the screen runs and bench/csv-import.ts measures. */
export function previewCsvFile(file: CsvFileInput, lookup: CatalogLookup): FilePreview {
  const read = readCsvFile(file);
  if (!read.ok) return read;
  const result = previewImport(read.records, lookup, file.name);
  if (!result.ok) return result;
  return read.notice ? { ok: true, preview: result.preview, notice: read.notice } : { ok: true, preview: result.preview };
}
