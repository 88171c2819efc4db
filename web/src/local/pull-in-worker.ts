/**
 * The page's way to run a pull in a worker (catalog-pull-remote.ts, decision 062): starts the
 * worker, lends it the session (each request prepared by the API client, token included) and the
 * connectivity reports, and ends it when the pull ends or is stopped.
 */
import { prepareRequest } from '../lib/api-client';
import { reportAnswer, reportNoAnswer } from '../lib/connectivity';
import { getIdToken } from '../lib/session';
import { pullThroughPort } from './catalog-pull-remote';
import { changesQuery, CHANGES_PATH, type PullOptions, type PullResult } from './catalog-pull';
import { catalogInMemory } from './indexeddb-choice';

/**
 * Whether this page can pull in a worker: a browser with module workers, and a catalog in the
 * browser's IndexedDB (one in this page's memory, indexeddb-choice.ts, is not the worker's).
 */
export const canPullInWorker = (): boolean => typeof Worker === 'function' && !catalogInMemory();

/** The message of a pull stopped because its catalog closed (sign-out). */
const STOPPED = 'The catalog was closed';

/**
 * Pulls the database `dbName` in a new worker; `stop` (given to `onStart`) ends the worker and
 * rejects the pull. A worker that cannot start (its script not loaded) rejects it too.
 */
export function pullInWorker(dbName: string, options: Pick<PullOptions, 'onApplied' | 'onProgress'>, onStart: (stop: () => void) => void): Promise<PullResult> {
  const worker = new Worker(new URL('./catalog-pull.worker.ts', import.meta.url), { type: 'module', name: 'catalog-pull' });
  const ended = new Promise<never>((_, reject) => {
    worker.onerror = (event) => reject(new Error(event.message || 'The catalog could not be pulled'));
    onStart(() => reject(new DOMException(STOPPED, 'AbortError')));
  });
  const pulled = pullThroughPort(worker, dbName, {
    prepare: (cursor, catalog) => prepareRequest({ getToken: getIdToken }, CHANGES_PATH, { query: changesQuery(cursor, catalog) }, 'application/json'),
    answered: reportAnswer,
    noAnswer: reportNoAnswer,
  }, options);
  return Promise.race([pulled, ended]).finally(() => worker.terminate());
}
