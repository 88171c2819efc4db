/**
 * `BigCommerceClient`: the Catalog v3 client one store's sync and work orders use. It holds the
 * store's connection settings and request counters and exposes the calls the product makes:
 * credential check, product pages, products by id, the category tree, price snapshots, writes,
 * the store's webhooks, price lists (lists, assignments, customer groups, channels, records
 * read, upserted and deleted), and variant metafields (read, created, updated, deleted). Every call waits its turn in the store's pacer at the client's
 * priority, or at the one a call names (CallOptions.priority).
 */
import { getBrands } from './brands';
import type { CatalogBrand, CatalogCategory, CatalogProduct, CatalogVariant, ProductPage } from './catalog-types';
import { getCategories } from './categories';
import type { RequestCounters } from './counters';
import { emptyCounters } from './counters';
import { checkCredentials } from './credentials';
import type { CredentialCheck } from './credentials';
import { createHook, deleteHook, listHooks, setHookActive } from './hooks';
import type { NewStoreHook, StoreHook } from './hooks';
import { deletePriceRecords, getPriceRecords, priceRecordPages } from './price-list-records';
import type { PriceRecordPagesQuery } from './price-list-records';
import type {
  PriceRecord, PriceRecordPage, PriceRecordWrite, PriceRecordWriteResult, StoreChannel, StoreCustomerGroup, StorePriceList, StorePriceListAssignment,
} from './price-list-types';
import { batchErrorsAsPartialSuccess, upsertPriceRecords } from './price-list-upserts';
import { getChannels, getCustomerGroups, getPriceListAssignments, getPriceLists } from './price-lists';
import { getPrices } from './prices';
import type { PriceSnapshot } from './prices';
import { getProduct, getProductsByIds, productPages } from './products';
import type { ProductPagesQuery } from './products';
import { StoreRateLimiter, sharedRateLimiter } from './rate-limiter';
import type { RequestPriority } from './rate-limiter';
import { sleep as realSleep } from './timing';
import type { Sleep } from './timing';
import { Transport } from './transport';
import type {
  MetafieldWriteResult, NewVariantMetafield, VariantMetafield, VariantMetafieldPage, VariantMetafieldUpdate,
} from './variant-metafield-types';
import {
  createVariantMetafields, deleteVariantMetafields, partialSuccessAs207, updateVariantMetafields, variantMetafieldPages,
} from './variant-metafields';
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
  /** The batch writes' transports: the same, reading a 422 that lists what was refused as the partial success it is. */
  private readonly batchTransports: Record<RequestPriority, Transport>;

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
    // Price records' `batch_errors` and metafields' `data` beside `errors`: both are partial successes.
    const batchFetch = partialSuccessAs207(batchErrorsAsPartialSuccess(settings.fetch));
    this.batchTransports = {
      foreground: new Transport({ ...settings, fetch: batchFetch, priority: 'foreground' }),
      background: new Transport({ ...settings, fetch: batchFetch, priority: 'background' }),
    };
  }

  /** The store as the per-store gates and chains of this process know it (API base URL and store hash). */
  private get storeKey(): string {
    return `${this.baseUrl}|${this.storeHash}`;
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

  /** Reactivates a hook BigCommerce deactivated (or deactivates one). */
  setHookActive(id: number, isActive: boolean, options: CallOptions = {}): Promise<StoreHook> {
    return setHookActive(this.transport(options), id, isActive, options.signal);
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

  /** Every price list of the store (all pages), by id. */
  getPriceLists(options: CallOptions = {}): Promise<StorePriceList[]> {
    return getPriceLists(this.transport(options), options.signal);
  }

  /** Every price list assignment (to a customer group, a channel, or both), by id. */
  getPriceListAssignments(options: CallOptions = {}): Promise<StorePriceListAssignment[]> {
    return getPriceListAssignments(this.transport(options), options.signal);
  }

  /** Every customer group (Customers v2), by id. */
  getCustomerGroups(options: CallOptions = {}): Promise<StoreCustomerGroup[]> {
    return getCustomerGroups(this.transport(options), options.signal);
  }

  /** Every channel with its default and enabled currencies, by id. */
  getChannels(options: CallOptions = {}): Promise<StoreChannel[]> {
    return getChannels(this.transport(options), options.signal);
  }

  /** A price list's records, 250 a page by default (or only those modified since a time); `for await` them, break to stop. */
  priceRecordPages(priceListId: number, query: PriceRecordPagesQuery = {}, options: CallOptions = {}): AsyncGenerator<PriceRecordPage> {
    return priceRecordPages(this.transport(options), this.storeKey, priceListId, query, options.signal);
  }

  /**
   * A price list's records of these variants (in one currency, or all), by variant then currency:
   * 250 variants a request, up to 10 requests at once (the store's limit, shared by its clients here).
   */
  getPriceRecords(priceListId: number, query: { variantIds: readonly number[]; currency?: string }, options: CallOptions = {}): Promise<PriceRecord[]> {
    return getPriceRecords(this.transport(options), this.storeKey, priceListId, query, options.signal);
  }

  /**
   * Creates or replaces records across lists, in batches of 1,000, one batch at a time per store
   * in this process; every write comes back applied or failed. Throws only on abort.
   */
  upsertPriceRecords(writes: readonly PriceRecordWrite[], options: CallOptions = {}): Promise<PriceRecordWriteResult> {
    return upsertPriceRecords(this.batchTransports[options.priority ?? this.priority], this.storeKey, writes, options.signal);
  }

  /** Deletes a price list's records of these variants in this currency (none sent for no variants). */
  deletePriceRecords(priceListId: number, query: { variantIds: readonly number[]; currency: string }, options: CallOptions = {}): Promise<void> {
    return deletePriceRecords(this.transport(options), priceListId, query, options.signal);
  }

  /** The store's variant metafields (of a namespace and key, when given), 250 a page; `for await` them, break to stop. */
  variantMetafieldPages(query: { namespace?: string; key?: string; limit?: number } = {}, options: CallOptions = {}): AsyncGenerator<VariantMetafieldPage> {
    return variantMetafieldPages(this.transport(options), query, options.signal);
  }

  /** Creates metafields in batches of 50, one after another; every write comes back applied (with its metafield) or failed. Throws only on abort. */
  createVariantMetafields(writes: readonly NewVariantMetafield[], options: CallOptions = {}): Promise<MetafieldWriteResult<NewVariantMetafield, { write: NewVariantMetafield; metafield: VariantMetafield }>> {
    return createVariantMetafields(this.batchTransports[options.priority ?? this.priority], writes, options.signal);
  }

  /** Updates metafields by id in batches of 50, as createVariantMetafields. */
  updateVariantMetafields(updates: readonly VariantMetafieldUpdate[], options: CallOptions = {}): Promise<MetafieldWriteResult<VariantMetafieldUpdate, VariantMetafield>> {
    return updateVariantMetafields(this.batchTransports[options.priority ?? this.priority], updates, options.signal);
  }

  /** Deletes metafields by id in batches of 50, as createVariantMetafields (one that does not exist fails with status 404). */
  deleteVariantMetafields(ids: readonly number[], options: CallOptions = {}): Promise<MetafieldWriteResult<number, number>> {
    return deleteVariantMetafields(this.batchTransports[options.priority ?? this.priority], ids, options.signal);
  }
}

export function createBigCommerceClient(options: BigCommerceClientOptions): BigCommerceClient {
  return new BigCommerceClient(options);
}
