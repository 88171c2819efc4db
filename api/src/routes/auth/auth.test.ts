import { afterEach, describe, expect, it } from 'vitest';
import { CurrentUser } from '@catalog/contracts/auth';
import { DashboardStats } from '@catalog/contracts/dashboard';
import { emulatorToken, testApp, testUser } from '../../testing/test-app';

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());
async function make() {
  const t = await testApp();
  close = t.close;
  return t;
}

describe('GET /api/auth/user', () => {
  it('provisions a new user as owner of a trial company with a 5 product limit', async () => {
    const { app } = await make();
    const user = testUser('Ada Lovelace');
    const res = await app.request('/api/auth/user', { headers: user.headers });
    expect(res.status).toBe(200);
    const body = CurrentUser.parse(await res.json());
    expect(body).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: user.email,
      role: 'owner',
      hasSeenWalkthrough: false,
      company: { name: "Ada's Company", subscriptionPlan: 'trial', productLimit: 5 },
    });
  });

  it('creates exactly one user and one company for ten concurrent first requests', async () => {
    const { app, db } = await make();
    const user = testUser();
    const bodies = await Promise.all(
      Array.from({ length: 10 }, async () => CurrentUser.parse(await (await app.request('/api/auth/user', { headers: user.headers })).json())),
    );
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    const row = await db.users.getByFirebaseUid(user.sub);
    expect(await db.users.listByCompany(row!.companyId)).toHaveLength(1);
  });

  it.each([
    ['missing', undefined],
    ['not a bearer token', 'Basic abc'],
    ['malformed', 'Bearer not-a-jwt'],
    ['expired', `Bearer ${emulatorToken({ sub: 'x', email: 'x@example.com', exp: Math.floor(Date.now() / 1000) - 600 })}`],
  ])('answers 401 UNAUTHENTICATED for a %s token', async (_name, header) => {
    const { app } = await make();
    const res = await app.request('/api/auth/user', { headers: header ? { authorization: header } : {} });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
  });

  it('keeps unknown API paths a 404 without a token', async () => {
    const { app } = await make();
    expect((await app.request('/api/unknown')).status).toBe(404);
  });
});

describe('POST /api/auth/user/walkthrough-complete', () => {
  it('marks the tour as seen', async () => {
    const { app } = await make();
    const user = testUser();
    const res = await app.request('/api/auth/user/walkthrough-complete', { method: 'POST', headers: user.headers });
    expect(res.status).toBe(200);
    const after = CurrentUser.parse(await (await app.request('/api/auth/user', { headers: user.headers })).json());
    expect(after.hasSeenWalkthrough).toBe(true);
  });
});

describe('GET /api/dashboard', () => {
  it('gives a new company zero products and orders and no sync yet', async () => {
    const { app } = await make();
    const res = await app.request('/api/dashboard', { headers: testUser().headers });
    expect(DashboardStats.parse(await res.json())).toEqual({ totalProducts: 0, pendingOrders: 0, completedOrders: 0, awaitingApproval: 0, lastSyncAt: null, needsAttention: [] });
  });

  it('counts only the caller company', async () => {
    const { app, db } = await make();
    const a = testUser();
    await app.request('/api/auth/user', { headers: a.headers });
    const userA = await db.users.getByFirebaseUid(a.sub);
    await db.products.upsertMany(userA!.companyId, [
      { externalId: 1, name: 'Shoe', sku: 'S1', category: 'Shoes', regularPriceCents: 1000, salePriceCents: null, stock: 3 },
    ]);
    const statsA = DashboardStats.parse(await (await app.request('/api/dashboard', { headers: a.headers })).json());
    const statsB = DashboardStats.parse(await (await app.request('/api/dashboard', { headers: testUser().headers })).json());
    expect(statsA.totalProducts).toBe(1);
    expect(statsB.totalProducts).toBe(0);
  });
});
