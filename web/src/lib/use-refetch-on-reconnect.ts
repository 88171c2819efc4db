/**
 * Fetches a query again when the device comes back online, if it failed while offline: the
 * screen then replaces its "You are offline" notice with the data, without a "Try again".
 */
import { useEffect, useRef } from 'react';
import { NETWORK_ERROR_MESSAGE } from './api-client';
import { onReconnect } from './connectivity';

export function useRefetchOnReconnect(failed: boolean, refetch: () => Promise<void>): void {
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    if (!failed) return;
    return onReconnect(() => void latest.current());
  }, [failed]);
}

/** The request never reached the server (or the device says it is offline). */
export function isOfflineFailure(error: unknown, online: boolean): boolean {
  if (error === undefined) return false;
  if (!online) return true;
  return error instanceof Error && error.message === NETWORK_ERROR_MESSAGE;
}
