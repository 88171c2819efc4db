/**
 * A price import's columns (csv-import.ts): where each kind of column is in a file's header
 * (contracts CSV_IMPORT_HEADERS), and its cells as read (trimmed, a formula guard undone).
 */
import { CSV_IMPORT_HEADERS, type CsvImportColumn, unguardFormula } from '@catalog/contracts/csv';

/** A store id as a file writes it. */
export const ID = /^\d{1,15}$/;

/** The column of each kind in the header row (-1: absent); the first alias present wins. */
export function columnsOf(header: readonly string[]): Record<CsvImportColumn, number> {
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
    priceList: find(CSV_IMPORT_HEADERS.priceList),
    currency: find(CSV_IMPORT_HEADERS.currency),
  };
}

export const isBlank = (record: readonly string[]) => record.every((c) => c.trim() === '');
export const cellOf = (record: readonly string[], at: number) => (at < 0 ? '' : unguardFormula((record[at] ?? '').trim()));
