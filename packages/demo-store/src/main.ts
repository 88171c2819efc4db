/**
 * CLI entry: serves the demo store on 127.0.0.1:DEMO_STORE_PORT (default 8788) and prints its
 * URL. Options from the environment: DEMO_STORE_PRODUCTS, DEMO_STORE_SEED,
 * DEMO_STORE_LATENCY_MS, DEMO_STORE_QUOTA, DEMO_STORE_WINDOW_MS, DEMO_STORE_FAULT_RATE.
 */
import { createDemoStore } from './demo-store';
import { splitFaultRate } from './faults';
import { DEMO_STORE } from './store-state';

function numberFrom(name: string, fallback: number | undefined, check: (n: number) => boolean): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || !check(value)) {
    console.error(`[demo-store] ${name}=${raw} is not valid`);
    process.exit(1);
  }
  return value;
}

const isCount = (n: number) => Number.isInteger(n) && n >= 0;
const port = numberFrom('DEMO_STORE_PORT', 8788, (n) => isCount(n) && n <= 65_535) ?? 8788;
const faultRate = numberFrom('DEMO_STORE_FAULT_RATE', 0, (n) => n >= 0 && n <= 1) ?? 0;

const demo = createDemoStore({
  products: numberFrom('DEMO_STORE_PRODUCTS', undefined, isCount),
  seed: process.env.DEMO_STORE_SEED || undefined,
  latencyMs: numberFrom('DEMO_STORE_LATENCY_MS', undefined, isCount),
  quota: numberFrom('DEMO_STORE_QUOTA', undefined, (n) => isCount(n) && n > 0),
  windowMs: numberFrom('DEMO_STORE_WINDOW_MS', undefined, (n) => isCount(n) && n > 0),
  faults: splitFaultRate(faultRate),
});

const running = await demo.listen(port, '127.0.0.1');
const { products } = demo.store.catalog().data;
console.log(
  `[demo-store] BigCommerce stand-in at ${running.url} (store hash "${DEMO_STORE.hash}", token "${DEMO_STORE.accessToken}", ` +
    `client id "${DEMO_STORE.clientId}", ${products.size} products)`,
);

const stop = () => {
  running.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
