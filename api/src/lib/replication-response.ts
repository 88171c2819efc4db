/**
 * A replication page as an HTTP answer (GET /api/catalog/changes, GET /api/price-lists/changes):
 * its JSON, never stored by a cache (a page is of its moment: an intermediary must never answer
 * a later pull with it), compressed with brotli at quality 1 when the client takes it (browsers
 * do, over plain HTTP too). A first pull's 5,000-row catalog page is ~1.4 MB of JSON, mostly
 * numbers and names: gzip at level 6 (what compressResponses gives everything else) costs ~11 ms
 * of CPU for 132 KB, brotli at quality 1 ~3-5 ms for 140 KB; a price list page ~3 ms for 41 KB,
 * and under 1 ms for the same 41 KB. Other clients get the JSON for compressResponses to gzip.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import type { Context, Env } from 'hono';
import { acceptsEncoding, COMPRESS_THRESHOLD } from '../middleware/compress';

const brotli = promisify(brotliCompress);

export async function replicationResponse<E extends Env>(c: Context<E>, json: Buffer<ArrayBuffer>): Promise<Response> {
  const headers = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Vary: 'Accept-Encoding' };
  if (json.length < COMPRESS_THRESHOLD || !acceptsEncoding(c.req.header('Accept-Encoding'), 'br')) return c.body(json, 200, headers);
  const body = await brotli(json, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
  });
  // A Buffer is a Uint8Array; its type only says the memory could be shared, which it is not.
  return c.body(body as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Encoding': 'br', 'Content-Length': String(body.length) });
}
