/**
 * The worker a first pull of the catalog runs in (catalog-pull-remote.ts; started by
 * pull-in-worker.ts): it serves pulls on its global scope.
 */
import { servePulls, type PullPort } from './catalog-pull-remote';

servePulls(self as unknown as PullPort);
