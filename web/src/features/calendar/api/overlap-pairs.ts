/**
 * Which of the calendar's orders share products or variants (POST /api/work-orders/overlap-pairs:
 * the device keeps orders without their items, issue 31, so only the server can tell), asked for
 * the orders that meet another of the same target in time (contracts overlapPairCandidates). The
 * last answer is kept on the device (its `meta` table), so the overlaps show offline too, as last
 * checked; an order the answer did not cover is not known to overlap, and the screen says so.
 */
import { getErrorMessage, isApiError } from '@catalog/contracts/errors';
import { WorkOrderOverlapPairsResponse, type OverlapPair } from '@catalog/contracts/work-orders';
import { useEffect, useState } from 'react';
import { apiFetch } from '../../../lib/api-client';
import { useOnline } from '../../../lib/use-online';
import { deviceCatalog } from '../../../local/device-catalog';

/** The meta row that keeps the last answer (JSON: StoredPairs). */
export const META_OVERLAP_PAIRS = 'calendar.overlapPairs';

interface StoredPairs {
  ids: string[];
  pairs: OverlapPair[];
  complete: boolean;
  at: number;
}

export function getOverlapPairs(ids: readonly string[], signal?: AbortSignal): Promise<WorkOrderOverlapPairsResponse> {
  return apiFetch('/api/work-orders/overlap-pairs', { method: 'POST', body: { ids }, schema: WorkOrderOverlapPairsResponse, signal });
}

export interface OverlapPairsState {
  pairs: OverlapPair[];
  /**
   * - checking: asked, no answer yet (the kept answer, if any, is shown meanwhile);
   * - checked: the server's answer for these orders;
   * - kept: the answer kept on the device (offline, or the server could not answer), from `checkedAt`;
   * - unchecked: no answer at all: `reason` says why.
   */
  status: 'checking' | 'checked' | 'kept' | 'unchecked';
  /** Every pair was counted, and (kept) the kept answer covered every order asked about. */
  complete: boolean;
  checkedAt: number | null;
  reason: string | null;
}

async function readKept(): Promise<StoredPairs | null> {
  const row = await deviceCatalog.db()?.meta.get(META_OVERLAP_PAIRS);
  if (typeof row?.value !== 'string') return null;
  try {
    const kept = JSON.parse(row.value) as StoredPairs;
    return Array.isArray(kept.ids) && Array.isArray(kept.pairs) ? kept : null;
  } catch {
    return null;
  }
}

async function keep(stored: StoredPairs): Promise<void> {
  await deviceCatalog.db()?.meta.put({ key: META_OVERLAP_PAIRS, value: JSON.stringify(stored) });
}

/** The kept answer as far as it covers `ids`: its pairs among them, complete only when it asked about all of them. */
function fromKept(kept: StoredPairs | null, ids: readonly string[], status: OverlapPairsState['status'], reason: string | null): OverlapPairsState {
  if (!kept) return { pairs: [], status: status === 'checking' ? 'checking' : 'unchecked', complete: false, checkedAt: null, reason };
  const wanted = new Set(ids);
  const asked = new Set(kept.ids);
  return {
    pairs: kept.pairs.filter((p) => wanted.has(p.a) && wanted.has(p.b)),
    status,
    complete: kept.complete && ids.every((id) => asked.has(id)),
    checkedAt: kept.at,
    reason,
  };
}

const NONE: OverlapPairsState = { pairs: [], status: 'checked', complete: true, checkedAt: null, reason: null };

export function useOverlapPairs(ids: readonly string[]): OverlapPairsState {
  const online = useOnline();
  const key = ids.join(',');
  const [state, setState] = useState<{ key: string; value: OverlapPairsState } | null>(null);

  useEffect(() => {
    const asked = key ? key.split(',') : [];
    if (asked.length < 2) return;
    const abort = new AbortController();
    const set = (value: OverlapPairsState) => {
      if (!abort.signal.aborted) setState({ key, value });
    };
    void (async () => {
      const kept = await readKept().catch(() => null);
      if (!online) {
        set(fromKept(kept, asked, 'kept', 'You are offline: the overlaps are as last checked.'));
        return;
      }
      set(fromKept(kept, asked, 'checking', null));
      try {
        const answer = await getOverlapPairs(asked, abort.signal);
        const stored = { ids: asked, pairs: answer.pairs, complete: answer.complete, at: Date.now() };
        await keep(stored).catch((err: unknown) => console.error('Keeping the overlaps on this device failed', err));
        set(fromKept(stored, asked, 'checked', null));
      } catch (err) {
        const why = isApiError(err) ? getErrorMessage(err, 'the server refused the check') : 'the server cannot be reached';
        set(fromKept(kept, asked, 'kept', `Overlaps could not be checked now (${why}): they are as last checked.`));
      }
    })();
    return () => abort.abort();
  }, [key, online]);

  if (ids.length < 2) return NONE;
  return state?.key === key ? state.value : { pairs: [], status: 'checking', complete: false, checkedAt: null, reason: null };
}
