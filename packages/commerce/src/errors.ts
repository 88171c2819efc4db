/**
 * Failures of BigCommerce calls as data: `BigCommerceError` carries the HTTP status and the
 * body BigCommerce sent (`{status, title, type, errors}`) plus a `kind` that says what the
 * caller can do about it (fix credentials, retry later, show a validation message, ...).
 */

export const BigCommerceErrorKind = {
  /** 401/403: the access token is wrong, revoked or lacks the scope. Ask for new credentials. */
  AUTH: 'auth',
  /** 404: the store hash is unknown, or the product/variant/tree does not exist. */
  NOT_FOUND: 'not_found',
  /** 429 still answered after the allowed rate-limit retries. Try again later. */
  RATE_LIMITED: 'rate_limited',
  /** 400/409/413/422 and other 4xx: the request itself is wrong; `errors` says which field. */
  VALIDATION: 'validation',
  /** 5xx still answered after the allowed retries. */
  SERVER: 'server',
  /** The connection failed or broke (ECONNRESET, socket hang up, fetch failed) on every attempt. */
  NETWORK: 'network',
  /** No answer within the request timeout on every attempt. */
  TIMEOUT: 'timeout',
  /** The caller's AbortSignal fired. */
  ABORTED: 'aborted',
} as const;
export type BigCommerceErrorKind = (typeof BigCommerceErrorKind)[keyof typeof BigCommerceErrorKind];

export interface BigCommerceErrorInit {
  kind: BigCommerceErrorKind;
  message?: string;
  status?: number | null;
  title?: string;
  type?: string;
  errors?: Record<string, unknown>;
  method?: string;
  path?: string;
  cause?: unknown;
}

export class BigCommerceError extends Error {
  override readonly name = 'BigCommerceError';
  readonly kind: BigCommerceErrorKind;
  /** The HTTP status, or null when no response arrived (network, timeout, aborted). */
  readonly status: number | null;
  /** BigCommerce's `title`, or a description of what went wrong. */
  readonly title: string;
  readonly type: string | undefined;
  /** BigCommerce's detailed `errors` (field or item -> message); empty when none were sent. */
  readonly errors: Record<string, unknown>;
  readonly method: string | undefined;
  readonly path: string | undefined;

  constructor(init: BigCommerceErrorInit) {
    const title = init.title ?? init.message ?? init.kind;
    const where = init.method && init.path ? ` (${init.method} ${init.path})` : '';
    super(init.message ?? `${init.status ? `${init.status} ` : ''}${title}${where}`, { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.title = title;
    this.type = init.type;
    this.errors = init.errors ?? {};
    this.method = init.method;
    this.path = init.path;
  }

  /** The body as BigCommerce shapes its errors, e.g. to log or to pass on. */
  toJSON(): { kind: BigCommerceErrorKind; status: number | null; title: string; type?: string; errors: Record<string, unknown> } {
    return { kind: this.kind, status: this.status, title: this.title, type: this.type, errors: this.errors };
  }
}

export function isBigCommerceError(value: unknown, kind?: BigCommerceErrorKind): value is BigCommerceError {
  return value instanceof BigCommerceError && (kind === undefined || value.kind === kind);
}

export function kindForStatus(status: number): BigCommerceErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server';
  return 'validation';
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The error for a non-2xx answer. BigCommerce puts `{status, title, type, errors}` at the top
 * level on most endpoints and under `errors` on the category-trees ones; both are read.
 */
export function errorFromResponse(status: number, body: unknown, request: { method: string; path: string }): BigCommerceError {
  const top = isRecord(body) ? body : {};
  const nested = isRecord(top.errors) && typeof top.errors.title === 'string' ? top.errors : undefined;
  const source = typeof top.title === 'string' ? top : (nested ?? top);
  const title = typeof source.title === 'string' ? source.title : typeof body === 'string' && body.trim() ? body.trim().slice(0, 200) : `HTTP ${status}`;
  return new BigCommerceError({
    kind: kindForStatus(status),
    status,
    title,
    type: typeof source.type === 'string' ? source.type : undefined,
    errors: isRecord(source.errors) ? source.errors : {},
    method: request.method,
    path: request.path,
  });
}

const NETWORK_CODES = new Set([
  'ECONNRESET', 'ECONNREFUSED', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'ENOTFOUND', 'EHOSTUNREACH',
  'ENETUNREACH', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT',
]);

/** True for the failures of a connection rather than of the program: reset, refused, hang up, fetch failed. */
export function isNetworkFailure(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    if (typeof message === 'string' && /fetch failed|socket hang up|terminated|other side closed|network/i.test(message)) return true;
  }
  return false;
}
