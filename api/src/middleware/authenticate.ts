/**
 * Requires `Authorization: Bearer <Firebase ID token>` and puts the caller's user row (created on
 * the first verified request) in the context, with `emailVerified`: the token's own
 * `email_verified` claim (a token never changes, so after verifying, the client's refreshed token
 * says true; `requireVerifiedEmail` guards the routes that need it). Everything company-scoped
 * below reads the company from this user, never from request input.
 *
 * GET and HEAD requests may take the user from a short-lived cache keyed by the token
 * (auth/user-cache.ts: never past the token's expiry, at most USER_CACHE_TTL_MS, and never after
 * a change to users in this process). Any other request reads the user afresh and, once done,
 * makes every cached user be read again, since it may have changed one (a removal, a role, an
 * invitation accepted).
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { INVITATION_ERRORS } from '@catalog/contracts/team';
import type { User } from '../db/repositories';
import { forgetCachedUsers, UserCache, usersEpoch } from '../auth/user-cache';
import { InvalidTokenError, type TokenVerifier } from '../auth/verify-token';
import type { Provisioner } from '../services/provisioning';
import type { AppEnv } from './request-log';

export type AuthedEnv = { Variables: AppEnv['Variables'] & { user: User; emailVerified: boolean } };

const BEARER = /^Bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)\s*$/;

export interface AuthenticateOptions {
  /** Where GET and HEAD requests find their caller. Default: a cache of this middleware's own. */
  users?: UserCache;
}

export function authenticate(verify: TokenVerifier, provision: Provisioner, options: AuthenticateOptions = {}): MiddlewareHandler<AuthedEnv> {
  const users = options.users ?? new UserCache();
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) throw new ApiError(ErrorCode.UNAUTHENTICATED, 'Sign in to continue');
    const match = BEARER.exec(header);
    if (!match) throw new ApiError(ErrorCode.UNAUTHENTICATED, 'Authentication failed: malformed token');
    const token = match[1]!;
    const reads = c.req.method === 'GET' || c.req.method === 'HEAD';
    const cached = reads ? users.caller(token) : undefined;
    let user = cached?.user;
    let emailVerified = cached?.emailVerified ?? false;
    if (!user) {
      const epoch = usersEpoch();
      let identity;
      try {
        identity = await verify(token);
      } catch (err) {
        if (err instanceof InvalidTokenError) throw new ApiError(ErrorCode.UNAUTHENTICATED, `Authentication failed: ${err.message}`);
        throw err;
      }
      user = await provision(identity);
      emailVerified = identity.emailVerified;
      if (reads) users.set(token, user, epoch, identity.expiresAt, emailVerified);
    }
    if (!user.isActive) throw new ApiError(ErrorCode.FORBIDDEN, 'This account is disabled');
    c.set('user', user);
    c.set('emailVerified', emailVerified);
    if (reads) return next();
    try {
      await next();
    } finally {
      forgetCachedUsers();
    }
  };
}

/**
 * After `authenticate`: refuses a caller whose token does not say their email is verified (403
 * EMAIL_NOT_VERIFIED), before anything is read or written. Invitations go by email address, so
 * only a proven address may see or accept them.
 */
export const requireVerifiedEmail: MiddlewareHandler<AuthedEnv> = async (c, next) => {
  if (c.get('emailVerified') !== true) throw new ApiError(ErrorCode.EMAIL_NOT_VERIFIED, INVITATION_ERRORS.emailNotVerified);
  await next();
};
