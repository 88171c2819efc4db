/**
 * The demo store's state and its admin surface: the stores it serves (by hash, each with its
 * access token and catalog), the run-time settings (latency, quota and window, fault rates),
 * the rate limiter and fault injector, and request counters. Tests and benchmarks drive it
 * directly, or over HTTP through the /__admin routes.
 */
import { Catalog } from './catalog';
import { FaultInjector, NO_FAULTS } from './faults';
import type { FaultKind, FaultRates } from './faults';
import { FixedWindowRateLimiter } from './rate-limit';
import { StoreHooks, type DeliveryStats } from './webhooks';

/** One store the demo serves: `/stores/{hash}/v3/...` with `X-Auth-Token: {accessToken}`. */
export interface StoreSpec {
  hash: string;
  accessToken: string;
  clientId?: string;
  seed?: string | number;
  /** Number of generated products. */
  products?: number;
}

export interface StoreAccount {
  hash: string;
  accessToken: string;
  clientId: string;
  catalog: Catalog;
  /** Its webhooks (Webhooks v3): registered hooks, and the deliveries of the catalog's changes. */
  hooks: StoreHooks;
}

export interface DemoStoreSettings {
  /** Added to every store API request, in ms. */
  latencyMs: number;
  /** Requests per store per window (BigCommerce: 150 or 450 by plan). */
  quota: number;
  /** Length of the fixed rate-limit window in ms (BigCommerce: 30 s). */
  windowMs: number;
  faults: FaultRates;
  /**
   * A store that answers price writes with success and keeps the old prices (another app
   * putting them back, a stale cache): what the app's read-back after writing must catch.
   */
  keepOldPrices: boolean;
}

/** The local-mode store: hash `demo`, access token `demo-token`, client id `demo-client`. */
export const DEMO_STORE: Readonly<Required<Pick<StoreSpec, 'hash' | 'accessToken' | 'clientId'>>> = {
  hash: 'demo',
  accessToken: 'demo-token',
  clientId: 'demo-client',
};

export const DEFAULT_SETTINGS: DemoStoreSettings = { latencyMs: 0, quota: 150, windowMs: 30_000, faults: NO_FAULTS, keepOldPrices: false };

export interface DemoStoreStats {
  /** Store API requests received (admin calls excluded). */
  requests: number;
  /** Requests refused because the store's quota was spent. */
  rateLimited: number;
  /** Injected faults by kind. */
  faults: Record<FaultKind, number>;
  /** Webhook deliveries sent, by outcome. */
  webhooks: DeliveryStats;
}

export type SettingsPatch = Partial<Omit<DemoStoreSettings, 'faults'>> & { faults?: Partial<FaultRates> };

export class DemoStoreState {
  settings: DemoStoreSettings;
  readonly limiter: FixedWindowRateLimiter;
  readonly faults: FaultInjector;
  stats: DemoStoreStats = emptyStats();
  private readonly accounts = new Map<string, StoreAccount>();
  private readonly now: () => number;

  constructor(options: { settings?: SettingsPatch; faultSeed?: string | number; now?: () => number } = {}) {
    this.settings = { ...DEFAULT_SETTINGS };
    this.configure(options.settings ?? {});
    this.limiter = new FixedWindowRateLimiter(() => this.settings, options.now);
    this.faults = new FaultInjector(options.faultSeed ?? 'faults');
    this.now = options.now ?? Date.now;
  }

  addStore(spec: StoreSpec): StoreAccount {
    const catalog = new Catalog({ seed: spec.seed ?? spec.hash, products: spec.products }, this.now);
    const storeId = String(1_000_000 + this.accounts.size + 1);
    const hooks = new StoreHooks(spec.hash, storeId, () => this.stats.webhooks, this.now);
    catalog.onChange = (scope, data) => hooks.emit(scope, data);
    const account: StoreAccount = {
      hash: spec.hash,
      accessToken: spec.accessToken,
      clientId: spec.clientId ?? `${spec.hash}-client`,
      catalog,
      hooks,
    };
    this.accounts.set(spec.hash, account);
    return account;
  }

  account(hash: string): StoreAccount | undefined {
    return this.accounts.get(hash);
  }

  accountList(): StoreAccount[] {
    return [...this.accounts.values()];
  }

  /** The catalog of a store (default: the local `demo` store); throws for an unknown hash. */
  catalog(hash: string = DEMO_STORE.hash): Catalog {
    const account = this.accounts.get(hash);
    if (!account) throw new Error(`The demo store has no store with hash "${hash}"`);
    return account.catalog;
  }

  /** Changes settings at run time; fault rates are merged with the current ones. */
  configure(patch: SettingsPatch): DemoStoreSettings {
    const { faults, ...rest } = patch;
    const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
    this.settings = { ...this.settings, ...defined, faults: { ...this.settings.faults, ...faults } };
    return this.settings;
  }

  /** The next store API requests fail with these faults, in order. */
  failNext(...kinds: FaultKind[]): void {
    this.faults.failNext(...kinds);
  }

  /** Changes a product "in the store", as a merchant would in the control panel (BigCommerce fields). */
  updateProduct(productId: number, fields: Record<string, unknown>, hash?: string) {
    return this.catalog(hash).updateProduct(productId, fields);
  }

  /** Changes a variant "in the store" (BigCommerce fields; `sale_price: null` inherits). */
  updateVariant(variantId: number, fields: Record<string, unknown>, hash?: string) {
    return this.catalog(hash).updateVariant(variantId, fields);
  }

  deleteProduct(productId: number, hash?: string): boolean {
    return this.catalog(hash).deleteProduct(productId);
  }

  /** Resolves once every webhook delivery sent so far has been answered (tests). */
  async webhooksSettled(): Promise<void> {
    await Promise.all(this.accountList().map((a) => a.hooks.settled()));
  }

  /** Every store gets a full quota again. */
  resetRateLimits(): void {
    this.limiter.reset();
  }

  /** Regenerates every catalog and clears webhooks, rate windows, queued faults and counters. */
  reset(): void {
    for (const account of this.accounts.values()) {
      account.catalog.reset();
      account.hooks.clear();
    }
    this.limiter.reset();
    this.faults.reset();
    this.stats = emptyStats();
  }
}

function emptyStats(): DemoStoreStats {
  return { requests: 0, rateLimited: 0, faults: { '429': 0, '500': 0, drop: 0 }, webhooks: { delivered: 0, failed: 0 } };
}
