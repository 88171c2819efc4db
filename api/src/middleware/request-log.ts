/**
 * Gives every request an id (echoed in `X-Request-Id`, reused from the caller when it sends a
 * sane one) and writes one structured log line when the response is done.
 */
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../lib/logger';

export type AppEnv = { Variables: { requestId: string; log: Logger } };

const ID_PATTERN = /^[A-Za-z0-9._-]{8,128}$/;

export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && ID_PATTERN.test(incoming) ? incoming : crypto.randomUUID();
    const log = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    c.header('X-Request-Id', requestId);
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const status = c.res.status;
    const fields = { method: c.req.method, path: c.req.path, status, ms };
    if (status >= 500) log.error('request', fields);
    else if (c.req.path.startsWith('/api/')) log.info('request', fields);
    else log.debug('request', fields);
  };
}
