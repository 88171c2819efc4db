/** The CSV writer: byte-order mark, RFC 4180 quoting, cells a spreadsheet would run written as text, and streaming. */
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvLine, csvStream, toCsv } from './csv';

async function* batches(...items: string[][][]) {
  for (const item of items) yield item;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('toCsv', () => {
  it('starts with the UTF-8 byte-order mark and ends each record in CRLF', () => {
    expect(toCsv([['a', 'b'], ['1', '2']])).toBe('\uFEFFa,b\r\n1,2\r\n');
    expect(toCsv([])).toBe(CSV_BOM);
  });

  it('quotes cells holding a comma, a quote or a line break, doubling quotes', () => {
    expect(csvLine(['Tools, Hand', 'The "Best" mug', 'two\nlines', 'cr\rhere', 'plain'])).toBe(
      '"Tools, Hand","The ""Best"" mug","two\nlines","cr\rhere",plain\r\n',
    );
  });

  it.each([
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+SKU-1', "'+SKU-1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['-', "'-"],
    // Fullwidth forms, which spreadsheets in East Asian locales read as = + - @ (issue 31).
    ['\uFF1DHYPERLINK("http://evil.example")', `"'\uFF1DHYPERLINK(""http://evil.example"")"`],
    ['\uFF0BSKU', "'\uFF0BSKU"],
    ['\uFF0D2+3', "'\uFF0D2+3"],
    ['\uFF20SUM(A1)', "'\uFF20SUM(A1)"],
  ])('writes the formula-looking %j as text', (cell, written) => {
    expect(csvCell(cell)).toBe(written);
  });

  it('keeps plain negative numbers readable as numbers, and other cells as they are', () => {
    expect(csvLine(['-5', '-12.50', '19.90', 'a=b', 'Crème brûlée', ''])).toBe('-5,-12.50,19.90,a=b,Crème brûlée,\r\n');
  });
});

describe('csvStream', () => {
  it('encodes the byte-order mark, then each batch as it comes, as UTF-8', async () => {
    const bytes = await readAll(csvStream(batches([['Name']], [['Crème']], [['=x'], ['y']]), () => {}));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(toCsv([['Name'], ['Crème'], ['=x'], ['y']]));
  });

  it('reports an error while reading and fails the stream', async () => {
    const errors: unknown[] = [];
    async function* failing() {
      yield [['Name']];
      throw new Error('database gone');
    }
    await expect(readAll(csvStream(failing(), (err) => errors.push(err)))).rejects.toThrow('database gone');
    expect(errors).toHaveLength(1);
  });
});
