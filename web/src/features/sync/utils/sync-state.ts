/**
 * The sync controls' state (spec section 4): idle, then active with streamed stages and
 * percentage, until the run ends. A finished run keeps its full bar until the reset a second
 * later; a failure or a cancel resets at once.
 */
import type { SyncProgress } from '@catalog/contracts/sync';

export type SyncPhase =
  /** No sync: the Sync button is ready. */
  | 'idle'
  /** POST /api/sync is on its way; nothing streamed yet, so there is nothing to cancel. */
  | 'starting'
  /** Progress is streaming; Cancel is offered. */
  | 'syncing'
  /** Cancel was asked; the stream ends with the 'cancelled' stage. */
  | 'cancelling'
  /** Finished: the bar shows 100% until the reset. */
  | 'done';

export interface SyncState {
  phase: SyncPhase;
  /** What the progress bar shows; null hides it. */
  progress: SyncProgress | null;
}

export type SyncAction =
  | { type: 'start' }
  | { type: 'progress'; progress: SyncProgress }
  | { type: 'cancel' }
  | { type: 'cancelFailed' }
  | { type: 'complete'; message: string }
  | { type: 'reset' };

export const IDLE_SYNC: SyncState = { phase: 'idle', progress: null };

/** The bar's first frame, before the server's first block. */
export const STARTING_PROGRESS: SyncProgress = {
  stage: 'starting',
  percentage: 0,
  message: 'Starting sync...',
};

export function syncReducer(state: SyncState, action: SyncAction): SyncState {
  switch (action.type) {
    case 'start':
      return state.phase === 'idle' ? { phase: 'starting', progress: STARTING_PROGRESS } : state;
    case 'progress':
      // A block that arrives after the run ended (or was reset) changes nothing.
      if (state.phase === 'idle' || state.phase === 'done') return state;
      return {
        phase: state.phase === 'cancelling' ? 'cancelling' : 'syncing',
        progress: action.progress,
      };
    case 'cancel':
      return state.phase === 'syncing' ? { ...state, phase: 'cancelling' } : state;
    case 'cancelFailed':
      return state.phase === 'cancelling' ? { ...state, phase: 'syncing' } : state;
    case 'complete':
      if (state.phase === 'idle') return state;
      return { phase: 'done', progress: { stage: 'complete', percentage: 100, message: action.message } };
    case 'reset':
      return IDLE_SYNC;
  }
}

/** A sync is under way (or just finished): the Sync button waits. */
export function isSyncBusy(state: SyncState): boolean {
  return state.phase !== 'idle';
}
