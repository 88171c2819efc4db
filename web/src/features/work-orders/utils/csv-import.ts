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
 *
 * A price list's file (issue 35: the app's export of one list in one currency, contracts
 * PRICE_LIST_CSV_COLUMNS) names its list and currency on every row (`price_list`, `currency`):
 * it imports as an order of that list (the preview's `target`, which applying hands to the
 * form). Every row must name the same list and currency, and the device's copy of the price lists
 * must know both; the old prices are what the list's customers pay now (contracts
 * price-list-view.ts: the list's record, else the catalog's price in the catalog's currency, else
 * unknown). A record is per variant: a product without options is priced by its base variant (its
 * key stays "p{id}"; the base variant's id names it too), a product with options only through its
 * variants.
 */
import { parseMoney } from '@catalog/contracts/money';
import { targetName, type PriceListTarget } from '@catalog/contracts/work-order-target';
import { MAX_TITLE_LENGTH } from '@catalog/contracts/work-orders';
import type { LocalProduct } from '../../../local/catalog-query';
import { readCsvFile, type CsvFileInput } from './csv-file';
import { cellOf, columnsOf, ID, isBlank } from './csv-import-columns';
import { CSV_LIST_IMPORT_MESSAGES, listPrices, pricesNamedBy, readImportList, type CurrentPrices, type ImportList, type ImportPriceLists } from './csv-import-lists';
import {
  priceText, productPrices, productTarget, variantLabel, variantOwnPrices, variantRegular, variantTarget, type LocalVariant,
} from './price-targets';
import type { PriceDraft } from './work-order-form';

export type { ImportList, ImportPriceLists } from './csv-import-lists';

export const CSV_IMPORT_MESSAGES = {
  noKey: 'The file has no column naming the products: add a "SKU", "Product ID" or "Variant ID" column.',
  noPrice: 'The file has no price column: add a "Regular Price" (or "Price") or a "Sale Price" column.',
  noRows: 'The file has a header but no rows of prices.',
  ...CSV_LIST_IMPORT_MESSAGES,
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
  /** false: the old prices are unknown (a price list's item without a record, in another currency than the catalog's). */
  known?: false;
}

export interface ImportPreview {
  title: string;
  /** A price list's file: the list and currency it changes (absent: the catalog's prices). */
  target?: PriceListTarget;
  /** "Wholesale (USD)": the target's name for people. */
  targetName?: string;
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
    // A product without options is its base variant: a price list's export names it by that id.
    if (product.variants.length === 0 && product.baseVariantId != null) variants.set(product.baseVariantId, { product });
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


/** "Order 5.csv" -> "Order 5"; cut to the longest title an order takes. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '').trim();
  return (base || 'Imported prices').slice(0, MAX_TITLE_LENGTH).trim();
}

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

function currentPrices(target: ImportTarget): CurrentPrices {
  const { product, variant } = target;
  if (!variant) return { ...productPrices(product), known: true };
  return { regular: variantRegular(product, variant), sale: variantOwnPrices(variant).sale, known: true };
}

/**
 * The preview of `records` (the header first) against the local catalog; a price list's file
 * against `list`, the list and currency it names (readImportList), which it must be.
 */
export function previewImport(records: readonly string[][], lookup: CatalogLookup, fileName: string, list?: ImportList): ImportResult {
  const header = records[0] ?? [];
  const col = columnsOf(header);
  if (col.sku < 0 && col.productId < 0 && col.variantId < 0) return { ok: false, message: CSV_IMPORT_MESSAGES.noKey };
  if (col.regular < 0 && col.sale < 0) return { ok: false, message: CSV_IMPORT_MESSAGES.noPrice };
  const named = pricesNamedBy(records);
  if (named.kind === 'error') return { ok: false, message: named.message };
  if (named.kind === 'list' && (list?.target.priceListId !== named.target.priceListId || list.target.currency !== named.target.currency)) {
    return { ok: false, message: CSV_IMPORT_MESSAGES.noPriceLists };
  }
  const through = named.kind === 'list' ? list : undefined;

  const preview: ImportPreview = { title: titleFromFileName(fileName), matched: [], unchanged: [], unknown: [], duplicates: [], invalid: [] };
  if (through) {
    preview.target = through.target;
    preview.targetName = targetName(through.target, through.name);
  }
  const seen = new Map<string, number>();
  let rows = 0;
  for (let i = 1; i < records.length; i++) {
    const record = records[i]!;
    const line = i + 1;
    const cell = (at: number) => cellOf(record, at);
    if (isBlank(record)) continue;
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
    const now = through ? listPrices(through, target) : currentPrices(target);
    if ('error' in now) {
      preview.invalid.push({ line, message: now.error });
      continue;
    }
    const row: MatchedRow = { line, target };
    if (!now.known) row.known = false;
    // A regular price of null is never drafted (it cannot be removed); a sale price of null is.
    if (typeof regular === 'number' && regular !== now.regular) row.regular = { old: now.regular, new: regular };
    if ((sale === null || typeof sale === 'number') && sale !== now.sale) row.sale = { old: now.sale, new: sale };
    if (row.regular || row.sale) preview.matched.push(row);
    else preview.unchanged.push({ line, label: target.label });
  }
  if (rows === 0) return { ok: false, message: CSV_IMPORT_MESSAGES.noRows };
  return { ok: true, preview };
}

/**
 * What applying a preview puts in the form: the products to select, the drafted prices by item
 * key ("p{id}": a product without options, in a list its base variant; "v{id}": a variant), and
 * for a price list's file the list and currency the order changes.
 */
export function importedItems(preview: ImportPreview): { products: LocalProduct[]; drafts: Record<string, PriceDraft>; target?: PriceListTarget } {
  const products = new Map<number, LocalProduct>();
  const drafts: Record<string, PriceDraft> = {};
  for (const row of preview.matched) {
    products.set(row.target.product.id, row.target.product);
    const draft: PriceDraft = {};
    if (row.regular) draft.regular = priceText(row.regular.new);
    if (row.sale) draft.sale = row.sale.new === null ? null : priceText(row.sale.new);
    drafts[row.target.key] = draft;
  }
  return preview.target ? { products: [...products.values()], drafts, target: preview.target } : { products: [...products.values()], drafts };
}

export type FilePreview = { ok: true; preview: ImportPreview; notice?: string } | { ok: false; message: string };

/**
 * A chosen file, bytes to preview, against the prepared lookup: what bench/csv-import.ts measures
 * (a price list's file needs the price lists: previewCsvFileWithLists).
 */
export function previewCsvFile(file: CsvFileInput, lookup: CatalogLookup): FilePreview {
  const read = readCsvFile(file);
  if (!read.ok) return read;
  return withNotice(previewImport(read.records, lookup, file.name), read.notice);
}

/** What the screen runs: previewCsvFile, a price list's file against the device's price lists (null: none on the device). */
export async function previewCsvFileWithLists(file: CsvFileInput, lookup: CatalogLookup, priceLists: () => Promise<ImportPriceLists | null>): Promise<FilePreview> {
  const read = readCsvFile(file);
  if (!read.ok) return read;
  const named = pricesNamedBy(read.records);
  if (named.kind !== 'list') return withNotice(previewImport(read.records, lookup, file.name), read.notice);
  const list = await readImportList(named.target, await priceLists());
  if (!list.ok) return list;
  return withNotice(previewImport(read.records, lookup, file.name, list.list), read.notice);
}

function withNotice(result: ImportResult, notice: string | undefined): FilePreview {
  if (!result.ok) return result;
  return notice ? { ok: true, preview: result.preview, notice } : { ok: true, preview: result.preview };
}
