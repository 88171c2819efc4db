/**
 * Devices follow the store (decision 036): while the page is shown and online, the tab asks the
 * server for its catalog's version every CATALOG_WATCH_MS (GET /api/catalog/version, one small
 * read) and pulls the changes only when its stored cursor is behind, or the catalog is another
 * one. A price changed in the store (a webhook, then the server's re-read) shows within a few
 * seconds, at the cost of one tiny request per interval; the minute-long pull in
 * use-local-catalog.ts stays as the fallback.
 *
 * The same answer names the price lists' copy and version (issue 35): when the catalog is not
 * behind, the device's price lists (device-price-lists.ts) are pulled if theirs moved (a webhook's
 * refresh, a price list order, the lists read again) or were cleared (a store connected again); a
 * catalog pull is followed by one of the price lists anyway.
 */
import { CatalogVersionResponse } from '@catalog/contracts/replication';
import { apiFetch } from '../lib/api-client';
import { isOffline } from '../lib/connectivity';
import { readCursor } from './catalog-apply';
import { deviceCatalog } from './device-catalog';
import { devicePriceLists } from './device-price-lists';

/** How often a shown, online page asks for the catalog's version: a store change shows within about this long plus a pull. */
export const CATALOG_WATCH_MS = 1_500;

export type FetchCatalogVersion = () => Promise<CatalogVersionResponse>;

export const fetchVersionFromApi: FetchCatalogVersion = () => apiFetch('/api/catalog/version', { schema: CatalogVersionResponse });

/**
 * Pulls when the server's catalog is ahead of this device's copy, else the price lists when
 * theirs moved; resolves whether it pulled anything; never rejects (the next look tries again).
 */
export async function pullIfBehind(fetchVersion: FetchCatalogVersion = fetchVersionFromApi): Promise<boolean> {
  const db = deviceCatalog.db();
  if (!db || isOffline() || deviceCatalog.status().pulling) return false;
  try {
    const [local, remote] = await Promise.all([readCursor(db), fetchVersion()]);
    if (remote.catalogId === local.catalogId && remote.version <= local.cursor) {
      return await devicePriceLists.pullIfBehind({ catalogId: remote.priceListCatalogId, version: remote.priceListVersion, listsReadAt: remote.priceListsReadAt });
    }
    // The price lists follow the catalog's pull (local-price-lists.ts).
    await deviceCatalog.pullNow();
    return true;
  } catch {
    return false;
  }
}

/** Looks every CATALOG_WATCH_MS while the page is visible; returns the stop function. */
export function watchCatalog(fetchVersion: FetchCatalogVersion = fetchVersionFromApi): () => void {
  let busy = false;
  const look = async () => {
    if (busy || document.visibilityState !== 'visible') return;
    busy = true;
    try {
      await pullIfBehind(fetchVersion);
    } finally {
      busy = false;
    }
  };
  const timer = window.setInterval(() => void look(), CATALOG_WATCH_MS);
  return () => window.clearInterval(timer);
}
