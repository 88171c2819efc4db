import { beforeEach, describe, expect, it } from 'vitest';
import { createDemoStore } from './demo-store';

const demo = createDemoStore({
  stores: [
    { hash: 'demo', accessToken: 'demo-token', products: 5 },
    { hash: 'other', accessToken: 'other-token', products: 5 },
  ],
});
const admin = (path: string, method = 'GET', body?: unknown) =>
  demo.app.request(`/__admin${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
const list = (hash: string, token = `${hash}-token`) => demo.app.request(`/stores/${hash}/v3/catalog/products?limit=1`, { headers: { 'X-Auth-Token': token } });
/** The body as loosely typed JSON: each test reads the fields it checks. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test asserts on the fields it reads
const json = async (res: Response): Promise<any> => res.json();

describe('one store\'s settings over HTTP', () => {
  beforeEach(() => {
    demo.store.reset();
    demo.store.configure({ latencyMs: 0, quota: 150, windowMs: 30_000, faults: { rate429: 0, rate500: 0, drop: 0 }, keepOldPrices: false });
  });

  it('reads, changes and drops a store\'s settings, leaving the other store on the global ones', async () => {
    expect(await json(await admin('/stores/other/settings'))).toEqual(demo.store.settings);
    const patched = await admin('/stores/other/settings', 'PATCH', { quota: 1, windowMs: 20_000, faults: { rate500: 0.5 } });
    expect(patched.status).toBe(200);
    expect(await json(patched)).toEqual({ latencyMs: 0, quota: 1, windowMs: 20_000, faults: { rate429: 0, rate500: 0.5, drop: 0 }, keepOldPrices: false });
    expect((await json(await admin('/stores/demo/settings'))).quota).toBe(150);
    expect((await json(await admin('/stores'))).find((s: { hash: string }) => s.hash === 'other').overrides).toEqual({
      quota: 1, windowMs: 20_000, faults: { rate500: 0.5 },
    });

    const dropped = await admin('/stores/other/settings', 'DELETE');
    expect(await json(dropped)).toEqual(demo.store.settings);
  });

  it('refuses settings out of range or unknown with a 400 naming each field', async () => {
    const res = await admin('/stores/other/settings', 'PATCH', {
      latencyMs: -1, quota: 0, windowMs: 1.5, keepOldPrices: 'yes', faults: { rate500: 2, typo: 0 }, latency: 5,
    });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.fields).toEqual({
      latencyMs: expect.stringMatching(/non-negative integer/),
      quota: expect.stringMatching(/positive integer/),
      windowMs: expect.stringMatching(/positive integer/),
      keepOldPrices: expect.stringMatching(/true or false/),
      'faults.rate500': expect.stringMatching(/from 0 to 1/),
      'faults.typo': expect.stringMatching(/not a fault rate/),
      latency: expect.stringMatching(/not a setting/),
    });
    expect(body.error).toMatch(/^Invalid settings: .*latencyMs must be a non-negative integer/);
    expect((await admin('/stores/other/settings', 'PATCH', 'not json')).status).toBe(400);
    expect((await admin('/stores/other/settings', 'PATCH', [1])).status).toBe(400);
    expect(demo.store.account('other')?.overrides).toEqual({});
  });

  it('validates the global settings the same way', async () => {
    const res = await admin('/settings', 'PATCH', { quota: -3, faults: { drop: -0.1 } });
    expect(res.status).toBe(400);
    expect(Object.keys((await json(res)).fields)).toEqual(['quota', 'faults.drop']);
    expect(demo.store.settings.quota).toBe(150);
    expect(await json(await admin('/settings', 'PATCH', { latencyMs: 0, keepOldPrices: false }))).toMatchObject({ quota: 150 });
  });

  it('answers 404 for a store it does not serve', async () => {
    for (const [path, method, body] of [
      ['/stores/nope/settings', 'GET'],
      ['/stores/nope/settings', 'PATCH', { quota: 1 }],
      ['/stores/nope/settings', 'DELETE'],
      ['/stores/nope/faults', 'POST', { next: ['500'] }],
      ['/stores/nope/stats', 'GET'],
    ] as const) {
      const res = await admin(path, method, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await json(res)).toEqual({ error: 'Unknown store "nope"' });
    }
  });

  it('queues faults for one store and counts them in its stats', async () => {
    expect(await json(await admin('/stores/other/faults', 'POST', { next: ['500', 'drop'] }))).toEqual({ queued: 2 });
    expect((await admin('/stores/other/faults', 'POST', { next: ['418'] })).status).toBe(400);
    expect((await list('demo')).status).toBe(200);
    expect((await list('other')).status).toBe(500);
    await expect((await list('other')).json()).rejects.toThrow(/socket hang up/);
    expect(await json(await admin('/stores/other/stats'))).toEqual({ requests: 2, rateLimited: 0, faults: { '429': 0, '500': 1, drop: 1 } });
    expect(await json(await admin('/stores/demo/stats'))).toEqual({ requests: 1, rateLimited: 0, faults: { '429': 0, '500': 0, drop: 0 } });
    expect(await json(await admin('/stats'))).toMatchObject({ requests: 3, faults: { '500': 1, drop: 1 } });
  });
});

describe('adding a store at run time', () => {
  it('serves a new store with its own catalog and settings (201)', async () => {
    const res = await admin('/stores', 'POST', { hash: 'added', accessToken: 'added-token', products: 3, seed: 7, settings: { quota: 2 } });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ hash: 'added', clientId: 'added-client', products: 3, settings: { quota: 2, windowMs: 30_000 } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await list('added')).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await list('demo')).status).toBe(200);
  });

  it('refuses a hash already served (409) and a bad store (400)', async () => {
    expect((await admin('/stores', 'POST', { hash: 'other', accessToken: 'x' })).status).toBe(409);
    const bad = await admin('/stores', 'POST', { hash: 'a/b', accessToken: '', products: -1, settings: { quota: 0 }, extra: 1 });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).fields).sort()).toEqual(['accessToken', 'extra', 'hash', 'products', 'settings.quota']);
    expect((await admin('/stores', 'POST', 'nope')).status).toBe(400);
  });
});
