/**
 * Hostile input, property-based (fast-check): for every route of the API's route table, requests
 * built from the route's zod schemas (a valid body, query and path) with one hostile value put
 * in: megabyte strings, NUL and other control characters, unpaired surrogates, 20-level-deep
 * JSON, 1e309, -0, "0x10", arrays where objects go, `__proto__` and `constructor` keys, invalid
 * JSON, empty bodies, wrong content types, malformed percent-encodings, over-long query strings.
 * Every answer must be a 4xx in the one error shape, never a 5xx, and the database must be as it
 * was (a fingerprint of every table). Only values the route must refuse are put in: values any
 * field must refuse are asserted refused by the schema itself; values that only some fields
 * refuse ("0x10" is a fine title) are kept where the schema refuses them (fc.pre).
 *
 * Runs on every target of dbTargets. HOSTILE_SEED=<n> replays a run; HOSTILE_RUNS scales it.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ErrorBody } from '@catalog/contracts/errors';
import { timeIdCursor } from '@catalog/contracts/paging';
import { priceListRecordCursor } from '@catalog/contracts/price-lists';
import { workOrderItemsCursor } from '@catalog/contracts/work-orders';
import { DEMO_STORE } from '@catalog/demo-store';
import { ROUTE_TABLE, type RouteSpec } from './routes/route-table';
import { fingerprinter, type Fingerprint } from './testing/db-snapshot';
import { testDatabase, dbTargets } from './testing/db-targets';
import {
  ANY_FIELD_REFUSES, CONTENT_TYPES, type Case, ENCODED_ANYWHERE_REFUSED, ENCODED_SOMETIMES_REFUSED, HOSTILE_IDEMPOTENCY_KEYS, HOSTILE_TOKENS, type Hostile, IDEMPOTENT_ROUTES, INVALID_BODIES, SOME_FIELDS_REFUSE, URL_ALWAYS_REFUSED, bodyText, decoded, deepArray, deepObject, parsedBody, pathsOf, queryString, setAt,
} from './testing/hostile-values';
import { connectedApp, startDemoStore, type TestStore } from './testing/store-fixture';
import { LATER, LATER_END } from './testing/times';

const SEED = process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : Math.floor(Math.random() * 2 ** 31);
const SCALE = process.env.HOSTILE_RUNS ? Number(process.env.HOSTILE_RUNS) : 1;
/** Runs per route: routes with schemas get more (their fields are many), the others the URL checks. */
const RUNS_WITH_SCHEMA = Math.round(95 * SCALE);
const RUNS_WITHOUT_SCHEMA = Math.round(24 * SCALE);
const shapeKeys = (schema: z.ZodType | undefined) => (schema ? Object.keys((schema as unknown as z.ZodObject).shape) : []);

