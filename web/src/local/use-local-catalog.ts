/**
 * Keeps the signed-in user's local catalog open and up to date while the signed-in shell is
 * shown: pulls once when the catalog opens, when the device comes back online, when the page
 * becomes visible again, and every minute while it is visible; and at once when the server's
 * catalog moved ahead (catalog-watch.ts asks every 1.5 s while the page is shown, so a change made in
 * the store shows within seconds). (Syncs and executed work orders pull themselves: deviceCatalog.pullNow.) The outbox (the one provided above, useOutbox()) is sent at the same
 * moments: what waited offline goes first when the connection returns. The user's price lists
 * (device-price-lists.ts) are started here too: pulled after each pull of the catalog, and when
 * the server's price list version moves (catalog-watch.ts), whatever screen is shown.
 */
import { useEffect } from 'react';
import { onReconnect } from '../lib/connectivity';
import { useAuth } from '../lib/session';
import { catalogStorageChosen, isCatalogStorageChosen } from './catalog-db';
import { watchCatalog } from './catalog-watch';
import { deviceCatalog } from './device-catalog';
import { devicePriceLists } from './device-price-lists';
import { useOutbox } from './outbox-hooks';

/** How often a visible page pulls the catalog's changes. */
export const PULL_INTERVAL_MS = 60_000;

export function useLocalCatalog(): void {
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const outbox = useOutbox();

  useEffect(() => {
    if (!uid) return;
    let mounted = true;
    // Opened here, or earlier (app/start-early.ts); the shell remounts between some routes, and
    // the first send and pull happen once per catalog.
    const start = () => {
      if (!mounted) return;
      const opened = deviceCatalog.start(uid);
      // The price lists follow the open catalog from now on (once: later calls do nothing), so
      // every screen, also one opened offline later, finds them as the last pull left them.
      devicePriceLists.start();
      if (!opened) return;
      // In a task of their own, not in the one that runs the first screen's effects.
      setTimeout(() => {
        void outbox.flush();
        void deviceCatalog.pullNow();
      }, 0);
    };
    // Once the app knows which IndexedDB the catalog uses (catalog-db.ts): at once, as a rule.
    if (isCatalogStorageChosen()) start();
    else void catalogStorageChosen().then(start);

    let timer: number | undefined;
    const schedule = () => {
      window.clearInterval(timer);
      timer = undefined;
      if (document.visibilityState === 'visible') timer = window.setInterval(() => void deviceCatalog.pullNow(), PULL_INTERVAL_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        void outbox.flush();
        void deviceCatalog.pullNow();
      }
      schedule();
    };
    const onOnline = () => {
      void outbox.flush({ force: true });
      void deviceCatalog.pullNow();
    };
    schedule();
    document.addEventListener('visibilitychange', onVisibility);
    const stopReconnect = onReconnect(onOnline);
    const stopWatching = watchCatalog();
    return () => {
      mounted = false;
      window.clearInterval(timer);
      stopWatching();
      document.removeEventListener('visibilitychange', onVisibility);
      stopReconnect();
    };
  }, [uid, outbox]);
}
