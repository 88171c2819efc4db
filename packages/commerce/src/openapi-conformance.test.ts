import { KNOWN_UNDECLARED_PARAMS, STORE_PREFIX, describeErrors, loadReferences } from '@catalog/demo-store/openapi-reference';
import type { References } from '@catalog/demo-store/openapi-reference';
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

describe("the client's requests match the official OpenAPI files", () => {
  let refs: References;
  let store: TestStore;
  const sent: Captured[] = [];

  beforeAll(async () => {
    [refs, store] = await Promise.all([loadReferences(), startTestStore({ products: 30, seed: 'requests' })]);
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
    const catalog = store.demo.store.catalog();
    const variants = catalog.variants().filter((v) => v.option_values.length > 0);
    const [a, b] = variants;
    if (!a || !b) throw new Error('the generated catalog has option variants');

    // Every kind of call the product makes.
    await client.checkCredentials();
    for await (const page of client.productPages({ pageSize: 10 })) if (page.page === 2) break;
    for await (const _ of client.productPages({ modifiedSince: new Date('2024-06-01T00:00:00Z'), isVisible: true })) break;
    await client.getProduct(101);
    await client.getProducts([101, 102, 103]);
    await client.getCategories();
    await client.getBrands();
    await client.getPrices({ productIds: [101, 102], variantIds: [a.id, b.id] });
    await client.updateProducts([{ id: 101, priceCents: 1999, salePriceCents: null }, { id: 102, priceCents: 2500, salePriceCents: 1999, retailPriceCents: 3000 }]);
    await client.updateVariants([{ id: a.id, priceCents: null, salePriceCents: null }, { id: b.id, priceCents: 1234, salePriceCents: 0 }]);
    await client.updateProduct({ id: 103, priceCents: 999 });
    await client.updateVariant({ id: a.id, productId: a.product_id, salePriceCents: 500 });
  }, 30_000);
  afterAll(() => store.close());

  const operationOf = (req: Captured) => {
    const path = req.path.replace(STORE_PREFIX, '');
    for (const [name, api] of Object.entries(refs)) {
      const operation = api.matchOperation({ method: req.method, path, headers: req.headers });
      if (operation) return { name, api, operation, path };
    }
    return undefined;
  };

  it('sends only operations the reference files define, none of the deprecated categories API', () => {
    const used = sent.map((req) => {
      const match = operationOf(req);
      return match ? `${match.name}.${match.operation.operationId}` : `unmatched ${req.method} ${req.path}`;
    });
    expect(new Set(used)).toEqual(
      new Set([
        'products.getProducts', 'products.getProduct', 'products.updateProducts', 'products.updateProduct',
        'variants.getVariants', 'variants.updateVariantsBatch', 'variants.updateProductVariant',
        'trees.getCategoryTrees', 'trees.getAllCategories', 'brands.getBrands',
      ]),
    );
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

  it('comma-joins id lists and pages products 250 at a time with variants', () => {
    const pages = sent.filter((r) => r.method === 'GET' && r.path.endsWith('/catalog/products') && r.query.includes('page='));
    expect(pages[0]?.query).toContain('include=variants');
    expect(sent.some((r) => r.query.includes('limit=250') && r.query.includes('include=variants'))).toBe(true);
    expect(sent.some((r) => r.query.includes('id:in=101,102,103'))).toBe(true);
    expect(sent.some((r) => /date_modified:min=2024-06-01T00:00:00Z/.test(r.query))).toBe(true);
  });
});
