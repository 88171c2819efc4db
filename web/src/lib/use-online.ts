/**
 * Whether the browser says it is online (navigator.onLine and the online/offline events), for
 * screens that explain why a server-only action waits, and the connection indicator.
 * `OFFLINE_ACTION_MESSAGE` is what a disabled server-only control says.
 */
import { useSyncExternalStore } from 'react';

export const OFFLINE_ACTION_MESSAGE = 'You are offline. This needs a connection to the server.';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const getSnapshot = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => true);
}
