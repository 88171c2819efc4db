/**
 * Requires `Authorization: Bearer <Firebase ID token>` and puts the caller's user row (created on
 * the first verified request) in the context. Everything company-scoped below reads the company
 * from this user, never from request input.
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import type { User } from '../db/repositories';
import { InvalidTokenError, type TokenVerifier } from '../auth/verify-token';
import type { Provisioner } from '../services/provisioning';
import type { AppEnv } from './request-log';

export type AuthedEnv = { Variables: AppEnv['Variables'] & { user: User } };

const BEARER = /^Bearer\s+([A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]*)\s*$/;

export function authenticate(verify: TokenVerifier, provision: Provisioner): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) throw new ApiError(ErrorCode.UNAUTHENTICATED, 'Sign in to continue');
    const match = BEARER.exec(header);
    if (!match) throw new ApiError(ErrorCode.UNAUTHENTICATED, 'Authentication failed: malformed token');
    let identity;
    try {
      identity = await verify(match[1]!);
    } catch (err) {
      if (err instanceof InvalidTokenError) throw new ApiError(ErrorCode.UNAUTHENTICATED, `Authentication failed: ${err.message}`);
      throw err;
    }
    const user = await provision(identity);
    if (!user.isActive) throw new ApiError(ErrorCode.FORBIDDEN, 'This account is disabled');
    c.set('user', user);
    await next();
  };
}