describe.each(dbTargets)('hostile input on $name', (target) => {
  let store: TestStore;
  let t: Awaited<ReturnType<typeof connectedApp>>;
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let fingerprints: ReturnType<typeof fingerprinter>;
  let before: Fingerprint;
  /** Valid bodies, queries and path values per route, so one hostile value makes the request invalid. */
  let validBody: Record<string, unknown>;
  let validQuery: Record<string, Record<string, string>>;
  let validParams: Record<string, Record<string, string>>;
  let tried = 0;

  beforeAll(async () => {
    store = await startDemoStore({ products: 5 });
    database = await testDatabase({ file: true });
    t = await connectedApp(store, { databaseUrl: database.url });
    await t.db.products.upsertMany(t.companyId, [
      { externalId: 101, name: 'Trail Runner', regularPriceCents: 5_000, salePriceCents: 4_000, variants: [
        { externalId: 9001, variantSku: 'TR-S', regularPriceCents: null, salePriceCents: null },
      ] },
      { externalId: 102, name: 'Sun Hat', regularPriceCents: 1_990 },
    ]);
    const orderBody = {
      id: crypto.randomUUID(),
      title: 'Spring sale',
      productUpdates: [
        { productId: 101, productName: 'Trail Runner', variantId: 9001, variantSku: 'TR-S', newRegularPrice: '55', newSalePrice: '49.9' },
        { productId: 102, productName: 'Sun Hat', newRegularPrice: '21.50', newSalePrice: null },
      ],
      scheduledAt: LATER,
      executeImmediately: false,
    };
    const order = await t.app.request('/api/work-orders', { method: 'POST', headers: t.owner.headers, body: JSON.stringify(orderBody) });
    expect(order.status).toBe(201);
    const orderId = ((await order.json()) as { id: string }).id;
    // Backups are Premium: the company is on it, so their routes read their input (a backup
    // to name in their paths). Hostile input is refused the same on every plan.
    await t.db.companies.update(t.companyId, { subscriptionPlan: 'premium', productLimit: 1_000 });
    const backup = await t.app.request('/api/backups', { method: 'POST', headers: t.owner.headers });
    expect(backup.status).toBe(201);
    const backupId = ((await backup.json()) as { id: string }).id;
    // The trial allows one user, so the invitation is made in the database.
    const invitation = await t.db.invitations.create(t.companyId, {
      email: 'new-hire@example.com', role: 'member', token: `tok-${crypto.randomUUID()}`, expiresAt: new Date(Date.now() + 86_400_000),
    });
    const mate = await t.teammate('member');
    const mateId = (await t.db.users.getByFirebaseUid(mate.sub))!.id;

    validBody = {
      'POST /api/settings': { storeHash: DEMO_STORE.hash, accessToken: DEMO_STORE.accessToken, clientId: DEMO_STORE.clientId, showStockStatus: true, showInvisibleProducts: false },
      'PUT /api/products/:id': { regularPrice: '12.50', salePrice: null },
      'PUT /api/variants/:id': { regularPrice: null, salePrice: '9.99' },
      'POST /api/work-orders': { ...orderBody, id: crypto.randomUUID() },
      'POST /api/work-orders/overlaps': { items: [{ productId: 101, variantId: 9001 }, { productId: 102 }] },
      'POST /api/work-orders/overlap-pairs': { ids: [orderId, crypto.randomUUID()] },
      'POST /api/products/lowest-prices': { productIds: [101, 102], at: '2025-03-08T09:05:00.000Z', days: 30, target: { priceListId: 1, currency: 'USD' } },
      'PUT /api/company/name': { name: 'Acme Inc' },
      // Well formed, but no such code was issued: refused (401), nothing is written.
      'POST /api/bigcommerce/sign-in': { code: 'A'.repeat(43) },
      // Well formed, but not one an install page gave: refused (400), nothing is written.
      'POST /api/bigcommerce/adopt': { code: `v1:${'A'.repeat(60)}` },
      'POST /api/invitations': { email: 'another-hire@example.com', role: 'admin' },
      'POST /api/subscription/checkout': { plan: 'starter' },
      'POST /api/subscription/change': { plan: 'trial', sessionId: 'cs_test_123' },
      'PATCH /api/work-orders/:id': { revertAt: LATER_END },
      'POST /api/work-orders/:id/undo': { force: false },
      'POST /api/work-orders/:id/reject': { reason: 'Prices too low for the season' },
      'PATCH /api/company/settings': { guardrailThresholdPercent: 40, retailFloor: true, blockingGuardrails: ['zeroPrice', 'belowCost'], priorPriceDays: 30 },
      // Sent without the webhook secret: refused (401) whatever the body, so nothing is queued.
      'POST /api/webhooks/bigcommerce/:id': {
        scope: 'store/product/updated', producer: `stores/${DEMO_STORE.hash}`, store_id: '1000001', hash: 'a833a57f', created_at: 1561479233,
        data: { type: 'product', id: 101 },
      },
      'POST /api/backups/restore': { at: '2025-03-08T09:05:00.000Z', items: [{ productId: 101, variantId: 9001 }, { productId: 102 }], timeZone: 'Europe/Paris' },
      'POST /api/backups/:id/restore': { id: crypto.randomUUID(), items: [{ productId: 101, variantId: null }], timeZone: 'UTC' },
    };
    validQuery = {
      'GET /api/products': { search: 'shirt', category: 'Apparel', page: '1', limit: '20' },
      'GET /api/catalog/changes': { cursor: '0', limit: '100', schema: '1', catalog: 'abc' },
      'GET /api/work-orders': { includeArchived: 'true', cursor: timeIdCursor({ at: new Date('2025-03-01T00:00:00Z'), id: crypto.randomUUID() }), limit: '20' },
      'GET /api/work-orders/:id': { itemsCursor: workOrderItemsCursor(1), itemsLimit: '100' },
      'GET /api/products/csv': { priceList: '1', currency: 'USD' },
      'GET /api/products/price-history/csv': { from: '2025-01-01T00:00:00Z', to: '2025-02-01T00:00:00.000+01:00' },
      'GET /api/price-history/export': { from: '2025-01-01T00:00:00Z', to: '2025-02-01T00:00:00.000+01:00' },
      // The paged lists (issue 31): a cursor as the API hands them out.
      ...Object.fromEntries(['GET /api/products/:id/price-history', 'GET /api/backups', 'GET /api/company/users', 'GET /api/invitations', 'GET /api/my-invitations']
        .map((route) => [route, { cursor: timeIdCursor({ at: new Date('2025-03-01T00:00:00Z'), id: crypto.randomUUID() }), limit: '20' }])),
      'GET /api/backups/:id/diff': { priceList: '1', currency: 'USD' },
      'GET /api/backups/diff': { at: '2025-03-08T09:05:00.000Z' },
      'GET /api/products/:id/lowest-price': { at: '2025-03-08T09:05:00.000Z', days: '30', priceListId: '1', currency: 'USD' },
      'GET /api/price-lists/changes': { cursor: '0', limit: '100', catalog: 'abc' },
      'GET /api/price-lists/:id/records': { productId: '101', sku: 'SKU-101', currency: 'USD', cursor: priceListRecordCursor({ variantId: 9001, currency: 'USD' }), limit: '20' },
    };
    const ids: Record<string, string> = {
      'GET /api/products/:id/variants': '101',
      'GET /api/price-lists/:id/records': '1',
      'GET /api/products/:id/price-history': '101',
      'GET /api/products/:id/lowest-price': '101',
      'GET /api/products/:id/price-history/csv': '101',
      'PUT /api/products/:id': '101',
      'PUT /api/variants/:id': '9001',
      'DELETE /api/work-orders/:id': orderId,
      'PATCH /api/work-orders/:id/archive': orderId,
      'POST /api/work-orders/:id/undo': orderId,
      'PATCH /api/work-orders/:id': orderId,
      'GET /api/work-orders/:id/undo-preview': orderId,
      'GET /api/work-orders/:id': orderId,
      'POST /api/work-orders/:id/seen': orderId,
      'POST /api/work-orders/:id/approve': orderId,
      'POST /api/work-orders/:id/reject': orderId,
      'DELETE /api/company/users/:id': mateId,
      'DELETE /api/invitations/:id': invitation.id,
      'GET /api/backups/:id/diff': backupId,
      'POST /api/backups/:id/restore': backupId,
      'GET /api/backups/:id/csv': backupId,
    };
    validParams = Object.fromEntries(Object.entries(ids).map(([route, id]) => [route, { id }]));
    validParams['GET /api/invitations/:token'] = { token: invitation.token };
    validParams['POST /api/webhooks/bigcommerce/:id'] = { id: t.companyId };
    validParams['POST /api/invitations/:key/accept'] = { key: invitation.token };

    fingerprints = fingerprinter(database.url);
    before = await fingerprints.read();
  }, 60_000);

  afterAll(async () => {
    console.info(`hostile input on ${target.name}: ${tried} requests tried, seed ${SEED} (HOSTILE_SEED=${SEED} replays it)`);
    await fingerprints?.close();
    await t?.close();
    await store?.close();
    await database?.drop();
  });

  it('lists every route of the app in the route table', () => {
    const listed = new Set(
      t.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api')).map((r) => `${r.method} ${r.path}`),
    );
    expect([...listed].filter((route) => !(route in ROUTE_TABLE))).toEqual([]);
    expect(Object.keys(ROUTE_TABLE).filter((route) => !listed.has(route))).toEqual([]);
  });

  it('starts from valid requests: each base body, query and path passes its schema', () => {
    for (const [route, spec] of Object.entries(ROUTE_TABLE) as [string, RouteSpec][]) {
      if (spec.body) expect(spec.body.safeParse(validBody[route]).success, route).toBe(true);
      if (spec.query) expect(spec.query.safeParse(validQuery[route]).success, route).toBe(true);
      if (spec.params) expect(spec.params.safeParse(validParams[route]).success, route).toBe(true);
      const pathKeys = [...route.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      expect(Object.keys(validParams[route] ?? {}).sort(), route).toEqual(pathKeys.sort());
    }
  });

  /** The hostile variations a route offers, from its schemas and its method. */
  function hostileFor(route: string, spec: RouteSpec): fc.Arbitrary<Hostile> {
    const method = route.split(' ')[0]!;
    const options: fc.Arbitrary<Hostile>[] = [fc.constantFrom(...URL_ALWAYS_REFUSED).map((suffix) => ({ part: 'url' as const, suffix }))];
    if (method !== 'GET') options.push(fc.constant({ part: 'tooLarge' as const }));
    if (IDEMPOTENT_ROUTES.has(route)) {
      options.push(fc.constantFrom(...HOSTILE_IDEMPOTENCY_KEYS).map((value) => ({ part: 'header' as const, name: 'idempotency-key' as const, value })));
    }
    if (spec.access !== 'public' && spec.access !== 'webhook') {
      options.push(fc.constantFrom(...HOSTILE_TOKENS).map((value) => ({ part: 'header' as const, name: 'authorization' as const, value: `Bearer ${value}` })));
    }
    if (spec.body) {
      const paths = pathsOf(validBody[route]);
      options.push(
        fc.record({
          part: fc.constant('body' as const),
          path: fc.constantFrom(...paths),
          value: fc.constantFrom(...ANY_FIELD_REFUSES),
          mustRefuse: fc.constant(true),
          extraKeys: fc.boolean(),
        }),
        fc.record({
          part: fc.constant('body' as const),
          path: fc.constantFrom(...paths),
          value: fc.constantFrom(...SOME_FIELDS_REFUSE),
          mustRefuse: fc.constant(false),
          extraKeys: fc.boolean(),
        }),
        fc.oneof(
          fc.constantFrom(...INVALID_BODIES),
          fc.constant(bodyText(deepObject(20), false)),
          fc.constant(bodyText(deepArray(20), false)),
          fc.constant(`[${bodyText(validBody[route], false)}]`),
          fc.constant(`{"__proto__":${bodyText(validBody[route], false)},"constructor":{"prototype":${bodyText(validBody[route], false)}}}`),
          fc.string({ maxLength: 40 }).map((s) => `{${s}`),
        ).map((text) => ({ part: 'wholeBody' as const, text })),
      );
    }
    for (const [part, keys] of [['query', shapeKeys(spec.query)], ['param', Object.keys(validParams[route] ?? {})]] as const) {
      if (keys.length === 0) continue;
      options.push(
        fc.record({ part: fc.constant(part), key: fc.constantFrom(...keys), encoded: fc.constantFrom(...ENCODED_ANYWHERE_REFUSED), mustRefuse: fc.constant(true) }),
        fc.record({ part: fc.constant(part), key: fc.constantFrom(...keys), encoded: fc.constantFrom(...ENCODED_SOMETIMES_REFUSED), mustRefuse: fc.constant(false) }),
      );
    }
    return fc.oneof(...options);
  }

  /** The request of a case, after checking (or, for field-dependent values, requiring) that its schema refuses it. */
  function build(c: Case): { url: string; init: RequestInit } {
    const spec = (ROUTE_TABLE as Record<string, RouteSpec>)[c.route]!;
    const [method, pattern] = c.route.split(' ') as [string, string];
    const params = { ...(validParams[c.route] ?? {}) };
    const query = { ...(validQuery[c.route] ?? {}) };
    let body = spec.body ? bodyText(validBody[c.route], false) : undefined;
    let suffix = '';
    const h = c.hostile;
    const refused = (schema: z.ZodType | undefined, value: unknown, mustRefuse: boolean, what: string) => {
      if (!schema) return;
      const ok = schema.safeParse(value).success;
      if (mustRefuse) expect(ok, `${c.route}: the ${what} schema takes a value it must refuse`).toBe(false);
      else fc.pre(!ok);
    };
    if (h.part === 'body') {
      const value = setAt(validBody[c.route], h.path, h.value);
      body = bodyText(value, h.extraKeys);
      const parsed = parsedBody(body);
      refused(spec.body, parsed.ok ? parsed.value : undefined, h.mustRefuse, 'body');
    } else if (h.part === 'wholeBody') {
      body = h.text;
      const parsed = parsedBody(body);
      // A route whose body may be left out takes an empty one ('' or {}) as a request of its own
      // (restore everything): such a body is no hostile input there, only one its schema refuses.
      if (parsed.ok) refused(spec.body, parsed.value, !spec.optionalBody, 'body');
    } else if (h.part === 'query' || h.part === 'param') {
      (h.part === 'query' ? query : params)[h.key] = h.encoded;
      const value = decoded(h.encoded);
      // A value that does not decode, or a long query string, never reaches the schema: the URL check refuses it.
      if (value !== undefined && h.encoded.length <= 4096) {
        const target = h.part === 'query' ? { ...validQuery[c.route], [h.key]: value.replace(/\+/g, ' ') } : { ...validParams[c.route], [h.key]: value };
        refused(h.part === 'query' ? spec.query : spec.params, target, h.mustRefuse, h.part);
        // A param the table gave no schema for would be its route's to refuse: no schema to ask.
      }
    } else if (h.part === 'url') {
      suffix = h.suffix;
    } else if (h.part === 'header') {
      // The request is valid but for this header.
    } else {
      body = 'x'.repeat(1024 * 1024 + 16);
    }
    const path = pattern.replace(/:(\w+)/g, (_m, key: string) => params[key] ?? '');
    const qs = [queryString(query), suffix].filter(Boolean).join('&');
    const headers: Record<string, string> = { authorization: t.owner.headers.authorization };
    if (c.contentType) headers['content-type'] = c.contentType;
    if (h.part === 'header') headers[h.name] = h.value;
    return { url: qs ? `${path}?${qs}` : path, init: { method, headers, body: method === 'GET' ? undefined : body } };
  }

  const routes = Object.entries(ROUTE_TABLE) as [string, RouteSpec][];
  it.each(routes)('%s answers hostile input with a 4xx and writes nothing', async (route, spec) => {
    const withSchema = Boolean(spec.body || spec.query || spec.params || route.includes(':'));
    const cases = fc.record({
      route: fc.constant(route),
      hostile: hostileFor(route, spec),
      contentType: fc.constantFrom(...CONTENT_TYPES),
    });
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const { url, init } = build(c);
        tried += 1;
        const res = await t.app.request(url, init);
        const text = await res.text();
        const summary = `${init.method} ${url.slice(0, 200)} -> ${res.status} ${text.slice(0, 300)}`;
        expect(res.status, summary).toBeGreaterThanOrEqual(400);
        expect(res.status, summary).toBeLessThan(500);
        expect(ErrorBody.safeParse(JSON.parse(text)).success, summary).toBe(true);
        if (init.method !== 'GET') expect(await fingerprints.read(), summary).toEqual(before);
      }),
      { numRuns: withSchema ? RUNS_WITH_SCHEMA : RUNS_WITHOUT_SCHEMA, seed: SEED, endOnFailure: true },
    );
    // GETs write nothing either: checked once per route rather than per request.
    expect(await fingerprints.read()).toEqual(before);
  }, 120_000);
});
