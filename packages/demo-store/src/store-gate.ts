/**
 * The middleware in front of every store API route, in the order BigCommerce's gateway applies
 * them: latency, the store hash (404), the access token (401), the store's rate limit (429 with
 * X-Rate-Limit-* headers on every answer), then injected faults (429, 500, or a dropped
 * connection). Each uses the settings of the store in the path (its own over the global ones),
 * and each request is counted globally and for its store.
 */
// Node's own timer promise: the demo store cannot import @catalog/commerce's sleep (commerce tests against the demo store).
import { setTimeout as sleep } from 'node:timers/promises';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { errorBody } from './responses';
import type { DemoStoreState, StoreAccount } from './store-state';
import type { StoreStats } from './store-stats';

/** The longest reset an injected 429 announces, in ms. */
export const INJECTED_429_MAX_RESET_MS = 1_000;

/** A response whose body fails to arrive, for `app.request` callers that have no socket to drop. */
function brokenResponse(): Response {
  const body = new ReadableStream({
    start(controller) {
      controller.error(Object.assign(new TypeError('socket hang up'), { code: 'ECONNRESET' }));
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
}

/**
 * The counters a request adds to: the global ones, and its store's when the hash is known.
 * Read at each count, not once: a reset during the latency replaces them.
 */
function countersOf(state: DemoStoreState, account: StoreAccount | undefined): StoreStats[] {
  return account ? [state.stats, account.stats] : [state.stats];
}

export function storeGate(state: DemoStoreState): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const hash = c.req.param('hash') ?? '';
    const account = state.account(hash);
    for (const stats of countersOf(state, account)) stats.requests++;
    // An unknown hash waits the global latency, so a 404 takes as long as any answer.
    const settings = account ? state.settingsOf(hash) : state.settings;
    if (settings.latencyMs > 0) await sleep(settings.latencyMs);

    if (!account) return c.json(errorBody(404, `No store was found for the hash "${hash}".`), 404);
    // The store's own token, or one issued to the registered app (until it is uninstalled).
    const clientId = state.clientIdFor(account, c.req.header('X-Auth-Token'));
    if (clientId === undefined) return c.json(errorBody(401, 'The access token is missing or not valid for this store.'), 401);

    const limit = state.limiter.take(hash);
    for (const [name, value] of Object.entries(limit.headers)) c.header(name, value);
    if (!limit.allowed) {
      for (const stats of countersOf(state, account)) stats.rateLimited++;
      return c.json(errorBody(429, 'Too many requests: the store has used its request quota for this window.'), 429);
    }

    const fault = state.drawFault(account);
    if (fault) for (const stats of countersOf(state, account)) stats.faults[fault]++;
    if (fault === '429') {
      // As if another app had spent the quota; the reset is capped so runs with injected
      // faults are not dominated by 30-second waits.
      const headers = state.limiter.peek(hash);
      const resetMs = Math.min(Number(headers['X-Rate-Limit-Time-Reset-Ms']), INJECTED_429_MAX_RESET_MS);
      for (const [name, value] of Object.entries(headers)) c.header(name, value);
      c.header('X-Rate-Limit-Requests-Left', '0');
      c.header('X-Rate-Limit-Time-Reset-Ms', String(resetMs));
      return c.json(errorBody(429, 'Too many requests (injected).'), 429);
    }
    if (fault === '500') return c.json(errorBody(500, 'Internal Server Error (injected).'), 500);
    if (fault === 'drop') {
      const socket = c.env?.incoming?.socket;
      if (!socket) return brokenResponse();
      socket.destroy();
      return c.body(null, 500);
    }

    c.set('catalog', account.catalog);
    c.set('storeHash', hash);
    // Read again: the settings may have changed during the latency.
    c.set('keepPrices', state.settingsOf(hash).keepOldPrices);
    c.set('hooks', account.hooks);
    c.set('clientId', clientId);
    c.set('pricing', account.pricing);
    c.set('metafields', account.metafields);
    await next();
  };
}
