/**
 * The one way the app calls its API: `apiFetch('/api/dashboard', { schema: DashboardStats })`,
 * or `apiStream('/api/sync', ...)` for a response read as it streams in.
 * Adds the signed-in user's ID token as a bearer header, sends cookies and JSON, turns a query
 * object into URL parameters, and throws `ApiError` (contracts) for any failed response, so
 * every screen shows failures with `getErrorMessage(error, fallback)`.
 */
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { hasNetwork, isOffline, reportAnswer, reportNoAnswer } from './connectivity';
import { failure, NETWORK_ERROR_MESSAGE, readBody } from './api-response';
import { getIdToken } from './session';

export { NETWORK_ERROR_MESSAGE } from './api-response';

/** The message when no ID token can be had (signed out, or the identity service failed). */
export const AUTH_FAILED_MESSAGE = 'Authentication failed';

/** A query value; undefined, null and '' are left out of the URL. */
export type QueryValue = string | number | boolean | null | undefined;

/**
 * The identity service could not refresh the token because there is no network (Firebase's
 * auth/network-request-failed, or the browser is offline). That is not a signed-out user: the
 * call fails as any other request without a connection, and the session stays.
 */
export function isOfflineTokenFailure(err: unknown): boolean {
  if ((err as { code?: unknown } | null)?.code === 'auth/network-request-failed') return true;
  return isOffline();
}

export interface ApiFetchOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Parses (and so checks) the response body: a zod schema from contracts. */
  schema?: { parse: (data: unknown) => T };
  /** Send the bearer token (default). The invitation-by-token lookup sends none. */
  auth?: boolean;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
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

export interface ApiClientDeps {
  getToken: () => Promise<string | null>;
  fetch: typeof fetch;
}

/** What a streamed call takes: apiFetch's options without a schema (the body is read as it comes). */
export type ApiStreamOptions = Omit<ApiFetchOptions<never>, 'schema'>;

/** What one request is sent with: its URL (query included) and its init (token, cookies, body). */
export interface PreparedRequest {
  url: string;
  init: RequestInit;
}

/**
 * A request ready to send, with the bearer token: what `send` fetches, and what a worker that
 * fetches for itself asks the page for (catalog-pull-remote.ts). Throws as `send` does before
 * any fetch: no network, or no token.
 */
export async function prepareRequest(
  deps: Pick<ApiClientDeps, 'getToken'>,
  path: string,
  { method = 'GET', body, query, auth = true, headers: extra }: Omit<ApiStreamOptions, 'signal'>,
  accept: string,
): Promise<PreparedRequest> {
  // Not asked when it is known to find no answer (the browser would log each as an error): never
  // while the browser says it has no network, and no read while the server has not answered since
  // a request found none (connectivity.ts probes it, and a read that failed is asked again on
  // reconnect). A write is still tried: the person pressed something, and it may get through.
  if (!hasNetwork() || (method === 'GET' && isOffline())) throw new Error(NETWORK_ERROR_MESSAGE);
  const headers: Record<string, string> = { ...extra, Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (auth) {
    let token: string | null;
    try {
      token = await deps.getToken();
    } catch (err) {
      if (isOfflineTokenFailure(err)) {
        reportNoAnswer();
        throw new Error(NETWORK_ERROR_MESSAGE, { cause: err });
      }
      token = null;
    }
    if (!token) throw new ApiError(ErrorCode.UNAUTHENTICATED, AUTH_FAILED_MESSAGE);
    headers.Authorization = `Bearer ${token}`;
  }
  return {
    url: withQuery(path, query),
    init: { method, headers, credentials: 'include', body: body === undefined ? undefined : JSON.stringify(body) },
  };
}

/**
 * Sends one request with the bearer token, cookies and JSON body; resolves with the response
 * whatever its status. Shared by apiFetch (reads the JSON) and apiStream (hands the body over).
 */
async function send(deps: ApiClientDeps, path: string, options: ApiStreamOptions, accept: string): Promise<Response> {
  const { url, init } = await prepareRequest(deps, path, options, accept);
  const { signal } = options;
  try {
    const res = await deps.fetch(url, { ...init, signal });
    reportAnswer();
    return res;
  } catch (err) {
    if (signal?.aborted) throw err;
    // No answer at all: the app shows itself offline until the server answers again.
    reportNoAnswer();
    throw new Error(NETWORK_ERROR_MESSAGE, { cause: err });
  }
}

/** Builds `apiFetch` over a token source and fetch; the app uses Firebase and the browser's. */
export function createApiFetch(deps: ApiClientDeps) {
  return async function apiFetch<T = unknown>(
    path: string,
    options: ApiFetchOptions<T> = {},
  ): Promise<T> {
    const { schema, ...rest } = options;
    // A contracts schema is built on its first use (decision 042): that is now, in the task that
    // sends the request, not in the one that reads its answer. At a phone's start-up the first
    // few cost 5-12 ms each, on top of the parse.
    const parse = schema?.parse.bind(schema);
    const res = await send(deps, path, rest, 'application/json');
    if (!res.ok) throw await failure(res);
    const data = await readBody(res);
    return parse ? parse(data) : (data as T);
  };
}

/**
 * Builds `apiStream`, for a response read as it arrives (POST /api/sync): the same token, cookies
 * and errors as apiFetch, but an OK response comes back with its body unread. A failed one is
 * read whole and thrown as `ApiError`, so a refusal before streaming (409, 400) shows the
 * server's message.
 */
export function createApiStream(deps: ApiClientDeps) {
  return async function apiStream(path: string, options: ApiStreamOptions = {}): Promise<Response> {
    const res = await send(deps, path, options, 'text/event-stream, application/json');
    if (!res.ok) throw await failure(res);
    return res;
  };
}

const browserDeps: ApiClientDeps = {
  getToken: getIdToken,
  fetch: (input, init) => window.fetch(input, init),
};

export const apiFetch = createApiFetch(browserDeps);

export const apiStream = createApiStream(browserDeps);
