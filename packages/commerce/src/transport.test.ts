import { describe, expect, it } from 'vitest';
import { BigCommerceClient } from './client';
import { formatSince } from './products';
import { StoreRateLimiter } from './rate-limiter';
import { buildQuery } from './transport';

interface Sent {
  url: string;
  init: RequestInit;
}

/** A client whose fetch answers from a script and whose sleep records the pause and moves a fake clock. */
function scripted(answers: Array<() => Response>, options: { maxRateLimitRetries?: number } = {}) {
  const sent: Sent[] = [];
  const pauses: number[] = [];
  let now = 1_000_000;
  const client = new BigCommerceClient({
    baseUrl: 'https://api.example.test/',
    storeHash: 'abc123',
    accessToken: 'token-1',
    rateLimiter: new StoreRateLimiter(),
    ...options,
    now: () => now,
    sleep: async (ms) => {
      pauses.push(ms);
      now += ms;
    },
    random: () => 0.5,
    fetch: async (url, init) => {
      sent.push({ url: String(url), init: init ?? {} });
      const next = answers.shift();
      if (!next) throw new Error('no scripted answer left');
      return next();
    },
  });
  return { client, sent, pauses };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const page = (ids: number[]) => json(200, { data: ids.map((id) => ({ id, price: 1 })), meta: { pagination: { total: ids.length, total_pages: 1, current_page: 1 } } });
const tooMany = (resetMs: number) => json(429, { status: 429, title: 'Too many requests' }, { 'X-Rate-Limit-Requests-Left': '0', 'X-Rate-Limit-Time-Reset-Ms': String(resetMs) });

describe('the requests the client sends', () => {
  it('calls /stores/{hash}/v3 with X-Auth-Token and Accept, and comma-joins id:in', async () => {
    const { client, sent } = scripted([page([1, 2])]);
    await client.getProducts([2, 1, 2]);
    expect(sent[0]?.url).toBe('https://api.example.test/stores/abc123/v3/catalog/products?id:in=2,1&include=variants&limit=250');
    expect(sent[0]?.init.headers).toMatchObject({ 'X-Auth-Token': 'token-1', Accept: 'application/json' });
  });

  it('sends a JSON body with Content-Type on writes, prices as decimal numbers', async () => {
    const { client, sent } = scripted([json(200, { data: [{ id: 7, price: 19.9 }], meta: {} })]);
    await client.updateProducts([{ id: 7, priceCents: 1990, salePriceCents: null }]);
    expect(sent[0]?.init.method).toBe('PUT');
    expect(sent[0]?.init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual([{ id: 7, price: 19.9, sale_price: 0 }]);
  });

  it('writes date_modified:min as a full ISO time to the second', () => {
    expect(formatSince(new Date('2025-01-15T09:34:00.789Z'))).toBe('2025-01-15T09:34:00Z');
    expect(buildQuery({ 'date_modified:min': formatSince('2025-01-15T09:34:00Z'), page: 2 })).toBe('?date_modified:min=2025-01-15T09:34:00Z&page=2');
  });
});

describe('how the client answers a 429', () => {
  it('sleeps X-Rate-Limit-Time-Reset-Ms, then retries without spending an attempt', async () => {
    const { client, pauses } = scripted([tooMany(1_200), tooMany(800), page([5])]);
    const [product] = await client.getProducts([5]);
    expect(product?.id).toBe(5);
    expect(pauses).toEqual([1_210, 810]);
    expect(client.counters).toMatchObject({ rateLimited: 2, retries: 2, reads: 3 });
  });

  it('gives up with kind rate_limited after maxRateLimitRetries', async () => {
    const { client, sent } = scripted([tooMany(10), tooMany(10), tooMany(10)], { maxRateLimitRetries: 2 });
    await expect(client.getProducts([1])).rejects.toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(sent).toHaveLength(3);
  });

  it('backs off with jitter when a 429 carries no reset header', async () => {
    const { client, pauses } = scripted([json(429, { title: 'slow down' }), page([3])]);
    await client.getProducts([3]);
    expect(pauses).toEqual([250]); // random 0.5 x the first cap of 500 ms
  });
});

describe('errors as BigCommerce sends them', () => {
  it('keeps status, title, type and errors of a 422', async () => {
    const body = { status: 422, title: 'The product was not valid.', type: 'https://example.test/status-codes', errors: { price: 'must be >= 0' } };
    const { client } = scripted([json(422, body)]);
    await expect(client.updateProduct({ id: 1, priceCents: 5 })).rejects.toMatchObject({ kind: 'validation', ...body });
  });

  it('reads the error nested under `errors`, as the category-trees endpoints send it', async () => {
    const { client } = scripted([json(422, { errors: { status: 422, title: 'Bad tree', type: 't', errors: { tree_id: 'unknown' } } })]);
    await expect(client.getCategories({ treeIds: [9] })).rejects.toMatchObject({ kind: 'validation', title: 'Bad tree', errors: { tree_id: 'unknown' } });
  });

  it('uses a plain-text body as the title (the 401 of the official files is text)', async () => {
    const { client } = scripted([() => new Response('Unauthorized', { status: 401 })]);
    await expect(client.getProducts([1])).rejects.toMatchObject({ kind: 'auth', status: 401, title: 'Unauthorized' });
  });

  it('sorts 403 with auth, 409 and 413 with validation, and 503 with server', async () => {
    const kindOf = async (status: number) => {
      const { client } = scripted(Array.from({ length: 5 }, () => json(status, { status, title: 'x' })));
      return client.getProduct(1).then(() => 'ok', (e: { kind: string }) => e.kind);
    };
    expect(await Promise.all([403, 409, 413, 503].map(kindOf))).toEqual(['auth', 'validation', 'validation', 'server']);
  });
});
