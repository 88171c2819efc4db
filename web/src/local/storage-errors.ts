/**
 * The device's storage running out: IndexedDB refuses a write with a QuotaExceededError (a
 * DOMException, sometimes wrapped by Dexie as `inner`). Every layer that writes locally reports
 * it to the user with STORAGE_FULL_MESSAGE rather than swallowing it.
 */

export const STORAGE_FULL_TITLE = 'Storage is full';
export const STORAGE_FULL_MESSAGE =
  "This device has run out of storage for Catalog Pilot, so the change could not be saved here. Free up space (or remove other sites' data) and try again.";

/** True for a QuotaExceededError, also when Dexie wraps it. */
export function isQuotaExceededError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const name = (e as { name?: unknown }).name;
    if (name === 'QuotaExceededError') return true;
    e = (e as { inner?: unknown; cause?: unknown }).inner ?? (e as { cause?: unknown }).cause;
  }
  return false;
}
