/**
 * The API reference is the route table as it is, and the table is the app's routes as they are:
 * docs/openapi.json and docs/api.md are written from the table (in CI a difference fails;
 * locally, `-u` writes them anew: `npm test -- --project api api/src/routes/openapi/openapi.test.ts -u`),
 * GET /api/openapi.json serves the same document to anyone, and a route of the app without a
 * row, or a row without a route, fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../testing/test-app';
import { ROUTE_TABLE } from '../route-table';
import { renderApiDoc } from './api-doc';
import { COMPONENTS } from './json-schemas';
import { openApiDocument, type OpenApiDocument } from './openapi';

let document: OpenApiDocument;
let t: Awaited<ReturnType<typeof testApp>>;

beforeAll(async () => {
  document = openApiDocument();
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the API reference', () => {
  it('docs/openapi.json is the route table as it is', async () => {
    await expect(`${JSON.stringify(document, null, 2)}\n`).toMatchFileSnapshot('../../../../docs/openapi.json');
  });

  it('docs/api.md is the route table as it is', async () => {
    await expect(renderApiDoc(document)).toMatchFileSnapshot('../../../../docs/api.md');
  });

  it('is served at GET /api/openapi.json to anyone', async () => {
    const res = await t.app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('lists every route of the app in the route table, and every row is a route of the app', () => {
    const routes = new Set(t.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api')).map((r) => `${r.method} ${r.path}`));
    expect([...routes].filter((route) => !(route in ROUTE_TABLE))).toEqual([]);
    expect(Object.keys(ROUTE_TABLE).filter((route) => !routes.has(route))).toEqual([]);
  });

  it('has one operation per row, each path value declared, each operation id once, and every schema it names', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation: operation as { operationId: string; parameters: { name: string; in: string }[] } })));
    expect(operations.map(({ path, method }) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`).sort()).toEqual(Object.keys(ROUTE_TABLE).sort());
    for (const { path, operation } of operations) {
      const declared = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name).sort();
      expect(declared, path).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
    }
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    const resolves = (ref: string) => ref.startsWith(COMPONENTS)
      ? ref.slice(COMPONENTS.length) in document.components.schemas
      : ref.replace('#/components/responses/', '') in document.components.responses;
    expect(refs.filter((ref) => !resolves(ref))).toEqual([]);
  });
});
