/**
 * Spreadsheets in and out (issue 17, items 5-7): the columns the API's CSV exports write, the
 * headers a price import recognizes (the exports' own and BigCommerce's), the formula guard both
 * sides agree on, the price-history range query, and the import's file limits. One place, so an
 * exported file always imports again.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { boundedText } from './common';
import { CurrencyCode } from './work-order-target';

/** GET /api/products/csv: one row per product and one per variant, in this order. */
export const CATALOG_CSV_COLUMNS = [
  'Product ID', 'Variant ID', 'SKU', 'Name', 'Category', 'Regular Price', 'Sale Price', 'Stock', 'Status',
] as const;

/**
 * GET /api/products/csv?priceList=&currency= (issue 35): a row per variant (a product without
 * options: its base variant), with that price list's record in that currency; empty prices: the
 * variant has no record, so the catalog's price applies. `price_list` (the list's id) and
 * `currency` beside the SKU say which list an import changes.
 */
export const PRICE_LIST_CSV_COLUMNS = [
  'Product ID', 'Variant ID', 'SKU', 'price_list', 'currency', 'Name', 'Category', 'Regular Price', 'Sale Price', 'Retail Price', 'MAP Price',
] as const;

/**
 * Appended to either export above when the company follows the EU prior price rule (company
 * setting `priorPriceDays`, issue 36): each variant's lowest price in the N days before the
 * export (the catalog's, or the exported price list's in its currency), the moment it first
 * applied in that window (UTC, "2025-03-01 09:30:00"), and a note when there is none: the store
 * was not followed for part of the window (a gap: the low is never guessed), or no price is
 * known. Empty on a product's own row when it has variants (the low is per variant).
 */
export const LOWEST_PRIOR_PRICE_CSV_COLUMNS = ['Lowest Prior Price', 'Lowest Prior Price Since (UTC)', 'Lowest Prior Price Note'] as const;
/** The note of a variant whose window has a gap, and of one with no price known in the window. */
export const LOWEST_PRIOR_PRICE_GAP_NOTE = 'Not followed for part of the window';
export const LOWEST_PRIOR_PRICE_UNKNOWN_NOTE = 'No price known in the window';

/** GET /api/products/csv: the catalog, or one price list's records in one currency (both or neither). */
export const CatalogCsvQuery = lazySchema(() =>
  z.object({
    priceList: z.coerce.number({ error: 'A price list is a number' }).int({ error: 'A price list is a number' }).positive({ error: 'A price list is a number' })
      .max(Number.MAX_SAFE_INTEGER, { error: 'A price list is a number' }).optional(),
    currency: CurrencyCode.optional(),
  }).strict().check((ctx) => {
    if ((ctx.value.priceList === undefined) !== (ctx.value.currency === undefined)) {
      const path = ctx.value.priceList === undefined ? 'priceList' : 'currency';
      ctx.issues.push({ code: 'custom', path: [path], message: 'Name both a price list and a currency, or neither', input: ctx.value });
    }
  }),
);
export type CatalogCsvQuery = z.infer<typeof CatalogCsvQuery>;

/** The price-history exports (one product's, the catalog's over a range), oldest first; dates in UTC. */
export const PRICE_HISTORY_CSV_COLUMNS = [
  'Date (UTC)', 'Product ID', 'Variant ID', 'Product', 'SKU', 'Change',
  'Old Regular Price', 'New Regular Price', 'Old Sale Price', 'New Sale Price', 'Work Order ID', 'Changed By',
] as const;

/**
 * The headers a price import reads, lower-cased (a file's header matches whatever its case and
 * surrounding spaces). The first alias found wins: "Regular Price" before "Price". BigCommerce's
 * product export says "Product ID", "Variant ID", "SKU" (or "Product Code/SKU" in the classic
 * bulk-edit export), "Price" and "Sale Price"; other price columns ("Cost Price", "Retail
 * Price", "Calculated Price") are never read. A price list's export (PRICE_LIST_CSV_COLUMNS)
 * names its list and currency (`price_list`, `currency`, issue 35): such a file imports as an
 * order of that list's prices in that currency.
 */
