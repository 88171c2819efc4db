/**
 * The one error shape on the wire, `{ error: { code, message, fields? } }` (with Retry-After on
 * every 429), the helpers that read a request body through a zod schema so every route validates
 * at the edge the same way, and the first check of every request's URL (percent-encoding, query
 * string length).
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { MAX_QUERY_LENGTH } from '@catalog/contracts/common';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';

/**
 * Retry-After of a 429 whose error does not say how long: a company's cap on waiting work orders
 * (TOO_MANY_ORDERS) frees as the scheduler runs them, which takes about a minute.
 */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * The Retry-After an error is answered with (whole seconds, at least 1): the error's own
 * `retryAfterMs` (a rate limit's window, the day's cap resetting), else DEFAULT_RETRY_AFTER_SECONDS
 * on every 429, so a client always knows when to come back; undefined for other errors without one.
 */
export function retryAfterSeconds(err: ApiError): number | undefined {
  if (err.retryAfterMs !== undefined) return Math.max(1, Math.ceil(err.retryAfterMs / 1000));
  return err.status === 429 ? DEFAULT_RETRY_AFTER_SECONDS : undefined;
}

/** The error's response: its body in the one shape, its status, and Retry-After (retryAfterSeconds). */
export function errorJson(c: Context, err: ApiError) {
  const retryAfter = retryAfterSeconds(err);
  if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter));
  return c.json(err.toBody(), err.status as ContentfulStatusCode);
}

/** Parses the JSON body with `schema`; a malformed body or a failed rule is a 400 VALIDATION. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(ErrorCode.VALIDATION, 'The request body is not valid JSON');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZodError(parsed.error);
  return parsed.data;
}

/** Parses the query string with `schema` (values arrive as strings; use z.coerce in schemas). */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw ApiError.fromZodError(parsed.error);
  return parsed.data;
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why a request URL is refused before routing, or null: a malformed percent-encoding in its path
 * or query string ("%E0", "%ZZ", an encoded unpaired surrogate), which would make every later
 * decodeURIComponent throw, or a query string over MAX_QUERY_LENGTH characters.
 */
export function urlProblem(url: string): ApiError | null {
  const afterHost = url.indexOf('/', url.indexOf('://') + 3);
  const rest = afterHost === -1 ? '' : url.slice(afterHost);
  const hash = rest.indexOf('#');
  const target = hash === -1 ? rest : rest.slice(0, hash);
  const mark = target.indexOf('?');
  const path = mark === -1 ? target : target.slice(0, mark);
  const query = mark === -1 ? '' : target.slice(mark + 1);
  if (!decodes(path)) {
    return new ApiError(ErrorCode.VALIDATION, 'The address has a malformed percent-encoding', { fields: { path: 'Malformed percent-encoding' } });
  }
  if (query.length > MAX_QUERY_LENGTH) {
    return new ApiError(ErrorCode.VALIDATION, `The query string is longer than ${MAX_QUERY_LENGTH} characters`, {
      fields: { query: `At most ${MAX_QUERY_LENGTH} characters` },
    });
  }
  if (!decodes(query.replace(/\+/g, ' '))) {
    return new ApiError(ErrorCode.VALIDATION, 'The query string has a malformed percent-encoding', { fields: { query: 'Malformed percent-encoding' } });
  }
  return null;
}

/** Refuses a request whose URL cannot be decoded (see urlProblem) with 400 VALIDATION. */
export function checkUrl(): MiddlewareHandler {
  return async (c, next) => {
    const problem = urlProblem(c.req.url);
    if (problem) return errorJson(c, problem);
    await next();
  };
}
