/**
 * Rate limits through the real app: per signed-in user overall, per route (sync, work orders,
 * invitations), per client address on the unauthenticated endpoints, the 429 answer and its
 * headers, the Stripe webhook never limited, counters shared by two API instances on one
 * PostgreSQL database, and a failing counter store letting requests through (fail open).
 */
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@catalog/contracts/errors';
import type { User } from '../db/repositories';
import type { Logger } from '../lib/logger';
import { testDatabase, dbTargets } from '../testing/db-targets';
import { testApp, testUser } from '../testing/test-app';
import type { AuthedEnv } from './authenticate';
import { createRateLimiting, DEFAULT_RATE_LIMITS, RATE_LIMITS } from './rate-limit';

type TestApp = Awaited<ReturnType<typeof testApp>>;
const opened: TestApp[] = [];
const dropped: Array<() => Promise<void>> = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()));
  for (const drop of dropped.splice(0)) await drop();
});

async function app(options: Parameters<typeof testApp>[0]): Promise<TestApp> {
  const t = await testApp(options);
  opened.push(t);
  return t;
}

/** As the Node server hands each request its socket (what getConnInfo reads). */
const fromAddress = (address: string) => ({ incoming: { socket: { remoteAddress: address, remotePort: 50000, remoteFamily: 'IPv4' } } });

async function expectLimited(res: Response, limit: number, windowSec: number) {
  expect(res.status).toBe(429);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(ErrorCode.RATE_LIMITED);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSec);
  expect(body.error.message).toBe(`Too many requests. Try again in ${retryAfter} seconds.`);
  expect(res.headers.get('ratelimit-limit')).toBe(String(limit));
  expect(res.headers.get('ratelimit-remaining')).toBe('0');
  expect(res.headers.get('ratelimit-reset')).toBe(String(retryAfter));
  expect(res.headers.get('cache-control')).toBe('no-store');
}

describe('the limits of the issue', () => {
  it('are the defaults, one variable each', () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({ user: 600, sync: 6, workOrders: 120, invitations: 30, publicAddress: 60, webhooks: 3_000, webhookRefusals: 300 });
    expect(Object.values(RATE_LIMITS).map((l) => [l.env, l.windowSec])).toEqual([
      ['RATE_LIMIT_USER_PER_MINUTE', 60],
      ['RATE_LIMIT_SYNC_PER_MINUTE', 60],
      ['RATE_LIMIT_WORK_ORDERS_PER_MINUTE', 60],
      ['RATE_LIMIT_INVITATIONS_PER_HOUR', 3600],
      ['RATE_LIMIT_PUBLIC_PER_MINUTE', 60],
      ['RATE_LIMIT_WEBHOOKS_PER_MINUTE', 60],
      ['RATE_LIMIT_WEBHOOK_REFUSALS_PER_MINUTE', 60],
    ]);
  });
});

