/**
 * CSV writing (RFC 4180) for the API's exports: `toCsv` for a whole file in memory, `csvLine`
 * for one record at a time (a streamed export writes CSV_BOM, then a line per row as its page
 * is read), `csvStream` to turn such lines into a response body.
 *
 * Every file starts with a UTF-8 byte-order mark, so Excel reads accents right. Records end in
 * CRLF. A cell is quoted when it holds a comma, a quote or a line break (quotes doubled), and a
 * cell a spreadsheet would run as a formula (=, +, -, @ or their fullwidth forms first) gets a leading single quote;
 * a plain negative number ("-5.00") is a value and stays as it is (contracts csv.ts,
 * needsFormulaGuard).
 */
import { guardFormula } from '@catalog/contracts/csv';

/** The UTF-8 byte-order mark, first in every file. */
export const CSV_BOM = '\uFEFF';
/** What ends each record. */
export const CSV_EOL = '\r\n';

const NEEDS_QUOTES = /[",\r\n]/;

/** One cell as written: formula-guarded, then quoted when it must be. */
export function csvCell(value: string): string {
  const cell = guardFormula(value);
  return NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** One record, with its line ending. */
export function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(',') + CSV_EOL;
}

/** A whole file: the byte-order mark, then one record per row. */
export function toCsv(rows: string[][]): string {
  return CSV_BOM + rows.map(csvLine).join('');
}

/**
 * A response body from records produced as they are read (`lines` yields batches of rows, e.g.
 * one database page each): the byte-order mark first, each batch encoded as it comes, so the
 * whole file is never one string. An error while reading aborts the stream.
 */
export function csvStream(lines: AsyncIterable<string[][]>, onError: (err: unknown) => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = lines[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM));
        return;
      }
      try {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value.map(csvLine).join('')));
      } catch (err) {
        onError(err);
        controller.error(err);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
