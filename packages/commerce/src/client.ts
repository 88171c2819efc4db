/**
 * `BigCommerceClient`: the Catalog v3 client one store's sync and work orders use. It holds the
 * store's connection settings and request counters and exposes the calls the product makes:
 * credential check, product pages, products by id, the category tree, price snapshots, writes,
 * and the store's webhooks. Every call waits its turn in the store's pacer at the client's
 * priority, or at the one a call names (CallOptions.priority).
 */
import { getBrands } from './brands';
import type { CatalogBrand, CatalogCategory, CatalogProduct, CatalogVariant, ProductPage } from './catalog-types';
import { getCategories } from './categories';
import type { RequestCounters } from './counters';
import { emptyCounters } from './counters';
import { checkCredentials } from './credentials';
import type { CredentialCheck } from './credentials';
import { createHook, deleteHook, listHooks } from './hooks';
import type { NewStoreHook, StoreHook } from './hooks';
import { getPrices } from './prices';
import type { PriceSnapshot } from './prices';
import { getProduct, getProductsByIds, productPages } from './products';
import type { ProductPagesQuery } from './products';
import { StoreRateLimiter, sharedRateLimiter } from './rate-limiter';
import type { RequestPriority } from './rate-limiter';
import { sleep as realSleep } from './timing';
import type { Sleep } from './timing';
import { Transport } from './transport';
import { updateProduct, updateProducts, updateVariant, updateVariants } from './writes';
import type { ProductUpdate, VariantUpdate, WriteResult } from './writes';

/** Production API host; callers pass the demo store's URL instead in local runs and tests. */
export const DEFAULT_BASE_URL = 'https://api.bigcommerce.com';

export interface BigCommerceClientOptions {
  storeHash: string;
  accessToken: string;
  /** API host without the `/stores/...` part. Default https://api.bigcommerce.com. */
  baseUrl?: string;
  /** Per-attempt timeout in ms. Default 30,000. */
  timeoutMs?: number;
  /** Attempts per call for 5xx, network failures and timeouts (429 waits do not count). Default 5. */
  maxAttempts?: number;
  /** 429 answers waited out per call before giving up with kind 'rate_limited'. Default 10. */
  maxRateLimitRetries?: number;
  /** Backoff cap of the first retry in ms (full jitter, doubling). Default 500. */
  retryBaseMs?: number;
  /** Largest backoff cap in ms. Default 10,000. */
  retryMaxMs?: number;
  /** Requests per window left unused before pausing for the reset. Default 2. */
  rateLimitReserve?: number;
  /**
   * Where this client's calls queue in the store's pacer when the quota runs short. Default
   * 'background' (sync, refreshes); a client acting for a merchant who waits, or for their work
   * order, says 'foreground' and goes first.
   */
  priority?: RequestPriority;
  /** Injected for tests. */
  fetch?: typeof fetch;
  sleep?: Sleep;
  now?: () => number;
  random?: () => number;
  /** Default: one limiter per base URL and store hash, shared in the process. */
  rateLimiter?: StoreRateLimiter;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** This call's place in the pacer's queues, instead of the client's `priority`. */
  priority?: RequestPriority;
}

export class BigCommerceClient {
  readonly storeHash: string;
  readonly baseUrl: string;
  readonly priority: RequestPriority;
  /** The store's pacer this client's calls wait in (shared by every client of the store by default). */
  readonly rateLimiter: StoreRateLimiter;
  private readonly requestCounters: RequestCounters = emptyCounters();
  /** One transport per priority, sharing settings, pacer and counters. */
  private readonly transports: Record<RequestPriority, Transport>;

  constructor(options: BigCommerceClientOptions) {
    if (!options.storeHash) throw new TypeError('A store hash is required');
    if (!options.accessToken) throw new TypeError('An access token is required');
    this.storeHash = options.storeHash;
    this.baseUrl = new URL(options.baseUrl ?? DEFAULT_BASE_URL).toString().replace(/\/+$/, '');
    this.priority = options.priority ?? 'background';
    this.rateLimiter = options.rateLimiter ?? sharedRateLimiter(this.baseUrl, options.storeHash);
    const settings = {
      baseUrl: this.baseUrl,
      storeHash: options.storeHash,
      accessToken: options.accessToken,
      fetch: options.fetch ?? globalThis.fetch,
      timeoutMs: options.timeoutMs ?? 30_000,
      maxAttempts: options.maxAttempts ?? 5,
      maxRateLimitRetries: options.maxRateLimitRetries ?? 10,
      retryBaseMs: options.retryBaseMs ?? 500,
      retryMaxMs: options.retryMaxMs ?? 10_000,
      rateLimitReserve: options.rateLimitReserve ?? 2,
      sleep: options.sleep ?? realSleep,
      now: options.now ?? Date.now,
      random: options.random ?? Math.random,
      limiter: this.rateLimiter,
      counters: this.requestCounters,
    };
    this.transports = {
      foreground: new Transport({ ...settings, priority: 'foreground' }),
      background: new Transport({ ...settings, priority: 'background' }),
    };
  }

