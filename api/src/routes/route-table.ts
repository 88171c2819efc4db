/**
 * Every API route, once: its method and path, who may call it, what it takes and what it answers
 * (route-table/route-spec.ts says what each field means), composed of the rows of each area in
 * route-table/. The route files register their handlers by it (define-routes.ts: the access
 * checks and the input's validation come from here); the OpenAPI document and docs/api.md are
 * written from it (routes/openapi); the tenant/role matrix, the hostile-input suite and the
 * price-gate test are generated from it. A route of the app without a row, or a row without a
 * route, fails them and the app's start.
 */
import { ACCOUNT_ROUTES } from './route-table/account';
import { BILLING_ROUTES } from './route-table/billing';
import { CATALOG_ROUTES } from './route-table/catalog';
import { PRICE_LIST_ROUTES } from './route-table/price-lists';
import type { RouteRows } from './route-table/route-spec';
import { TEAM_ROUTES } from './route-table/team';
import { WORK_ORDER_ROUTES } from './route-table/work-orders';

export type { RouteSpec } from './route-table/route-spec';

/** The table's areas, in its order: the API reference groups routes by them (OpenAPI tags, docs/api.md). */
export const ROUTE_AREAS: ReadonlyArray<{ name: string; rows: RouteRows }> = [
  { name: 'Account', rows: ACCOUNT_ROUTES },
  { name: 'Catalog', rows: CATALOG_ROUTES },
  { name: 'Price lists', rows: PRICE_LIST_ROUTES },
  { name: 'Work orders and backups', rows: WORK_ORDER_ROUTES },
  { name: 'Team', rows: TEAM_ROUTES },
  { name: 'Billing and webhooks', rows: BILLING_ROUTES },
];

/** Keyed by "METHOD /api/path" exactly as Hono lists the route (`app.routes`), in the order routes are registered. */
export const ROUTE_TABLE = {
  ...ACCOUNT_ROUTES,
  ...CATALOG_ROUTES,
  ...PRICE_LIST_ROUTES,
  ...WORK_ORDER_ROUTES,
  ...TEAM_ROUTES,
  ...BILLING_ROUTES,
} as const;

export type RouteKey = keyof typeof ROUTE_TABLE;
