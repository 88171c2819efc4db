/**
 * A process-wide "store refreshes may be due" hint: the webhook route raises it after queueing
 * a product, and this process's refresh worker looks at once instead of at its next poll. Only
 * a hint: the queue is in the database, and a delivery another process received is found by
 * the poll.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

/** Subscribes; returns the unsubscribe function. */
export function onStoreRefreshDue(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyStoreRefreshDue(): void {
  for (const listener of [...listeners]) listener();
}