describe('rate limits (sqlite)', () => {
  it('per signed-in user: every request counts; over the limit 429 with Retry-After and RateLimit-*; another user is not affected', async () => {
    const { app: a } = await app({ rateLimits: { user: 3 } });
    const ada = testUser('Ada');
    const bob = testUser('Bob');
    for (let i = 0; i < 3; i++) {
      const res = await a.request('/api/auth/user', { headers: ada.headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('3');
      expect(res.headers.get('ratelimit-remaining')).toBe(String(2 - i));
      expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    }
    await expectLimited(await a.request('/api/dashboard', { headers: ada.headers }), 3, 60);
    expect((await a.request('/api/auth/user', { headers: bob.headers })).status).toBe(200);
  });

  it('POST /api/sync: its own limit per user, the other routes still answer', async () => {
    const { app: a } = await app({ rateLimits: { user: 100, sync: 2 } });
    const ada = testUser('Ada');
    for (let i = 0; i < 2; i++) {
      const res = await a.request('/api/sync', { method: 'POST', headers: ada.headers });
      expect(res.status).toBe(400); // no store connected: refused, but counted
      expect(res.headers.get('ratelimit-limit')).toBe('2');
    }
    await expectLimited(await a.request('/api/sync', { method: 'POST', headers: ada.headers }), 2, 60);
    expect((await a.request('/api/auth/user', { headers: ada.headers })).status).toBe(200);
    expect((await a.request('/api/sync', { method: 'POST', headers: testUser('Bob').headers })).status).toBe(400);
  });

  it('POST /api/work-orders: its own limit per user; listing work orders is not counted in it', async () => {
    const { app: a } = await app({ rateLimits: { workOrders: 2 } });
    const ada = testUser('Ada');
    for (let i = 0; i < 2; i++) {
      expect((await a.request('/api/work-orders', { method: 'POST', headers: ada.headers, body: '{}' })).status).toBe(400);
      expect((await a.request('/api/work-orders', { headers: ada.headers })).status).toBe(200);
    }
    await expectLimited(await a.request('/api/work-orders', { method: 'POST', headers: ada.headers, body: '{}' }), 2, 60);
  });

  it('POST /api/invitations: its own limit per user, over an hour', async () => {
    const { app: a } = await app({ rateLimits: { invitations: 1 } });
    const ada = testUser('Ada');
    expect((await a.request('/api/invitations', { method: 'POST', headers: ada.headers, body: '{}' })).status).toBe(400);
    const res = await a.request('/api/invitations', { method: 'POST', headers: ada.headers, body: '{}' });
    await expectLimited(res, 1, 3600);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3500);
  });

  it('the public invitation lookup and accept: per client address, before anything else', async () => {
    const { app: a } = await app({ rateLimits: { publicAddress: 2 } });
    const here = fromAddress('203.0.113.7');
    for (let i = 0; i < 2; i++) {
      const res = await a.request(`/api/invitations/token-${i}-${'x'.repeat(30)}`, {}, here);
      expect(res.status).toBe(404);
      expect(res.headers.get('ratelimit-limit')).toBe('2');
    }
    await expectLimited(await a.request(`/api/invitations/${'y'.repeat(40)}`, {}, here), 2, 60);
    expect((await a.request(`/api/invitations/${'y'.repeat(40)}`, { method: 'HEAD' }, here)).status).toBe(429);
    // The accept counts against the same address (before the token is even looked at).
    await expectLimited(await a.request(`/api/invitations/${'y'.repeat(40)}/accept`, { method: 'POST' }, here), 2, 60);
    // Another address is not affected; a signed-in route is not counted per address.
    expect((await a.request(`/api/invitations/${'z'.repeat(40)}`, {}, fromAddress('198.51.100.1'))).status).toBe(404);
    expect((await a.request('/api/auth/user', { headers: testUser().headers }, here)).status).toBe(200);
  });

  it('believes X-Forwarded-For only with TRUST_PROXY, and then only the entry the proxy added', async () => {
    const lookup = (a: TestApp['app'], forwarded: string) =>
      a.request(`/api/invitations/${'t'.repeat(40)}`, { headers: { 'x-forwarded-for': forwarded } }, fromAddress('10.0.0.2'));
    const direct = await app({ rateLimits: { publicAddress: 1 } });
    expect((await lookup(direct.app, '198.51.100.1')).status).toBe(404);
    // The socket (the proxy) is the key: a made-up header does not buy a new counter.
    expect((await lookup(direct.app, '198.51.100.2')).status).toBe(429);

    const proxied = await app({ rateLimits: { publicAddress: 1 }, trustProxy: 1 });
    expect((await lookup(proxied.app, '198.51.100.1')).status).toBe(404);
    expect((await lookup(proxied.app, '198.51.100.2')).status).toBe(404);
    // A caller writing its own entry in front does not escape: the proxy's entry is the last.
    expect((await lookup(proxied.app, '192.0.2.99, 198.51.100.2')).status).toBe(429);
  });

  it('never limits the Stripe webhook', async () => {
    const { app: a } = await app({ rateLimits: { user: 1, publicAddress: 1 } });
    const here = fromAddress('203.0.113.9');
    for (let i = 0; i < 5; i++) {
      const res = await a.request('/api/stripe/webhook', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }, here);
      expect(res.status).not.toBe(429);
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get('ratelimit-limit')).toBeNull();
    }
  });

  it('no limits unless a test asks for them', async () => {
    const { app: a } = await app({});
    const ada = testUser('Ada');
    for (let i = 0; i < 10; i++) expect((await a.request('/api/sync', { method: 'POST', headers: ada.headers })).status).toBe(400);
    expect((await a.request('/api/auth/user', { headers: ada.headers })).headers.get('ratelimit-limit')).toBeNull();
  });
});

