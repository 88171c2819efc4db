import { describe, expect, it } from 'vitest';
import { createDemoStore } from './demo-store';

/** Two stores side by side: `slow` throttled on its own, `fast` following the global settings. */
function twoStores(now?: () => number) {
  return createDemoStore({
    now,
    stores: [
      { hash: 'fast', accessToken: 'fast-token', products: 5 },
      { hash: 'slow', accessToken: 'slow-token', products: 5, settings: { quota: 1, windowMs: 20_000 } },
    ],
  });
}

type Demo = ReturnType<typeof twoStores>;
const list = (demo: Demo, hash: string) =>
  demo.app.request(`/stores/${hash}/v3/catalog/products?limit=1`, { headers: { 'X-Auth-Token': `${hash}-token` } });
const statuses = async (demo: Demo, hash: string, count: number) => {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await list(demo, hash)).status);
  return out;
};

describe('a store with settings of its own', () => {
  it('rate-limits a throttled store at its own quota and window and leaves the healthy one alone', async () => {
    const clock = 0;
    const demo = twoStores(() => clock);
    expect(await statuses(demo, 'slow', 3)).toEqual([200, 429, 429]);
    expect(await statuses(demo, 'fast', 20)).toEqual(Array(20).fill(200));

    const refused = await list(demo, 'slow');
    expect(refused.headers.get('X-Rate-Limit-Requests-Quota')).toBe('1');
    expect(refused.headers.get('X-Rate-Limit-Time-Window-Ms')).toBe('20000');
    expect((await list(demo, 'fast')).headers.get('X-Rate-Limit-Requests-Quota')).toBe('150');
    expect(demo.store.statsOf('slow')).toMatchObject({ requests: 4, rateLimited: 3 });
    expect(demo.store.statsOf('fast')).toMatchObject({ requests: 21, rateLimited: 0 });
    expect(demo.store.stats).toMatchObject({ requests: 25, rateLimited: 3 });
  });

  it('delays only the store given a latency of its own', async () => {
    const demo = twoStores();
    demo.store.configureStore('slow', { latencyMs: 150 });
    let started = Date.now();
    await list(demo, 'fast');
    expect(Date.now() - started).toBeLessThan(100);
    started = Date.now();
    await list(demo, 'slow');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('takes a store created with settings (createDemoStore stores[].settings)', () => {
    const demo = createDemoStore({ latencyMs: 5, stores: [{ hash: 'a', accessToken: 't', products: 1, settings: { latencyMs: 20_000 } }] });
    expect(demo.store.settingsOf('a').latencyMs).toBe(20_000);
    expect(demo.store.settings.latencyMs).toBe(5);
  });

  it('merges its overrides over the global settings, fault rates one by one, and follows later global changes', () => {
    const demo = twoStores();
    demo.store.configure({ latencyMs: 7, faults: { rate500: 0.2 } });
    expect(demo.store.configureStore('slow', { faults: { drop: 0.1 } })).toEqual({
      latencyMs: 7, quota: 1, windowMs: 20_000, faults: { rate429: 0, rate500: 0.2, drop: 0.1 }, keepOldPrices: false,
    });
    demo.store.configureStore('slow', { faults: { rate429: 0.3 } });
    demo.store.configure({ latencyMs: 9 });
    expect(demo.store.settingsOf('slow')).toMatchObject({ latencyMs: 9, faults: { rate429: 0.3, rate500: 0.2, drop: 0.1 } });
    expect(demo.store.settingsOf('fast')).toEqual(demo.store.settings);
  });

  it('follows the global settings again once its overrides are dropped (configureStore(hash, null))', () => {
    const demo = twoStores();
    expect(demo.store.configureStore('slow', null)).toEqual(demo.store.settings);
  });

  it('throws for a hash it does not serve, and for a hash served twice', () => {
    const demo = twoStores();
    expect(() => demo.store.settingsOf('nope')).toThrow(/no store with hash "nope"/);
    expect(() => demo.store.configureStore('nope', { quota: 1 })).toThrow(/nope/);
    expect(() => demo.store.failNextFor('nope', '500')).toThrow(/nope/);
    expect(() => demo.store.addStore({ hash: 'fast', accessToken: 'x' })).toThrow(/already serves/);
  });

  it('keeps the old prices of one store only', async () => {
    const demo = twoStores();
    demo.store.configureStore('slow', { keepOldPrices: true });
    const write = (hash: string) =>
      demo.app.request(`/stores/${hash}/v3/catalog/products/101`, {
        method: 'PUT',
        headers: { 'X-Auth-Token': `${hash}-token`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ price: 1.23 }),
      });
    const before = demo.store.catalog('slow').product(101)?.price;
    expect((await write('slow')).status).toBe(200);
    expect((await write('fast')).status).toBe(200);
    expect(demo.store.catalog('slow').product(101)?.price).toBe(before);
    expect(demo.store.catalog('fast').product(101)?.price).toBe(1.23);
  });
});

describe('faults per store', () => {
  it('fails the next requests of one store (failNextFor) and not the other', async () => {
    const demo = twoStores();
    demo.store.configureStore('slow', { quota: 100 }); // a spent quota answers 429 before any queued fault
    demo.store.failNextFor('slow', '500', '429');
    expect((await list(demo, 'fast')).status).toBe(200);
    expect(await statuses(demo, 'slow', 2)).toEqual([500, 429]);
    expect(demo.store.statsOf('slow').faults).toEqual({ '429': 1, '500': 1, drop: 0 });
    expect(demo.store.statsOf('fast').faults).toEqual({ '429': 0, '500': 0, drop: 0 });
  });

  it('still fails the next requests of any store with failNext, before a store\'s own queue', async () => {
    const demo = twoStores();
    demo.store.failNext('500');
    demo.store.failNextFor('fast', '429');
    expect((await list(demo, 'slow')).status).toBe(500);
    expect(await statuses(demo, 'fast', 2)).toEqual([429, 200]);
  });

  it('draws random faults at a store\'s own rates, leaving the other store\'s requests whole', async () => {
    const demo = twoStores();
    demo.store.configureStore('slow', { quota: 1_000, faults: { rate500: 1 } });
    expect(await statuses(demo, 'slow', 5)).toEqual(Array(5).fill(500));
    expect(await statuses(demo, 'fast', 5)).toEqual(Array(5).fill(200));
  });

  it('draws a store\'s own faults from its own seeded generator, so they repeat whatever another store does', async () => {
    const run = async (otherRequests: number) => {
      const demo = createDemoStore({
        faultSeed: 'seed',
        faults: { rate500: 0.5 },
        stores: [
          { hash: 'a', accessToken: 'a-token', products: 1, settings: { faults: { rate500: 0.5 } } },
          { hash: 'b', accessToken: 'b-token', products: 1 },
        ],
      });
      await statuses(demo, 'b', otherRequests);
      return statuses(demo, 'a', 12);
    };
    const alone = await run(0);
    expect(alone).toContain(500);
    expect(alone).toContain(200);
    expect(await run(7)).toEqual(alone);
  });
});

describe('reset with stores of their own', () => {
  it('clears per-store queues and counters and puts back the overrides a store was created with', async () => {
    const demo = twoStores();
    demo.store.configureStore('slow', { quota: 50, latencyMs: 3 });
    demo.store.configureStore('fast', { keepOldPrices: true });
    demo.store.configure({ windowMs: 5_000 });
    demo.store.failNextFor('fast', '500');
    await list(demo, 'slow');

    demo.store.reset();
    expect(demo.store.account('slow')?.overrides).toEqual({ quota: 1, windowMs: 20_000 });
    expect(demo.store.account('fast')?.overrides).toEqual({});
    expect(demo.store.settings.windowMs).toBe(5_000); // the global settings stay, as they always have
    expect(demo.store.statsOf('slow')).toEqual({ requests: 0, rateLimited: 0, faults: { '429': 0, '500': 0, drop: 0 } });
    expect((await list(demo, 'fast')).status).toBe(200);
  });

  it('gives every store a full quota again on resetRateLimits', async () => {
    const demo = twoStores(() => 0);
    expect(await statuses(demo, 'slow', 2)).toEqual([200, 429]);
    demo.store.resetRateLimits();
    expect(await statuses(demo, 'slow', 1)).toEqual([200]);
  });
});
