/**
 * The one error shape on the wire, `{ error: { code, message, fields? } }`, and the helpers that
 * read a request body through a zod schema so every route validates at the edge the same way.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';

export function errorJson(c: Context, err: ApiError) {
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
