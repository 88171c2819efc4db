/**
 * Role checks for company routes, read from the permission table (contracts permissions.ts):
 * `guard('POST /api/settings')` takes the route's action from the route table and answers
 * 403 FORBIDDEN with the action's `denied` message to a role the table does not allow. A route
 * that is not in the route table, or whose access is not an action, does not compile. Put it
 * after `authenticate` (it reads the user). Decision 019.
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { can, PERMISSIONS, type Action } from '@catalog/contracts/permissions';
import { ROUTE_TABLE, type RouteKey } from '../routes/route-table';
import type { AuthedEnv } from './authenticate';

/** 403 with the table's message unless the signed-in user's role may do `action`. */
export function requirePermission(action: Action): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    if (!can(c.get('user').role, action)) throw new ApiError(ErrorCode.FORBIDDEN, PERMISSIONS[action].denied);
    await next();
  };
}

/** The routes of the route table whose access is an action of the permission table. */
export type GuardedRoute = { [K in RouteKey]: (typeof ROUTE_TABLE)[K]['access'] extends Action ? K : never }[RouteKey];

/** The guard of `route`, as the route table and the permission table say. */
export function guard(route: GuardedRoute): MiddlewareHandler<AuthedEnv> {
  return requirePermission(ROUTE_TABLE[route].access as Action);
}
