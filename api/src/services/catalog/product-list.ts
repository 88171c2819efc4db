/**
 * GET /api/products: a page of the company's live products (name order), optionally filtered by
 * a name/SKU search, a category subtree and the product filters (brand, price range, stock, on
 * sale, visibility, SKU: contracts product-filters.ts), with the total, as the JSON of ProductListResponse.
 *
 * Answers are cached under the company's catalog version, which moves with every catalog write
 * (sync, price edit, delete): a write makes the next request look under new keys, so nothing
 * cached is ever served stale, and nothing needs invalidating. Two levels:
 *   - result sets: for a filter, the matching store ids in list order (the total is their count,
 *     a page is a slice read by id); without a filter only the total (pages walk the name index).
 *     Counting and sorting thousands of matches is the expensive part of a search at 100,000
 *     products, paid once per search and version instead of once per page.
 *   - pages: the serialized answer, so a page asked for again (by the next client, or the same
 *     one going back) costs a lookup. Kept as its gzip (what clients take), ~1.5 KB for 20
 *     products: a bound in bytes then holds ~7 times as many pages as the JSON text would.
 *   - products: each product's JSON (with its variants), so a new page of products that other
 *     pages showed (searches overlap: "north", "northwind", a category) is put together from
 *     kept text, and only the products never shown since the last write are read from the
 *     database. Reading a page's rows was ~20% of the server's time in bench/products-api.
 * Both are bounded LRU caches, per process. See decisions 010 and 016.
 *
 * Through a price list and currency (issue 35; list-prices.ts), every product carries the list's
 * prices, and the price range and on-sale filters look at them (SQL: product-filter-sql.ts, the
 * records joined; one result set per search as above, ~2x the catalog's filter cold at 100,000
 * products on both databases, pages of a kept set as fast as the catalog's). Records
 * change without moving the catalog's version, so the caches' keys name the list, the currency,
 * whether it is the catalog's and the company's record version too: a result set only when a
 * filter looks at prices (otherwise the catalog's set is the same), pages and products always.
 */
import { hasProductFilters, productFiltersToParams, type ProductFilters } from '@catalog/contracts/product-filters';
import type { ProductListQuery } from '@catalog/contracts/products';
import { LruCache } from '@catalog/contracts/lru-cache';
import { looksAtPrices } from '../../db/product-filter-sql';
import type { Database, PriceListLens, ProductFilter, ProductWithVariants } from '../../db/repositories';
import { keptBytes, keptJson, type SerializedJson } from '../../middleware/compress';
import { toWireProduct } from './catalog-wire';
import { listedProducts } from './list-prices';

export interface ProductListerOptions {
  /** Result sets kept. Default 8,192. */
  maxSets?: number;
  /** Store ids kept over all result sets (8 bytes each). Default 4,000,000 (~32 MB). */
  maxIds?: number;
  /** Pages kept. Default 32,768. */
  maxPages?: number;
  /** Bytes kept over all pages (a 20-product page is kept as its ~1.5 KB gzip). Default 32,000,000. */
  maxPageBytes?: number;
  /** Products kept as JSON. Default 100,000. */
  maxProducts?: number;
  /** Characters kept over all products' JSON (~400 for a product without variants). Default 48,000,000. */
  maxProductChars?: number;
}

type ResultSet = { total: number; ids: Float64Array | null };

/**
 * How list requests were answered, counted over the whole process (all listers): a kept page, a
 * page read for a kept result set, or a result set worked out (the search, count and sort).
 * `joined` counts requests that waited for the same work already under way for another one.
 * Read by bench/products-api.ts to say how much of a run the caches answered.
 */
export const productListStats = { requests: 0, pageHits: 0, setHits: 0, setsComputed: 0, joined: 0, productHits: 0, productReads: 0 };

/** A price list and currency checked against the company's (the route's), with the company's record version now. */
export interface ListView {
  lens: PriceListLens;
  /** The company's price list record version (price_list_state): the caches' keys move with it. */
  recordVersion: number;
}

/** A ProductListResponse, serialized (with its gzip once a client asked for it); through `view`'s list when given. */
export type ProductLister = (companyId: string, query: ProductListQuery, view?: ListView) => Promise<SerializedJson>;


