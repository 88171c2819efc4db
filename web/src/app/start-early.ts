/**
 * A returning user's visit, started before the app's code has loaded (decision 041): the
 * signed-in shell, the screen at this address and Mantine's stylesheet load alongside the app,
 * and the device's catalog opens and reads its first page, so /products can show that page in
 * its first render. Nothing here waits for Firebase: the user is the one this device remembers
 * (lib/signed-in-hint.ts), and the session confirms them afterwards (lib/session.ts). Only what
 * is on this device is read; the server is asked nothing until Firebase's token is there.
 */
import { readRememberedUser } from '../lib/signed-in-hint';
import { loadMantineStyles, loadSignedInLayout, signedInScreenAt } from './route-modules';

const ignore = () => {}; // a failed preload is retried when the router renders the part

/** Starts the returning user's screen at `pathname`; nothing for a visitor or a marketing page. */
export function startEarly(pathname: string): void {
  const user = readRememberedUser();
  const screen = user && signedInScreenAt(pathname);
  if (!user || !screen) return;
  loadSignedInLayout().catch(ignore);
  screen().catch(ignore);
  loadMantineStyles().catch(ignore);
  import('../local/local-catalog').then(({ openLocalCatalog }) => openLocalCatalog(user.uid), ignore);
}
