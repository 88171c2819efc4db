/**
 * Runs a catalog sync from the browser: starts it, follows the stream into the progress state,
 * cancels on request, and tells the merchant how it ended (spec sections 4 and 8): success
 * resets the bar after 1 second and calls `onSynced` (the screen refreshes its lists); a plan
 * warning follows 1 second later as the red 'Plan Limit Reached' toast for 8 seconds; failures
 * and cancels reset at once with a toast.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { PLAN_LIMIT_WARNING_TITLE } from '@catalog/contracts/sync';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { cancelSync } from '../api/cancel-sync';
import { startSync } from '../api/start-sync';
import { followSyncStream } from '../utils/read-sync-stream';
import {
  CANCEL_FAILED_MESSAGE,
  CANCEL_FAILED_TITLE,
  NO_STREAM_MESSAGE,
  PLAN_WARNING_AUTO_CLOSE_MS,
  PLAN_WARNING_DELAY_MS,
  START_FAILED_MESSAGE,
  SYNC_FAILED_TITLE,
  SYNC_RESET_DELAY_MS,
} from '../utils/sync-messages';
import { IDLE_SYNC, syncReducer, type SyncState } from '../utils/sync-state';

export interface UseSyncOptions {
  /** Called once a sync completed (the products and stats changed). */
  onSynced?: () => void;
}

export interface SyncControl {
  state: SyncState;
  start: () => Promise<void>;
  cancel: () => Promise<void>;
}

const failureToast = (title: string, message: string) =>
  notifications.show({ color: 'red', title, message });

export function useSync({ onSynced }: UseSyncOptions = {}): SyncControl {
  const [state, dispatch] = useReducer(syncReducer, IDLE_SYNC);
  const onSyncedRef = useRef(onSynced);
  onSyncedRef.current = onSynced;
  /** The running sync's request; null when none runs. */
  const runRef = useRef<AbortController | null>(null);
  const resetTimer = useRef<number | undefined>(undefined);

  // Leaving the screen stops reading (the server finishes the run on its own) and the reset.
  useEffect(
    () => () => {
      runRef.current?.abort();
      runRef.current = null;
      window.clearTimeout(resetTimer.current);
    },
    [],
  );

  const start = useCallback(async () => {
    if (runRef.current) return;
    const run = new AbortController();
    runRef.current = run;
    window.clearTimeout(resetTimer.current);
    dispatch({ type: 'reset' });
    dispatch({ type: 'start' });
    const fail = (message: string) => {
      dispatch({ type: 'reset' });
      failureToast(SYNC_FAILED_TITLE, message);
    };
    try {
      let res: Response;
      try {
        res = await startSync(run.signal);
      } catch (err) {
        if (!run.signal.aborted) fail(getErrorMessage(err, START_FAILED_MESSAGE));
        return;
      }
      if (!res.body) {
        fail(NO_STREAM_MESSAGE);
        return;
      }
      const outcome = await followSyncStream(res.body, (progress) =>
        dispatch({ type: 'progress', progress }),
      );
      if (run.signal.aborted) return;

      if (outcome.status === 'failed') {
        fail(outcome.message);
      } else if (outcome.status === 'cancelled') {
        dispatch({ type: 'reset' });
        notifications.show({ color: 'blue', title: 'Sync Cancelled', message: outcome.message });
      } else {
        const { message, warning } = outcome.result;
        dispatch({ type: 'complete', message });
        notifications.show({ color: 'green', title: 'Sync Complete', message });
        resetTimer.current = window.setTimeout(() => dispatch({ type: 'reset' }), SYNC_RESET_DELAY_MS);
        onSyncedRef.current?.();
        if (warning) {
          // Not cleared on unmount: the merchant should hear about the cap wherever they went.
          window.setTimeout(
            () =>
              notifications.show({
                color: 'red',
                title: PLAN_LIMIT_WARNING_TITLE,
                message: warning,
                autoClose: PLAN_WARNING_AUTO_CLOSE_MS,
              }),
            PLAN_WARNING_DELAY_MS,
          );
        }
      }
    } finally {
      if (runRef.current === run) runRef.current = null;
    }
  }, []);

  const cancel = useCallback(async () => {
    const run = runRef.current;
    if (!run) return;
    dispatch({ type: 'cancel' });
    try {
      await cancelSync();
    } catch (err) {
      // The run may have ended meanwhile ('No sync is running'): its own outcome speaks then.
      if (runRef.current !== run) return;
      dispatch({ type: 'cancelFailed' });
      failureToast(CANCEL_FAILED_TITLE, getErrorMessage(err, CANCEL_FAILED_MESSAGE));
    }
  }, []);

  return { state, start, cancel };
}
