/**
 * The API as an OpenAPI 3.1 document, written from the route table (route-table.ts): each row's
 * path, parameters (path values and the query, from its schemas), JSON body, success answers
 * (the contracts' schemas), errors (the one error shape) and security: a Firebase ID token for
 * signed-in routes, Stripe's signature or the store webhook's secret for the webhooks. Schemas
 * are components under their contracts names (json-schemas.ts). GET /api/openapi.json serves
 * it; docs/openapi.json and docs/api.md are its checked-in copies (openapi.test.ts).
 */
import { z } from 'zod';
import * as auth from '@catalog/contracts/auth';
import * as backups from '@catalog/contracts/backups';
import * as bigcommerceApp from '@catalog/contracts/bigcommerce-app';
import * as common from '@catalog/contracts/common';
import * as companySettings from '@catalog/contracts/company-settings';
import * as csv from '@catalog/contracts/csv';
import * as dashboard from '@catalog/contracts/dashboard';
import * as errors from '@catalog/contracts/errors';
import * as lowestPrice from '@catalog/contracts/lowest-price';
import * as lowestPriceBatch from '@catalog/contracts/lowest-price-batch';
import * as priceListChanges from '@catalog/contracts/price-list-changes';
import * as priceLists from '@catalog/contracts/price-lists';
import * as priorPricePublication from '@catalog/contracts/prior-price-publication';
import * as products from '@catalog/contracts/products';
import * as replication from '@catalog/contracts/replication';
import * as replicationRows from '@catalog/contracts/replication-rows';
import * as settings from '@catalog/contracts/settings';
import * as storeWebhooks from '@catalog/contracts/store-webhooks';
import * as subscription from '@catalog/contracts/subscription';
import * as sync from '@catalog/contracts/sync';
import * as team from '@catalog/contracts/team';
import * as workOrders from '@catalog/contracts/work-orders';
import { WEBHOOK_SECRET_HEADER } from '../../services/store-webhooks/webhook-registration';
import { ROUTE_AREAS, type RouteSpec } from '../route-table';
import * as teamRows from '../route-table/team';
import { accessNote, errorAnswers, errorResponses, operationId, successAnswers } from './operations';
import { COMPONENTS, jsonSchemas, reachable, type JsonSchema } from './json-schemas';

/** Where the route table's schemas get their names: the modules that export them. */
const SCHEMA_MODULES: ReadonlyArray<Record<string, unknown>> = [
  auth, backups, bigcommerceApp, common, companySettings, csv, dashboard, errors, lowestPrice, lowestPriceBatch, priceListChanges, priceLists, priorPricePublication, products, replication, replicationRows, settings, storeWebhooks, subscription, sync, team, workOrders, teamRows,
];

export const SECURITY_SCHEMES = {
  firebaseIdToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The signed-in user\u2019s Firebase Authentication ID token.' },
  stripeSignature: { type: 'apiKey', in: 'header', name: 'Stripe-Signature', description: 'Stripe\u2019s signature of the exact body.' },
  storeWebhookSecret: { type: 'apiKey', in: 'header', name: WEBHOOK_SECRET_HEADER, description: 'The secret the store\u2019s webhooks were registered with.' },
} as const;

function namedSchemas(): Map<z.ZodType, string> {
  const named = new Map<z.ZodType, string>();
  for (const module of SCHEMA_MODULES) {
    for (const [name, value] of Object.entries(module)) {
      if (value instanceof z.ZodType && !named.has(value)) named.set(value, name);
    }
  }
  return named;
}

const ref = (name: string) => ({ $ref: `${COMPONENTS}${name}` });
const pathOf = (path: string) => path.replace(/:(\w+)/g, '{$1}');

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; responses: Record<string, unknown>; securitySchemes: typeof SECURITY_SCHEMES };
}

