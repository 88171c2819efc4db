/**
 * What the sync controls say and when (spec sections 4, 8 and 9): the failure toasts, the
 * plan-limit warning's timing, and the 'Last sync' line.
 */
import { lastSyncLabel } from '@catalog/contracts/dashboard';

/** A non-OK answer to POST /api/sync without a message of its own. */
export const START_FAILED_MESSAGE = 'Failed to start sync';
/** The response had no body to read. */
export const NO_STREAM_MESSAGE = 'No response stream available';
/** An `error:` block without a message, or a stream that broke or ended without an outcome. */
export const SYNC_FAILED_MESSAGE = 'Failed to sync products';
/** Title of every sync failure toast except the cancel one. */
export const SYNC_FAILED_TITLE = 'Error';
export const CANCEL_FAILED_TITLE = 'Cancel Failed';
export const CANCEL_FAILED_MESSAGE = 'Failed to cancel sync';

/** How long a finished sync keeps its full progress bar before it resets. */
export const SYNC_RESET_DELAY_MS = 1000;
/** The plan-limit warning follows the success by this much... */
export const PLAN_WARNING_DELAY_MS = 1000;
/** ...and stays this long. */
export const PLAN_WARNING_AUTO_CLOSE_MS = 8000;

/** 'Last sync: 3h ago', 'Last sync: just now', 'Last sync: never'. */
export function lastSyncText(lastSyncAt: string | null, now: Date): string {
  const label = lastSyncLabel(lastSyncAt, now);
  if (label === 'Never') return 'Last sync: never';
  if (label === 'Just now') return 'Last sync: just now';
  return `Last sync: ${label} ago`;
}
