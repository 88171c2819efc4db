/**
 * Work for the main thread's idle moments (requestIdleCallback, with a deadline; a short timer
 * where the browser has none): Firebase's load for a visitor and the catalog's index load in
 * steps.
 */

/**
 * Runs `fn` once the browser is idle, or after `timeoutMs` at the latest; without idle callbacks
 * (Safari), after `fallbackMs`. Returns the cancel function.
 */
export function onIdle(fn: () => void, timeoutMs: number, fallbackMs = 16): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => fn(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, fallbackMs);
  return () => clearTimeout(id);
}

/** Resolves once the browser is idle, or after `timeoutMs` at the latest. */
export function whenIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => onIdle(resolve, timeoutMs));
}
