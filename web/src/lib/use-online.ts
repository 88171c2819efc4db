/**
 * Whether the app is online: the browser has a network and the server answers (connectivity.ts),
 * for screens that explain why a server-only action waits, and the connection indicator.
 * `OFFLINE_ACTION_MESSAGE` is what a disabled server-only control says.
 */
import { useSyncExternalStore } from 'react';
import { hasNetwork, isOnline, subscribeConnectivity } from './connectivity';

export const OFFLINE_ACTION_MESSAGE = 'You are offline. This needs a connection to the server.';

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline, () => true);
}

/**
 * Whether the browser says the device has a network (`navigator.onLine`), whatever the server
 * does: tells "You are offline" from "The server cannot be reached" when `useOnline()` is false.
 */
export function useHasNetwork(): boolean {
  return useSyncExternalStore(subscribeConnectivity, hasNetwork, () => true);
}
