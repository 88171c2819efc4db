/**
 * A returning user's visit, started before the app's code has loaded (decision 041): the
 * signed-in shell, the screen at this address and Mantine's stylesheet load alongside the app,
 * and the device's catalog opens and reads its first page, so /products can show that page in
 * its first render. Nothing here waits for Firebase: the user is the one this device remembers
 * (lib/signed-in-hint.ts), and the session confirms them afterwards (lib/session.ts). Only what
 * is on this device is read; the server is asked nothing until Firebase's token is there.
 * User Timing marks 'catalog-module-loaded' and 'catalog-storage-chosen' tell when the catalog's
 * code had loaded and when it could open (bench/local-catalog.ts prints them in its timeline).
 */
import { readRememberedUser } from '../lib/signed-in-hint';
import { loadMantineStyles, loadSignedInLayout, signedInScreenAt } from './route-modules';

const ignore = () => {}; // a failed preload is retried when the router renders the part

/**
 * Starts the returning user's screen at `pathname`; nothing for a visitor or a marketing page.
 * Returns what the app's first render waits for (main.tsx): the shell, the screen and the
 * stylesheet having loaded, so that render shows the screen instead of suspending on it. A
 * suspended first render commits the loader, renders the screen hidden, and reveals it in a
 * later commit that runs every effect of the screen at once: on a phone-speed CPU the one
 * longest task of the start. Null when there is nothing to wait for; never rejects.
 */
export function startEarly(pathname: string): Promise<void> | null {
  const user = readRememberedUser();
  const screen = user && signedInScreenAt(pathname);
  if (!user || !screen) return null;
  const ready = Promise.all([loadSignedInLayout(), screen(), loadMantineStyles()]).then(ignore, ignore);
  import('../local/device-catalog')
    .then(async ({ deviceCatalog, catalogStorageChosen }) => {
      performance.mark('catalog-module-loaded');
      await catalogStorageChosen(); // the browser's IndexedDB, or one in memory (a frame denied storage)
      performance.mark('catalog-storage-chosen');
      deviceCatalog.open(user.uid);
    })
    .catch(ignore);
  return ready;
}