export function openApiDocument(): OpenApiDocument {
  const named = namedSchemas();
  const input = jsonSchemas(named, 'input');
  const nameOf = (key: string, field: string, schema: z.ZodType): string => {
    const name = input.nameOf(schema);
    if (!name) throw new Error(`${key}: its ${field} schema has no name: export it from a module openapi.ts lists`);
    return name;
  };
  const parameters = (key: string, where: 'path' | 'query', schema: z.ZodType | undefined) => {
    if (!schema) return [];
    const json = input.schemas[nameOf(key, where, schema)]!;
    const required = new Set((json.required as string[] | undefined) ?? []);
    return Object.entries((json.properties ?? {}) as Record<string, JsonSchema>)
      .map(([name, property]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: property }));
  };

  const routes = ROUTE_AREAS.flatMap(({ name: area, rows }) => (Object.entries(rows) as [string, RouteSpec][]).map(([key, spec]) => ({ key, spec, area })));
  const requests: Record<string, Record<string, unknown>> = {};
  for (const { key, spec, area } of routes) {
    const [method, path] = key.split(' ') as [string, string];
    requests[key] = {
      operationId: operationId(method, path),
      summary: spec.summary,
      ...(accessNote(spec) ? { description: accessNote(spec) } : {}),
      tags: [area],
      security: spec.access === 'public' ? [] : [{ [spec.access === 'webhook' ? spec.verifiedBy! : 'firebaseIdToken']: [] }],
      'x-access': spec.access,
      parameters: [...parameters(key, 'path', spec.params), ...parameters(key, 'query', spec.query)],
      ...(spec.body
        ? { requestBody: { required: !spec.optionalBody, content: { 'application/json': { schema: ref(nameOf(key, 'body', spec.body)) } } } }
        : {}),
    };
  }

  // An answer's schema is the request's unless its JSON differs (a default, a transform): then `{name}Output`.
  const componentName = (r: string) => (r.startsWith(COMPONENTS) ? r.slice(COMPONENTS.length) : undefined);
  const inputNames = reachable(requests, input.schemas, componentName);
  const renamed = new Set<string>();
  for (;;) {
    const output = jsonSchemas(named, 'output', (name) => (renamed.has(name) ? `${name}Output` : name));
    const outName = (name: string) => (renamed.has(name) ? `${name}Output` : name);
    const responses = Object.fromEntries(routes.map(({ key, spec }) => [key, {
      ...successAnswers(spec, (schema) => ref(outName(nameOf(key, 'response', schema)))),
      ...errorAnswers(spec),
    }]));
    const errors = errorResponses(ref(outName('ErrorBody')));
    const outputNames = reachable({ responses, errors }, output.schemas, (r) => {
      const name = componentName(r);
      return name?.endsWith('Output') && renamed.has(name.slice(0, -'Output'.length)) ? name.slice(0, -'Output'.length) : name;
    });
    const before = renamed.size;
    for (const name of outputNames) {
      if (inputNames.has(name) && JSON.stringify(output.schemas[name]) !== JSON.stringify(input.schemas[name])) renamed.add(name);
    }
    if (renamed.size > before) continue;

    const schemas: Record<string, JsonSchema> = {};
    for (const name of [...inputNames].sort()) schemas[name] = input.schemas[name]!;
    for (const name of [...outputNames].sort()) schemas[outName(name)] ??= output.schemas[name]!;
    const paths: OpenApiDocument['paths'] = {};
    for (const [key, operation] of Object.entries(requests)) {
      const [method, path] = key.split(' ') as [string, string];
      (paths[pathOf(path)] ??= {})[method.toLowerCase()] = { ...operation, responses: responses[key] };
    }
    return {
      openapi: '3.1.0',
      info: {
        title: 'Catalog Pilot API',
        version: '1',
        description: 'Prices of a BigCommerce store\u2019s catalog, drafted and applied as work orders. Every route acts on the caller\u2019s own company; '
          + 'every error is `{ error: { code, message, fields? } }` (ErrorBody).',
      },
      tags: ROUTE_AREAS.map(({ name }) => ({ name })),
      paths,
      components: {
        schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
        responses: errors,
        securitySchemes: SECURITY_SCHEMES,
      },
    };
  }
}

let cached: OpenApiDocument | undefined;
/** The document, written once per process (it needs every schema built). */
export function servedOpenApiDocument(): OpenApiDocument {
  return (cached ??= openApiDocument());
}
