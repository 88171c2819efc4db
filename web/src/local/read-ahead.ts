/**
 * The catalog's read-ahead loop (catalog-query.ts): reads `ids` in steps of `step` rows with at
 * most `ahead` steps in flight, so IndexedDB reads the next step while the last one is decoded.
 * Each step's reads are issued in a task of their own: a step is tens of IndexedDB requests (its
 * products' chunks and their variants', one request each), and issuing three steps' at once made one task
 * of tens of milliseconds under DevTools or Lighthouse, which record every request.
 */
import { nextTask } from '../lib/idle';

export async function readAhead(
  ids: readonly number[],
  read: (ids: number[]) => Promise<unknown>,
  { step, ahead, cancelled }: { step: number; ahead: number; cancelled: () => boolean },
): Promise<void> {
  const inFlight: Array<Promise<unknown>> = [];
  for (let from = 0; from < ids.length; from += step) {
    // A full pipeline waits for its oldest step (a task of IndexedDB's); otherwise a task of our own.
    if (inFlight.length >= ahead) await inFlight.shift();
    else if (from > 0) await nextTask();
    if (cancelled()) return;
    inFlight.push(read(ids.slice(from, from + step)).catch(() => {}));
  }
}
