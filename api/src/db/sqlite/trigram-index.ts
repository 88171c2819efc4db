/**
 * The in-memory trigram index of one company's live products, as plain data structures and
 * functions (no SQL, no I/O): built from the products in list order, it answers a product
 * filter with the matching products' ranks (positions in that order), hence their store ids
 * already sorted. product-search-index.ts reads the rows, keeps each index fresh and decides
 * when one may answer.
 *
 * Same answers as the SQL (filterSql in products.ts):
 *   - a search of 3+ characters is a case-folded substring of the name or SKU (FTS5 trigram
 *     phrase): the smallest posting lists of its trigrams, intersected, each candidate checked by
 *     a substring test. 1-2 characters (LIKE) have posting lists of their own per character and
 *     character pair, which are the answer.
 *   - terms must be ASCII (`canAnswer`; others go to SQL). Names and SKUs come as SQLite's
 *     lower() folds them (ASCII only), which is what LIKE matches 1-2 character terms against;
 *     for 3+ characters the trigram tokenizer also folds U+212A (Kelvin sign) to "k" and U+017F
 *     (long s) to "s", the only non-ASCII characters it folds into ASCII (checked over the whole
 *     BMP against SQLite 3.53), so rows holding them get a second, FTS-folded key.
 *   - a category matches itself and what is below it (`path` or `path > ...`), as the range in
 *     filterSql does; `visibleOnly` and the product filters (brand, price, ...) are not indexed (SQL).
 *   - the order is the order rows were added in (the caller reads it from SQL), never recomputed.
 */
import { hasProductFilters } from '@catalog/contracts/product-filters';
import type { ProductFilter } from '../repositories';
import { TrigramTable } from './trigram-table';

/** Searches this long or longer use trigrams, as in SQL (products.ts TRIGRAM_MIN_LENGTH). */
const TRIGRAM = 3;
/** Distinct characters an index can tell apart (trigram codes must stay small integers). */
const MAX_CHARS = 1023;
/** A builder's `error` when the products hold more than MAX_CHARS distinct characters: never indexable. */
export const TOO_MANY_CHARS = 'too many distinct characters';

/** A term the index can answer: ASCII with no NUL, already trimmed. */
const ASCII_TERM = /^[\x01-\x7f]+$/;
const NON_ASCII = /[^\x00-\x7f]/;
const FTS_FOLDS = /[\u212a\u017f]/g;
const ftsFold = (s: string) => s.replace(FTS_FOLDS, (c) => (c === '\u212a' ? 'k' : 's'));
const ASCII_UPPER = /[A-Z]/g;
const asciiLower = (s: string) => s.replace(ASCII_UPPER, (c) => String.fromCharCode(c.charCodeAt(0) + 32));

/** One company's live products in list order (rank = position). */
export interface TrigramIndex {
  /** The company's catalog version the index reflects (product-search-index.ts moves it on). */
  version: number;
  size: number;
  /** rank -> store id */
  ext: Float64Array;
  /** store id -> rank */
  rankOf: Map<number, number>;
  /** rank -> name / SKU as SQLite's lower() has them ('' for no SKU) */
  names: string[];
  skus: string[];
  /** rank -> [name, SKU] as the trigram tokenizer folds them, only where that differs */
  ftsKeys: Map<number, [string, string]>;
  /** rank -> category number (-1: none); category number -> path */
  categoryOf: Int32Array;
  categories: string[];
  /** character code -> its number (0: in no name or SKU) */
  charIds: Uint16Array;
  /** gram code -> gram number (TrigramTable): trigrams of the FTS-folded keys; characters and pairs of the LIKE keys */
  trigrams: TrigramTable;
  /** The ranks holding gram t, ascending: postings[starts[t] .. starts[t + 1]). */
  postings: Int32Array;
  starts: Int32Array;
}

export type Built = { index: TrigramIndex } | { error: string };

/**
 * Collects an index a slice of rows at a time: per product its distinct trigrams (as numbers,
 * in one growing array), then `finish` lays the posting lists out in one array (a counting sort).
 */
export class TrigramIndexBuilder {
  readonly ext: number[] = [];
  readonly rankOf = new Map<number, number>();
  readonly names: string[] = [];
  readonly skus: string[] = [];
  readonly ftsKeys = new Map<number, [string, string]>();
  readonly charIds = new Uint16Array(65536);
  private chars = 0;
  private readonly trigrams = new TrigramTable();
  /** The trigram numbers of every product, one product after another. */
  private occ = new Int32Array(1 << 16);
  private used = 0;
  /** Where each product's trigrams start in `occ` (one more entry at the end when finished). */
  private readonly rowStart: number[] = [];
  /** Per trigram number, the last rank it was added for (a product counts a trigram once). */
  private lastRank = new Int32Array(1 << 12).fill(-1);
  /** Set once the products cannot be indexed (TOO_MANY_CHARS); `finish` then returns it. */
  error: string | null = null;

