/**
 * The app's one copy of the price lists on the device (local-price-lists.ts), following the app's
 * local catalog (device-catalog.ts): started by the signed-in shell when it opens the user's
 * catalog (use-local-catalog.ts), then pulled after every pull of the catalog and whenever the
 * server's price list version moves (catalog-watch.ts), so screens opened offline have them; the
 * signed-out user's copy deleted from the device (lib/sign-out-callbacks).
 */
import { isOffline } from '../lib/connectivity';
import { onSignOut } from '../lib/sign-out-callbacks';
import { deviceCatalog } from './device-catalog';
import { createLocalPriceLists } from './local-price-lists';

export const devicePriceLists = createLocalPriceLists({ catalog: deviceCatalog, isOffline });

onSignOut(devicePriceLists.forget);
