import type OpenAPIBackend from 'openapi-backend';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDemoStore } from './demo-store';
import { describeErrors, loadReferences } from './openapi-reference';
import type { References } from './openapi-reference';

const demo = createDemoStore({ products: 40, seed: 'conformance' });
const headers = { 'X-Auth-Token': 'demo-token', Accept: 'application/json', 'Content-Type': 'application/json' };
let refs: References;

function operationFor(method: string, path: string): { api: OpenAPIBackend; operationId: string } {
  const bare = path.split('?')[0] ?? path;
  for (const api of Object.values(refs)) {
    const op = api.matchOperation({ method, path: bare, headers: {} });
    if (op?.operationId) return { api, operationId: op.operationId };
  }
  throw new Error(`No operation of the reference files matches ${method} ${bare}`);
}

/** Calls the demo store and validates the request and its answer (the response schema for that status) against the reference file. */
async function call(method: string, path: string, body?: unknown, as?: { operationId: string; status?: number }) {
  const res = await demo.app.request(`/stores/demo/v3${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const json = (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>;
  const { api, operationId } = as ? { api: Object.values(refs).find((a) => a.getOperation(as.operationId)) as OpenAPIBackend, operationId: as.operationId } : operationFor(method, path);
  const status = as?.status ?? res.status;
  // openapi-backend passes any body for a status the operation does not document: refuse those here.
  const documented = Object.keys(api.getOperation(operationId)?.responses ?? {}).includes(String(status));
  // An empty answer (a 204) is validated as null where the file gives the status no content, else as {}.
  const response = api.getOperation(operationId)?.responses?.[String(status)] as { content?: unknown } | undefined;
  const result = api.validateResponse(text === '' && !response?.content ? null : json, operationId, status);
  // The request too, as the file declares it, where the store answered it as a full success (a
  // request the file calls invalid must not be): the 4xx cases send invalid ones on purpose.
  const [bare = path, query = ''] = path.split('?');
  const checkRequest = !as && (res.status === 200 || res.status === 204);
  const request = checkRequest ? api.validateRequest({ method, path: bare, query, headers, body }, operationId) : { errors: [] };
  const errors = [
    ...(documented ? [] : [`status ${status} is not documented for ${operationId}`]),
    ...describeErrors(request.errors).map((e) => `request: ${e}`),
    ...describeErrors(result.errors),
  ];
  return { status: res.status, json, errors };
}

describe('the demo store answers in the shapes of the official OpenAPI files', () => {
  beforeAll(async () => {
    refs = await loadReferences();
  }, 90_000);

  it('lists products with variants (getProducts 200, each variant as productVariant_Full)', async () => {
    const { status, json, errors } = await call('GET', '/catalog/products?include=variants&limit=250');
    expect(status).toBe(200);
    expect(errors).toEqual([]);
    const variants = (json.data as Array<{ variants: unknown[] }>).flatMap((p) => p.variants);
    expect(variants.length).toBeGreaterThan(40);
    for (const variant of variants) {
      expect(describeErrors(refs.variants.validateResponse({ data: variant, meta: {} }, 'getProductVariant', 200).errors)).toEqual([]);
    }
  });

  it('answers a single product, its variants and one variant', async () => {
    const withOptions = demo.store.catalog().products().find((p) => p.base_variant_id === null);
    const variant = demo.store.catalog().variantsOf(withOptions?.id ?? 0)[0];
    for (const path of [
      `/catalog/products/${withOptions?.id}?include=variants`,
      '/catalog/products/101',
      `/catalog/products/${withOptions?.id}/variants`,
      `/catalog/products/${withOptions?.id}/variants/${variant?.id}`,
      '/catalog/variants?product_id:in=101,102,103',
    ]) {
      const { status, errors } = await call('GET', path);
      expect({ path, status, errors }).toEqual({ path, status: 200, errors: [] });
    }
  });

  it('answers the category trees, their flat categories and a nested tree', async () => {
    for (const path of ['/catalog/trees', '/catalog/trees/categories?tree_id:in=1&limit=50&page=2', '/catalog/trees/1/categories']) {
      const { status, errors } = await call('GET', path);
      expect({ path, status, errors }).toEqual({ path, status: 200, errors: [] });
    }
  });

  it('answers the brands, paged as the reference says, and one brand (getBrands, getBrand)', async () => {
    for (const path of ['/catalog/brands', '/catalog/brands?limit=5&page=2', '/catalog/brands?id:in=1,2,3', '/catalog/brands/3']) {
      const { status, errors } = await call('GET', path);
      expect({ path, status, errors }).toEqual({ path, status: 200, errors: [] });
    }
    const paged = await call('GET', '/catalog/brands?limit=5&page=2');
    expect((paged.json.data as Array<{ id: number }>).map((b) => b.id)).toEqual([6, 7, 8, 9, 10]);
    expect(paged.json.meta).toMatchObject({ pagination: { total: 20, per_page: 5, current_page: 2, total_pages: 4 } });
    const missing = await call('GET', '/catalog/brands/999');
    expect([missing.status, missing.errors]).toEqual([404, []]);
  });

  it('answers batch product updates with the documented 200, 207, 413 and 422 bodies', async () => {
    const ok = await call('PUT', '/catalog/products', [{ id: 101, price: 10 }]);
    const partial = await call('PUT', '/catalog/products', [{ id: 102, price: 11 }, { id: 103, price: -1 }]);
    const tooBig = await call('PUT', '/catalog/products', Array.from({ length: 11 }, (_, i) => ({ id: 101 + i })));
    const invalid = await call('PUT', '/catalog/products', [{ id: 103, price: -1 }]);
    expect([ok, partial, tooBig, invalid].map((r) => [r.status, r.errors])).toEqual([[200, []], [207, []], [413, []], [422, []]]);
    expect(partial.json.errors).toMatchObject({ status: 422, title: expect.any(String), type: expect.any(String), errors: { '103': expect.any(String) } });
  });

  it('answers single product updates and unknown products as documented (200, 422, 404)', async () => {
    const ok = await call('PUT', '/catalog/products/104', { price: 12.5, sale_price: 0 });
    const invalid = await call('PUT', '/catalog/products/104', { sale_price: null });
    const missing = await call('GET', '/catalog/products/999999');
    expect([ok, invalid, missing].map((r) => [r.status, r.errors])).toEqual([[200, []], [422, []], [404, []]]);
    expect(invalid.json).toMatchObject({ status: 422, title: expect.any(String), type: expect.any(String), errors: { sale_price: expect.any(String) } });
  });

  it('answers variant updates as documented (batch 200 and 422, single 200)', async () => {
    const [a, b] = demo.store.catalog().variants().filter((v) => v.option_values.length > 0);
    const ok = await call('PUT', '/catalog/variants', [{ id: a?.id, sale_price: null, price: 20 }]);
    const invalid = await call('PUT', '/catalog/variants', [{ id: a?.id, price: -2 }]);
    const single = await call('PUT', `/catalog/products/${b?.product_id}/variants/${b?.id}`, { sale_price: 0 });
    expect([ok, invalid, single].map((r) => [r.status, r.errors])).toEqual([[200, []], [422, []], [200, []]]);
    expect(invalid.json.batch_errors).toEqual([expect.objectContaining({ status: 422, errors: expect.any(Object) })]);
  });

  it('answers a partial variant batch with a 207 shaped like the products one (the variants file has none)', async () => {
    const [a] = demo.store.catalog().variants().filter((v) => v.option_values.length > 0);
    const res = await call('PUT', '/catalog/variants', [{ id: a?.id, price: 21 }, { id: 999_999, price: 1 }], { operationId: 'getVariants', status: 200 });
    expect(res.status).toBe(207);
    expect(res.errors).toEqual([]); // data: variants as in a variant collection
    expect(describeErrors(refs.products.validateResponse({ errors: res.json.errors }, 'updateProducts', 207).errors)).toEqual([]);
  });

  it('creates, lists, reads, updates and deletes webhooks (Webhooks v3)', async () => {
    const destination = 'https://app.example.com/api/webhooks/bigcommerce/x';
    const created = await call('POST', '/hooks', { scope: 'store/product/updated', destination, is_active: true, headers: { 'X-Secret': 'a' } });
    expect([created.status, created.errors]).toEqual([200, []]);
    const id = (created.json.data as { id: number }).id;
    for (const [method, path, body] of [['GET', '/hooks'], ['GET', `/hooks/${id}`], ['PUT', `/hooks/${id}`, { is_active: false }], ['DELETE', `/hooks/${id}`]] as const) {
      const answer = await call(method, path, body);
      expect([method, answer.status, answer.errors]).toEqual([method, 200, []]);
    }
  });
});
