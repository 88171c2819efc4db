/**
 * CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel reads accents right), CRLF line
 * ends, cells quoted when they hold a comma, a quote or a line break, and cells that begin with
 * `=`, `+`, `-` or `@` prefixed with a single quote, so a spreadsheet shows them as text rather
 * than running them as formulas (OWASP's CSV injection advice).
 *
 * `toCsv` writes a whole file; `csvStream` the same bytes row by row, for files too large to
 * build in memory.
 */

/** The byte-order mark a CSV file starts with. */
export const CSV_BOM = '\uFEFF';

/** One cell as written: formula-safe, quoted when it must be. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One row with its line end. */
export const csvRow = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** A whole CSV file, the byte-order mark first. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return CSV_BOM + rows.map(csvRow).join('');
}

/** The same file as `toCsv`, encoded as UTF-8 row by row (a response body). */
export function csvStream(rows: Iterable<readonly string[]> | AsyncIterable<readonly string[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM));
      let chunk = '';
      for await (const row of rows) {
        chunk += csvRow(row);
        if (chunk.length >= 64 * 1024) {
          controller.enqueue(encoder.encode(chunk));
          chunk = '';
        }
      }
      if (chunk) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}
