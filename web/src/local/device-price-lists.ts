/**
 * The app's one copy of the price lists on the device (local-price-lists.ts), following the app's
 * local catalog (device-catalog.ts): made when a screen that shows price lists is first loaded,
 * and once one is shown pulled after every pull of the catalog; the signed-out user's copy deleted
 * from the device (lib/sign-out-callbacks).
 */
import { isOffline } from '../lib/connectivity';
import { onSignOut } from '../lib/sign-out-callbacks';
import { deviceCatalog } from './device-catalog';
import { createLocalPriceLists } from './local-price-lists';

export const devicePriceLists = createLocalPriceLists({ catalog: deviceCatalog, isOffline });

onSignOut(devicePriceLists.forget);
