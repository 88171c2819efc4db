/**
 * CLI entry: serves the demo store on 127.0.0.1:DEMO_STORE_PORT (default 8788) and prints its
 * URL and stores. Options from the environment: DEMO_STORE_PRODUCTS, DEMO_STORE_SEED,
 * DEMO_STORE_LATENCY_MS, DEMO_STORE_QUOTA, DEMO_STORE_WINDOW_MS, DEMO_STORE_FAULT_RATE (the
 * default `demo` store, and every store's defaults), and more stores with settings of their own:
 *
 *   DEMO_STORE_STORES="acme:acme-token:200,slow:slow-token:50:2000"   (comma-separated)
 *   main.ts --store slow:slow-token::0:1:20000 --store=flaky:flaky-token:::::0.3
 *
 * each `hash:token[:products[:latencyMs[:quota[:windowMs[:faultRate]]]]]`, an empty field
 * keeping the default (cli-options.ts reads them). The app installed through the control panel
 * at /manage: DEMO_STORE_APP_CLIENT_ID, DEMO_STORE_APP_CLIENT_SECRET, DEMO_STORE_APP_URL (all
 * three, or none: no app) and DEMO_STORE_APP_SCOPES (optional).
 */
import { readCliOptions } from './cli-options';
import { createDemoStore } from './demo-store';
import { DEMO_STORE } from './store-state';

const cli = readCliOptions(process.env, process.argv.slice(2));
if ('errors' in cli) {
  for (const error of cli.errors) console.error(`[demo-store] ${error}`);
  process.exit(1);
}

const demo = createDemoStore(cli.options);
const running = await demo.listen(cli.port, '127.0.0.1');
const { products } = demo.store.catalog().data;
console.log(
  `[demo-store] BigCommerce stand-in at ${running.url} (store hash "${DEMO_STORE.hash}", token "${DEMO_STORE.accessToken}", ` +
    `client id "${DEMO_STORE.clientId}", ${products.size} products)`,
);
for (const account of demo.store.accountList().filter((a) => a.hash !== DEMO_STORE.hash)) {
  console.log(
    `[demo-store] also store hash "${account.hash}", token "${account.accessToken}", ${account.catalog.data.products.size} products, ` +
      `settings ${JSON.stringify(account.overrides)}`,
  );
}

const app = demo.store.registeredApp;
console.log(
  app
    ? `[demo-store] control panel at ${running.url}/manage installs app "${app.clientId}" at ${app.appUrl} (token exchange: ${running.url}/oauth2/token)`
    : '[demo-store] no app registered: set DEMO_STORE_APP_CLIENT_ID, DEMO_STORE_APP_CLIENT_SECRET and DEMO_STORE_APP_URL to install one at /manage',
);

const stop = () => {
  running.close().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
