/**
 * The Hono environment the demo store's routes share: the Node bindings (present when served
 * by @hono/node-server, absent under `app.request`) and the per-request store resolved from
 * the `{store_hash}` in the path.
 */
import type { HttpBindings } from '@hono/node-server';
import type { Catalog } from './catalog';

export interface AppEnv {
  Bindings: Partial<HttpBindings> | undefined;
  Variables: {
    /** The catalog of the store named in the path (`/stores/{hash}/v3/...`). */
    catalog: Catalog;
    storeHash: string;
  };
}