  private transport(options: { priority?: RequestPriority }): Transport {
    return this.transports[options.priority ?? this.priority];
  }

  /** A copy of the request counters since creation or the last reset. */
  get counters(): RequestCounters {
    return { ...this.requestCounters };
  }

  resetCounters(): void {
    Object.assign(this.requestCounters, emptyCounters());
  }

  /** Never throws for a refused or unreachable store: the answer says which it was. */
  checkCredentials(options: CallOptions & { maxAttempts?: number } = {}): Promise<CredentialCheck> {
    return checkCredentials(this.transport(options), options);
  }

  /** Pages of products with variants (250 a page by default); `for await` them, break to stop. */
  productPages(query: ProductPagesQuery = {}): AsyncGenerator<ProductPage> {
    return productPages(this.transport(query), query);
  }

  /** null when the store has no such product. */
  getProduct(id: number, options: CallOptions & { includeVariants?: boolean } = {}): Promise<CatalogProduct | null> {
    return getProduct(this.transport(options), id, options);
  }

  /** The products among `ids` that exist, with variants, in id order (`id:in`, 250 ids a request). */
  getProducts(ids: readonly number[], options: CallOptions & { includeVariants?: boolean } = {}): Promise<CatalogProduct[]> {
    return getProductsByIds(this.transport(options), ids, options);
  }

  /** Every category of the store's category trees, flat, with full paths. */
  getCategories(options: CallOptions & { treeIds?: readonly number[] } = {}): Promise<CatalogCategory[]> {
    return getCategories(this.transport(options), options);
  }

  /** Every brand of the store (`/catalog/brands`, paged), by id. */
  getBrands(options: CallOptions = {}): Promise<CatalogBrand[]> {
    return getBrands(this.transport(options), options);
  }

  /** Current prices of these products and variants, as the store has them now. */
  getPrices(ids: { productIds?: readonly number[]; variantIds?: readonly number[] }, options: CallOptions = {}): Promise<PriceSnapshot> {
    return getPrices(this.transport(options), ids, options.signal);
  }

  /** The webhooks this API account registered on the store (Webhooks v3). */
  listHooks(options: CallOptions = {}): Promise<StoreHook[]> {
    return listHooks(this.transport(options), options.signal);
  }

  createHook(hook: NewStoreHook, options: CallOptions = {}): Promise<StoreHook> {
    return createHook(this.transport(options), hook, options.signal);
  }

  /** A hook already gone counts as deleted. */
  deleteHook(id: number, options: CallOptions = {}): Promise<void> {
    return deleteHook(this.transport(options), id, options.signal);
  }

  /** Batches of 10; one result per update, in order. */
  updateProducts(updates: readonly ProductUpdate[], options: CallOptions = {}): Promise<WriteResult<CatalogProduct>[]> {
    return updateProducts(this.transport(options), updates, options.signal);
  }

  /** Batches of 50; one result per update, in order. */
  updateVariants(updates: readonly VariantUpdate[], options: CallOptions = {}): Promise<WriteResult<CatalogVariant>[]> {
    return updateVariants(this.transport(options), updates, options.signal);
  }

  updateProduct(update: ProductUpdate, options: CallOptions = {}): Promise<CatalogProduct> {
    return updateProduct(this.transport(options), update, options.signal);
  }

  updateVariant(update: VariantUpdate & { productId: number }, options: CallOptions = {}): Promise<CatalogVariant> {
    return updateVariant(this.transport(options), update, options.signal);
  }
}

export function createBigCommerceClient(options: BigCommerceClientOptions): BigCommerceClient {
  return new BigCommerceClient(options);
}
