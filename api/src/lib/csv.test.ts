/** CSV for spreadsheets: a byte-order mark, CRLF, quoting, and formula-looking cells made text. */
import { describe, expect, it } from 'vitest';
import { csvCell, csvStream, toCsv } from './csv';

describe('csv', () => {
  it('quotes what must be quoted and writes formula-looking cells as text', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const lead of ['=', '+', '-', '@']) expect(csvCell(`${lead}SUM(A1)`)).toBe(`'${lead}SUM(A1)`);
    expect(csvCell('=HYPERLINK("x", "y")')).toBe('"\'=HYPERLINK(""x"", ""y"")"');
    expect(csvCell('Crème brûlée')).toBe('Crème brûlée');
  });

  it('writes a whole file and the same bytes as a stream', async () => {
    const rows = [['Name', 'Price'], ['Mug', '9.90'], ['=1+1', '']];
    const file = toCsv(rows);
    expect(file).toBe('\uFEFFName,Price\r\nMug,9.90\r\n\'=1+1,\r\n');
    const streamed = Buffer.from(await new Response(csvStream(rows)).arrayBuffer());
    expect([...streamed.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(streamed.equals(Buffer.from(file, 'utf8'))).toBe(true);
  });
});
