/**
 * Response compression. JSON answers (the API's) are strings already in memory: they are
 * gzipped with node:zlib in one call, small ones on the spot, large ones on libuv's thread pool.
 * Everything else (the web app's files, streamed from disk) goes through Hono's compress, which
 * streams. Hono's compress alone would pipe every JSON answer through a web CompressionStream,
 * which costs several times the gzip itself; see decision 016.
 *
 * Same rules as Hono's: nothing under 1 KB, nothing marked `Cache-Control: no-transform` (the
 * sync stream), no HEAD, no 206, nothing already encoded; `Vary: Accept-Encoding` on what could
 * have been compressed.
 */
import { promisify } from 'node:util';
import { gunzipSync, gzip, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

const gzipAsync = promisify(gzip);

/** Answers smaller than this are sent as they are. */
export const COMPRESS_THRESHOLD = 1024;
/** Larger answers are gzipped off the event loop (a 200-product page is ~150 KB). */
const SYNC_LIMIT = 64 * 1024;

const JSON_TYPE = /^application\/json\b/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** True when Accept-Encoding allows `coding` (named with q > 0, or `*` with q > 0 and `coding` not refused). */
export function acceptsEncoding(header: string | undefined, coding: 'gzip' | 'br'): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name === coding) return allowed;
    if (name === '*') wildcard = allowed;
  }
  return wildcard;
}

export const acceptsGzip = (header: string | undefined): boolean => acceptsEncoding(header, 'gzip');

function addVary(headers: Headers): void {
  const vary = headers.get('Vary');
  if (vary === '*' || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/** Marks `headers` as those of a gzip body (this middleware then leaves it alone). */
export function gzipped(body: Buffer, headers: Headers): Buffer {
  headers.set('Content-Encoding', 'gzip');
  addVary(headers);
  return body;
}

export function compressResponses(): MiddlewareHandler {
  const streaming = compress();
  return async (c, next) => {
    await next();
    const res = c.res;
    // Anything but JSON: Hono's compress, its `next` already run.
    if (!JSON_TYPE.test(res.headers.get('Content-Type') ?? '')) return streaming(c, async () => {});
    // (Not `res.body`: reading it makes the Node adapter build a full web Response.)
    if (c.req.method === 'HEAD' || res.status === 206 || res.status === 204 || res.headers.has('Content-Encoding')) return;
    if (NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')) return;
    addVary(res.headers);
    // Reading the body is the costly part of a small answer: only when it will be compressed.
    const length = res.headers.get('Content-Length');
    if ((length !== null && Number(length) < COMPRESS_THRESHOLD) || !acceptsGzip(c.req.header('Accept-Encoding'))) return;
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    const out = body.length < COMPRESS_THRESHOLD ? body : gzipped(body.length <= SYNC_LIMIT ? gzipSync(body) : await gzipAsync(body), headers);
    headers.set('Content-Length', String(out.length));
    // Cleared first: assigning over a response makes Hono wrap the new body in a stream and
    // copy the old headers back over ours (the old Content-Length among them).
    c.res = undefined;
    c.res = new Response(out, { status: res.status, statusText: res.statusText, headers });
  };
}

/**
 * A JSON answer serialized once and kept (a cache entry): its text, or only its gzip once it is
 * large enough to be compressed (see keptJson). Whatever is missing is made when asked for.
 */
export interface SerializedJson {
  json?: string;
  gz?: Buffer;
}

/**
 * `json` as a cache keeps it: under COMPRESS_THRESHOLD the text (sent as it is); larger, only
 * its gzip, which is what nearly every client takes: a 20-product page then holds ~1.5 KB
 * instead of ~10 KB, so the same memory keeps several times as many pages. The rare client that
 * takes no gzip gets the text unzipped again.
 */
export function keptJson(json: string): SerializedJson {
  return json.length < COMPRESS_THRESHOLD ? { json } : { gz: gzipSync(json) };
}

/** The bytes (about) a SerializedJson holds. */
export const keptBytes = (body: SerializedJson): number => (body.json?.length ?? 0) + (body.gz?.length ?? 0);

/** The answer for `body`: gzipped when the client takes it and it is worth it, reusing a kept gzip. */
export function serializedJson(c: Context, body: SerializedJson): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding' };
  const takesGzip = acceptsGzip(c.req.header('Accept-Encoding'));
  // A Buffer is a Uint8Array; its type only says the memory could be shared, which it is not.
  if (body.gz && takesGzip) return c.body(body.gz as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Encoding': 'gzip' });
  const json = body.json ?? gunzipSync(body.gz!).toString('utf8');
  if (json.length < COMPRESS_THRESHOLD || !takesGzip) {
    // Its length said, so the middleware does not read the body again to learn it.
    return c.body(json, 200, { ...headers, 'Content-Length': String(Buffer.byteLength(json)) });
  }
  body.gz = gzipSync(json);
  return c.body(body.gz as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Encoding': 'gzip' });
}
