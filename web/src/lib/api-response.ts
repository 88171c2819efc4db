/**
 * Reading the API's answers, apart from sending requests (api-client.ts): what a failed response
 * becomes (ApiError with its Retry-After) and how a body is read. Nothing here needs the page
 * (no session, no connectivity), so a worker that fetches for itself reads answers the same way
 * (catalog-pull-remote.ts).
 */
import { ApiError } from '@catalog/contracts/errors';

/** The message when the request never reached the server. */
export const NETWORK_ERROR_MESSAGE =
  'Network error. Please check your internet connection and try again.';

/** The longest wait a Retry-After is believed for (a broken header must not park the app for days). */
export const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

/**
 * A Retry-After header in milliseconds: delta-seconds ("30") or an HTTP date; undefined when
 * absent or unreadable. Capped at an hour.
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

/** The ApiError of a failed response, carrying its Retry-After (the outbox and the catalog pull wait it). */
export async function failure(res: Response): Promise<ApiError> {
  const retryAfterMs = parseRetryAfter(res.headers.get('Retry-After'));
  return ApiError.fromResponse(res.status, await readBody(res), res.statusText, retryAfterMs === undefined ? {} : { retryAfterMs });
}

export async function readBody(res: Response): Promise<unknown> {
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
