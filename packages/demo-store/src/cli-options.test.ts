import { describe, expect, it } from 'vitest';
import { parseStoreSpec, readCliOptions } from './cli-options';
import type { CliOptions } from './cli-options';
import { splitFaultRate } from './faults';
import { DEMO_STORE } from './store-state';

const read = (env: Record<string, string>, argv: string[] = []): CliOptions => {
  const result = readCliOptions(env, argv);
  if ('errors' in result) throw new Error(result.errors.join('\n'));
  return result;
};
const errorsOf = (env: Record<string, string>, argv: string[] = []): string[] => {
  const result = readCliOptions(env, argv);
  return 'errors' in result ? result.errors : [];
};

describe('the demo store command line', () => {
  it('serves the default demo store alone with nothing set', () => {
    const { port, options } = read({});
    expect(port).toBe(8788);
    expect(options.stores).toEqual([{ ...DEMO_STORE, seed: undefined, products: undefined }]);
    expect(options.faults).toEqual({ rate429: 0, rate500: 0, drop: 0 });
  });

  it('reads the global settings from DEMO_STORE_* as before', () => {
    const { port, options } = read({
      DEMO_STORE_PORT: '9000', DEMO_STORE_PRODUCTS: '40', DEMO_STORE_SEED: 's', DEMO_STORE_LATENCY_MS: '5',
      DEMO_STORE_QUOTA: '450', DEMO_STORE_WINDOW_MS: '1000', DEMO_STORE_FAULT_RATE: '0.3',
    });
    expect(port).toBe(9000);
    expect(options).toMatchObject({ latencyMs: 5, quota: 450, windowMs: 1000 });
    expect(options.faults?.rate500).toBeCloseTo(0.1);
    expect(options.stores?.[0]).toEqual({ ...DEMO_STORE, seed: 's', products: 40 });
  });

  it('adds the stores of DEMO_STORE_STORES, then of --store, each with its own settings', () => {
    const { options } = read(
      { DEMO_STORE_STORES: 'acme:acme-token:200, slow:slow-token:50:2000', DEMO_STORE_PRODUCTS: '30' },
      ['--store', 'tight:tight-token::0:1:20000', '--store=flaky:flaky-token:::::0.3'],
    );
    expect(options.stores?.slice(1)).toEqual([
      { hash: 'acme', accessToken: 'acme-token', products: 200, settings: {} },
      { hash: 'slow', accessToken: 'slow-token', products: 50, settings: { latencyMs: 2000 } },
      { hash: 'tight', accessToken: 'tight-token', products: 30, settings: { latencyMs: 0, quota: 1, windowMs: 20_000 } },
      { hash: 'flaky', accessToken: 'flaky-token', products: 30, settings: { faults: splitFaultRate(0.3) } },
    ]);
  });

  it('refuses a malformed store, a bad number, a hash named twice and an unknown argument, listing each', () => {
    const errors = errorsOf({ DEMO_STORE_STORES: 'nohash,demo:x,a:b:many,c:d:1:2:0', DEMO_STORE_QUOTA: '0' }, ['--store', 'a:b', '--verbose']);
    expect(errors).toEqual([
      'DEMO_STORE_QUOTA=0 is not valid',
      'unknown argument "--verbose" (use --store hash:token[:products[:latencyMs[:quota[:windowMs[:faultRate]]]]])',
      expect.stringMatching(/^store "nohash" is not hash:token/),
      'store "demo" is named twice (or is the default store)',
      'store "a:b:many": a products=many is not valid',
      'store "c:d:1:2:0": c quota=0 is not valid',
    ]);
  });

  it('refuses a store spec with too many fields or a fault rate above 1', () => {
    expect(parseStoreSpec('a:b:1:2:3:4:0.5:extra')).toEqual({ error: expect.stringMatching(/is not hash:token/) });
    expect(parseStoreSpec('a:b:::::1.5')).toEqual({ error: 'store "a:b:::::1.5": a faultRate=1.5 is not valid' });
    expect(parseStoreSpec('a:b', 12)).toEqual({ spec: { hash: 'a', accessToken: 'b', products: 12, settings: {} } });
  });

  it('registers the app of DEMO_STORE_APP_*, all three or none, with the default scopes or DEMO_STORE_APP_SCOPES', () => {
    expect(read({}).options.app).toBeUndefined();
    const app = { DEMO_STORE_APP_CLIENT_ID: 'cid', DEMO_STORE_APP_CLIENT_SECRET: 'secret', DEMO_STORE_APP_URL: 'http://127.0.0.1:8787' };
    expect(read(app).options.app).toEqual({ clientId: 'cid', clientSecret: 'secret', appUrl: 'http://127.0.0.1:8787', scopes: undefined });
    expect(read({ ...app, DEMO_STORE_APP_SCOPES: 'store_v2_products, store_v2_orders' }).options.app?.scopes).toEqual(['store_v2_products', 'store_v2_orders']);
    expect(errorsOf({ DEMO_STORE_APP_CLIENT_ID: 'cid' })).toEqual([
      'DEMO_STORE_APP_CLIENT_SECRET, DEMO_STORE_APP_URL must be set too: an app is registered with all three of ' +
        'DEMO_STORE_APP_CLIENT_ID, DEMO_STORE_APP_CLIENT_SECRET, DEMO_STORE_APP_URL',
    ]);
    expect(errorsOf({ ...app, DEMO_STORE_APP_URL: 'localhost:8787', DEMO_STORE_APP_SCOPES: 'Bad-Scope' })).toEqual([
      'DEMO_STORE_APP_URL must be an http or https URL',
      'DEMO_STORE_APP_SCOPES must be one or more scope names (lowercase letters, digits, _)',
    ]);
    expect(errorsOf({ DEMO_STORE_APP_SCOPES: 'store_v2_products' })).toEqual([expect.stringMatching(/^DEMO_STORE_APP_SCOPES is set but no app is/)]);
  });
});
