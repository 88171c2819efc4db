/**
 * The client's variant metafield requests match product-variants_catalog.v3.yml, as its other
 * requests are checked in openapi-conformance.test.ts: each one an operation of the file, with
 * the method, path, query, headers and body that operation declares.
 */
import { STORE_PREFIX, describeErrors, loadMetafieldReferences } from '@catalog/demo-store/openapi-reference';
import type { MetafieldReferences } from '@catalog/demo-store/openapi-reference';
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

describe("the client's variant metafield requests match the official OpenAPI file", () => {
  let refs: MetafieldReferences;
  let store: TestStore;
  const sent: Captured[] = [];

  beforeAll(async () => {
    [refs, store] = await Promise.all([loadMetafieldReferences(), startTestStore({ products: 30, seed: 'metafield-requests' })]);
    const client = store.client({
      fetch: async (input, init) => {
        const url = new URL(String(input));
        const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
        sent.push({ method: init?.method ?? 'GET', path: url.pathname, query: url.search.replace(/^\?/, ''), headers, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
        return fetch(input, init);
      },
    });
    const [a, b] = store.demo.store.catalog().variants();
    const created = await client.createVariantMetafields([a!, b!].map((v) => ({ variantId: v.id, namespace: 'pricing', key: 'lowest_prior_price', value: '{"amount":"1.00"}', permissionSet: 'read_and_sf_access' as const, description: 'd' })));
    const ids = created.applied.map((x) => x.metafield.id);
    await client.updateVariantMetafields([{ id: ids[0]!, value: '{"amount":"2.00"}' }, { id: ids[1]!, description: 'e' }]);
    for await (const _ of client.variantMetafieldPages({ namespace: 'pricing', key: 'lowest_prior_price' })) break;
    await client.deleteVariantMetafields(ids);
  }, 90_000);
  afterAll(() => store.close());

  it('sends each metafield operation as the file declares it', () => {
    const problems: string[] = [];
    const used: string[] = [];
    for (const req of sent) {
      const path = req.path.replace(STORE_PREFIX, '');
      const operation = refs.metafields.matchOperation({ method: req.method, path, headers: req.headers });
      if (!operation) {
        problems.push(`unmatched ${req.method} ${path}`);
        continue;
      }
      used.push(operation.operationId ?? '');
      const result = refs.metafields.validateRequest({ method: req.method, path, query: req.query, headers: req.headers, body: req.body }, operation);
      for (const line of describeErrors(result.errors)) problems.push(`${req.method} ${req.path}?${req.query}: ${line}`);
    }
    expect(problems).toEqual([]);
    expect(used).toEqual(['createVariantsMetafields', 'updateVariantsMetafields', 'getVariantsMetafields', 'deleteVariantsMetafields']);
  });
});
