/**
 * Builds the demo store's Hono app: the BigCommerce Catalog v3 (products, variants, category
 * trees, brands) and Webhooks v3 routes under
 * `/stores/{hash}/v3` behind the store gate (latency, auth, rate limit, faults), the admin
 * surface under `/__admin`, the registered app's install (`POST /oauth2/token`, the control
 * panel at `/manage`), and one error shape (BigCommerce's) for unknown routes and failures.
 */
import { Hono } from 'hono';
import type { AppEnv } from './app-env';
import { errorBody } from './responses';
import { adminRoutes } from './routes/admin';
import { brandRoutes } from './routes/brands';
import { controlPanelRoutes } from './routes/control-panel';
import { hookRoutes } from './routes/hooks';
import { oauthTokenRoutes } from './routes/oauth-token';
import { productRoutes } from './routes/products';
import { treeRoutes } from './routes/trees';
import { variantRoutes } from './routes/variants';
import { storeGate } from './store-gate';
import type { DemoStoreState } from './store-state';

export function createApp(state: DemoStoreState) {
  const storeApi = new Hono<AppEnv>().route('/', productRoutes).route('/', variantRoutes).route('/', treeRoutes).route('/', brandRoutes).route('/', hookRoutes);

  const app = new Hono<AppEnv>();
  app.use('/stores/:hash/v3/*', storeGate(state));
  app.route('/stores/:hash/v3', storeApi);
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
