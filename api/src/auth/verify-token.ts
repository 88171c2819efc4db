/**
 * Verifies Firebase ID tokens. Production: RS256 signature against Firebase's public keys (a
 * JWKS URL, Google's securetoken keys by default), issuer `https://securetoken.google.com/<project>`,
 * audience = project id, expiry, a non-empty subject. With the Auth emulator (local mode only)
 * tokens are unsigned (`alg: none`), so only their claims can be checked. `cacheVerifiedTokens`
 * remembers verified tokens until they expire.
 */
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, errors, type JWTPayload, jwtVerify } from 'jose';
import { isBigCommerceUid } from '@catalog/contracts/bigcommerce-app';
import { LruCache } from '@catalog/contracts/lru-cache';

export const GOOGLE_SECURETOKEN_JWKS =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  /** The token's `exp` (seconds since the epoch): a verified token may be trusted until then. */
  expiresAt: number;
}

export class InvalidTokenError extends Error {}

export interface TokenVerifierOptions {
  projectId: string;
  jwksUrl?: string;
  /** Accept the Auth emulator's unsigned tokens. Never in production (config refuses it). */
  emulator?: boolean;
  /** Allowed clock skew in seconds. */
  clockToleranceSec?: number;
}

export type TokenVerifier = (token: string) => Promise<VerifiedIdentity>;

function identityFrom(payload: JWTPayload): VerifiedIdentity {
  const sub = payload.sub;
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 128) {
    throw new InvalidTokenError('The token has no subject');
  }
  const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
  // A store's user from BigCommerce signs in with a custom token only this API mints (decision
  // 056): BigCommerce vouches for their address, which their user row holds.
  const provider = (payload.firebase as { sign_in_provider?: unknown } | undefined)?.sign_in_provider;
  const fromBigCommerce = provider === 'custom' && isBigCommerceUid(sub);
  return {
    uid: sub,
    email: str(payload.email)?.toLowerCase() ?? null,
    emailVerified: payload.email_verified === true || fromBigCommerce,
    name: str(payload.name),
    picture: str(payload.picture),
    // Both paths check exp is present before getting here.
    expiresAt: typeof payload.exp === 'number' ? payload.exp : 0,
  };
}

export function createTokenVerifier(opts: TokenVerifierOptions): TokenVerifier {
  const issuer = `https://securetoken.google.com/${opts.projectId}`;
  const tolerance = opts.clockToleranceSec ?? 5;
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl ?? GOOGLE_SECURETOKEN_JWKS), {
    cooldownDuration: 30_000,
    cacheMaxAge: 60 * 60 * 1000,
  });

  const verifyUnsigned = (token: string): VerifiedIdentity => {
    const header = decodeProtectedHeader(token);
    if (header.alg !== 'none') throw new InvalidTokenError('Unexpected token algorithm');
    const payload = decodeJwt(token);
    const now = Math.floor(Date.now() / 1000);
    if (payload.iss !== issuer) throw new InvalidTokenError('Wrong token issuer');
    const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!aud.includes(opts.projectId)) throw new InvalidTokenError('Wrong token audience');
    if (typeof payload.exp !== 'number' || payload.exp + tolerance < now) throw new InvalidTokenError('The token has expired');
    return identityFrom(payload);
  };

  return async (token) => {
    try {
      if (opts.emulator && decodeProtectedHeader(token).alg === 'none') return verifyUnsigned(token);
      const { payload } = await jwtVerify(token, jwks, {
        issuer,
        audience: opts.projectId,
        algorithms: ['RS256'],
        clockTolerance: tolerance,
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      if (typeof payload.auth_time === 'number' && payload.auth_time > Math.floor(Date.now() / 1000) + tolerance) {
        throw new InvalidTokenError('The token was issued in the future');
      }
      return identityFrom(payload);
    } catch (err) {
      if (err instanceof InvalidTokenError) throw err;
      if (err instanceof errors.JOSEError) throw new InvalidTokenError(err.code === 'ERR_JWT_EXPIRED' ? 'The token has expired' : 'Invalid token');
      if (err instanceof TypeError || err instanceof SyntaxError) throw new InvalidTokenError('Malformed token');
      throw err;
    }
  };
}

// ---------------------------------------------------------------- verified tokens, remembered
// A client sends the same token with every request for up to an hour; checking it again each
// time (an RS256 signature in production) would be a large share of a cheap request's cost.
// Only tokens that verified are kept, keyed by the token itself and never past their own `exp`,
// so nothing is accepted that the verifier would refuse, except a token revoked meanwhile, which
// the verifier does not check either (decision 005). The caller's user row is cached for a much
// shorter time, and dropped whenever users may have changed (auth/user-cache.ts).

/** Tokens kept; the least recently used go first (about 1 KB each). */
export const DEFAULT_CACHED_TOKENS = 10_000;

export function cacheVerifiedTokens(verify: TokenVerifier, options: { maxEntries?: number; now?: () => number } = {}): TokenVerifier {
  const cache = new LruCache<string, VerifiedIdentity>({ maxEntries: options.maxEntries ?? DEFAULT_CACHED_TOKENS });
  const now = options.now ?? Date.now;
  return async (token) => {
    const known = cache.get(token);
    if (known && known.expiresAt * 1000 > now()) return known;
    if (known) cache.delete(token);
    const identity = await verify(token);
    cache.set(token, identity);
    return identity;
  };
}
