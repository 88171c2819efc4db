/**
 * For this package's tests: a demo store served on 127.0.0.1 (port 0) and clients pointed at it
 * with short timeouts and backoffs, so the suites exercise the real HTTP path quickly.
 */
import { createDemoStore, DEMO_STORE } from '@catalog/demo-store';
import type { DemoStore, DemoStoreOptions, RunningDemoStore } from '@catalog/demo-store';
import { BigCommerceClient } from './client';
import type { BigCommerceClientOptions } from './client';
import { StoreRateLimiter } from './rate-limiter';

export interface TestStore {
  demo: DemoStore;
  running: RunningDemoStore;
  /** A client of the `demo` store with fast retries and its own rate limiter. */
  client(overrides?: Partial<BigCommerceClientOptions>): BigCommerceClient;
  close(): Promise<void>;
}

export async function startTestStore(options: DemoStoreOptions = {}): Promise<TestStore> {
  const demo = createDemoStore({ products: 60, ...options });
  const running = await demo.listen(0, '127.0.0.1');
  return {
    demo,
    running,
    client: (overrides = {}) =>
      new BigCommerceClient({
        baseUrl: running.url,
        storeHash: DEMO_STORE.hash,
        accessToken: DEMO_STORE.accessToken,
        timeoutMs: 2_000,
        retryBaseMs: 5,
        retryMaxMs: 20,
        rateLimiter: new StoreRateLimiter(),
        ...overrides,
      }),
    close: () => running.close(),
  };
}
