import { describe, expect, it } from 'vitest';
import { IDLE_SYNC, isSyncBusy, STARTING_PROGRESS, syncReducer, type SyncAction, type SyncState } from './sync-state';

const run = (...actions: SyncAction[]): SyncState => actions.reduce(syncReducer, IDLE_SYNC);
const products = (percentage: number) =>
  ({ type: 'progress', progress: { stage: 'products', percentage, message: `at ${percentage}` } }) as const;

describe('syncReducer', () => {
  it('is idle with no bar until a sync starts, then shows the first frame at 0%', () => {
    expect(isSyncBusy(IDLE_SYNC)).toBe(false);
    expect(IDLE_SYNC.progress).toBeNull();
    expect(run({ type: 'start' })).toEqual({ phase: 'starting', progress: STARTING_PROGRESS });
  });

  it('follows the streamed stages and percentage', () => {
    expect(run({ type: 'start' }, products(10), products(55))).toEqual({
      phase: 'syncing',
      progress: { stage: 'products', percentage: 55, message: 'at 55' },
    });
  });

  it('keeps a full bar after success until the reset, then is idle again', () => {
    const done = run({ type: 'start' }, products(60), { type: 'complete', message: 'Synced 5 products' });
    expect(done).toEqual({ phase: 'done', progress: { stage: 'complete', percentage: 100, message: 'Synced 5 products' } });
    expect(isSyncBusy(done)).toBe(true);
    expect(syncReducer(done, { type: 'reset' })).toEqual(IDLE_SYNC);
  });

  it('offers cancel only while the server streams, and goes back to syncing if the cancel failed', () => {
    expect(run({ type: 'start' }, { type: 'cancel' }).phase).toBe('starting');
    const cancelling = run({ type: 'start' }, products(20), { type: 'cancel' });
    expect(cancelling.phase).toBe('cancelling');
    // Progress still arriving does not undo the request.
    expect(syncReducer(cancelling, products(30)).phase).toBe('cancelling');
    expect(syncReducer(cancelling, { type: 'cancelFailed' }).phase).toBe('syncing');
  });

  it('ignores blocks that arrive after the run ended, and a second start while one runs', () => {
    expect(run(products(40))).toEqual(IDLE_SYNC);
    const done = run({ type: 'start' }, { type: 'complete', message: 'ok' });
    expect(syncReducer(done, products(40))).toBe(done);
    const syncing = run({ type: 'start' }, products(40));
    expect(syncReducer(syncing, { type: 'start' })).toBe(syncing);
  });
});
