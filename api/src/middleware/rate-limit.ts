/**
 * Rate limits (rate-limiter-flexible): the limits, their defaults and environment variables in
 * one table, and the middleware that applies them.
 *
 * - Per signed-in user: every request overall, and the costly writes on their own (a sync, a
 *   work order, an invitation). Applied right after `authenticate`, keyed by the user's id.
 * - Per client address: the endpoints a caller reaches without signing in (an invitation's
 *   link and its accept), before anything else runs. The Stripe webhook is never limited.
 * - The store's webhook receiver (`webhook`): per company, every delivery that carries the
 *   company's secret (so nobody else can spend a company's allowance); per client address, the
 *   deliveries refused for a wrong or missing secret, and once those are over their limit every
 *   delivery from that address, refused before anything is read. BigCommerce delivers every
 *   store's webhooks from the same few addresses, so their accepted deliveries never count
 *   against an address. A delivery refused with 429 is delivered again later by BigCommerce.
 *
 * Counters live in PostgreSQL's `rate_limits` table when the database is PostgreSQL, so a limit
 * holds across API processes; on SQLite (one process) in this process's memory.
 *
 * Over a limit: 429 RATE_LIMITED "Too many requests. Try again in N seconds.", with Retry-After
 * and the IETF RateLimit-Limit / RateLimit-Remaining / RateLimit-Reset headers (sent on limited
 * answers that pass too).
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import type { Logger } from '../lib/logger';
import type { AuthedEnv } from './authenticate';
import type { AppEnv } from './request-log';

/** Every limit: requests allowed per window by default, the window, and the variable that overrides it. */
export const RATE_LIMITS = {
  /** Every request of a signed-in user. */
  user: { env: 'RATE_LIMIT_USER_PER_MINUTE', default: 600, windowSec: 60 },
  /** POST /api/sync, per user. */
  sync: { env: 'RATE_LIMIT_SYNC_PER_MINUTE', default: 6, windowSec: 60 },
  /** POST /api/work-orders, per user. */
  workOrders: { env: 'RATE_LIMIT_WORK_ORDERS_PER_MINUTE', default: 120, windowSec: 60 },
  /** POST /api/invitations, per user. */
  invitations: { env: 'RATE_LIMIT_INVITATIONS_PER_HOUR', default: 30, windowSec: 3600 },
  /** Unauthenticated endpoints (an invitation by its link, its accept), per client address. */
  publicAddress: { env: 'RATE_LIMIT_PUBLIC_PER_MINUTE', default: 60, windowSec: 60 },
  /**
   * Store webhook deliveries with the company's secret, per company: 50 a second, so a bulk
   * edit of thousands of products in the store arrives within a minute or two.
   */
  webhooks: { env: 'RATE_LIMIT_WEBHOOKS_PER_MINUTE', default: 3_000, windowSec: 60 },
  /** Store webhook deliveries refused for their secret, per client address (someone guessing). */
  webhookRefusals: { env: 'RATE_LIMIT_WEBHOOK_REFUSALS_PER_MINUTE', default: 300, windowSec: 60 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;
/** Requests allowed per window of each limit; 0 or absent: that limit is off. */
export type RateLimits = Partial<Record<RateLimitName, number>>;

export const DEFAULT_RATE_LIMITS: Readonly<Record<RateLimitName, number>> = Object.fromEntries(
  Object.entries(RATE_LIMITS).map(([name, limit]) => [name, limit.default]),
) as Record<RateLimitName, number>;

/** The per-user limits of single routes ("METHOD /api/path", exact). */
const ROUTE_LIMITS: Readonly<Record<string, RateLimitName>> = {
  'POST /api/sync': 'sync',
  'POST /api/work-orders': 'workOrders',
  'POST /api/invitations': 'invitations',
};

/** The unauthenticated endpoints limited per address: an invitation's link and its accept. */
const PUBLIC_ROUTES: ReadonlyArray<{ method: string; path: RegExp }> = [
  { method: 'GET', path: /^\/api\/invitations\/[^/]+\/?$/ },
  { method: 'POST', path: /^\/api\/invitations\/[^/]+\/accept\/?$/ },
];

export interface RateLimitOptions {
  limits: RateLimits;
  /** PostgreSQL: the app's pool (search_path is its schema, where migration 0003 made `rate_limits`). Absent: memory. */
  pgPool?: pg.Pool;
  /** Proxies in front of the API that append to X-Forwarded-For (TRUST_PROXY); 0: the socket's address. */
  trustProxy?: number;
  logger: Logger;
}

export interface RateLimiting {
  /** After `authenticate`: the user's overall limit and the route's own. */
  user: MiddlewareHandler<AuthedEnv>;
  /** Before routing: the per-address limit of the unauthenticated endpoints. */
  publicAddress: MiddlewareHandler<AppEnv>;
  /** The store webhook receiver's limits (the module comment); each throws 429 RATE_LIMITED when over. */
  webhook: {
    /** First: refuses an address whose refused deliveries are over their limit, without counting. */
    checkAddress(c: Context): Promise<void>;
    /** A delivery refused for its secret: counts against its address. */
    refused(c: Context): Promise<void>;
    /** A delivery with the company's secret: counts against the company. */
    accepted(c: Context, companyId: string): Promise<void>;
  };
}

interface Limiter {
  name: RateLimitName;
  points: number;
  store: RateLimiterAbstract;
}

export function createRateLimiting(options: RateLimitOptions): RateLimiting {
  const { limits, pgPool, trustProxy = 0, logger } = options;
  const limiters = new Map<RateLimitName, Limiter>();
  let sweeps = false;
  for (const name of Object.keys(RATE_LIMITS) as RateLimitName[]) {
    const points = limits[name] ?? 0;
    if (!(points > 0)) continue;
    const common = { keyPrefix: name, points, duration: RATE_LIMITS[name].windowSec };
    const store = pgPool
      ? new RateLimiterPostgres({
        ...common,
        storeClient: pgPool,
        storeType: 'pool',
        tableName: 'rate_limits',
        tableCreated: true,
        // One limiter per process deletes expired rows (of every limit) every 5 minutes.
        clearExpiredByTimeout: !sweeps,
      })
      : new RateLimiterMemory(common);
    sweeps = true;
    limiters.set(name, { name, points, store });
  }

  /** Consumes a point of each limiter; throws 429 when one is over, else sets the tightest's headers. */
  const check = async (c: Context, applying: Limiter[], key: string): Promise<void> => {
    if (applying.length === 0) return;
    const results = await Promise.all(applying.map(async (limiter) => {
      try {
        return { limiter, res: await limiter.store.consume(key), limited: false };
      } catch (err) {
        if (err instanceof RateLimiterRes) return { limiter, res: err, limited: true };
        // Fail open: a limiter whose store fails (the database is unreachable, say) must not
        // turn every request into a 500. The request goes through unlimited; the failure is logged.
        (c.get('log') ?? logger).error('rate limiter failed: request let through', {
          limit: limiter.name,
          error: err instanceof Error ? err.message : String(err),
        });
        return null;
      }
    }));
    const answered = results.filter((r) => r !== null);
    const over = answered.filter((r) => r.limited).sort((a, b) => b.res.msBeforeNext - a.res.msBeforeNext)[0];
    const shown = over ?? answered.sort((a, b) => a.res.remainingPoints - b.res.remainingPoints || b.res.msBeforeNext - a.res.msBeforeNext)[0];
    if (!shown) return;
    const resetSec = Math.max(1, Math.ceil(shown.res.msBeforeNext / 1000));
    c.header('RateLimit-Limit', String(shown.limiter.points));
    c.header('RateLimit-Remaining', String(over ? 0 : shown.res.remainingPoints));
    c.header('RateLimit-Reset', String(resetSec));
    // errorJson (lib/http.ts) turns retryAfterMs into the Retry-After header, as for every 429.
    if (over) throw new ApiError(ErrorCode.RATE_LIMITED, `Too many requests. Try again in ${resetSec} seconds.`, { retryAfterMs: resetSec * 1000 });
  };

  const userLimiter = limiters.get('user');
  const addressLimiter = limiters.get('publicAddress');
  const webhookLimiter = limiters.get('webhooks');
  const refusalLimiter = limiters.get('webhookRefusals');
  // `authenticate` may run twice for one request (app.ts puts it on '/sync' and '/sync/*', which
  // both match /api/sync): a request is counted once.
  const counted = new WeakSet<Request>();
  return {
    user: async (c, next) => {
      if (counted.has(c.req.raw)) return next();
      counted.add(c.req.raw);
      const route = ROUTE_LIMITS[`${c.req.method} ${c.req.path.replace(/(.)\/$/, '$1')}`];
      const routeLimiter = route ? limiters.get(route) : undefined;
      const applying = [userLimiter, routeLimiter].filter((l): l is Limiter => l !== undefined);
      await check(c, applying, c.get('user').id);
      await next();
    },
    publicAddress: async (c, next) => {
      const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
      if (addressLimiter && PUBLIC_ROUTES.some((r) => r.method === method && r.path.test(c.req.path))) {
        await check(c, [addressLimiter], clientAddress(c, trustProxy));
      }
      await next();
    },
    webhook: {
      async checkAddress(c) {
        if (!refusalLimiter) return;
        let seen: RateLimiterRes | null;
        try {
          seen = await refusalLimiter.store.get(clientAddress(c, trustProxy));
        } catch (err) {
          // Fail open, as `check` does.
          (c.get('log') ?? logger).error('rate limiter failed: request let through', { limit: refusalLimiter.name, error: err instanceof Error ? err.message : String(err) });
          return;
        }
        if (seen && seen.consumedPoints > refusalLimiter.points) {
          const resetSec = Math.max(1, Math.ceil(seen.msBeforeNext / 1000));
          c.header('RateLimit-Limit', String(refusalLimiter.points));
          c.header('RateLimit-Remaining', '0');
          c.header('RateLimit-Reset', String(resetSec));
          throw new ApiError(ErrorCode.RATE_LIMITED, `Too many requests. Try again in ${resetSec} seconds.`, { retryAfterMs: resetSec * 1000 });
        }
      },
      refused: async (c) => {
        if (refusalLimiter) await check(c, [refusalLimiter], clientAddress(c, trustProxy));
      },
      accepted: async (c, companyId) => {
        if (webhookLimiter) await check(c, [webhookLimiter], companyId);
      },
    },
  };
}

/**
 * The caller's address: the socket's, or with `trustProxy` proxies in front, the address the
 * outermost of them saw (each appends the address it saw to X-Forwarded-For, so that is the
 * entry `trustProxy` from the right; what a caller wrote further left is not believed).
 */
export function clientAddress(c: Context, trustProxy: number): string {
  if (trustProxy > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((h) => h.trim()).filter(Boolean);
    const seen = hops[Math.max(0, hops.length - trustProxy)];
    if (seen) return seen.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // no socket (app.request in tests)
  }
}