describe('a failing counter store', () => {
  it('lets the request through and logs it (fail open), never a 500', async () => {
    const lines: Array<{ msg: string; fields?: Record<string, unknown> }> = [];
    const logger: Logger = {
      debug: () => {},
      info: () => {},
      warn: (msg, fields) => lines.push({ msg, fields }),
      error: (msg, fields) => lines.push({ msg, fields }),
      child: () => logger,
    };
    const brokenPool = { query: async () => { throw new Error('connection refused'); } };
    const limits = createRateLimiting({
      limits: { user: 1, sync: 1 },
      pgPool: brokenPool as unknown as NonNullable<Parameters<typeof createRateLimiting>[0]['pgPool']>,
      logger,
    });
    const a = new Hono<AuthedEnv>()
      .use(async (c, next) => {
        c.set('user', { id: 'user-1' } as User);
        await next();
      })
      .use(limits.user)
      .post('/api/sync', (c) => c.json({ ok: true }));
    for (let i = 0; i < 3; i++) {
      const res = await a.request('/api/sync', { method: 'POST' });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBeNull();
    }
    expect(lines.length).toBe(6);
    expect(lines[0]).toMatchObject({ msg: 'rate limiter failed: request let through', fields: { error: 'connection refused' } });
  });
});

describe.each(dbTargets.filter((t) => t.name === 'postgres'))('rate limits ($name)', () => {
  it('two API instances on one database share the counters', async () => {
    const database = await testDatabase({ file: true });
    dropped.push(database.drop);
    const one = await app({ databaseUrl: database.url, rateLimits: { user: 100, sync: 3, publicAddress: 2 } });
    const two = await app({ databaseUrl: database.url, rateLimits: { user: 100, sync: 3, publicAddress: 2 } });
    const ada = testUser('Ada');
    // Ada signs in on the first instance (her row is created), then syncs on both.
    expect((await one.app.request('/api/auth/user', { headers: ada.headers })).status).toBe(200);
    expect((await one.app.request('/api/sync', { method: 'POST', headers: ada.headers })).status).toBe(400);
    expect((await one.app.request('/api/sync', { method: 'POST', headers: ada.headers })).status).toBe(400);
    const third = await two.app.request('/api/sync', { method: 'POST', headers: ada.headers });
    expect(third.status).toBe(400);
    expect(third.headers.get('ratelimit-remaining')).toBe('0');
    await expectLimited(await two.app.request('/api/sync', { method: 'POST', headers: ada.headers }), 3, 60);
    await expectLimited(await one.app.request('/api/sync', { method: 'POST', headers: ada.headers }), 3, 60);

    const here = fromAddress('203.0.113.20');
    expect((await one.app.request(`/api/invitations/${'q'.repeat(40)}`, {}, here)).status).toBe(404);
    expect((await two.app.request(`/api/invitations/${'q'.repeat(40)}`, {}, here)).status).toBe(404);
    await expectLimited(await one.app.request(`/api/invitations/${'q'.repeat(40)}`, {}, here), 2, 60);
  });
});