export const CSV_IMPORT_HEADERS = {
  sku: ['sku', 'product code/sku', 'variant sku'],
  productId: ['product id'],
  variantId: ['variant id'],
  regular: ['regular price', 'price'],
  sale: ['sale price'],
  priceList: ['price_list', 'price list', 'price list id'],
  currency: ['currency'],
} as const;
export type CsvImportColumn = keyof typeof CSV_IMPORT_HEADERS;

/** The largest file a price import reads (bytes). */
export const MAX_CSV_IMPORT_BYTES = 10 * 1024 * 1024;

/**
 * Characters a spreadsheet reads as the start of a formula (OWASP's CSV injection list: the
 * four of the issue, and tab and carriage return, which Excel strips before looking), and the
 * fullwidth forms of the four (U+FF1D, U+FF0B, U+FF0D, U+FF20), which spreadsheets in East
 * Asian locales read as their ASCII twins (issue 31).
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A plain number ("-5", "-12.50"): a spreadsheet reads it as a number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * Whether a cell must be written with a leading single quote so a spreadsheet shows it as text
 * instead of running it. A plain negative number ("-5.00") is left as it is: it is a genuine
 * value (a difference, a negative stock) and a spreadsheet cannot run it.
 */
export function needsFormulaGuard(cell: string): boolean {
  return FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell);
}

/** A cell as written: quoted against formulas when it needs it (needsFormulaGuard). */
export function guardFormula(cell: string): string {
  return needsFormulaGuard(cell) ? `'${cell}` : cell;
}

/** The inverse on import: "'=SKU-1" (as exported) reads back as "=SKU-1"; anything else as is. */
export function unguardFormula(cell: string): string {
  return cell.startsWith("'") && needsFormulaGuard(cell.slice(1)) ? cell.slice(1) : cell;
}

/** The catalog-wide history export's default range, and the longest range it serves. */
export const DEFAULT_HISTORY_RANGE_DAYS = 30;
export const MAX_HISTORY_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

const rangeEnd = (label: string) =>
  boundedText(40, { label, error: `${label} must be a date and time like 2025-03-01T00:00:00Z`, tooLong: `${label} must be a date and time like 2025-03-01T00:00:00Z` })
    .pipe(z.iso.datetime({ offset: true, error: `${label} must be a date and time like 2025-03-01T00:00:00Z` }))
    .transform((value) => new Date(value))
    .optional();

/** The range of a history export: `to` defaults to now, `from` to 30 days before `to`. */
export function historyRange(query: { from?: Date | undefined; to?: Date | undefined }, now = new Date()): { from: Date; to: Date } {
  const to = query.to ?? now;
  return { from: query.from ?? new Date(to.getTime() - DEFAULT_HISTORY_RANGE_DAYS * DAY_MS), to };
}

/**
 * GET /api/products/price-history/csv: entries with `from <= createdAt < to` (historyRange
 * fills what is left out); `from` must be before `to` and the range at most 366 days.
 */
export const PriceHistoryCsvQuery = lazySchema(() =>
  z
    .object({ from: rangeEnd('The start'), to: rangeEnd('The end') })
    .check((ctx) => {
      // A field already refused (its value is still the text sent) has said what is wrong.
      if (ctx.issues.length > 0 || [ctx.value.from, ctx.value.to].some((d) => d !== undefined && !(d instanceof Date))) return;
      const { from, to } = historyRange(ctx.value);
      if (from.getTime() >= to.getTime()) {
        ctx.issues.push({ code: 'custom', path: ['from'], message: 'The start must be before the end', input: ctx.value });
      } else if (to.getTime() - from.getTime() > MAX_HISTORY_RANGE_DAYS * DAY_MS) {
        ctx.issues.push({ code: 'custom', path: ['from'], message: `A range is at most ${MAX_HISTORY_RANGE_DAYS} days`, input: ctx.value });
      }
    }),
);
export type PriceHistoryCsvQuery = z.infer<typeof PriceHistoryCsvQuery>;
