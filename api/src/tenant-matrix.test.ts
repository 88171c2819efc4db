/**
 * The tenant and role matrix (issue 14, decision 019), generated from the API's route table:
 * every route of the app x {anonymous, member, admin, owner of company A, owner of company B}.
 * A's people aim at company B's records (product, variant, work-order, user and invitation ids,
 * invitation tokens, B's product ids in a work order's body); B's owner aims at A's. What each
 * caller must get comes from the route's access (route-table.ts) and the permission table:
 *
 * - anonymous: 401 on every route but the public ones and the webhook;
 * - `public` (health, an invitation's link): 200 for everyone (the login redirect: 302). The link answers whoever holds
 *   the token (that is its purpose): its company name and inviter email are allowed in it;
 * - `webhook`: 400 without Stripe's signature (Stripe), 401 without the store webhook secret (the
 *   store's webhooks), whoever calls;
 * - `self`: the caller's own profile and invitations (200); accepting another company's
 *   invitation addressed to someone else is refused: by its id 404, as an invitation that does
 *   not exist (nothing tells which ids exist), by its link's token 403 (its holder knows it exists);
 * - an action: a role the table refuses gets 403 with the table's message; an allowed role with
 *   the other company's ids gets 404; a company route without ids acts on the caller's own
 *   company and leaves the other company as it was (its owner's view of it is unchanged).
 *
 * On every answer: no body names the other company's ids, names, prices, emails or tokens
 * (except what the caller sent itself, echoed in a message). After every refused request and
 * every read, the database is unchanged (row counts and a hash of every table). Runs on SQLite
 * and, with TEST_DATABASE_URL, on PostgreSQL. A route of the app without a row in the route
 * table, or a row without a route, fails the suite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeStripe, type RunningFakeStripe } from '@catalog/fake-stripe';
import { PLANS } from '@catalog/contracts/plans';
import type { Role } from './db/repositories';
import { ROUTE_TABLE, type RouteKey, type RouteSpec } from './routes/route-table';
import { billingAt, STRIPE_KEY, WEBHOOK_SECRET } from './testing/billing-fixture';
import { dbTargets, testDatabase } from './testing/db-targets';
import { fingerprinter } from './testing/db-snapshot';
import { readSyncEvents, startDemoStore, type TestStore } from './testing/store-fixture';
import { commerceAt, testApp, testUser } from './testing/test-app';
import { CALLERS, type Company, expected, KEEP, leaks, METHODS, type Person, PRICE, requestsFor, secretsOf, STORES, targetsRecords } from './testing/tenant-matrix-cases';

describe.each(dbTargets)('tenant and role matrix on $name', (target) => {
  let store: TestStore;
  let stripe: RunningFakeStripe;
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let t: Awaited<ReturnType<typeof testApp>>;
  let prints: ReturnType<typeof fingerprinter>;
  const companies = {} as Record<'A' | 'B', Company>;
  let requests = 0;
  const cells = new Set<string>();

  const send = async (who: { headers: Record<string, string> } | null, method: string, path: string, body?: unknown) => {
    requests += 1;
    const res = await t.app.request(path, {
      method,
      headers: who ? who.headers : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = res.headers.get('content-type')?.startsWith('text/event-stream')
      ? JSON.stringify(await readSyncEvents(res))
      : await res.text();
    return { status: res.status, text };
  };
  const ok = async (who: { headers: Record<string, string> }, method: string, path: string, body?: unknown) => {
    const res = await send(who, method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return res.text ? (JSON.parse(res.text) as unknown) : undefined;
  };

  async function company(key: 'A' | 'B'): Promise<Company> {
    const name = key === 'A' ? 'Alpha Widgets Ltd' : 'Bravo Kettles GmbH';
    const person = async (role: Role, companyId?: string): Promise<Person> => {
      const user = testUser(`${key} ${role}`);
      if (!companyId) {
        await ok(user, 'GET', '/api/auth/user');
        return { ...user, id: (await t.db.users.getByFirebaseUid(user.sub))!.id };
      }
      const row = await t.db.users.create({ companyId, email: user.email, firebaseUid: user.sub, role, firstName: `${key}-${role}` });
      return { ...user, id: row.id };
    };
    const owner = await person('owner');
    const companyId = (await t.db.users.getByFirebaseUid(owner.sub))!.companyId;
    await t.db.companies.update(companyId, { name, subscriptionPlan: 'premium', productLimit: PLANS.premium.productLimit });
    const admin = await person('admin', companyId);
    const member = await person('member', companyId);

    const s = STORES[key];
    await ok(owner, 'POST', '/api/settings', { storeHash: s.hash, accessToken: s.accessToken, clientId: s.clientId });
    const events = await readSyncEvents(await t.app.request('/api/sync', { method: 'POST', headers: owner.headers }));
    if (!events.some((e) => e.kind === 'result')) throw new Error(`sync of ${key} failed: ${JSON.stringify(events.at(-1))}`);

    const listed = (await ok(owner, 'GET', '/api/products?limit=100')) as { products: { id: number; name: string }[] };
    const productIds = listed.products.map((p) => p.id).sort((a, b) => a - b);
    const variantIds: number[] = [];
    for (const id of productIds) {
      const variants = (await ok(owner, 'GET', `/api/products/${id}/variants`)) as { id: number }[];
      variantIds.push(...variants.map((v) => v.id));
    }
    const { priceLists } = (await ok(owner, 'GET', '/api/price-lists')) as { priceLists: { id: number }[] };
    const title = `${key === 'A' ? 'Alpha' : 'Bravo'} secret spring sale`;
    const order = (await ok(owner, 'POST', '/api/work-orders', {
      title,
      productUpdates: [{ productId: productIds[0], productName: listed.products[0]!.name, newRegularPrice: PRICE[key].toFixed(2) }],
      scheduledAt: new Date(Date.now() + 30 * 24 * 3600_000).toISOString(),
    })) as { id: string };
    // Backups are Premium, as the company is.
    const backup = (await ok(owner, 'POST', '/api/backups')) as { id: string };
    const inviteeEmail = `${key.toLowerCase()}-invitee-${crypto.randomUUID()}@example.com`;
    const invited = (await ok(owner, 'POST', '/api/invitations', { email: inviteeEmail, role: 'admin' })) as {
      invitation: { id: string }; acceptUrl: string;
    };
    return {
      key, id: companyId, name, owner, admin, member, productIds, variantIds,
      productNames: listed.products.map((p) => p.name),
      priceListId: priceLists[0]!.id,
      workOrder: { id: order.id, title },
      backup: { id: backup.id },
      invitation: { id: invited.invitation.id, token: new URL(invited.acceptUrl).searchParams.get('token')!, email: inviteeEmail },
    };
  }

  beforeAll(async () => {
    store = await startDemoStore({ stores: [STORES.A, STORES.B] });
    for (const key of ['A', 'B'] as const) {
      const catalog = store.store.catalog(STORES[key].hash);
      for (const product of catalog.products()) {
        if (!KEEP[key](product.id)) catalog.deleteProduct(product.id);
        else catalog.updateProduct(product.id, { name: `${key === 'A' ? 'Alpha' : 'Bravo'} private item ${product.id}`, price: PRICE[key], is_visible: true });
      }
      // One price list each, of ids the other store does not have: A keeps list 3, B list 4.
      const pricing = store.store.account(STORES[key].hash)!.pricing;
      pricing.deleteLists([1, 2]);
      for (const name of key === 'A' ? ['Alpha trade'] : ['Bravo spare', 'Bravo trade']) pricing.createList(name, true);
      if (key === 'B') pricing.deleteLists([3]);
    }
    // Payments set up (the local Stripe stand-in), so the plan routes and the webhook do their real work.
    stripe = await createFakeStripe({ secretKey: STRIPE_KEY, webhook: { secret: WEBHOOK_SECRET } }).listen(0);
    database = await testDatabase({ file: true });
    t = await testApp({ databaseUrl: database.url, commerce: commerceAt(store.url), billing: billingAt(stripe.url) });
    companies.A = await company('A');
    companies.B = await company('B');
    // The two companies share no product or variant id, so "B's id" cannot be one of A's.
    expect(companies.A.productIds.filter((id) => companies.B.productIds.includes(id))).toEqual([]);
    companies.B.variantIds = companies.B.variantIds.filter((id) => !companies.A.variantIds.includes(id));
    companies.A.variantIds = companies.A.variantIds.filter((id) => !secretsOf(companies.B).numbers.has(id));
    expect(companies.A.variantIds.length * companies.B.variantIds.length).toBeGreaterThan(0);
    prints = fingerprinter(database.url);
  }, 120_000);

  afterAll(async () => {
    await prints?.close();
    await t?.close();
    await database?.drop();
    await store?.close();
    await stripe?.close();
    const endpoints = Object.keys(ROUTE_TABLE).length;
    console.log(
      `tenant matrix on ${target.name}: ${endpoints} endpoints x ${CALLERS.length} callers = ${cells.size} cells (${requests} requests in all)`,
    );
  });

  it('has a route-table row for every route of the app, and a route for every row', () => {
    const appRoutes = new Set(
      t.app.routes.filter((r) => METHODS.has(r.method) && r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`),
    );
    const table = new Set(Object.keys(ROUTE_TABLE));
    expect([...appRoutes].filter((route) => !table.has(route)), 'routes with no row in ROUTE_TABLE').toEqual([]);
    expect([...table].filter((route) => !appRoutes.has(route)), 'ROUTE_TABLE rows with no route').toEqual([]);
  });

  // Routes that name records first (nothing may change), then the ones that act on the caller's company.
  const keys = (Object.keys(ROUTE_TABLE) as RouteKey[]).sort((a, b) => {
    const rank = (k: RouteKey) => (k.startsWith('GET ') || targetsRecords(k, ROUTE_TABLE[k]) ? 0 : 1);
    return rank(a) - rank(b);
  });

  it.each(keys)('%s', async (key) => {
    const spec: RouteSpec = ROUTE_TABLE[key];
    const method = key.split(' ')[0]!;
    const failures: string[] = [];
    for (const caller of CALLERS) {
      cells.add(`${key} ${caller}`);
      const own = caller === 'otherOwner' ? companies.B : companies.A;
      const other = caller === 'otherOwner' ? companies.A : companies.B;
      const who = caller === 'anonymous' ? null : caller === 'otherOwner' ? companies.B.owner : companies.A[caller];
      for (const request of requestsFor(key, own, other, caller)) {
        const want = expected(key, spec, caller, request.path);
        const label = `${caller} ${method} ${request.path}`;
        const before = await prints.read();
        const view = want.kind === 'own' && method !== 'GET' ? await companyView(other) : null;
        const res = await send(who, method, request.path, request.body);
        const after = await prints.read();
        const sent = `${request.path} ${JSON.stringify(request.body ?? '')}`;

        if (res.status >= 500) failures.push(`${label}: ${res.status} ${res.text}`);
        if (want.kind === 'refused') {
          if (res.status !== want.status) failures.push(`${label}: expected ${want.status}, got ${res.status} ${res.text.slice(0, 200)}`);
          if (want.message) {
            const message = (JSON.parse(res.text) as { error?: { message?: string } }).error?.message;
            if (message !== want.message) failures.push(`${label}: expected "${want.message}", got "${message}"`);
          }
        } else if (want.kind === 'public') {
          const ok = spec.redirect ? 302 : 200;
          if (res.status !== ok) failures.push(`${label}: expected ${ok}, got ${res.status} ${res.text.slice(0, 200)}`);
        } else if (method === 'GET' ? res.status !== 200 : [401, 403].includes(res.status)) {
          failures.push(`${label}: expected its own company's answer, got ${res.status} ${res.text.slice(0, 200)}`);
        }
        if (res.status >= 200 && res.status < 300 && targetsRecords(key, spec) && want.kind !== 'public') {
          failures.push(`${label}: ${res.status} on another company's record`);
        }
        if (want.kind === 'refused' || method === 'GET') {
          if (JSON.stringify(after) !== JSON.stringify(before)) {
            const changed = Object.keys(after).filter((table) => JSON.stringify(after[table]) !== JSON.stringify(before[table]));
            failures.push(`${label}: wrote to ${changed.join(', ')}`);
          }
        }
        if (view && JSON.stringify(await companyView(other)) !== JSON.stringify(view)) {
          failures.push(`${label}: changed company ${other.key}`);
        }
        // The link of an invitation tells its holder (the invitee) the company and who invited them (decision 009).
        const allowed = key === 'GET /api/invitations/:token' ? [other.name, other.owner.email, other.invitation.email] : [];
        const found = leaks(res.text, other, sent, allowed);
        if (found.length > 0) failures.push(`${label}: the answer names company ${other.key}'s ${found.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  });

  /** Company `c` as its owner sees it: everything a request of another company must leave as it was. */
  async function companyView(c: Company) {
    const read = async (path: string) => (await t.app.request(path, { headers: c.owner.headers })).text();
    return Promise.all(
      ['/api/auth/user', '/api/company/users', '/api/invitations', '/api/settings', '/api/products?limit=100',
        '/api/work-orders?includeArchived=true', '/api/subscription', '/api/dashboard'].map(read),
    );
  }
});
