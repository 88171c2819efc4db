/**
 * Reading the API's CSV exports in tests: a download as the app answers it (its text with the
 * byte-order mark kept) and its RFC 4180 records.
 */

/** RFC 4180 records of a CSV text (quoted cells, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** GET `path` as `headers` says; on a 200, the file's records (after its byte-order mark). */
export async function downloadCsv(app: { request: (path: string, init: RequestInit) => Response | Promise<Response> }, path: string, headers: Record<string, string>) {
  const res = await app.request(path, { headers });
  // Decoded keeping the byte-order mark (res.text() would drop it).
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  return { res, text, rows: res.status === 200 ? parseCsv(text.slice(1)) : [] };
}
