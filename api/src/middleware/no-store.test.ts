/**
 * Every signed-in API route's answer carries `Cache-Control: no-store`, whoever asks and however
 * it ends (a 401 without a token, a 403, a 400, a 404, a 429): generated from the route table so
 * a new route is covered the day it is added. Public answers keep the caching they set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_TABLE, type RouteSpec } from '../routes/route-table';
import { testApp, testUser } from '../testing/test-app';
import { routeFor } from './no-store';

type TestApp = Awaited<ReturnType<typeof testApp>>;
let t: TestApp;
const member = testUser('Mia');

beforeAll(async () => {
  t = await testApp({ rateLimits: { user: 1_000 } });
});
afterAll(() => t.close());

const ROUTES = Object.entries(ROUTE_TABLE as Record<string, RouteSpec>).map(([key, spec]) => {
  const [method, path] = key.split(' ') as [string, string];
  // Any id: the answer (404, 400, 200...) does not matter, its caching does.
  return { key, method, spec, path: path.replace(/:[^/]+/g, (p) => (p === ':id' ? '00000000-0000-4000-8000-000000000000' : 'x'.repeat(40))) };
});
const signedIn = ROUTES.filter((r) => r.spec.access !== 'public' && r.spec.access !== 'webhook');

describe('Cache-Control: no-store on every signed-in API answer', () => {
  it('covers the table', () => {
    expect(signedIn.length).toBeGreaterThan(25);
    for (const r of ROUTES) expect(routeFor(r.method, r.path), r.key).toBeDefined();
    expect(routeFor('DELETE', '/api/products/all')?.access).toBe('catalog.deleteAll');
    expect(routeFor('GET', `/api/invitations/${'x'.repeat(40)}`)?.access).toBe('public');
  });

  it.each(signedIn)('$key', async ({ method, path }) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
    const anonymous = await t.app.request(path, { method, body, headers: { 'content-type': 'application/json' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
    const signed = await t.app.request(path, { method, body, headers: member.headers });
    expect(signed.status).toBeLessThan(500);
    expect(signed.headers.get('cache-control')).toMatch(/^no-store(, no-transform)?$/);
    await signed.body?.cancel();
  });

  it('unknown API paths and the public invitation lookup get no-store too; health keeps its own', async () => {
    expect((await t.app.request('/api/nowhere', { headers: member.headers })).headers.get('cache-control')).toBe('no-store');
    expect((await t.app.request('/api/health')).headers.get('cache-control')).toBe('no-store');
    const lookup = await t.app.request(`/api/invitations/${'x'.repeat(40)}`);
    expect(lookup.status).toBe(404);
    expect(lookup.headers.get('cache-control')).toBe('no-store');
  });
});
