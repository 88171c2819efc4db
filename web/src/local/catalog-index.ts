/**
 * The in-memory index that answers the catalog's queries on the device: search, category (with
 * subcategories), sale and visibility filters, name order, totals and pages, for 100,000
 * products within a frame. It holds one compact entry per product (id, lower-cased name and
 * SKU, interned category, flags, and what the products list shows of it: listed-product.ts), is
 * filled once from IndexedDB and then kept in step by each applied replication page. The products
 * list draws its page from those (decision 072); full rows with their variants are read from
 * IndexedDB by id for the screens that need them (a product's panel, the order picker).
 *
 * Search: every word of the query (split on white space, case-insensitive) must occur in the
 * product's name or SKU. Order: lower-cased name, then id (as GET /api/products). The product
 * filters (brand, price, stock, ...) are contracts' productFilterMatcher, run on each entry's
 * precomputed fields, only when one is set (a plain search pays nothing for them). With a price
 * source (one price list and currency, catalog-index-prices.ts, issue 35) the price filters read
 * the list's prices; search, order and the other filters stay the catalog's, and a query without
 * a price filter is the catalog's query (the same cached result).
 */
import { CATEGORY_SEPARATOR } from '@catalog/contracts/catalog';
import { hasProductFilters, productFilterMatcher, productFiltersToParams } from '@catalog/contracts/product-filters';
import type { StoredProduct } from './catalog-rows';
import {
  compareBrands, compareEntries, mergeByName, searchWords, subjectOf, type Entry, type IndexFilter, type IndexPage,
} from './catalog-index-entry';
import { onSaleUnder, pricedFilterMatcher, readsPrices } from './catalog-index-prices';
import { LIKELY_NEXT_BUDGET, likelyNextIds } from './catalog-index-likely-next';
import { listedOfStored, type ListedProduct } from './listed-product';
import { decidedByMasks, masksOf } from './search-masks';

interface CachedMatches {
  words: string[];
  search: string;
  scope: string;
  matches: readonly Entry[];
}

/** Result sets kept for refining (a keystroke usually extends the last search). */
const CACHE_SIZE = 8;

export class CatalogIndex {
  private readonly byId = new Map<number, Entry>();
  private sorted: Entry[] = [];
  /** New entries not yet merged into `sorted`. */
  private added: Entry[] = [];
  /** A rename moved entries within `sorted`: sort it all again. */
  private needsSort = false;
  /** Deleted entries are still in `sorted`. */
  private hasDeleted = false;
  private readonly pathIds = new Map<string, number>();
  private readonly paths: string[] = [];
  private readonly counts: number[] = [];
  private cache: CachedMatches[] = [];
  private categoryList: string[] | null = null;
  private brandList: string[] | null = null;
  private categoryMasks = new Map<string, Uint8Array>();

  get size(): number {
    return this.byId.size;
  }

  /** Drops everything (a reset from the server, or another user). */
  clear(): void {
    this.byId.clear();
    this.sorted = [];
    this.added = [];
    this.needsSort = false;
    this.hasDeleted = false;
    this.pathIds.clear();
    this.paths.length = 0;
    this.counts.length = 0;
    this.categoryMasks.clear();
    this.changed();
  }

  /** Adds or replaces products and removes deleted ones (after their page has committed). */
  apply(upserted: Iterable<StoredProduct>, deletedIds: Iterable<number> = []): void {
    for (const id of deletedIds) {
      const entry = this.byId.get(id);
      if (!entry) continue;
      this.count(entry.category, -1);
      entry.deleted = true;
      this.byId.delete(id);
      this.hasDeleted = true;
    }
    for (const product of upserted) this.upsert(product);
    this.changed();
  }

  /**
   * Merges the entries added since into the name order now (the catalog loads in steps and calls
   * this after each, so no query has to sort 100,000 entries in one long task).
   */
  settle(): void {
    this.ordered();
  }

  /** The ids of one page of the products matching `filter`, and how many match in all. */
  query(filter: IndexFilter, offset: number, limit: number): IndexPage {
    const matches = this.matches(filter);
    const start = Math.max(0, offset);
    const ids: number[] = [];
    for (let i = start; i < matches.length && ids.length < limit; i++) ids.push(matches[i]!.id);
    return { ids, total: matches.length };
  }

