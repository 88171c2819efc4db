/**
 * The demo store's Hono environment, in a leaf module: app.ts builds the app with it, and the
 * routes and the store gate it mounts type their handlers with it.
 */
import type { HttpBindings } from '@hono/node-server';
import type { Catalog } from './catalog';
import type { PriceLists } from './price-lists';
import type { VariantMetafields } from './variant-metafields';
import type { StoreHooks } from './webhooks';

/**
 * The Hono environment the routes share: the Node bindings (present when served by
 * @hono/node-server, absent under `app.request`) and the store resolved from the path's hash.
 */
export interface AppEnv {
  Bindings: Partial<HttpBindings> | undefined;
  Variables: {
    /** The catalog of the store named in the path (`/stores/{hash}/v3/...`). */
    catalog: Catalog;
    storeHash: string;
    /** The `keepOldPrices` fault is on: writes succeed but leave prices as they were. */
    keepPrices: boolean;
    /** The store's webhooks, and the API account (client id) the access token belongs to. */
    hooks: StoreHooks;
    clientId: string;
    /** The store's price lists, customer groups and channels. */
    pricing: PriceLists;
    /** The store's variant metafields. */
    metafields: VariantMetafields;
  };
}
