/**
 * The client's price list, customer group and channel requests checked against the official
 * files (price_lists.v3.yml, customers.v2.yml, channels.v3.yml), as openapi-conformance.test.ts
 * checks the catalog's: each request names an operation of the files and sends the method,
 * path, query, headers and body it declares. A file of its own: these files load on their own.
 */
import { KNOWN_UNDECLARED_PARAMS, STORE_PREFIX, describeErrors, loadPricingReferences } from '@catalog/demo-store/openapi-reference';
import type { PricingReferences } from '@catalog/demo-store/openapi-reference';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStore } from './test-support';
import type { TestStore } from './test-support';

interface Captured {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: unknown;
}

describe("the client's price list requests match the official OpenAPI files", () => {
  let refs: PricingReferences;
  let store: TestStore;
  const sent: Captured[] = [];

  beforeAll(async () => {
    [refs, store] = await Promise.all([loadPricingReferences(), startTestStore({ products: 30, seed: 'price-list-requests' })]);
    const client = store.client({
      fetch: async (input, init) => {
        const url = new URL(String(input));
        const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
        sent.push({
          method: init?.method ?? 'GET',
          path: url.pathname,
          query: url.search.replace(/^\?/, ''),
          headers,
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        });
        return fetch(input, init);
      },
    });
    const [a, b] = store.demo.store.catalog().variants();
    if (!a || !b) throw new Error('the generated catalog has variants');
    const write = { priceListId: 1, variantId: a.id, currency: 'USD', priceCents: 1999, salePriceCents: null, retailPriceCents: null, mapPriceCents: null };

    // Every price list call the client makes.
    await client.getPriceLists();
    await client.getPriceListAssignments();
    await client.getCustomerGroups();
    await client.getChannels();
    for await (const page of client.priceRecordPages(1, { limit: 10 })) if (page.page === 2) break;
    for await (const _ of client.priceRecordPages(2, { dateModifiedMin: '2024-06-01T00:00:00Z', currency: 'EUR' })) break;
    await client.getPriceRecords(1, { variantIds: [a.id, b.id] });
    await client.getPriceRecords(2, { variantIds: [a.id], currency: 'EUR' });
    await client.upsertPriceRecords([write, { ...write, priceListId: 2, variantId: b.id, currency: 'EUR', salePriceCents: 1500, retailPriceCents: 2500, mapPriceCents: 1800 }]);
    await client.deletePriceRecords(1, { variantIds: [a.id], currency: 'USD' });
  }, 60_000);
  afterAll(() => store.close());

  const operationOf = (req: Captured) => {
    const path = req.path.replace(STORE_PREFIX, '');
    for (const [name, api] of Object.entries(refs)) {
      const operation = api.matchOperation({ method: req.method, path, headers: req.headers });
      if (operation) return { name, api, operation, path };
    }
    return undefined;
  };

  it('sends only operations the reference files define, customer groups to v2 and the rest to v3', () => {
    const used = sent.map((req) => {
      const match = operationOf(req);
      return match ? `${match.name}.${match.operation.operationId}` : `unmatched ${req.method} ${req.path}`;
    });
    expect(new Set(used)).toEqual(
      new Set([
        'priceLists.getPriceLists', 'priceLists.getListOfPriceListAssignments', 'priceLists.getPriceListRecords',
        'priceLists.upsertPriceListsRecords', 'priceLists.deletePriceListRecords',
        'customerGroups.getCustomerGroups', 'channels.getChannels',
      ]),
    );
    expect(sent.filter((r) => r.path.endsWith('/customer_groups')).map((r) => r.path)).toEqual(['/stores/demo/v2/customer_groups']);
  });

  it('sends method, path, query, headers and body each operation declares', () => {
    const problems: string[] = [];
    for (const req of sent) {
      const match = operationOf(req);
      if (!match) continue;
      const allowed = KNOWN_UNDECLARED_PARAMS[match.operation.operationId ?? ''] ?? [];
      const query = req.query.split('&').filter((kv) => kv !== '' && !allowed.includes(kv.split('=')[0] ?? '')).join('&');
      const result = match.api.validateRequest({ method: req.method, path: match.path, query, headers: req.headers, body: req.body }, match.operation);
      for (const line of describeErrors(result.errors)) problems.push(`${req.method} ${req.path}?${req.query}: ${line}`);
    }
    expect(problems).toEqual([]);
  });

  it('sends prices as numbers, leaves unset ones out, and filters with variant_id:in, currency and date_modified:min', () => {
    const upsert = sent.find((r) => r.method === 'PUT');
    expect(upsert?.body).toEqual([
      { price_list_id: 1, variant_id: expect.any(Number), currency: 'USD', price: 19.99 },
      { price_list_id: 2, variant_id: expect.any(Number), currency: 'EUR', price: 19.99, sale_price: 15, retail_price: 25, map_price: 18 },
    ]);
    expect(sent.some((r) => /variant_id:in=\d+,\d+/.test(r.query))).toBe(true);
    expect(sent.some((r) => r.query.includes('date_modified:min=2024-06-01T00:00:00Z') && r.query.includes('currency=EUR'))).toBe(true);
    expect(sent.find((r) => r.method === 'DELETE')?.query).toMatch(/^variant_id:in=\d+&currency=USD$/);
    expect(sent.find((r) => r.path.endsWith('/channels'))?.query).toContain('include=currencies');
  });
});
