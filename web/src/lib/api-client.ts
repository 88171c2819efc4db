/**
 * The one way the app calls its API: `apiFetch('/api/dashboard', { schema: DashboardStats })`.
 * Adds the signed-in user's ID token as a bearer header, sends cookies and JSON, turns a query
 * object into URL parameters, and throws `ApiError` (contracts) for any failed response, so
 * every screen shows failures with `getErrorMessage(error, fallback)`.
 */
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { getIdToken } from './session';

/** The message when no ID token can be had (signed out, or the identity service failed). */
export const AUTH_FAILED_MESSAGE = 'Authentication failed';
/** The message when the request never reached the server. */
export const NETWORK_ERROR_MESSAGE =
  'Network error. Please check your internet connection and try again.';

/** A query value; undefined, null and '' are left out of the URL. */
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiFetchOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Parses (and so checks) the response body: a zod schema from contracts. */
  schema?: { parse: (data: unknown) => T };
  /** Send the bearer token (default). The invitation-by-token lookup sends none. */
  auth?: boolean;
  signal?: AbortSignal;
}

/** '/api/products' + { search: 'mug', category: '' } -> '/api/products?search=mug'. */
export function withQuery(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export interface ApiClientDeps {
  getToken: () => Promise<string | null>;
  fetch: typeof fetch;
}

/** Builds `apiFetch` over a token source and fetch; the app uses Firebase and the browser's. */
export function createApiFetch(deps: ApiClientDeps) {
  return async function apiFetch<T = unknown>(
    path: string,
    options: ApiFetchOptions<T> = {},
  ): Promise<T> {
    const { method = 'GET', body, query, schema, auth = true, signal } = options;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (auth) {
      let token: string | null;
      try {
        token = await deps.getToken();
      } catch {
        token = null;
      }
      if (!token) throw new ApiError(ErrorCode.UNAUTHENTICATED, AUTH_FAILED_MESSAGE);
      headers.Authorization = `Bearer ${token}`;
    }

    let res: Response;
    try {
      res = await deps.fetch(withQuery(path, query), {
        method,
        headers,
        credentials: 'include',
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new Error(NETWORK_ERROR_MESSAGE, { cause: err });
    }

    const data = await readBody(res);
    if (!res.ok) throw ApiError.fromResponse(res.status, data, res.statusText);
    return schema ? schema.parse(data) : (data as T);
  };
}

export const apiFetch = createApiFetch({
  getToken: getIdToken,
  fetch: (input, init) => window.fetch(input, init),
});
