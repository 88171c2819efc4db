/**
 * The app's one local catalog (local-catalog.ts), made here and nowhere else: pulls skipped
 * while the device is offline, and the signed-out user's catalog deleted from it
 * (lib/sign-out-callbacks). The app's modules that work on the signed-in user's catalog (the
 * queries, drafts, the work-order cache, the outbox, the shell that keeps it up to date) use
 * this instance; a test of the local catalog itself may make its own with createLocalCatalog.
 */
import { isOffline } from '../lib/connectivity';
import { onSignOut } from '../lib/sign-out-callbacks';
import { createLocalCatalog } from './local-catalog';

/** Opening it waits for the choice of IndexedDB (catalog-db.ts; here for app/start-early.ts). */
export { catalogStorageChosen } from './catalog-db';

export const deviceCatalog = createLocalCatalog({ isOffline });

onSignOut(deviceCatalog.forget);
