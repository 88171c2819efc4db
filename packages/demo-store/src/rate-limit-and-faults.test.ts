import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoStore } from './demo-store';
import type { RunningDemoStore } from './demo-store';

const auth = { 'X-Auth-Token': 'demo-token' };

describe('per-store rate limiting', () => {
  let clock = 0;
  const demo = createDemoStore({
    products: 10,
    quota: 3,
    windowMs: 1_000,
    now: () => clock,
    stores: [
      { hash: 'demo', accessToken: 'demo-token' },
      { hash: 'second', accessToken: 'second-token' },
    ],
  });
  const call = (hash = 'demo', token = 'demo-token') =>
    demo.app.request(`/stores/${hash}/v3/catalog/products?limit=1`, { headers: { 'X-Auth-Token': token } });

  it('reports the X-Rate-Limit headers on every answer and refuses with 429 over the quota', async () => {
    clock = 0;
    const answers = [];
    for (let i = 0; i < 4; i++) {
      clock += 100;
      answers.push(await call());
    }
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(answers.map((r) => r.headers.get('X-Rate-Limit-Requests-Left'))).toEqual(['2', '1', '0', '0']);
    const refused = answers[3];
    expect(refused?.headers.get('X-Rate-Limit-Requests-Quota')).toBe('3');
    expect(refused?.headers.get('X-Rate-Limit-Time-Window-Ms')).toBe('1000');
    expect(refused?.headers.get('X-Rate-Limit-Time-Reset-Ms')).toBe('700'); // window opened at 100, now 400
    expect(await refused?.json()).toMatchObject({ status: 429, title: expect.any(String) });
  });

  it('counts each store apart and opens a fresh window after the reset time', async () => {
    expect((await call('second', 'second-token')).status).toBe(200);
    clock += 700;
    const fresh = await call();
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('X-Rate-Limit-Requests-Left')).toBe('2');
  });

  it('does not count requests with a wrong token against the quota', async () => {
    demo.store.resetRateLimits();
    expect((await call('demo', 'bad')).status).toBe(401);
    expect((await call()).headers.get('X-Rate-Limit-Requests-Left')).toBe('2');
  });
});

describe('latency and injected faults', () => {
  const demo = createDemoStore({ products: 10 });
  let running: RunningDemoStore;
  beforeAll(async () => {
    running = await demo.listen(0);
  });
  afterAll(() => running.close());
  const call = () => fetch(`${running.url}/stores/demo/v3/catalog/products?limit=1`, { headers: auth });

  it('answers queued faults in order: 500, 429 with rate-limit headers, then normally', async () => {
    demo.store.failNext('500', '429');
    const first = await call();
    const second = await call();
    const third = await call();
    expect(first.status).toBe(500);
    expect(await first.json()).toMatchObject({ status: 500, title: expect.any(String) });
    expect(second.status).toBe(429);
    expect(second.headers.get('X-Rate-Limit-Time-Reset-Ms')).toMatch(/^\d+$/);
    expect(third.status).toBe(200);
  });

  it('drops the connection without an answer', async () => {
    demo.store.failNext('drop');
    await expect(call()).rejects.toThrow(/fetch failed/);
    expect((await call()).status).toBe(200);
  });

  it('draws faults from a seeded generator, so a run repeats', () => {
    const draws = (seed: string) => {
      const d = createDemoStore({ products: 1, faultSeed: seed });
      return Array.from({ length: 40 }, () => d.store.faults.draw({ rate429: 0.1, rate500: 0.1, drop: 0.1 }));
    };
    expect(draws('x')).toEqual(draws('x'));
    const kinds = new Set(draws('x'));
    expect(kinds).toEqual(new Set([null, '429', '500', 'drop']));
  });

  it('delays every store answer by the configured latency', async () => {
    demo.store.configure({ latencyMs: 120 });
    const started = Date.now();
    await call();
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
    demo.store.configure({ latencyMs: 0 });
  });
});

describe('the admin surface over HTTP', () => {
  const demo = createDemoStore({ products: 10 });
  const admin = (path: string, method = 'GET', body?: unknown) =>
    demo.app.request(`/__admin${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

  it('changes settings, queues faults, edits and deletes products, and resets', async () => {
    const settings = await (await admin('/settings', 'PATCH', { latencyMs: 5, quota: 40, faults: { rate500: 0.2 } })).json();
    expect(settings).toEqual({ latencyMs: 5, quota: 40, windowMs: 30_000, faults: { rate429: 0, rate500: 0.2, drop: 0 }, keepOldPrices: false });
    demo.store.configure({ latencyMs: 0, faults: { rate500: 0 } });

    expect((await admin('/faults', 'POST', { next: ['500'] })).status).toBe(200);
    expect((await demo.app.request('/stores/demo/v3/catalog/products', { headers: auth })).status).toBe(500);

    const edited = await admin('/stores/demo/products/101', 'PATCH', { price: 9.99 });
    expect(await edited.json()).toMatchObject({ id: 101, price: 9.99 });
    expect((await admin('/stores/demo/products/101', 'PATCH', { price: -1 })).status).toBe(422);
    expect((await admin('/stores/demo/products/102', 'DELETE')).status).toBe(204);
    expect(demo.store.catalog().product(102)).toBeUndefined();

    expect((await admin('/reset', 'POST')).status).toBe(200);
    expect(demo.store.catalog().product(102)).toBeDefined();
    expect(demo.store.catalog().product(101)?.price).not.toBe(9.99);
    expect(await (await admin('/stats')).json()).toMatchObject({ requests: 0 });
  });
});
