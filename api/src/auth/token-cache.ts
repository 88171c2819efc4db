/**
 * Verified ID tokens remembered until they expire, keyed by the token itself: a client sends the
 * same token with every request for up to an hour, and checking it again each time (an RS256
 * signature in production) would be a large share of a cheap request's cost. Only tokens that
 * verified are kept, never past their own `exp`, so nothing is accepted that the verifier would
 * refuse, except a token revoked meanwhile, which the verifier does not check either (decision
 * 005). The caller's user row is still read on every request (role and access changes apply at
 * once).
 */
import { LruCache } from '../lib/lru-cache';
import type { TokenVerifier, VerifiedIdentity } from './verify-token';

/** Tokens kept; the least recently used go first (about 1 KB each). */
export const DEFAULT_CACHED_TOKENS = 10_000;

export function cacheVerifiedTokens(
  verify: TokenVerifier, options: { maxEntries?: number; now?: () => number } = {},
): TokenVerifier {
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