  /**
   * The ids the next keystroke will most likely show, for reading their rows ahead: likelyNextIds
   * (catalog-index-likely-next.ts) over the matches of `filter`.
   */
  likelyNext(filter: IndexFilter, perPage: number, limit: number, scanLimit = 20_000, budget = LIKELY_NEXT_BUDGET): number[] {
    return likelyNextIds(this.matches(filter), filter.search, perPage, limit, scanLimit, budget);
  }

  /** Every category path that has products, sorted. */
  categories(): string[] {
    if (!this.categoryList) {
      this.categoryList = this.paths.filter((_, i) => (this.counts[i] ?? 0) > 0).sort();
    }
    return this.categoryList;
  }

  /** Every brand name the catalog's products have, sorted (the brand filter's choices). */
  brands(): string[] {
    if (!this.brandList) {
      const names = new Set<string>();
      for (const e of this.byId.values()) if (e.brand) names.add(e.brand);
      // Compared by their lower case, code unit by code unit (as the categories): localeCompare
      // set up the browser's collator on its first call, 13 ms of the products screen's render.
      this.brandList = [...names].map((name) => ({ name, key: name.toLowerCase() })).sort(compareBrands).map((b) => b.name);
    }
    return this.brandList;
  }

  /**
   * The list rows of `ids` (listed-product.ts), in their order; null when one is unknown or was
   * stored without its variants' summary (its full row must be read).
   */
  listed(ids: readonly number[]): ListedProduct[] | null {
    const rows: ListedProduct[] = [];
    for (const id of ids) {
      const row = this.byId.get(id)?.listed;
      if (!row) return null;
      rows.push(row);
    }
    return rows;
  }

  /**
   * What a price source (catalog-index-prices.ts) needs of a product: its base variant's id and
   * whether the catalog has it or a variant on sale; undefined for a product not in the index.
   */
  priceFacts(id: number): { baseVariantId: number | null; onSale: boolean } | undefined {
    const e = this.byId.get(id);
    return e && { baseVariantId: e.base, onSale: e.sale };
  }

  private upsert(product: StoredProduct): void {
    const key = product.name.toLowerCase();
    const text = `${key}\n${(product.sku ?? '').toLowerCase()}`;
    const category = this.intern(product.category);
    const masks = masksOf(text);
    const subject = subjectOf(product);
    const existing = this.byId.get(product.id);
    if (existing) {
      // Entries are shared with the sorted list: update in place, re-sort only for a new name.
      if (existing.key !== key) this.needsSort = true;
      this.count(existing.category, -1);
      Object.assign(existing, masks);
      existing.key = key;
      existing.text = text;
      existing.category = category;
      existing.sale = product.onSale;
      existing.visible = product.isVisible;
      existing.base = product.baseVariantId ?? null;
      existing.listed = listedOfStored(product);
      Object.assign(existing, subject);
    } else {
      const entry: Entry = {
        id: product.id, key, text, ...masks, ...subject, category, sale: product.onSale, visible: product.isVisible, deleted: false,
        base: product.baseVariantId ?? null, listed: listedOfStored(product),
      };
      this.byId.set(product.id, entry);
      this.added.push(entry);
    }
    this.count(category, 1);
  }

  private intern(path: string | null): number {
    if (!path) return -1;
    let id = this.pathIds.get(path);
    if (id === undefined) {
      id = this.paths.length;
      this.pathIds.set(path, id);
      this.paths.push(path);
      this.counts.push(0);
      this.categoryMasks.clear();
    }
    return id;
  }

  private count(category: number, delta: number): void {
    if (category < 0) return;
    const before = this.counts[category] ?? 0;
    this.counts[category] = before + delta;
    if ((before > 0) !== (before + delta > 0)) this.categoryList = null;
  }

  private changed(): void {
    this.cache = [];
    this.categoryList = null;
    this.brandList = null;
  }

