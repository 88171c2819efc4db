/**
 * A price-import file's bytes to CSV records, on the device: the checks a bad file fails with
 * one clear message (not a CSV, empty, over 10 MB, unreadable), the text encoding (UTF-8, or a
 * spreadsheet's Windows-1252 export read as such, with a note saying so), and papaparse's
 * records. Pure: no DOM, no state; csv-import.ts reads the records.
 */
import Papa from 'papaparse';
import { MAX_CSV_IMPORT_BYTES } from '@catalog/contracts/csv';

export const CSV_FILE_MESSAGES = {
  tooLarge: 'This file is larger than 10 MB. Split it into smaller files and import them one at a time.',
  empty: 'This file is empty.',
  notCsv: 'This is not a CSV file. Save the spreadsheet as CSV (comma-separated values) and choose that file.',
  latin1: 'This file is not UTF-8: it was read as Western European (Windows-1252) text. Check accented names in the preview.',
} as const;

/** What the import reads of a chosen file. */
export interface CsvFileInput {
  name: string;
  /** The browser's MIME type for it ('' when it does not know). */
  type: string;
  bytes: ArrayBuffer | Uint8Array;
}

export type CsvFileResult =
  | { ok: true; records: string[][]; notice?: string }
  | { ok: false; message: string };

/** Extensions and MIME types a CSV arrives with (Excel on Windows says vnd.ms-excel). */
const CSV_EXTENSION = /\.(csv|txt|tsv)$/i;
const CSV_TYPES = new Set(['', 'text/csv', 'text/plain', 'application/csv', 'text/x-csv', 'application/vnd.ms-excel', 'text/tab-separated-values']);
/** Control characters no text export holds (NUL and the like): a binary file (a .xlsx renamed, an image). */
const BINARY = /[\u0000-\u0008\u000E-\u001A]/;

function decode(bytes: Uint8Array): { text: string; notice?: string } {
  try {
    // fatal: invalid UTF-8 throws rather than turning into U+FFFD; the BOM is dropped.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    // Not UTF-8: Excel's "CSV" on Windows is Windows-1252 (a superset of Latin-1's printable range).
    return { text: new TextDecoder('windows-1252').decode(bytes), notice: CSV_FILE_MESSAGES.latin1 };
  }
}

export function readCsvFile(file: CsvFileInput): CsvFileResult {
  const bytes = file.bytes instanceof Uint8Array ? file.bytes : new Uint8Array(file.bytes);
  if (bytes.byteLength > MAX_CSV_IMPORT_BYTES) return { ok: false, message: CSV_FILE_MESSAGES.tooLarge };
  if (!CSV_EXTENSION.test(file.name) && !CSV_TYPES.has(file.type.toLowerCase())) return { ok: false, message: CSV_FILE_MESSAGES.notCsv };
  if (bytes.byteLength === 0) return { ok: false, message: CSV_FILE_MESSAGES.empty };
  const { text, notice } = decode(bytes);
  if (BINARY.test(text)) return { ok: false, message: CSV_FILE_MESSAGES.notCsv };
  if (text.trim() === '') return { ok: false, message: CSV_FILE_MESSAGES.empty };

  // Records keep their number (blank ones included), so a line number is the spreadsheet's row.
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimitersToGuess: [',', ';', '\t'] });
  const broken = parsed.errors.find((e) => e.type === 'Quotes');
  if (broken) {
    const line = broken.row === undefined ? '' : ` (line ${broken.row + 1})`;
    return { ok: false, message: `This file is not a valid CSV: a quoted cell is never closed${line}.` };
  }
  return notice ? { ok: true, records: parsed.data, notice } : { ok: true, records: parsed.data };
}