export function createProductLister(db: Database, options: ProductListerOptions = {}): ProductLister {
  const sets = new LruCache<string, ResultSet>({ maxEntries: options.maxSets ?? 8192, maxWeight: options.maxIds ?? 4_000_000 });
  const pages = new LruCache<string, SerializedJson>({ maxEntries: options.maxPages ?? 32_768, maxWeight: options.maxPageBytes ?? 32_000_000 });
  const productJson = new LruCache<string, string>({ maxEntries: options.maxProducts ?? 100_000, maxWeight: options.maxProductChars ?? 48_000_000 });
  /** Requests for something being computed wait for that computation instead of repeating it. */
  const computing = new Map<string, Promise<unknown>>();

  function once<T>(key: string, cache: LruCache<string, T>, weight: (value: T) => number, compute: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    let pending = computing.get(key) as Promise<T> | undefined;
    if (pending) productListStats.joined++;
    else {
      pending = compute()
        .then((value) => {
          cache.set(key, value, Math.max(1, weight(value)));
          return value;
        })
        .finally(() => computing.delete(key));
      computing.set(key, pending);
    }
    return pending;
  }

  async function resultSet(companyId: string, filter: ProductFilter): Promise<ResultSet> {
    if (filter.search === undefined && filter.category === undefined && !hasProductFilters(filter.filters)) {
      return { total: await db.products.count(companyId), ids: null };
    }
    const ids = Float64Array.from(await db.products.listIds(companyId, filter));
    return { total: ids.length, ids };
  }

  /** The JSON of each product on the page, in order: kept ones as they are, the rest read and kept. */
  /** `productKey`: the catalog's version, and the list's view of it if any. */
  async function pageJson(companyId: string, productKey: string, set: ResultSet, query: ProductListQuery, view: ListView | undefined): Promise<string[]> {
    const offset = (query.page - 1) * query.limit;
    if (offset >= set.total) return [];
    const keepAll = async (products: ProductWithVariants[]) => {
      const wire = view ? await listedProducts(db, companyId, products, view.lens) : products.map(toWireProduct);
      return wire.map((p) => {
        const json = JSON.stringify(p);
        productJson.set(`${productKey}\u0000${p.id}`, json, json.length);
        return json;
      });
    };
    if (!set.ids) return keepAll(await db.products.list(companyId, { limit: query.limit, offset }));
    const pageIds = Array.from(set.ids.subarray(offset, offset + query.limit));
    const kept = pageIds.map((id) => productJson.get(`${productKey}\u0000${id}`));
    const missing = pageIds.filter((_, i) => kept[i] === undefined);
    productListStats.productHits += pageIds.length - missing.length;
    productListStats.productReads += missing.length;
    const read = new Map<number, string>();
    if (missing.length) {
      const products = await db.products.getByExternalIds(companyId, missing);
      const json = await keepAll(products);
      products.forEach((p, i) => read.set(p.externalId, json[i]!));
    }
    // A product deleted after the set was computed is simply missing from its page.
    return pageIds.flatMap((id, i) => kept[i] ?? read.get(id) ?? []);
  }

  return async (companyId, query, view) => {
    const version = (await db.companies.get(companyId))?.catalogVersion ?? 0;
    // Case-insensitive search: "Shirt" and "shirt" are one result set.
    const filters: ProductFilters = {
      brand: query.brand, priceMin: query.priceMin, priceMax: query.priceMax, stock: query.stock, onSale: query.onSale,
      visible: query.visible, sku: query.sku, skuMatch: query.skuMatch,
    };
    const filter: ProductFilter = { search: query.search?.toLowerCase(), category: query.category, filters: hasProductFilters(filters) ? filters : undefined };
    const versionKey = `${companyId}\u0000${version}`;
    // The list's view: which list and currency, whether the catalog's prices are known in it, and as of which record version.
    const viewKey = view ? `list:${view.lens.priceListId}:${view.lens.currency}:${view.lens.catalogCurrency ? 1 : 0}:${view.recordVersion}` : '';
    const listFiltered = view !== undefined && looksAtPrices(filter.filters);
    if (listFiltered) filter.priceList = view.lens;
    // The filters as the URL writes them (a canonical form: prices as "10.00", defaults left out).
    const filterKey = filter.filters ? new URLSearchParams(productFiltersToParams(filter.filters)).toString() : '';
    const setKey = [versionKey, filter.search ?? '', filter.category ?? '', filterKey, listFiltered ? viewKey : ''].join('\u0000');
    const pageKey = `${setKey}\u0000${viewKey}\u0000${query.page}\u0000${query.limit}`;
    productListStats.requests++;
    const kept = pages.get(pageKey);
    if (kept) {
      productListStats.pageHits++;
      return kept;
    }
    return once(pageKey, pages, keptBytes, async () => {
      if (sets.get(setKey)) productListStats.setHits++;
      const set = await once(setKey, sets, (s) => s.ids?.length ?? 0, async () => {
        productListStats.setsComputed++;
        return resultSet(companyId, filter);
      });
      const products = await pageJson(companyId, view ? `${versionKey}\u0000${viewKey}` : versionKey, set, query, view);
      // What JSON.stringify of a ProductListResponse gives, from the products' kept JSON.
      return keptJson(`{"products":[${products.join(',')}],"total":${JSON.stringify(set.total)}}`);
    });
  };
}

