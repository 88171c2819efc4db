/**
 * The price lists (price_lists.v3.yml), customer groups (customers.v2.yml) and channels
 * (channels.v3.yml) the demo store serves, validated as the catalog's are in
 * openapi-conformance.test.ts: each answer against the file's response schema for its status
 * (which the operation must document), and each request answered as a full success against the
 * operation's parameters and body. A file of its own: these files load as long as the catalog's.
 */
import type OpenAPIBackend from 'openapi-backend';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDemoStore } from './demo-store';
import { describeErrors, loadPricingReferences } from './openapi-reference';
import type { PricingReferences } from './openapi-reference';

const demo = createDemoStore({ products: 40, seed: 'conformance' });
const headers = { 'X-Auth-Token': 'demo-token', Accept: 'application/json', 'Content-Type': 'application/json' };
let refs: PricingReferences;

function operationFor(method: string, path: string): { api: OpenAPIBackend; operationId: string } {
  for (const api of Object.values(refs)) {
    const op = api.matchOperation({ method, path, headers: {} });
    if (op?.operationId) return { api, operationId: op.operationId };
  }
  throw new Error(`No operation of the reference files matches ${method} ${path}`);
}

/** Calls the demo store (v3, or v2 for customer groups) and validates the request and its answer against the reference file. */
async function call(method: string, path: string, body?: unknown, version: 'v2' | 'v3' = 'v3') {
  const res = await demo.app.request(`/stores/demo/${version}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const json = (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>;
  const [bare = path, query = ''] = path.split('?');
  const { api, operationId } = operationFor(method, bare);
  const response = api.getOperation(operationId)?.responses?.[String(res.status)] as { content?: unknown } | undefined;
  // An empty answer (a 204) is validated as null where the file gives the status no content, else as {}.
  const result = api.validateResponse(text === '' && !response?.content ? null : json, operationId, res.status);
  // Requests the file calls invalid are sent on purpose to get 4xx answers: checked only where answered 200 or 204.
  const request = res.status === 200 || res.status === 204 ? api.validateRequest({ method, path: bare, query, headers, body }, operationId) : { errors: [] };
  const errors = [
    ...(response ? [] : [`status ${res.status} is not documented for ${operationId}`]),
    ...describeErrors(request.errors).map((e) => `request: ${e}`),
    ...describeErrors(result.errors),
  ];
  return { status: res.status, json, errors };
}

describe('the demo store answers price lists, customer groups and channels in the shapes of the official OpenAPI files', () => {
  beforeAll(async () => {
    refs = await loadPricingReferences();
  }, 90_000);

  it('answers the price lists: list (paged, filtered), get, create, update, delete, delete by filter', async () => {
    for (const path of ['/pricelists', '/pricelists?limit=1&page=2', '/pricelists?id:in=1,2&name:like=whole', '/pricelists/1']) {
      const { status, errors } = await call('GET', path);
      expect({ path, status, errors }).toEqual({ path, status: 200, errors: [] });
    }
    const created = await call('POST', '/pricelists', { name: 'Conformance VIP', active: true });
    const duplicate = await call('POST', '/pricelists', { name: 'Conformance VIP' });
    const invalid = await call('POST', '/pricelists', { active: true });
    const id = (created.json.data as { id: number }).id;
    const updated = await call('PUT', `/pricelists/${id}`, { name: 'Conformance VIP 2', active: false });
    const deleted = await call('DELETE', `/pricelists/${id}`);
    const byFilter = await call('DELETE', '/pricelists?name=nothing-by-this-name');
    expect([created, duplicate, invalid, updated, deleted, byFilter].map((r) => [r.status, r.errors])).toEqual([[200, []], [409, []], [422, []], [200, []], [204, []], [204, []]]);
  });

  it('answers price records: listed with filters, by variant, one, upserted singly and in batches (200, 422 batch_errors), deleted', async () => {
    const [a, b] = demo.store.catalog().variants();
    for (const path of [
      '/pricelists/1/records?limit=10&page=2',
      `/pricelists/1/records?variant_id:in=${a?.id},${b?.id}&currency=USD`,
      `/pricelists/1/records?product_id:in=101,102&price:min=1&date_modified:min=2024-01-01`,
      `/pricelists/2/records/${a?.id}`,
    ]) {
      const { status, errors } = await call('GET', path);
      expect({ path, status, errors }).toEqual({ path, status: 200, errors: [] });
    }
    const single = await call('PUT', `/pricelists/1/records/${a?.id}/USD`, { price: 12, sale_price: 10, retail_price: 15, map_price: 11 });
    const one = await call('GET', `/pricelists/1/records/${a?.id}/USD`);
    const badSingle = await call('PUT', `/pricelists/1/records/${a?.id}/USD`, { price: -3 });
    const batch = await call('PUT', '/pricelists/1/records', [{ variant_id: a?.id, currency: 'USD', price: 9 }, { sku: b?.sku, currency: 'USD', price: 8 }]);
    const failing = await call('PUT', '/pricelists/1/records', [{ variant_id: 999_999, currency: 'USD', price: 1 }, { variant_id: a?.id, currency: 'ZZZ', price: 1 }]);
    const across = await call('PUT', '/pricelists/records', [{ price_list_id: 2, variant_id: a?.id, currency: 'EUR', price: 9 }]);
    const acrossFailing = await call('PUT', '/pricelists/records', [{ price_list_id: 99, variant_id: a?.id, currency: 'EUR', price: 9 }]);
    const byFilter = await call('DELETE', `/pricelists/1/records?variant_id:in=${b?.id}&currency=USD`);
    const deleted = await call('DELETE', `/pricelists/1/records/${a?.id}/USD`);
    expect([single, one, badSingle, batch, failing, across, acrossFailing, byFilter, deleted].map((r) => [r.status, r.errors])).toEqual([
      [200, []], [200, []], [422, []], [200, []], [422, []], [200, []], [422, []], [204, []], [204, []],
    ]);
    expect(failing.json.batch_errors).toHaveLength(2);
  });

  it('answers price list assignments: listed with filters, created in a batch, upserted for a list, deleted by filter', async () => {
    for (const path of ['/pricelists/assignments', '/pricelists/assignments?price_list_id=1&customer_group_id:in=2', '/pricelists/assignments?channel_id:in=2&limit=1']) {
      const { status, errors } = await call('GET', path);
      expect({ path, status, errors }).toEqual({ path, status: 200, errors: [] });
    }
    const created = await call('POST', '/pricelists/assignments', [{ price_list_id: 1, customer_group_id: 1, channel_id: 1 }]);
    const invalid = await call('POST', '/pricelists/assignments', [{ price_list_id: 99, channel_id: 1 }]);
    const upserted = await call('PUT', '/pricelists/2/assignments', { customer_group_id: 1, channel_id: 1 });
    const missing = await call('PUT', '/pricelists/99/assignments', { customer_group_id: 1, channel_id: 1 });
    const deleted = await call('DELETE', '/pricelists/assignments?customer_group_id=1&channel_id=1');
    expect([created, invalid, upserted, missing, deleted].map((r) => [r.status, r.errors])).toEqual([[200, []], [422, []], [200, []], [404, []], [204, []]]);
  });

  it('answers customer groups (Customers v2) and channels with their currency assignments', async () => {
    for (const path of ['/customer_groups', '/customer_groups?page=1&limit=1&is_default=true', '/customer_groups/2', '/customer_groups/count']) {
      const { status, errors } = await call('GET', path, undefined, 'v2');
      expect({ path, status, errors }).toEqual({ path, status: 200, errors: [] });
    }
    for (const path of ['/channels', '/channels?include=currencies&limit=1&page=2', '/channels/2?include=currencies', '/channels/currency-assignments', '/channels/2/currency-assignments']) {
      const { status, errors } = await call('GET', path);
      expect({ path, status, errors }).toEqual({ path, status: 200, errors: [] });
    }
    const missing = await call('GET', '/channels/99');
    expect([missing.status, missing.errors]).toEqual([404, []]);
  });
});