  /**
   * The live entries in name order. New entries are sorted among themselves and merged in (a
   * pull adding pages to 100,000 products never re-sorts them all); a rename sorts everything.
   */
  private ordered(): Entry[] {
    if (!this.needsSort && !this.hasDeleted && this.added.length === 0) return this.sorted;
    const live = this.hasDeleted ? this.sorted.filter((e) => !e.deleted) : this.sorted;
    const added = this.added.filter((e) => !e.deleted);
    if (this.needsSort) {
      this.sorted = live.concat(added).sort(compareEntries);
    } else {
      added.sort(compareEntries);
      this.sorted = mergeByName(live, added);
    }
    this.added = [];
    this.needsSort = false;
    this.hasDeleted = false;
    return this.sorted;
  }

  /** 1 for every interned category that is `path` or below it. */
  private categoryMask(path: string): Uint8Array {
    let mask = this.categoryMasks.get(path);
    if (!mask) {
      mask = new Uint8Array(this.paths.length);
      const below = path + CATEGORY_SEPARATOR;
      this.paths.forEach((p, i) => {
        if (p === path || p.startsWith(below)) mask![i] = 1;
      });
      this.categoryMasks.set(path, mask);
    }
    return mask;
  }

  private matches(filter: IndexFilter): readonly Entry[] {
    const words = searchWords(filter.search);
    const search = words.join(' ');
    const category = filter.category?.trim() || undefined;
    const filters = hasProductFilters(filter.filters) ? filter.filters! : null;
    const filtersKey = filters ? productFiltersToParams(filters).join('&') : '';
    // A list's prices matter only to the price filters: without one, the catalog's result stands.
    const prices = filter.prices && readsPrices(filters, filter.saleOnly) ? filter.prices : null;
    const scope = `${category ?? ''}\u0000${filter.saleOnly ? 1 : 0}${filter.visibleOnly ? 1 : 0}\u0000${filtersKey}\u0000${prices?.key ?? ''}`;
    if (!words.length && !category && !filter.saleOnly && !filter.visibleOnly && !filters) return this.ordered();

    const exact = this.cache.find((c) => c.scope === scope && c.search === search);
    if (exact) return exact.matches;

    // A longer query matches a subset of a shorter one's result: refine the best cached set.
    const all = this.ordered();
    let base: readonly Entry[] = all;
    let narrowedBy: string[] = [];
    for (const c of this.cache) {
      if (c.scope === scope && search.startsWith(c.search) && c.matches.length < base.length) {
        base = c.matches;
        narrowedBy = c.words;
      }
    }
    const fresh = base === all;
    const mask = fresh && category ? this.categoryMask(category) : null;
    const wantSale = fresh && filter.saleOnly;
    const wantVisible = fresh && filter.visibleOnly;
    const wantFilters = fresh && filters ? (prices ? pricedFilterMatcher(filters, prices) : productFilterMatcher(filters)) : null;
    // Words the base set already guarantees need no second look.
    const check = words.filter((w) => !narrowedBy.includes(w));
    const wordMasks = check.map(masksOf);
    const needsText = check.map((w) => !decidedByMasks(w));

    const out: Entry[] = [];
    outer: for (let i = 0; i < base.length; i++) {
      const e = base[i]!;
      if (mask && (e.category < 0 || mask[e.category] !== 1)) continue;
      if (wantSale && !(prices ? onSaleUnder(prices, e) : e.sale)) continue;
      if (wantVisible && !e.visible) continue;
      if (wantFilters && !wantFilters(e)) continue;
      for (let w = 0; w < check.length; w++) {
        const m = wordMasks[w]!;
        if ((e.letters & m.letters) !== m.letters || (e.digits & m.digits) !== m.digits) continue outer;
        if ((e.pairs1 & m.pairs1) !== m.pairs1 || (e.pairs2 & m.pairs2) !== m.pairs2) continue outer;
        if (needsText[w] && !e.text.includes(check[w]!)) continue outer;
      }
      out.push(e);
    }
    this.cache.unshift({ words, search, scope, matches: out });
    if (this.cache.length > CACHE_SIZE) this.cache.pop();
    return out;
  }
}
