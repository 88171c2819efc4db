/**
 * `Cache-Control: no-store` on every answer of a signed-in API route (routes/route-table.ts:
 * any access but 'public' and 'webhook'), errors included, so no browser or proxy cache keeps a
 * company's data. Public answers (health, an invitation's link) keep the caching they set; an
 * API answer that set none, an unknown route's 404 say, gets no-store too.
 */
import type { MiddlewareHandler } from 'hono';
import { ROUTE_TABLE, type RouteSpec } from '../routes/route-table';

/** Each route of the table as a method and a pattern of its path (`:param` is one segment). */
const ROUTES = Object.entries(ROUTE_TABLE as Record<string, RouteSpec>).map(([key, spec]) => {
  const [method, path] = key.split(' ') as [string, string];
  const pattern = new RegExp(`^${path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}/?$`);
  return { method, pattern, literal: !path.includes(':'), spec };
});

/** The table's row for a request; a literal path wins over a pattern (DELETE /api/products/all). */
export function routeFor(method: string, path: string): RouteSpec | undefined {
  const matches = ROUTES.filter((r) => r.method === method && r.pattern.test(path));
  return (matches.find((r) => r.literal) ?? matches[0])?.spec;
}

const isPublic = (spec: RouteSpec | undefined) => spec?.access === 'public' || spec?.access === 'webhook';

export function noStoreSignedIn(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const current = c.res.headers.get('Cache-Control');
    if (current && /(^|,)\s*no-store\s*(,|$)/i.test(current)) return;
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    if (current && isPublic(routeFor(method, c.req.path))) return;
    c.res.headers.set('Cache-Control', 'no-store');
  };
}
