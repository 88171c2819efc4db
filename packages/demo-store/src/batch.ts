/**
 * Batch writes (PUT /catalog/products, PUT /catalog/variants) as BigCommerce answers them:
 * 413 past the batch limit, then each item applied on its own; 200 when all succeed, 207 with
 * the succeeded items in `data` and the failed ones in `errors.errors` (keyed by item id) when
 * some fail, 422 with the same error map (and `batch_errors`) when none succeed.
 */
import type { UpdateOutcome } from './catalog';
import { ERROR_TYPE, errorBody } from './responses';

export interface BatchResult {
  status: 200 | 207 | 413 | 422;
  body: unknown;
}

export function runBatch<T>(
  body: unknown,
  options: { max: number; noun: 'products' | 'variants' },
  apply: (id: number, item: unknown) => UpdateOutcome<T>,
  present: (record: T) => unknown = (r) => r,
): BatchResult {
  const { max, noun } = options;
  if (!Array.isArray(body)) {
    return { status: 422, body: errorBody(422, `The request body must be an array of ${noun}.`, { body: 'must be a JSON array' }) };
  }
  if (body.length > max) {
    return {
      status: 413,
      body: { ...errorBody(413, `The request payload is too large. The maximum items allowed in the array is ${max}.`), errors: {} },
    };
  }
  const data: unknown[] = [];
  const errors: Record<string, string> = {};
  body.forEach((item: unknown, index) => {
    const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
    if (typeof id !== 'number' || !Number.isInteger(id)) {
      errors[`#${index}`] = `item ${index}: id is required`;
      return;
    }
    const outcome = apply(id, item);
    if (outcome.ok) data.push(present(outcome.record));
    else errors[String(id)] = Object.values(outcome.errors).join('; ') || outcome.title;
  });
  const failed = Object.keys(errors).length;
  const meta = { total: body.length, success: data.length, failed };
  if (failed === 0) return { status: 200, body: { data, meta } };
  const title = `${failed} of ${body.length} ${noun} could not be updated.`;
  if (data.length > 0) {
    return { status: 207, body: { data, errors: { status: 422, title, type: ERROR_TYPE, errors }, meta } };
  }
  return {
    status: 422,
    body: { ...errorBody(422, title, errors), batch_errors: [{ status: 422, title, type: ERROR_TYPE, errors }] },
  };
}