  private charId(code: number): number {
    let id = this.charIds[code]!;
    if (id === 0) {
      if (this.chars === MAX_CHARS) {
        this.error = TOO_MANY_CHARS;
        return 0;
      }
      id = ++this.chars;
      this.charIds[code] = id;
    }
    return id;
  }

  private addTrigrams(text: string, rank: number): void {
    if (text.length < TRIGRAM) return;
    let a = this.charId(text.charCodeAt(0));
    let b = this.charId(text.charCodeAt(1));
    for (let i = 2; i < text.length; i++) {
      const c = this.charId(text.charCodeAt(i));
      this.post(this.trigrams.id((a * 1024 + b) * 1024 + c), rank);
      a = b;
      b = c;
    }
  }

  /** Records that product `rank` holds gram `t` (once per product). */
  private post(t: number, rank: number): void {
    if (t >= this.lastRank.length) {
      const grown = new Int32Array(this.lastRank.length * 2).fill(-1);
      grown.set(this.lastRank);
      this.lastRank = grown;
    }
    if (this.lastRank[t] === rank) return;
    this.lastRank[t] = rank;
    if (this.used === this.occ.length) {
      const grown = new Int32Array(this.occ.length * 2);
      grown.set(this.occ);
      this.occ = grown;
    }
    this.occ[this.used++] = t;
  }

  /**
   * Adds the next product in list order, its name and SKU as SQLite's lower() has them ('' for
   * no SKU); false if its store id was seen already (rows moved under the build).
   */
  add(externalId: number, name: string, sku: string): boolean {
    if (this.rankOf.has(externalId)) return false;
    const rank = this.ext.length;
    this.ext.push(externalId);
    this.rankOf.set(externalId, rank);
    this.names.push(name);
    this.skus.push(sku);
    this.rowStart.push(this.used);
    let ftsName = name;
    let ftsSku = sku;
    if (NON_ASCII.test(name) || NON_ASCII.test(sku)) {
      ftsName = ftsFold(name);
      ftsSku = ftsFold(sku);
      if (ftsName !== name || ftsSku !== sku) this.ftsKeys.set(rank, [ftsName, ftsSku]);
    }
    this.addTrigrams(ftsName, rank);
    this.addTrigrams(ftsSku, rank);
    this.addChars(name, rank);
    this.addChars(sku, rank);
    return true;
  }

  /**
   * The characters and character pairs of `text` (as LIKE compares them), for 1-2 character
   * terms. Codes: a character a (1..1023), a pair a * 1024 + b (1025..2^20), below every trigram's.
   */
  private addChars(text: string, rank: number): void {
    let previous = 0;
    for (let i = 0; i < text.length; i++) {
      const c = this.charId(text.charCodeAt(i));
      this.post(this.trigrams.id(c), rank);
      if (previous !== 0) this.post(this.trigrams.id(previous * 1024 + c), rank);
      previous = c;
    }
  }

  /**
   * The index at catalog `version`, with `categoryRows` (per category path, its products' store
   * ids as a JSON array); an error when a category names a product that was not added.
   */
  finish(version: number, categoryRows: Array<[string, string]>): Built {
    if (this.error) return { error: this.error };
    const size = this.ext.length;
    const categoryOf = new Int32Array(size).fill(-1);
    const categories: string[] = [];
    for (const [category, idsJson] of categoryRows) {
      const n = categories.push(category) - 1;
      for (const id of JSON.parse(idsJson) as number[]) {
        const rank = this.rankOf.get(id);
        // A product the name pass did not see: the catalog moved under the build.
        if (rank === undefined) return { error: 'categories and names disagree' };
        categoryOf[rank] = n;
      }
    }
    // Counting sort of (trigram, rank) pairs by trigram; ranks come in ascending order.
    const count = this.trigrams.size;
    const starts = new Int32Array(count + 1);
    for (let k = 0; k < this.used; k++) starts[this.occ[k]! + 1]!++;
    for (let t = 0; t < count; t++) starts[t + 1]! += starts[t]!;
    const next = starts.slice(0, count);
    const postings = new Int32Array(this.used);
    this.rowStart.push(this.used);
    for (let rank = 0; rank < size; rank++) {
      for (let k = this.rowStart[rank]!, end = this.rowStart[rank + 1]!; k < end; k++) postings[next[this.occ[k]!]!++] = rank;
    }
    return {
      index: {
        version, size, ext: Float64Array.from(this.ext), rankOf: this.rankOf, names: this.names, skus: this.skus,
        ftsKeys: this.ftsKeys, categoryOf, categories, charIds: this.charIds, trigrams: this.trigrams, postings, starts,
      },
    };
  }
}

/** A product row changed since an index's version: store id, lower(name), lower(sku), category, whether live. */
export type ChangedRow = [externalId: number, name: string, sku: string | null, category: string | null, live: 0 | 1];

/**
 * Whether the index still holds the right rows after these changes: a price or stock edit
 * changes nothing indexed; a new, renamed, re-SKUed, recategorized, deleted or revived product
 * does, and the index must be rebuilt (it is never patched).
 */
