/**
 * The demo store's command line and environment, read by one pure function so the syntax is
 * tested without starting a server. Besides the default `demo` store, more stores with settings
 * of their own come from `DEMO_STORE_STORES` (comma-separated) and `--store` arguments
 * (repeatable), each `hash:token[:products[:latencyMs[:quota[:windowMs[:faultRate]]]]]`; an
 * empty field keeps the default (`slow:slow-token::2000` is the default catalog size, 2 s latency).
 * The app registered for single-click install comes from DEMO_STORE_APP_CLIENT_ID,
 * DEMO_STORE_APP_CLIENT_SECRET and DEMO_STORE_APP_URL (all three or none), and
 * DEMO_STORE_APP_SCOPES (optional, space- or comma-separated).
 */
import { readAppEnv } from './app-registration';
import type { DemoStoreOptions } from './demo-store';
import { splitFaultRate } from './faults';
import type { SettingsPatch } from './settings';
import { DEMO_STORE, STORE_HASH_PATTERN } from './store-state';
import type { StoreSpec } from './store-state';

export type Env = Record<string, string | undefined>;

export interface CliOptions {
  /** 127.0.0.1:port to listen on (DEMO_STORE_PORT, default 8788). */
  port: number;
  options: DemoStoreOptions;
}

/** What a store spec looks like, for error messages. */
export const STORE_SYNTAX = 'hash:token[:products[:latencyMs[:quota[:windowMs[:faultRate]]]]]';

type NumberRule = (n: number) => boolean;
const isCount: NumberRule = (n) => Number.isInteger(n) && n >= 0;
const isPositive: NumberRule = (n) => isCount(n) && n > 0;
const isRate: NumberRule = (n) => n >= 0 && n <= 1;

/** A number from text: undefined when blank, an error message when not valid. */
function readNumber(label: string, raw: string | undefined, ok: NumberRule): number | undefined | string {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && ok(value) ? value : `${label}=${raw} is not valid`;
}

/** Collects the messages of failed reads; `value` gives a read's number back, or undefined. */
function numberReader(errors: string[]) {
  return (label: string, raw: string | undefined, ok: NumberRule): number | undefined => {
    const read = readNumber(label, raw, ok);
    if (typeof read === 'string') errors.push(read);
    return typeof read === 'number' ? read : undefined;
  };
}

/** One store spec (`acme:acme-token:200::1:20000`); `products` is the count when its field is empty. */
export function parseStoreSpec(text: string, products?: number): { spec: StoreSpec } | { error: string } {
  const [hash = '', accessToken = '', ...rest] = text.trim().split(':');
  if (!STORE_HASH_PATTERN.test(hash) || accessToken === '' || rest.length > 5) {
    return { error: `store "${text}" is not ${STORE_SYNTAX} (hash: letters, digits, - or _)` };
  }
  const errors: string[] = [];
  const read = numberReader(errors);
  const [rawProducts, rawLatency, rawQuota, rawWindow, rawFaultRate] = rest;
  const count = read(`${hash} products`, rawProducts, isCount) ?? products;
  const faultRate = read(`${hash} faultRate`, rawFaultRate, isRate);
  const settings: SettingsPatch = {
    latencyMs: read(`${hash} latencyMs`, rawLatency, isCount),
    quota: read(`${hash} quota`, rawQuota, isPositive),
    windowMs: read(`${hash} windowMs`, rawWindow, isPositive),
    faults: faultRate === undefined ? undefined : splitFaultRate(faultRate),
  };
  if (errors.length > 0) return { error: `store "${text}": ${errors.join('; ')}` };
  const defined = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)) as SettingsPatch;
  return { spec: { hash, accessToken, products: count, settings: defined } };
}

/** The texts of `--store x` and `--store=x` arguments; anything else is an error. */
function storeArguments(argv: readonly string[], errors: string[]): string[] {
  const texts: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg.startsWith('--store=')) texts.push(arg.slice('--store='.length));
    else if (arg === '--store' && argv[i + 1] !== undefined) texts.push(argv[++i] ?? '');
    else errors.push(`unknown argument "${arg}" (use --store ${STORE_SYNTAX})`);
  }
  return texts;
}

/** The extra stores of DEMO_STORE_STORES and `--store`, after the default one; hashes must differ. */
function extraStores(env: Env, argv: readonly string[], products: number | undefined, errors: string[]): StoreSpec[] {
  const fromEnv = (env.DEMO_STORE_STORES ?? '').split(',').filter((t) => t.trim() !== '');
  const specs: StoreSpec[] = [];
  const hashes = new Set<string>([DEMO_STORE.hash]);
  for (const text of [...fromEnv, ...storeArguments(argv, errors)]) {
    const parsed = parseStoreSpec(text, products);
    if ('error' in parsed) errors.push(parsed.error);
    else if (hashes.has(parsed.spec.hash)) errors.push(`store "${parsed.spec.hash}" is named twice (or is the default store)`);
    else {
      hashes.add(parsed.spec.hash);
      specs.push(parsed.spec);
    }
  }
  return specs;
}

/** The port and `createDemoStore` options of an environment and argument list, or every problem found. */
export function readCliOptions(env: Env, argv: readonly string[]): CliOptions | { errors: string[] } {
  const errors: string[] = [];
  const read = (name: string, ok: NumberRule) => numberReader(errors)(name, env[name], ok);
  const port = read('DEMO_STORE_PORT', (n) => isCount(n) && n <= 65_535) ?? 8788;
  const products = read('DEMO_STORE_PRODUCTS', isCount);
  const seed = env.DEMO_STORE_SEED || undefined;
  const registration = readAppEnv(env);
  errors.push(...registration.errors);
  const options: DemoStoreOptions = {
    latencyMs: read('DEMO_STORE_LATENCY_MS', isCount),
    quota: read('DEMO_STORE_QUOTA', isPositive),
    windowMs: read('DEMO_STORE_WINDOW_MS', isPositive),
    faults: splitFaultRate(read('DEMO_STORE_FAULT_RATE', isRate) ?? 0),
    stores: [{ ...DEMO_STORE, seed, products }, ...extraStores(env, argv, products, errors)],
    app: registration.app,
  };
  return errors.length > 0 ? { errors } : { port, options };
}
