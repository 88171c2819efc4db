/**
 * Gives every request an id (echoed in `X-Request-Id`, reused from the caller when it sends a
 * sane one) and writes one structured log line when the response is done. Secrets in the URL
 * never reach the log: an invitation's token (or id) in its path, and the value of any
 * token-like query parameter (token, code, oobCode, key, ...), read `[redacted]`.
 */
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../lib/logger';

export type AppEnv = { Variables: { requestId: string; log: Logger } };

const ID_PATTERN = /^[A-Za-z0-9._-]{8,128}$/;

export const REDACTED = '[redacted]';
/** Paths whose segment after the prefix is a secret: an invitation's token (its link, its accept). */
const SECRET_PATH = /^(\/api\/invitations\/)[^/]+/;
/** Query parameters whose value is a secret (invitation token, Firebase oobCode, API keys, signatures). */
const SECRET_PARAM = /token|code|key|secret|pass|sig|auth|session|jwt/i;

/** The path as it may be logged. */
export function redactPath(path: string): string {
  return path.replace(SECRET_PATH, `$1${REDACTED}`);
}

/** The query string (without '?') as it may be logged: token-like parameters' values redacted. */
export function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a malformed name is logged as sent (and matched as such)
      }
      return eq >= 0 && SECRET_PARAM.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
}

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
    const url = c.req.url;
    const q = url.indexOf('?');
    const fields: Record<string, unknown> = { method: c.req.method, path: redactPath(c.req.path), status, ms };
    if (q >= 0 && q < url.length - 1) fields.query = redactQuery(url.slice(q + 1).split('#')[0]!);
    if (status >= 500) log.error('request', fields);
    else if (c.req.path.startsWith('/api/')) log.info('request', fields);
    else log.debug('request', fields);
  };
}