export function reflectsChanges(index: TrigramIndex, changed: readonly ChangedRow[]): boolean {
  for (const [id, name, sku, category, live] of changed) {
    const rank = index.rankOf.get(id);
    if (!live) {
      if (rank !== undefined) return false;
      continue;
    }
    if (rank === undefined || index.names[rank] !== name || index.skus[rank] !== (sku ?? '')) return false;
    const n = index.categoryOf[rank]!;
    if ((n === -1 ? null : index.categories[n]) !== category) return false;
  }
  return true;
}

/** Whether an index may answer `filter` at all: no `visibleOnly`, and an ASCII search if any. */
export function canAnswer(filter: ProductFilter): boolean {
  if (filter.visibleOnly || hasProductFilters(filter.filters)) return false;
  const search = filter.search?.trim();
  return !search || ASCII_TERM.test(search);
}

/** Ranks (ascending) of the products matching `filter` (canAnswer), or null for all of them. */
export function matchingRanks(index: TrigramIndex, filter: ProductFilter): Int32Array | null {
  const search = filter.search?.trim();
  let matched: Int32Array | null = null;
  if (search) matched = search.length >= TRIGRAM ? trigramSearch(index, asciiLower(search)) : charSearch(index, asciiLower(search));
  // As filterSql: an empty category is no filter.
  if (filter.category) matched = inCategory(index, filter.category, matched);
  return matched;
}

/** The store ids of `ranks` (null: every product), in list order. */
export function storeIds(index: TrigramIndex, ranks: Int32Array | null): number[] {
  if (!ranks) return Array.from(index.ext);
  const out = new Array<number>(ranks.length);
  for (let i = 0; i < ranks.length; i++) out[i] = index.ext[ranks[i]!]!;
  return out;
}

/** Ranks whose FTS-folded name or SKU holds `term` (3+ ASCII characters, lower case). */
function trigramSearch(index: TrigramIndex, term: string): Int32Array {
  const lists: Int32Array[] = [];
  let previous = 0;
  let before = 0;
  for (let i = 0; i < term.length; i++) {
    const c = index.charIds[term.charCodeAt(i)]!;
    if (c === 0) return new Int32Array(0);
    if (i >= 2) {
      const t = index.trigrams.get((before * 1024 + previous) * 1024 + c);
      if (t === -1) return new Int32Array(0);
      lists.push(index.postings.subarray(index.starts[t]!, index.starts[t + 1]!));
    }
    before = previous;
    previous = c;
  }
  lists.sort((x, y) => x.length - y.length);
  // One trigram: its list is the answer.
  if (term.length === TRIGRAM) return lists[0]!;
  // Longer: every match holds each trigram, so it is in the two shortest lists (both ascending,
  // intersected by galloping through the longer); the substring test keeps the matches.
  const [short, long] = [lists[0]!, lists[1]!];
  const out = new Int32Array(short.length);
  let n = 0;
  let from = 0;
  for (let i = 0; i < short.length; i++) {
    const rank = short[i]!;
    // The first position >= from of a value >= rank in `long`.
    let step = 1;
    let hi = from;
    while (hi < long.length && long[hi]! < rank) {
      from = hi + 1;
      hi += step;
      step *= 2;
    }
    hi = Math.min(hi, long.length);
    while (from < hi) {
      const mid = (from + hi) >>> 1;
      if (long[mid]! < rank) from = mid + 1;
      else hi = mid;
    }
    if (from === long.length) break;
    if (long[from] !== rank) continue;
    const fts = index.ftsKeys.size === 0 ? undefined : index.ftsKeys.get(rank);
    const name = fts ? fts[0] : index.names[rank]!;
    const sku = fts ? fts[1] : index.skus[rank]!;
    if (name.includes(term) || sku.includes(term)) out[n++] = rank;
  }
  return out.subarray(0, n);
}

/** Ranks whose name or SKU (as SQLite's lower() has them, as LIKE matches) holds `term` (1-2 characters). */
function charSearch(index: TrigramIndex, term: string): Int32Array {
  const a = index.charIds[term.charCodeAt(0)]!;
  const b = term.length === 2 ? index.charIds[term.charCodeAt(1)]! : -1;
  if (a === 0 || b === 0) return new Int32Array(0);
  const t = index.trigrams.get(b === -1 ? a : a * 1024 + b);
  return t === -1 ? new Int32Array(0) : index.postings.subarray(index.starts[t]!, index.starts[t + 1]!);
}

/** Of `within` (all when null), the ranks in category `path` or below it. */
function inCategory(index: TrigramIndex, path: string, within: Int32Array | null): Int32Array {
  const below = `${path} > `;
  const wanted = new Uint8Array(index.categories.length);
  index.categories.forEach((c, n) => {
    if (c === path || c.startsWith(below)) wanted[n] = 1;
  });
  const size = within ? within.length : index.size;
  const out = new Int32Array(size);
  let n = 0;
  for (let i = 0; i < size; i++) {
    const rank = within ? within[i]! : i;
    const c = index.categoryOf[rank]!;
    if (c !== -1 && wanted[c] === 1) out[n++] = rank;
  }
  return out.subarray(0, n);
}
