/**
 * The demo store's state and its admin surface: the stores it serves (by hash, each with its
 * access token, catalog, settings of its own and counters), the global settings every store
 * follows unless it overrides them (latency, quota and window, fault rates, kept prices), the
 * rate limiter and fault injectors, and request counters. Tests and benchmarks drive it
 * directly, or over HTTP through the /__admin routes.
 */
import { StoreAppInstall } from './app-install';
import type { RegisteredApp } from './app-registration';
import { Catalog } from './catalog';
import { FaultInjector } from './faults';
import type { FaultKind } from './faults';
import { PriceLists } from './price-lists';
import { FixedWindowRateLimiter } from './rate-limit';
import { applyPatch, combinePatches, DEFAULT_SETTINGS } from './settings';
import type { DemoStoreSettings, SettingsPatch } from './settings';
import { emptyStats, emptyStoreStats } from './store-stats';
import type { DemoStoreStats, StoreStats } from './store-stats';
import { VariantMetafields } from './variant-metafields';
import { StoreHooks } from './webhooks';

export { DEFAULT_SETTINGS } from './settings';
export type { DemoStoreSettings, SettingsPatch } from './settings';
export type { DemoStoreStats, StoreStats } from './store-stats';

/** One store the demo serves: `/stores/{hash}/v3/...` with `X-Auth-Token: {accessToken}`. */
export interface StoreSpec {
  hash: string;
  accessToken: string;
  clientId?: string;
  seed?: string | number;
  /** Number of generated products. */
  products?: number;
  /** This store's own settings over the global ones (e.g. `{ quota: 1 }` to throttle it alone). */
  settings?: SettingsPatch;
}

export interface StoreAccount {
  hash: string;
  accessToken: string;
  clientId: string;
  catalog: Catalog;
  /** Its webhooks (Webhooks v3): registered hooks, and the deliveries of the catalog's changes. */
  hooks: StoreHooks;
  /** Its price lists (with their records and assignments), customer groups and channels. */
  pricing: PriceLists;
  /** Its variant metafields. */
  metafields: VariantMetafields;
  /** Its own settings over the global ones; `{}` while it follows them. */
  overrides: SettingsPatch;
  /** Its queued faults, and its random draws once it has fault rates of its own. */
  faults: FaultInjector;
  stats: StoreStats;
  /** The registered app's install in this store: its codes, its access token, who may open it. */
  install: StoreAppInstall;
}

/** What a store hash may be: letters, digits, `-` and `_` (a path segment, and no `:` or `,` for the command line). */
export const STORE_HASH_PATTERN = /^[A-Za-z0-9_-]+$/;

/** The local-mode store: hash `demo`, access token `demo-token`, client id `demo-client`. */
export const DEMO_STORE: Readonly<Required<Pick<StoreSpec, 'hash' | 'accessToken' | 'clientId'>>> = {
  hash: 'demo',
  accessToken: 'demo-token',
  clientId: 'demo-client',
};

export class DemoStoreState {
  /** The global settings: every store's, but for the fields it overrides. */
  settings: DemoStoreSettings;
  readonly limiter: FixedWindowRateLimiter;
  /** The global fault queue (`failNext`) and the random draws of stores without fault rates of their own. */
  readonly faults: FaultInjector;
  /** Counts over every store; each store's own are `statsOf(hash)`. */
  stats: DemoStoreStats = emptyStats();
  private readonly accounts = new Map<string, StoreAccount>();
  /** Each store's overrides as it was created, what `reset()` puts back. */
  private readonly createdWith = new Map<string, SettingsPatch>();
  /** The clock of rate windows, date_modified, code expiry and signed payloads (tests set it). */
  readonly now: () => number;
  private readonly faultSeed: string | number;
  /** The app registered with the demo store (single-click install), or null. */
  readonly registeredApp: RegisteredApp | null;

  constructor(options: { settings?: SettingsPatch; faultSeed?: string | number; now?: () => number; app?: RegisteredApp } = {}) {
    this.settings = applyPatch(DEFAULT_SETTINGS, options.settings ?? {});
    // A hash the demo does not serve never reaches the limiter (the gate answers 404 first).
    this.limiter = new FixedWindowRateLimiter((hash) => this.effective(this.accounts.get(hash)), options.now);
    this.faultSeed = options.faultSeed ?? 'faults';
    this.faults = new FaultInjector(this.faultSeed);
    this.now = options.now ?? Date.now;
    this.registeredApp = options.app ?? null;
  }

