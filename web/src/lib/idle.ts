/**
 * Work for the main thread's idle moments (requestIdleCallback, with a deadline; a short timer
 * where the browser has none): Firebase's load for a visitor and the catalog's index load in
 * steps. And work that must not delay the frame being drawn (afterNextPaint): the catalog's
 * read-ahead after a keystroke's answer. nextTask: a task of its own for the next step of a loop.
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

/**
 * Runs `fn` in a task of its own after the browser has drawn the next frame (a frame callback,
 * then a message: the message's task comes after that frame's paint), or after `timeoutMs` when
 * no frame comes (a hidden page). Work started from a keystroke's commit would otherwise run in
 * the keystroke's task, before its results are painted. Returns the cancel function.
 */
export function afterNextPaint(fn: () => void, timeoutMs = 100): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    cancelFrame(frame);
    fn();
  };
  const timer = setTimeout(run, timeoutMs);
  const frame = typeof requestAnimationFrame !== 'function' ? 0 : requestAnimationFrame(() => void nextTask().then(run));
  return () => {
    done = true;
    clearTimeout(timer);
    cancelFrame(frame);
  };
}

/**
 * Cancels a frame callback; a no-op where there is none to cancel, or no frames at all (a timer
 * that fires after a test's page was torn down found cancelAnimationFrame gone).
 */
function cancelFrame(frame: number): void {
  if (frame && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
}

/** Resolves in a new task (a message to ourselves: no timer, which the browser clamps and traces). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
