/**
 * Runs a Team page action (invite, cancel, accept, rename, remove) with the spec's toasts: a
 * green one on success, and on failure a red 'Error' toast with the server's message (which
 * says why, e.g. "Only owners and admins can cancel invitations") or the action's fallback.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { notifications } from '@mantine/notifications';
import { useCallback, useRef, useState } from 'react';
import { isOffline } from '../../../lib/connectivity';
import { OFFLINE_ACTION_MESSAGE } from '../../../lib/use-online';

export interface TeamActionOptions<R> {
  /** The spec's fallback message, e.g. 'Failed to send invitation'. */
  fallback: string;
  /** The success toast, or null for none. */
  success: (result: R) => { title: string; message: string } | null;
  /** Called after the failure toast, e.g. to show a field's message next to it. */
  onError?: (error: unknown) => void;
}

export interface TeamAction<A extends unknown[], R> {
  /** Resolves with the result, or undefined after a failure (already shown). */
  run: (...args: A) => Promise<R | undefined>;
  pending: boolean;
}

export function useTeamAction<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
  options: TeamActionOptions<R>,
): TeamAction<A, R> {
  const [pending, setPending] = useState(false);
  const latest = useRef({ action, options });
  latest.current = { action, options };

  const run = useCallback(async (...args: A) => {
    const { action: act, options: opts } = latest.current;
    // The buttons wait offline; this catches a form submitted with Enter.
    if (isOffline()) {
      notifications.show({ color: 'gray', title: 'You are offline', message: OFFLINE_ACTION_MESSAGE });
      return undefined;
    }
    setPending(true);
    try {
      const result = await act(...args);
      const toast = opts.success(result);
      if (toast) notifications.show({ color: 'green', ...toast });
      return result;
    } catch (err) {
      console.error(opts.fallback, err);
      notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(err, opts.fallback) });
      opts.onError?.(err);
      return undefined;
    } finally {
      setPending(false);
    }
  }, []);

  return { run, pending };
}
