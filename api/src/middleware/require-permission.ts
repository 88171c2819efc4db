/**
 * Role checks for company routes, read from the permission table (contracts permissions.ts):
 * `requirePermission('workOrders.create')` answers 403 FORBIDDEN with the action's `denied`
 * message to a role the table does not allow. The route table names each route's action, and
 * define-routes.ts puts this check on the route, after `authenticate` (it reads the user).
 * Decision 019.
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { can, PERMISSIONS, type Action } from '@catalog/contracts/permissions';
import type { AuthedEnv } from './authenticate';

/** 403 with the table's message unless the signed-in user's role may do `action`. */
export function requirePermission(action: Action): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    if (!can(c.get('user').role, action)) throw new ApiError(ErrorCode.FORBIDDEN, PERMISSIONS[action].denied);
    await next();
  };
}
