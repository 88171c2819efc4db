/**
 * Who may frame what (issue 34): the app's pages (HTML documents, and the redirects of the
 * BigCommerce callbacks that lead to them) may be framed by BigCommerce's control panel only,
 * `frame-ancestors` from BIGCOMMERCE_CONTROL_PANEL_ORIGINS, and send no X-Frame-Options (which
 * cannot name another origin). Every other answer keeps secureHeaders' `frame-ancestors 'none'`
 * and X-Frame-Options. Registered before secureHeaders, so it rewrites what secureHeaders set.
 */
import type { MiddlewareHandler } from 'hono';

const NONE = "frame-ancestors 'none'";

export function controlPanelFraming(origins: readonly string[]): MiddlewareHandler {
  const allowed = `frame-ancestors ${origins.join(' ')}`;
  return async (c, next) => {
    await next();
    const type = c.res.headers.get('Content-Type') ?? '';
    const page = type.startsWith('text/html') || (c.req.path.startsWith('/bigcommerce/') && c.res.status >= 300 && c.res.status < 400);
    const csp = c.res.headers.get('Content-Security-Policy');
    if (!page || !csp?.includes(NONE)) return;
    c.res.headers.set('Content-Security-Policy', csp.replace(NONE, allowed));
    c.res.headers.delete('X-Frame-Options');
  };
}
