/**
 * The variant metafields the demo store serves, validated as its other paths are in
 * openapi-conformance.test.ts: each answer against product-variants_catalog.v3.yml's response
 * schema for its status (which the operation must document), and each request answered as a
 * full success against the operation's parameters and body.
 */
import type OpenAPIBackend from 'openapi-backend';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDemoStore } from './demo-store';
import { describeErrors, loadMetafieldReferences } from './openapi-reference';
import type { MetafieldReferences } from './openapi-reference';
import { MAX_METAFIELD_BATCH } from './routes/variant-metafields';

const demo = createDemoStore({ products: 40, seed: 'metafield-conformance' });
const headers = { 'X-Auth-Token': 'demo-token', Accept: 'application/json', 'Content-Type': 'application/json' };
let refs: MetafieldReferences;

function operationFor(method: string, path: string): { api: OpenAPIBackend; operationId: string } {
  for (const api of Object.values(refs)) {
    const op = api.matchOperation({ method, path, headers: {} });
    if (op?.operationId) return { api, operationId: op.operationId };
  }
  throw new Error(`No operation of the reference files matches ${method} ${path}`);
}

/** Calls the demo store and validates the request (answered 200 or 204) and its answer against the reference file. */
async function call(method: string, path: string, body?: unknown) {
  const res = await demo.app.request(`/stores/demo/v3${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const json = (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>;
  const [bare = path, query = ''] = path.split('?');
  const { api, operationId } = operationFor(method, bare);
  const response = api.getOperation(operationId)?.responses?.[String(res.status)] as { content?: unknown } | undefined;
  const result = api.validateResponse(text === '' && !response?.content ? null : json, operationId, res.status);
  const request = res.status === 200 || res.status === 204 ? api.validateRequest({ method, path: bare, query, headers, body }, operationId) : { errors: [] };
  const errors = [
    ...(response ? [] : [`status ${res.status} is not documented for ${operationId}`]),
    ...describeErrors(request.errors).map((e) => `request: ${e}`),
    ...describeErrors(result.errors),
  ];
  return { status: res.status, json, errors };
}

const field = (variantId: number, key = 'lowest_prior_price', value = '{"amount":"39.00"}') => ({
  namespace: 'pricing', key, value, permission_set: 'read_and_sf_access', description: 'The lowest prior price', resource_id: variantId,
});

describe('the demo store answers variant metafields in the shapes of product-variants_catalog.v3.yml', () => {
  const [a, b, c] = demo.store.catalog().variants();
  beforeAll(async () => {
    refs = await loadMetafieldReferences();
  }, 90_000);

  it('creates in a batch (200), then lists them paged, filtered, by cursor, per variant and one by one (200)', async () => {
    const created = await call('POST', '/catalog/variants/metafields', [field(a!.id), field(b!.id), field(a!.id, 'note', 'x')]);
    expect([created.status, created.errors]).toEqual([200, []]);
    const ids = (created.json.data as Array<{ id: number }>).map((m) => m.id);
    for (const path of [
      '/catalog/variants/metafields',
      '/catalog/variants/metafields?limit=2&page=2',
      '/catalog/variants/metafields?namespace=pricing&key=lowest_prior_price&direction=desc',
      '/catalog/variants/metafields?key:in=note,other&namespace:in=pricing&include_fields=value,resource_id',
      '/catalog/variants/metafields?date_created:min=2020-01-01&date_modified:max=2100-01-01T00:00:00',
      '/catalog/variants/metafields?limit=1&after=aWQ6MQ==',
      `/catalog/products/${a!.product_id}/variants/${a!.id}/metafields?key=note`,
      `/catalog/products/${a!.product_id}/variants/${a!.id}/metafields/${ids[0]}`,
    ]) {
      const { status, errors } = await call('GET', path);
      expect({ path, status, errors }).toEqual({ path, status: 200, errors: [] });
    }
    const missing = await call('GET', `/catalog/products/${b!.product_id}/variants/${b!.id}/metafields/${ids[0]}`);
    expect([missing.status, missing.errors]).toEqual([404, []]);
  });

  it('answers a batch with refused items as the partial success the file documents (422), and a body it cannot read as a 400', async () => {
    const partial = await call('POST', '/catalog/variants/metafields', [field(c!.id), field(c!.id), { ...field(c!.id, 'other'), permission_set: 'everyone' }]);
    expect([partial.status, partial.errors]).toEqual([422, []]);
    expect(partial.json).toMatchObject({ meta: { total: 3, success: 1, failed: 2 } });
    expect((partial.json.errors as Array<{ status: number; errors: Record<string, string> }>).map((e) => [e.status, Object.keys(e.errors)])).toEqual([[409, ['1']], [422, ['2']]]);
    const notArray = await call('POST', '/catalog/variants/metafields', field(c!.id));
    const tooMany = await call('POST', '/catalog/variants/metafields', Array.from({ length: MAX_METAFIELD_BATCH + 1 }, (_, i) => field(c!.id, `k${i}`)));
    expect([notArray.status, notArray.errors, tooMany.status, tooMany.errors]).toEqual([400, [], 400, []]);
  });

  it('updates and deletes in batches (200), an unknown id refused in a 422 while the others are applied', async () => {
    const created = await call('POST', '/catalog/variants/metafields', [field(a!.id, 'u1'), field(b!.id, 'u2')]);
    const [one, two] = (created.json.data as Array<{ id: number }>).map((m) => m.id);
    const updated = await call('PUT', '/catalog/variants/metafields', [{ id: one, value: '{"amount":"35.00"}' }, { id: two, value: 'y', description: 'changed' }]);
    const partial = await call('PUT', '/catalog/variants/metafields', [{ id: one, value: 'z' }, { id: 999_999, value: 'z' }]);
    expect([updated.status, updated.errors, partial.status, partial.errors]).toEqual([200, [], 422, []]);
    expect(partial.json).toMatchObject({ data: [{ id: one, value: 'z' }], meta: { success: 1, failed: 1 } });
    const deleted = await call('DELETE', '/catalog/variants/metafields', [one]);
    const again = await call('DELETE', '/catalog/variants/metafields', [two, one]);
    expect([deleted.status, deleted.errors, again.status, again.errors]).toEqual([200, [], 422, []]);
    expect(deleted.json).toMatchObject({ data: [one], errors: [], meta: { total: 1, success: 1, failed: 0 } });
    expect(again.json).toMatchObject({ data: [two], errors: [{ errors: { [String(one)]: 'Metafield does not exist' } }] });
  });
});
