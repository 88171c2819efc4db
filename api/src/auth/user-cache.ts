/**
 * Who a token belongs to, remembered for a moment: signed-in reads (a products page from the
 * cache is ~0.1 ms of work) would otherwise pay a token check and a read of the caller's user
 * row every time. An entry maps a token to the user row it was last resolved to and is used:
 *
 *   - only until the earlier of the token's own `exp` and USER_CACHE_TTL_MS after it was read,
 *     so a change made outside this process (another server, a script, the database by hand)
 *     applies within that time;
 *   - only while nothing that could have changed users happened in this process since it was
 *     read: every finished request that is not a GET or HEAD (removing a member, accepting an
 *     invitation, the walkthrough flag, any future role change) and every explicit
 *     `forgetCachedUsers()` move a process-wide epoch, and entries of an older epoch are
 *     refused. A member removed through the API is therefore out of the old company on their
 *     very next request, in every app of the process.
 *
 * The epoch is read before the user row, so a row read while a change was being written is
 * never kept past that change.
 */
import { LruCache } from '@catalog/contracts/lru-cache';
import type { User } from '../db/repositories';

/** How long a token's user row is trusted without reading it again. */
export const USER_CACHE_TTL_MS = 2_000;
/** Tokens remembered; the least recently used go first. */
export const DEFAULT_CACHED_USERS = 10_000;

let epoch = 0;

/**
 * Makes every app of this process read its callers' user rows again on their next request. Call
 * it after changing users (role, company, active flag) outside an API request; the API's own
 * non-GET requests do it when they finish (middleware/authenticate.ts).
 */
export function forgetCachedUsers(): void {
  epoch++;
}

/** The current epoch: take it before reading a user row, keep the row under it. */
export function usersEpoch(): number {
  return epoch;
}

interface Entry {
  user: User;
  /** The token's `email_verified` (fixed for a token: a refreshed token is another key). */
  emailVerified: boolean;
  /** ms since the epoch (the clock's), after which the entry is not used. */
  until: number;
  epoch: number;
}

export interface UserCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** The clock (ms); tests move it. */
  now?: () => number;
}

export class UserCache {
  private readonly entries: LruCache<string, Entry>;
  private readonly ttlMs: number;
  readonly now: () => number;

  constructor(options: UserCacheOptions = {}) {
    this.entries = new LruCache({ maxEntries: options.maxEntries ?? DEFAULT_CACHED_USERS });
    this.ttlMs = options.ttlMs ?? USER_CACHE_TTL_MS;
    this.now = options.now ?? (() => Date.now());
  }

  /** The user `token` was resolved to, while that may still be trusted. */
  get(token: string): User | undefined {
    return this.caller(token)?.user;
  }

  /** The user `token` was resolved to and whether the token's email is verified, while trusted. */
  caller(token: string): { user: User; emailVerified: boolean } | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.epoch === epoch && entry.until > this.now()) return { user: entry.user, emailVerified: entry.emailVerified };
    this.entries.delete(token);
    return undefined;
  }

  /**
   * Keeps `user` for `token` (read under `readEpoch`) until `tokenExpiresAt` (the token's `exp`,
   * seconds) or the TTL, whichever comes first, with the token's `emailVerified`.
   */
  set(token: string, user: User, readEpoch: number, tokenExpiresAt: number, emailVerified = false): void {
    if (readEpoch !== epoch) return;
    const until = Math.min(this.now() + this.ttlMs, tokenExpiresAt * 1000);
    if (until > this.now()) this.entries.set(token, { user, emailVerified, until, epoch: readEpoch });
  }
}