  /** Serves one more store; throws when the hash is already served. */
  addStore(spec: StoreSpec): StoreAccount {
    if (this.accounts.has(spec.hash)) throw new Error(`The demo store already serves a store with hash "${spec.hash}"`);
    const catalog = new Catalog({ seed: spec.seed ?? spec.hash, products: spec.products }, this.now);
    const storeId = String(1_000_000 + this.accounts.size + 1);
    const hooks = new StoreHooks(spec.hash, storeId, () => this.stats.webhooks, this.now);
    const pricing = new PriceLists(catalog, String(spec.seed ?? spec.hash), this.now);
    const metafields = new VariantMetafields((id) => catalog.variant(id) !== undefined, this.now);
    catalog.onChange = (scope, data) => {
      if (scope === 'store/product/deleted' && 'id' in data) {
        pricing.dropProduct(data.id);
        metafields.dropMissingVariants();
      }
      hooks.emit(scope, data);
    };
    pricing.onChange = (scope, data) => hooks.emit(scope, data);
    const overrides = spec.settings ?? {};
    const account: StoreAccount = {
      hash: spec.hash,
      accessToken: spec.accessToken,
      clientId: spec.clientId ?? `${spec.hash}-client`,
      catalog,
      hooks,
      pricing,
      metafields,
      overrides,
      // Its own seed, so one store's draws do not shift another's.
      faults: new FaultInjector(`${this.faultSeed}:${spec.hash}`),
      stats: emptyStoreStats(),
      install: new StoreAppInstall(this.now),
    };
    this.accounts.set(spec.hash, account);
    this.createdWith.set(spec.hash, overrides);
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
    return this.known(hash).catalog;
  }

  /** Changes the global settings at run time; fault rates are merged with the current ones. */
  configure(patch: SettingsPatch): DemoStoreSettings {
    this.settings = applyPatch(this.settings, patch);
    return this.settings;
  }

  /**
   * Changes one store's overrides (merged with those it has, fault rates one by one), or with
   * `null` drops them so it follows the global settings again. Returns its effective settings;
   * throws for an unknown hash.
   */
  configureStore(hash: string, patch: SettingsPatch | null): DemoStoreSettings {
    const account = this.known(hash);
    account.overrides = patch === null ? {} : combinePatches(account.overrides, patch);
    return this.effective(account);
  }

  /** A store's effective settings: the global ones with its overrides; throws for an unknown hash. */
  settingsOf(hash: string): DemoStoreSettings {
    return this.effective(this.known(hash));
  }

  /** A store's own counters; throws for an unknown hash. */
  statsOf(hash: string): StoreStats {
    return this.known(hash).stats;
  }

  /** The next store API requests, to any store, fail with these faults, in order. */
  failNext(...kinds: FaultKind[]): void {
    this.faults.failNext(...kinds);
  }

  /** The next requests to this store fail with these faults, in order (after any global ones); throws for an unknown hash. */
  failNextFor(hash: string, ...kinds: FaultKind[]): void {
    this.known(hash).faults.failNext(...kinds);
  }

  /**
   * The fault for a request to this store, or null: the global queue, then the store's queue,
   * then a random draw at its rates — from its own generator when it has fault rates of its
   * own, else from the global one (so a single-store run draws the sequence it always did).
   */
  drawFault(account: StoreAccount): FaultKind | null {
    const queued = this.faults.takeQueued() ?? account.faults.takeQueued();
    if (queued) return queued;
    const ownRates = Object.keys(account.overrides.faults ?? {}).length > 0;
    const generator = ownRates ? account.faults : this.faults;
    return generator.drawRandom(this.effective(account).faults);
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

  /** The API account (client id) an access token of this store belongs to: its own token's, or an issued one's. */
  clientIdFor(account: StoreAccount, accessToken: string | undefined): string | undefined {
    if (accessToken === undefined) return undefined;
    return accessToken === account.accessToken ? account.clientId : account.install.clientIdOf(accessToken);
  }

  /** Resolves once every webhook delivery sent so far has been answered (tests). */
  async webhooksSettled(): Promise<void> {
    await Promise.all(this.accountList().map((a) => a.hooks.settled()));
  }

  /** Every store gets a full quota again. */
  resetRateLimits(): void {
    this.limiter.reset();
  }

  /**
   * Regenerates every catalog and its price lists and clears webhooks, rate windows, queued faults, counters and the
   * app's installs (codes, issued tokens, access), global and per store. The global settings stay
   * as they are (as they always have); each store's overrides go back to those it was created
   * with, so a test that throttles one store does not leave it throttled for the next. Stores
   * added at run time stay.
   */
  reset(): void {
    for (const account of this.accounts.values()) {
      account.catalog.reset();
      account.pricing.reset();
      account.metafields.reset();
      account.hooks.clear();
      account.install.uninstall();
      account.faults.reset();
      account.stats = emptyStoreStats();
      account.overrides = this.createdWith.get(account.hash) ?? {};
    }
    this.limiter.reset();
    this.faults.reset();
    this.stats = emptyStats();
  }

  private known(hash: string): StoreAccount {
    const account = this.accounts.get(hash);
    if (!account) throw new Error(`The demo store has no store with hash "${hash}"`);
    return account;
  }

  private effective(account: StoreAccount | undefined): DemoStoreSettings {
    return account ? applyPatch(this.settings, account.overrides) : this.settings;
  }
}
