/**
 * Kept JSON answers (keptJson + serializedJson): a large one is kept as its gzip only and sent
 * as that to clients that take gzip, and as the same text, unzipped again, to those that do not;
 * a small one is kept and sent as text.
 */
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD, compressResponses, keptBytes, keptJson, serializedJson } from './compress';

const large = JSON.stringify({ products: Array.from({ length: 40 }, (_, i) => ({ id: i, name: `Product ${i}` })), total: 40 });
const small = JSON.stringify({ products: [], total: 0 });

function app(body: ReturnType<typeof keptJson>) {
  return new Hono().use(compressResponses()).get('/', (c) => serializedJson(c, body));
}

describe('kept JSON answers', () => {
  it('keeps a large answer as its gzip only, and a small one as text', () => {
    expect(large.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const kept = keptJson(large);
    expect(kept.json).toBeUndefined();
    expect(gunzipSync(kept.gz!).toString('utf8')).toBe(large);
    expect(keptBytes(kept)).toBe(kept.gz!.length);
    expect(keptJson(small)).toEqual({ json: small });
  });

  it('sends the gzip to clients that take it and the same text to those that do not', async () => {
    const kept = keptJson(large);
    const zipped = await app(kept).request('/', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8')).toBe(large);

    for (const headers of [{}, { 'accept-encoding': 'gzip;q=0, br' }] as Array<Record<string, string>>) {
      const plain = await app(kept).request('/', { headers });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('content-type')).toBe('application/json');
      expect(await plain.text()).toBe(large);
    }
    // Nothing kept was lost or replaced on the way.
    expect(kept.json).toBeUndefined();
    expect(gunzipSync(kept.gz!).toString('utf8')).toBe(large);
  });

  it('sends a small answer as it is, whatever the client takes', async () => {
    const res = await app(keptJson(small)).request('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-length')).toBe(String(small.length));
    expect(await res.text()).toBe(small);
  });
});
