/**
 * Route handlers registered by the route table, so a path, its access and its schemas are written
 * once (route-table.ts). A resource's file declares its handlers keyed by their rows:
 *
 *   defineRoutes({
 *     'POST /api/work-orders/:id/reject': async (c, { params, body }) => ..., // typed from the row's schemas
 *     'POST /api/webhooks/bigcommerce/:id': { use: [limit, verified], handler: async (c, { body }) => ... },
 *   })
 *
 * and `registerRoutes` (app.ts) puts every row on the app, in the table's order, each behind what
 * its row says, in this order: sign-in (unless public or a webhook), a verified email, the role's
 * permission (403 with the permission table's message), the plan's feature (403 PLAN_LIMIT); then
 * the route's own middleware (`use`); then its input, parsed with the row's schemas: the path's
 * values (refused: 404 with the row's `notFound`, as a malformed id is as absent as another
 * company's record), the query string and the JSON body (refused: 400 VALIDATION with the fields,
 * lib/http.ts). Only then does the handler run, with the parsed input. A row without a handler,
 * or a handler for a row twice, stops the app from starting.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { LruCache } from '@catalog/contracts/lru-cache';
import type { Database } from '../db/repositories';
import { readJson, readQuery } from '../lib/http';
import { requireVerifiedEmail, type AuthedEnv } from '../middleware/authenticate';
import { requirePermission } from '../middleware/require-permission';
import { requirePlanFeature } from '../middleware/require-plan-feature';
import type { AppEnv } from '../middleware/request-log';
import { ROUTE_TABLE, type RouteKey, type RouteSpec } from './route-table';

type Row<K extends RouteKey> = (typeof ROUTE_TABLE)[K];
type Parsed<R, F extends 'params' | 'query' | 'body'> = R extends { readonly [P in F]: infer S extends z.ZodType } ? z.output<S> : undefined;

/** What a handler is given: its row's path values, query and body, parsed (undefined where the row has no schema). */
export interface RouteInput<K extends RouteKey> {
  params: Parsed<Row<K>, 'params'>;
  query: Parsed<Row<K>, 'query'>;
  body: Parsed<Row<K>, 'body'>;
}

/** Signed-in routes know their caller (`c.get('user')`); public routes and webhooks have none. */
export type RouteEnv<K extends RouteKey> = Row<K>['access'] extends 'public' | 'webhook' ? AppEnv : AuthedEnv;

export type RouteHandler<K extends RouteKey> = (c: Context<RouteEnv<K>>, input: RouteInput<K>) => Response | Promise<Response>;

export interface RouteOptions<K extends RouteKey> {
  handler: RouteHandler<K>;
  /** The route's own middleware, after the access checks and before its input is read (a webhook's body limit and secret). */
  use?: MiddlewareHandler<RouteEnv<K>>[];
  /**
   * Keeps up to this many parsed query strings (frozen, so handlers only read them): for a route
   * asked the same few queries again and again (the product list's pages), each is validated once.
   */
  cachedQueries?: number;
}

/** Handlers by row; a row's value is its handler, or its handler with options. */
export type RouteHandlers = { [K in RouteKey]?: RouteHandler<K> | RouteOptions<K> };

/** A resource's handlers, each typed by its row (its key must be a row of the table). */
export function defineRoutes(handlers: RouteHandlers): RouteHandlers {
  return handlers;
}

export interface RouteDeps {
  /** Signs the caller in (middleware/authenticate.ts) and counts their rate limits: every route but the public ones and webhooks. */
  auth: MiddlewareHandler<AuthedEnv>;
  /** Where the plan checks read the company's plan. */
  db: Database;
}

/** A registration with the types of its row erased: what the app holds. */
interface Registration {
  handler: (c: Context, input: unknown) => Response | Promise<Response>;
  use?: MiddlewareHandler[];
  cachedQueries?: number;
}

/** Puts every row of the route table on `app`, with the handler one of `modules` gives it. */
export function registerRoutes(app: Hono<AppEnv>, deps: RouteDeps, modules: RouteHandlers[]): void {
  const registrations = new Map<string, Registration>();
  for (const module of modules) {
    for (const [key, entry] of Object.entries(module) as [string, Registration | Registration['handler']][]) {
      if (registrations.has(key)) throw new Error(`${key} has two handlers`);
      registrations.set(key, typeof entry === 'function' ? { handler: entry } : entry);
    }
  }
  for (const [key, spec] of Object.entries(ROUTE_TABLE) as [string, RouteSpec][]) {
    const registration = registrations.get(key);
    if (!registration) throw new Error(`${key} is in the route table without a handler`);
    registrations.delete(key);
    const [method, path] = key.split(' ') as [string, string];
    const read = inputReader(spec, registration.cachedQueries);
    const handle: MiddlewareHandler = async (c) => registration.handler(c, await read(c));
    app.on(method, [path], ...accessChecks(spec, deps), ...(registration.use ?? []), handle);
  }
}

/** What the row's access asks before anything else: who the caller is, their email, their role, their plan. */
function accessChecks(spec: RouteSpec, { auth, db }: RouteDeps): MiddlewareHandler[] {
  if (spec.access === 'public' || spec.access === 'webhook') return [];
  const checks: MiddlewareHandler<AuthedEnv>[] = [auth];
  if (spec.verifiedEmail) checks.push(requireVerifiedEmail);
  if (spec.access !== 'self') checks.push(requirePermission(spec.access));
  if (spec.planFeature) checks.push(requirePlanFeature(db, spec.planFeature));
  return checks as MiddlewareHandler[];
}

/** Reads a request's input with the row's schemas: path values, then the query string, then the body. */
function inputReader(spec: RouteSpec, cachedQueries: number | undefined) {
  const queries = cachedQueries ? new LruCache<string, unknown>({ maxEntries: cachedQueries }) : null;
  const params = (c: Context): unknown => {
    if (!spec.params) return undefined;
    const parsed = spec.params.safeParse(c.req.param());
    if (!parsed.success) throw new ApiError(ErrorCode.NOT_FOUND, spec.notFound ?? 'Not found');
    return parsed.data;
  };
  const query = (c: Context, schema: z.ZodType): unknown => {
    if (!queries) return readQuery(c, schema);
    const url = c.req.url;
    const at = url.indexOf('?');
    const raw = at < 0 ? '' : url.slice(at + 1);
    let parsed = queries.get(raw);
    if (parsed === undefined) {
      parsed = Object.freeze(readQuery(c, schema));
      // A long query string is rare and would crowd the common ones out.
      if (raw.length <= 1024) queries.set(raw, parsed);
    }
    return parsed;
  };
  return async (c: Context) => ({
    params: params(c),
    query: spec.query ? query(c, spec.query) : undefined,
    body: spec.body ? await readJson(c, spec.body) : undefined,
  });
}
