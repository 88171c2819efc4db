/**
 * CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel reads accents right), CRLF record
 * ends, cells quoted when they hold a comma, a quote or a line break (quotes doubled), and cells
 * that begin with `=`, `+`, `-` or `@` prefixed with a single quote, so a spreadsheet shows them
 * as text rather than running them as formulas (OWASP's CSV injection advice).
 *
 * Kept small on purpose (the backups' download, issue 17): `toCsv` writes a whole file.
 */

/** The UTF-8 byte-order mark, first in every file. */
export const CSV_BOM = '\uFEFF';
/** What ends each record. */
export const CSV_EOL = '\r\n';

/** One cell as written: formula-safe, then quoted when it must be. */
export function csvCell(value: string): string {
  const cell = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** One record, with its line ending. */
export function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(',') + CSV_EOL;
}

/** A whole file: the byte-order mark, then one record per row. */
export function toCsv(rows: string[][]): string {
  return CSV_BOM + rows.map(csvLine).join('');
}
