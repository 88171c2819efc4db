/**
 * Role checks for signed-in routes: `requireRole(['owner', 'admin'], message)` answers
 * 403 FORBIDDEN with `message` to anyone else. Put it after `authenticate` (it reads the user).
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import type { Role } from '../db/repositories';
import type { AuthedEnv } from './authenticate';

/** The roles that manage the company: store settings, deleting the catalog, the team. */
export const MANAGERS: readonly Role[] = ['owner', 'admin'];

export function requireRole(roles: readonly Role[], message: string): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    if (!roles.includes(c.get('user').role)) throw new ApiError(ErrorCode.FORBIDDEN, message);
    await next();
  };
}
