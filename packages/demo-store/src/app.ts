/**
 * Builds the demo store's Hono app: the BigCommerce Catalog v3 (products, variants and their
 * metafields, category trees, brands), Webhooks v3, Price Lists v3 and Channels v3 routes under `/stores/{hash}/v3`
 * and Customers v2's customer groups under `/stores/{hash}/v2`, behind the store gate (latency, auth, rate limit, faults), the admin
 * surface under `/__admin`, the registered app's install (`POST /oauth2/token`, the control
 * panel at `/manage`), and one error shape (BigCommerce's) for unknown routes and failures.
 */
import { Hono } from 'hono';
import type { AppEnv } from './app-env';
import { errorBody } from './responses';
import { adminRoutes } from './routes/admin';
import { brandRoutes } from './routes/brands';
import { channelRoutes } from './routes/channels';
import { controlPanelRoutes } from './routes/control-panel';
import { customerGroupRoutes } from './routes/customer-groups';
import { hookRoutes } from './routes/hooks';
import { oauthTokenRoutes } from './routes/oauth-token';
import { assignmentRoutes } from './routes/price-list-assignments';
import { recordRoutes } from './routes/price-list-records';
import { priceListRoutes } from './routes/price-lists';
import { productRoutes } from './routes/products';
import { treeRoutes } from './routes/trees';
import { variantMetafieldRoutes } from './routes/variant-metafields';
import { variantRoutes } from './routes/variants';
import { storeGate } from './store-gate';
import type { DemoStoreState } from './store-state';

export function createApp(state: DemoStoreState) {
  const storeApi = new Hono<AppEnv>()
    .route('/', productRoutes).route('/', variantRoutes).route('/', variantMetafieldRoutes).route('/', treeRoutes).route('/', brandRoutes).route('/', hookRoutes)
    // Assignments and cross-list records before /pricelists/{id}: their paths are not ids, but the order reads plainly.
    .route('/', assignmentRoutes).route('/', recordRoutes).route('/', priceListRoutes).route('/', channelRoutes);

  const app = new Hono<AppEnv>();
  app.use('/stores/:hash/v3/*', storeGate(state));
  app.route('/stores/:hash/v3', storeApi);
  // Customers v2 (customer groups) behind the same gate.
  app.use('/stores/:hash/v2/*', storeGate(state));
  app.route('/stores/:hash/v2', new Hono<AppEnv>().route('/', customerGroupRoutes));
  app.route('/__admin', adminRoutes(state));
  // The registered app's single-click install: the login service's token exchange, the control panel.
  app.route('/', oauthTokenRoutes(state));
  app.route('/', controlPanelRoutes(state));
  app.get('/', (c) =>
    c.json({
      name: 'demo-store',
      description: 'A BigCommerce Catalog v3 stand-in',
      stores: state.accountList().map((a) => ({ hash: a.hash, api: `/stores/${a.hash}/v3` })),
      controlPanel: '/manage',
    }),
  );
  app.notFound((c) => c.json(errorBody(404, `No route for ${c.req.method} ${new URL(c.req.url).pathname}`), 404));
  app.onError((err, c) => {
    console.error('[demo-store] unexpected error', err);
    return c.json(errorBody(500, 'Internal Server Error'), 500);
  });
  return app;
}

export type DemoStoreApp = ReturnType<typeof createApp>;
