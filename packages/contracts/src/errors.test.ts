/** The rules of errors.ts, stated as the tests' names. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  ERROR_STATUS,
  ErrorBody,
  ErrorCode,
  FORM_ERROR_KEY,
  codeForStatus,
  errorBody,
  fieldsFromZodError,
  getErrorMessage,
} from './errors';

describe('ErrorCode', () => {
  it('sends each code with its HTTP status', () => {
    expect(ERROR_STATUS).toEqual({
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
      EMAIL_NOT_VERIFIED: 403,
      ACCOUNT_CONFLICT: 409,
      TOO_MANY_ORDERS: 429,
      IN_PROGRESS: 409,
      GUARDRAIL: 422,
    });
  });

  it('keeps answering the general code for a bare 403, 409 or 429', () => {
    expect(codeForStatus(403)).toBe('FORBIDDEN');
    expect(codeForStatus(409)).toBe('CONFLICT');
    expect(codeForStatus(429)).toBe('RATE_LIMITED');
    expect(codeForStatus(422)).toBe('VALIDATION');
  });

  it('names each code by itself, so the value is what goes on the wire', () => {
    for (const [key, value] of Object.entries(ErrorCode)) expect(value).toBe(key);
  });

  it('guesses a code from a bare status, gateways meaning the upstream failed', () => {
    expect(codeForStatus(404)).toBe('NOT_FOUND');
    expect(codeForStatus(410)).toBe('GONE');
    expect(codeForStatus(504)).toBe('UPSTREAM');
    expect(codeForStatus(500)).toBe('INTERNAL');
    expect(codeForStatus(418)).toBe('VALIDATION');
  });
});

describe('ErrorBody', () => {
  it('has one shape: { error: { code, message, fields? } }', () => {
    const body = errorBody('VALIDATION', 'Please enter a work order title', { title: 'Please enter a work order title' });
    expect(ErrorBody.parse(body)).toEqual(body);
    expect(errorBody('NOT_FOUND', 'Work order not found')).toEqual({
      error: { code: 'NOT_FOUND', message: 'Work order not found' },
    });
  });

  it('rejects an unknown code', () => {
    expect(ErrorBody.safeParse({ error: { code: 'TEAPOT', message: 'x' } }).success).toBe(false);
  });
});

describe('fieldsFromZodError', () => {
  const schema = z.object({
    title: z.string().min(1, 'Please enter a work order title'),
    items: z.array(z.object({ price: z.string().min(1, 'Enter a price') })),
  });

  it('keys each message by its dotted path', () => {
    const result = schema.safeParse({ title: '', items: [{ price: 'ok' }, { price: '' }] });
    expect(result.success).toBe(false);
    expect(fieldsFromZodError(result.error!)).toEqual({
      title: 'Please enter a work order title',
      'items.1.price': 'Enter a price',
    });
  });

  it('keeps the first message of a field and puts form-wide issues under _form', () => {
    const refined = z
      .object({ a: z.string().min(2, 'first').regex(/x/, 'second') })
      .refine(() => false, { message: 'whole form' });
    const result = refined.safeParse({ a: 'y' });
    expect(fieldsFromZodError(result.error!)).toEqual({ a: 'first', [FORM_ERROR_KEY]: 'whole form' });
    const formOnly = refined.safeParse({ a: 'xx' });
    expect(fieldsFromZodError(formOnly.error!)).toEqual({ [FORM_ERROR_KEY]: 'whole form' });
  });
});

describe('ApiError', () => {
  it('takes its status from its code', () => {
    const err = new ApiError('CONFLICT', 'Only a completed work order can be undone');
    expect(err).toBeInstanceOf(Error);
    expect(err.status).toBe(409);
    expect(err.toBody()).toEqual({ error: { code: 'CONFLICT', message: 'Only a completed work order can be undone' } });
  });

  it('becomes a VALIDATION error from a ZodError, with the first message as its message', () => {
    const result = z.object({ email: z.email('Please enter a valid email address') }).safeParse({ email: 'x' });
    const err = ApiError.fromZodError(result.error!);
    expect(err.code).toBe('VALIDATION');
    expect(err.status).toBe(400);
    expect(err.message).toBe('Please enter a valid email address');
    expect(err.fields).toEqual({ email: 'Please enter a valid email address' });
  });

  it('rebuilds itself from an error response body', () => {
    const err = ApiError.fromResponse(402, errorBody('PLAN_LIMIT', 'Your plan allows 1 user'));
    expect(err.code).toBe('PLAN_LIMIT');
    expect(err.status).toBe(402);
    expect(err.message).toBe('Your plan allows 1 user');
  });

  it("reads '{status}: {body or status text}' when the body is not ours", () => {
    expect(ApiError.fromResponse(502, '<html>Bad gateway</html>').message).toBe('502: <html>Bad gateway</html>');
    expect(ApiError.fromResponse(503, null, 'Service Unavailable').message).toBe('503: Service Unavailable');
    expect(ApiError.fromResponse(503, null).code).toBe('UPSTREAM');
    expect(ApiError.fromResponse(500, { message: 'Internal Server Error' }).message).toBe('500: Internal Server Error');
  });
});

describe('getErrorMessage', () => {
  it('shows the message of an Error or ApiError', () => {
    expect(getErrorMessage(new Error('boom'), 'Failed to update product')).toBe('boom');
    expect(getErrorMessage(new ApiError('FORBIDDEN', 'Only owners and admins can do this'), 'x')).toBe(
      'Only owners and admins can do this',
    );
  });

  it('shows the message of an error body', () => {
    expect(getErrorMessage(errorBody('NOT_FOUND', 'Invitation not found or expired'), 'x')).toBe(
      'Invitation not found or expired',
    );
  });

  it('shows a string as it is, and an object with a message', () => {
    expect(getErrorMessage('Network down', 'x')).toBe('Network down');
    expect(getErrorMessage({ message: 'from a plain object' }, 'x')).toBe('from a plain object');
  });

  it('falls back for anything else, an empty message included', () => {
    for (const value of [undefined, null, 42, {}, '', '  ', new Error(''), { message: 7 }]) {
      expect(getErrorMessage(value, 'Failed to create work order')).toBe('Failed to create work order');
    }
  });
});
