/**
 * GET /api/login (the spec's login endpoint, reached by a browser navigation): the web app signs
 * people in on /login, so this redirects there (302), keeping `from`, the page to return to after
 * signing in, when it is a path of this site (`/products?page=2`; never `//host` or a URL, which
 * would make the link an open redirect). Anything else is dropped and the sign-in returns to /.
 */
import { defineRoutes } from '../define-routes';

/** Longest `from` kept; a longer one is dropped. */
export const MAX_FROM_LENGTH = 2048;

/** `from` if it is a path on this site, else undefined. */
export function sameSitePath(from: string | undefined): string | undefined {
  if (!from || from.length > MAX_FROM_LENGTH) return undefined;
  if (!from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return undefined;
  // Control characters (a header split, a tab the browser would drop) make it no path of ours.
  return /[\u0000-\u001f\u007f]/.test(from) ? undefined : from;
}

export function loginRedirectRoutes() {
  return defineRoutes({
    'GET /api/login': (c) => {
      const from = sameSitePath(c.req.query('from'));
      c.header('Cache-Control', 'no-store');
      return c.redirect(from ? `/login?${new URLSearchParams({ from })}` : '/login', 302);
    },
  });
}
