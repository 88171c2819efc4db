/**
 * Errors as data: the error codes, their HTTP statuses, the one error body every API error
 * uses (`{ error: { code, message, fields? } }`), and `ApiError`, which the API throws and the
 * web client rebuilds from a response, so both sides speak of failures the same way.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

export const ErrorCode = {
  /** 400: a field is wrong; `fields` says which (also any request that fails its schema). */
  VALIDATION: 'VALIDATION',
  /** 401: no identity token, or one that is expired or does not verify. */
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  /** 403: signed in, but the role does not allow it (a member renaming the company). */
  FORBIDDEN: 'FORBIDDEN',
  /** 404: absent, or another company's (never reveal which). */
  NOT_FOUND: 'NOT_FOUND',
  /** 409: the record's state forbids it (undo a pending order, accept an expired invitation). */
  CONFLICT: 'CONFLICT',
  /**
   * 410: the record was there and can no longer be used: an invitation's link once the
   * invitation is accepted, cancelled or expired (its details are no longer shown to whoever holds it).
   */
  GONE: 'GONE',
  /**
   * 402: the plan caps it (products or users over the plan's limit). A feature the plan does not
   * include is refused with this code too, as 403 (the error carries that status: plans.ts
   * planFeatureError, decision 032).
   */
  PLAN_LIMIT: 'PLAN_LIMIT',
  /** 413: the request body is larger than the API accepts. */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** 429: the caller sent too many requests; retry after a pause. */
  RATE_LIMITED: 'RATE_LIMITED',
  /** 502: the store or a provider (BigCommerce, Stripe, identity) failed or refused. */
  UPSTREAM: 'UPSTREAM',
  /** 500: a bug or an unexpected failure of ours; the message stays generic. */
  INTERNAL: 'INTERNAL',
  /** 403: the action needs a verified email address (seeing and accepting invitations). */
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  /** 409: a new sign-in presents an email address that belongs to another sign-in. */
  ACCOUNT_CONFLICT: 'ACCOUNT_CONFLICT',
  /** 429: the company has as many work orders waiting as its cap allows. */
  TOO_MANY_ORDERS: 'TOO_MANY_ORDERS',
  /**
   * 409: a request with this Idempotency-Key is still running; send the same request again in a
   * moment (its answer is then replayed). Temporary, unlike CONFLICT: the web outbox retries it.
   */
  IN_PROGRESS: 'IN_PROGRESS',
  /**
   * 422: the work order breaks a guardrail the company made blocking (a price below cost, ...);
   * `fields` names each item ("productUpdates.3") and the rule (guardrails.ts).
   */
  GUARDRAIL: 'GUARDRAIL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ErrorCodeSchema = lazySchema(() => z.enum(ErrorCode));

/** The HTTP status each code is sent with. */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  PLAN_LIMIT: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM: 502,
  // After the general codes, so codeForStatus keeps answering FORBIDDEN, CONFLICT, RATE_LIMITED.
  EMAIL_NOT_VERIFIED: 403,
  ACCOUNT_CONFLICT: 409,
  TOO_MANY_ORDERS: 429,
  IN_PROGRESS: 409,
  GUARDRAIL: 422,
};

/** The code to assume for a response that carried no error body (a proxy's 504, say). */
export function codeForStatus(status: number): ErrorCode {
  // GUARDRAIL is the one 422 we send, with a body; a bare 422 is some other refusal of the input.
  if (status === 422) return ErrorCode.VALIDATION;
  const known = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((c) => ERROR_STATUS[c] === status);
  if (known) return known;
  if (status === 503 || status === 504) return ErrorCode.UPSTREAM;
  return status >= 500 ? ErrorCode.INTERNAL : ErrorCode.VALIDATION;
}

export const ErrorBody = lazySchema(() =>
  z.object({
    error: z.object({
      code: ErrorCodeSchema,
      message: z.string(),
      /** Field path ("productUpdates.0.newRegularPrice") -> the message to show next to it. */
      fields: z.record(z.string(), z.string()).optional(),
    }),
  }),
);
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The key in `fields` for an issue that belongs to the whole form rather than one field. */
export const FORM_ERROR_KEY = '_form';

/** `{ "path.to.field": "message" }`, keeping the first message of each field. */
export function fieldsFromZodError(err: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : FORM_ERROR_KEY;
    fields[key] ??= issue.message;
  }
  return fields;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  /** How long the server asked to wait before trying again (its Retry-After, on a 429 or 503). */
  readonly retryAfterMs: number | undefined;

  constructor(code: ErrorCode, message: string, opts: { status?: number; fields?: Record<string, string>; retryAfterMs?: number } = {}) {
    super(message);
    this.code = code;
    this.status = opts.status ?? ERROR_STATUS[code];
    this.fields = opts.fields;
    this.retryAfterMs = opts.retryAfterMs;
  }

  /** A VALIDATION error whose message is the first issue's, so a toast reads like the form rule. */
  static fromZodError(err: z.ZodError): ApiError {
    const first = err.issues[0]?.message ?? 'Invalid request';
    return new ApiError(ErrorCode.VALIDATION, first, { fields: fieldsFromZodError(err) });
  }

  /**
   * Rebuilds the error from a failed response. A body without our error shape (a proxy's page)
   * reads '{status}: {body or status text}', as the product has always shown it.
   * `retryAfterMs`: the response's Retry-After, when it had one.
   */
  static fromResponse(status: number, body: unknown, statusText = '', extra: { retryAfterMs?: number } = {}): ApiError {
    const retry = extra.retryAfterMs === undefined ? {} : { retryAfterMs: extra.retryAfterMs };
    const parsed = ErrorBody.safeParse(body);
    if (parsed.success) {
      const { code, message, fields } = parsed.data.error;
      return new ApiError(code, message, fields ? { status, fields, ...retry } : { status, ...retry });
    }
    const text = getErrorMessage(body, '').trim() || statusText || 'Request failed';
    return new ApiError(codeForStatus(status), `${status}: ${text}`, { status, ...retry });
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.message, this.fields);
  }
}

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * The message to show for anything that was thrown or returned as a failure: an Error (ApiError
 * included), an error body, a non-empty string, or an object with a `message`; else `fallback`.
 */
export function getErrorMessage(value: unknown, fallback: string): string {
  if (typeof value === 'string') return value.trim() ? value : fallback;
  if (value instanceof Error) return value.message || fallback;
  const body = ErrorBody.safeParse(value);
  if (body.success) return body.data.error.message || fallback;
  if (value && typeof value === 'object' && 'message' in value) {
    const { message } = value as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}
