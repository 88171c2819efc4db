/**
 * A per-process, in-memory index of each company's live products in list order (name, then
 * store id), for the SQLite products repository's `listIds` and `count`: what a search, a
 * category filter or the total costs when no answer is cached.
 *
 * Why: the FTS5 trigram index finds a term's rows quickly, but every match then costs a join to
 * `products` (the company, the tombstone) and the sort by name: ~3.5 ms for a typical new
 * search at 100,000 products, ~30 ms for a 1-2 letter one, ~14 ms for the plain count, all on
 * the one event loop that answers every other request too. Here a search of 3+ characters is
 * the smallest posting list of the term's trigrams, already in list order, with each candidate
 * checked by a substring test (~0.2 ms); 1-2 characters have lists of their own (exact);
 * categories are a number per product; the total is a number kept.
 *
 * Same answers as the SQL (filterSql in products.ts), which stays the path whenever this index
 * cannot answer:
 *   - terms must be ASCII (others go to SQL). Names and SKUs are kept as SQLite's lower() folds
 *     them (ASCII only), which is what LIKE matches 1-2 character terms against; for 3+
 *     characters the trigram tokenizer also folds U+212A (Kelvin sign) to "k" and U+017F (long
 *     s) to "s", the only non-ASCII characters it folds into ASCII (checked over the whole BMP
 *     against SQLite 3.53), so rows holding them get a second, FTS-folded key.
 *   - a category matches itself and what is below it (`path` or `path > ...`), as the range
 *     in filterSql does; `visibleOnly` is not indexed (SQL).
 *   - the order is read from SQL (`order by lower(name), external_id`), never recomputed.
 *
 * Freshness: an index holds the company's catalog version it reflects. Every catalog write
 * numbers each row it changes from companies.catalog_version (catalog-writes.ts, and any
 * connection or process writing this file), which replication relies on too. So a call first
 * reads the version; if it moved, the rows changed since are read (products_company_version_idx)
 * and compared with the index: a price or stock edit changes nothing indexed and the index just
 * moves to the new version; a new, renamed, re-SKUed, recategorized, deleted or revived product
 * makes it stale. A stale or missing index answers nothing (the caller uses SQL) and is rebuilt
 * in the background, a slice of rows at a time with the event loop free in between, then
 * checked against the rows changed while it was being read (and thrown away if any was). Builds
 * are paced so that they take at most a tenth of the time.
 */
import { LruCache } from '@catalog/contracts/lru-cache';
import type { ProductFilter } from '../repositories';
import type { CatalogStatements } from './catalog-rows';

export interface SearchIndexOptions {
  /** Products indexed over all companies (~550 bytes each: ~55 MB per 100,000); least recently used companies go first. Default 200,000. */
  maxProducts?: number;
  /** Rows read per query of a build (~2 ms each at the default). Default 2,000. */
  sliceRows?: number;
  /**
   * A build reads for at least this long (ms) at a time, then lets the event loop run; more when
   * the loop is busy (a quarter of the time since its last turn). Default 4. 0: one query a turn.
   */
  sliceMs?: number;
  /** The clock builds are paced by (ms). */
  now?: () => number;
}

/** Searches this long or longer use trigrams, as in SQL (products.ts TRIGRAM_MIN_LENGTH). */
const TRIGRAM = 3;
/** Distinct characters an index can tell apart (trigram codes must stay small integers). */
const MAX_CHARS = 1023;
const TOO_MANY_CHARS = 'too many distinct characters';
/** What a search that finds the index being built spends reading more of it (ms). */
const HELP_MS = 4;
/** Rows changed since an index's version it checks one by one, at most; more and it is rebuilt. */
const MAX_CHANGED = 2000;

/** A term the index can answer: ASCII with no NUL, already trimmed. */
const ASCII_TERM = /^[\x01-\x7f]+$/;
const NON_ASCII = /[^\x00-\x7f]/;
const FTS_FOLDS = /[\u212a\u017f]/g;
const ftsFold = (s: string) => s.replace(FTS_FOLDS, (c) => (c === '\u212a' ? 'k' : 's'));
const ASCII_UPPER = /[A-Z]/g;
const asciiLower = (s: string) => s.replace(ASCII_UPPER, (c) => String.fromCharCode(c.charCodeAt(0) + 32));

/** One company's live products in list order (rank = position). */
interface Index {
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

/** An open-addressing hash of trigram codes (< 2^30) to their numbers 0, 1, 2, ... */
class TrigramTable {
  private keys = new Int32Array(1 << 12);
  private values = new Int32Array(1 << 12);
  private shift = 32 - 12;
  size = 0;

  private slot(code: number): number {
    const mask = this.keys.length - 1;
    let i = Math.imul(code, 0x9e3779b1) >>> this.shift;
    while (this.keys[i] !== 0 && this.keys[i] !== code + 1) i = (i + 1) & mask;
    return i;
  }

  /** The trigram's number, or -1. */
  get(code: number): number {
    const i = this.slot(code);
    return this.keys[i] === 0 ? -1 : this.values[i]!;
  }

  /** The trigram's number, numbering it when new. */
  id(code: number): number {
    let i = this.slot(code);
    if (this.keys[i] !== 0) return this.values[i]!;
    if ((this.size + 1) * 2 > this.keys.length) {
      this.grow();
      i = this.slot(code);
    }
    this.keys[i] = code + 1;
    this.values[i] = this.size;
    return this.size++;
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Int32Array(keys.length * 2);
    this.values = new Int32Array(keys.length * 2);
    this.shift--;
    for (let j = 0; j < keys.length; j++) {
      if (keys[j] === 0) continue;
      const i = this.slot(keys[j]! - 1);
      this.keys[i] = keys[j]!;
      this.values[i] = values[j]!;
    }
  }
}

type Built = { index: Index } | { error: string };

/**
 * Collects an index a slice of rows at a time: per product its distinct trigrams (as numbers,
 * in one growing array), then `finish` lays the posting lists out in one array (a counting sort).
 */
class Builder {
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

  /** Adds the next product in list order; false if its store id was seen already (rows moved under the build). */
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

interface CompanyState {
  /** While a build runs: reads more of it now, for up to `ms` (a search waiting for it helps it along). */
  building: ((ms: number) => void) | null;
  /** Never indexed in this process: too large for the budget, or too many distinct characters. */
  disabled: boolean;
  /** When the last build ended and what it cost (ms), to pace the next. */
  lastBuildEnd: number;
  lastBuildMs: number;
}

/** What the indexes of a repository did, for tests and benchmarks. */
export interface SearchIndexStats {
  /** Builds finished and kept. */
  builds: number;
  /** Builds thrown away (the catalog moved under them, or they could not be kept). */
  discarded: number;
  /** Milliseconds spent building, kept or not. */
  buildMs: number;
  /** Calls the index answered, and calls left to SQL. */
  answered: number;
  declined: number;
}

/** The same, over every index of the process (bench/products-api.ts prints them). */
export const searchIndexTotals: SearchIndexStats = { builds: 0, discarded: 0, buildMs: 0, answered: 0, declined: 0 };

export interface ProductSearchIndex {
  readonly stats: SearchIndexStats;
  /** The filter's store ids in list order, or null when the index cannot answer (use SQL). */
  ids(companyId: string, filter: ProductFilter | undefined): number[] | null;
  /** How many products match, or null (use SQL). Never starts a build. */
  count(companyId: string, filter: ProductFilter | undefined): number | null;
}

export function productSearchIndex(stmts: CatalogStatements, options: SearchIndexOptions = {}): ProductSearchIndex {
  const sliceRows = options.sliceRows ?? 2000;
  const sliceMs = options.sliceMs ?? 4;
  const maxProducts = options.maxProducts ?? 200_000;
  const now = options.now ?? (() => performance.now());
  const states = new Map<string, CompanyState>();
  const stats: SearchIndexStats = { builds: 0, discarded: 0, buildMs: 0, answered: 0, declined: 0 };
  const count = (what: keyof SearchIndexStats, n = 1) => {
    stats[what] += n;
    searchIndexTotals[what] += n;
  };
  // Holds the built indexes; an evicted company is simply built again when next searched.
  const kept = new LruCache<string, Index>({ maxEntries: 10_000, maxWeight: maxProducts });

  const versionOf = (companyId: string) =>
    stmts.prepared('select catalog_version from companies where id = ?').pluck().get(companyId) as number | undefined;
  const changedSince = (companyId: string, version: number, limit: number) =>
    stmts.prepared(`select external_id, lower(name), lower(sku), category, deleted_at is null from products
      where company_id = ? and version > ? limit ?`).raw().all(companyId, version, limit) as Array<[number, string, string | null, string | null, 0 | 1]>;
  const firstRows = (companyId: string) =>
    stmts.prepared(`select lower(name), external_id, lower(sku) from products where company_id = ? and deleted_at is null
      order by lower(name), external_id limit ?`).raw().all(companyId, sliceRows) as Array<[string, number, string | null]>;
  // The row after (name, id) in list order: a range of products_company_name_idx.
  const nextRows = (companyId: string, name: string, id: number) =>
    stmts.prepared(`select lower(name), external_id, lower(sku) from products where company_id = ? and deleted_at is null
      and lower(name) >= ? and (lower(name) > ? or external_id > ?) order by lower(name), external_id limit ?`)
      .raw().all(companyId, name, name, id, sliceRows) as Array<[string, number, string | null]>;
  // Per category, its products' store ids (index-only on products_company_category_idx).
  const categoryRows = (companyId: string) =>
    stmts.prepared(`select category, json_group_array(external_id) from products indexed by products_company_category_idx
      where company_id = ? and deleted_at is null and category is not null group by category`).raw().all(companyId) as Array<[string, string]>;

  /** Whether the rows changed after `index.version` leave it right; moves it to `version` if so. */
  function catchUp(index: Index, companyId: string, version: number): boolean {
    if (version === index.version) return true;
    if (version < index.version) return false;
    const changed = changedSince(companyId, index.version, MAX_CHANGED + 1);
    if (changed.length > MAX_CHANGED) return false;
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
    index.version = version;
    return true;
  }

  function stateOf(companyId: string): CompanyState {
    let state = states.get(companyId);
    if (!state) {
      state = { building: null, disabled: false, lastBuildEnd: -Infinity, lastBuildMs: 0 };
      states.set(companyId, state);
    }
    return state;
  }

  /** Reads the catalog a slice at a time (the first now, the rest on later turns of the event loop). */
  function build(companyId: string, state: CompanyState): void {
    let spent = 0;
    let result: Index | null = null;
    const done = (index: Index | null): false => {
      result = index;
      return false;
    };
    const finish = () => {
      state.building = null;
      state.lastBuildEnd = now();
      state.lastBuildMs = spent;
      count('buildMs', spent);
      if (builder.error === TOO_MANY_CHARS || (result && result.size > maxProducts)) state.disabled = true;
      else if (result) kept.set(companyId, result, Math.max(1, result.size));
      count(result && !state.disabled ? 'builds' : 'discarded');
    };
    const builder = new Builder();
    let startVersion: number | undefined;
    let last: [string, number] | null = null;
    let previousStepEnd = performance.now();
    /** Reads slices for `budget` ms (at least one); false when the build is over (done called). */
    const slices = (budget: number): boolean => {
      const started = performance.now();
      do {
        if (startVersion === undefined) {
          startVersion = versionOf(companyId);
          if (startVersion === undefined) return done(null);
        }
        const rows = last ? nextRows(companyId, last[0], last[1]) : firstRows(companyId);
        for (const [name, id, sku] of rows) {
          if (!builder.add(id, name, sku ?? '')) return done(null);
        }
        if (builder.error) return done(null);
        if (rows.length < sliceRows) {
          const built = builder.finish(startVersion, categoryRows(companyId));
          if ('error' in built) return done(null);
          // Anything written while the slices were read must have left the index right.
          const version = versionOf(companyId);
          return done(version !== undefined && catchUp(built.index, companyId, version) ? built.index : null);
        }
        const end = rows[rows.length - 1]!;
        last = [end[0], end[1]];
      } while (performance.now() - started < budget);
      return true;
    };
    let over = false;
    /** Runs slices for `budget` ms; true while there is more to read. */
    const run = (budget: number): boolean => {
      if (over) return false;
      const started = now();
      let more = false;
      try {
        more = slices(budget);
      } catch {
        // The connection closed under the build (shutdown, a test's end), or the company went away.
        more = done(null);
      } finally {
        spent += now() - started;
        previousStepEnd = performance.now();
      }
      if (!more) {
        over = true;
        finish();
      }
      return more;
    };
    // On its own, a build takes a share of the event loop: at least sliceMs per turn, more when
    // the loop is slow (busy with requests, each of which the index would answer faster).
    const step = (): void => {
      if (run(Math.max(sliceMs, 0.25 * (performance.now() - previousStepEnd)))) setImmediate(step);
    };
    state.building = (ms) => {
      run(ms);
    };
    step();
  }

  /** The company's index if it is right for the catalog as it is now; otherwise null, and maybe a build. */
  function current(companyId: string, mayBuild: boolean): Index | null {
    const version = versionOf(companyId);
    if (version === undefined) return null;
    const index = kept.get(companyId);
    if (index) {
      if (catchUp(index, companyId, version)) return index;
      kept.delete(companyId);
    }
    const state = stateOf(companyId);
    if (!mayBuild || state.disabled) return null;
    if (state.building) {
      // A search would go to SQL (~4 ms at 100,000 products, ~25 for 1-2 letters): it spends
      // about that on the build instead, which then answers it and the searches after it.
      state.building(HELP_MS);
    } else {
      // Paced: at most a tenth of the time goes to building.
      if (now() - state.lastBuildEnd < 9 * state.lastBuildMs) return null;
      build(companyId, state);
    }
    // A small catalog is read in one slice: its index is ready now.
    const built = kept.get(companyId);
    return built && built.version === version ? built : null;
  }

  /** Ranks (ascending) of the products matching `filter` (its search ASCII), or null for all of them. */
  function ranks(index: Index, filter: ProductFilter): Int32Array | null {
    const search = filter.search?.trim();
    let matched: Int32Array | null = null;
    if (search) matched = search.length >= TRIGRAM ? trigramSearch(index, asciiLower(search)) : charSearch(index, asciiLower(search));
    // As filterSql: an empty category is no filter.
    if (filter.category) matched = inCategory(index, filter.category, matched);
    return matched;
  }

  /** Whether the index may answer `filter` at all. */
  const answerable = (filter: ProductFilter) => {
    if (filter.visibleOnly) return false;
    const search = filter.search?.trim();
    return !search || ASCII_TERM.test(search);
  };

  const declined = () => {
    count('declined');
    return null;
  };

  return {
    stats,
    ids(companyId, filter = {}) {
      if (!answerable(filter)) return declined();
      const index = current(companyId, true);
      if (!index) return declined();
      count('answered');
      const r = ranks(index, filter);
      if (!r) return Array.from(index.ext);
      const out = new Array<number>(r.length);
      for (let i = 0; i < r.length; i++) out[i] = index.ext[r[i]!]!;
      return out;
    },
    count(companyId, filter = {}) {
      if (!answerable(filter)) return declined();
      const index = current(companyId, false);
      if (!index) return declined();
      count('answered');
      return ranks(index, filter)?.length ?? index.size;
    },
  };
}

/** Ranks whose FTS-folded name or SKU holds `term` (3+ ASCII characters, lower case). */
function trigramSearch(index: Index, term: string): Int32Array {
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
function charSearch(index: Index, term: string): Int32Array {
  const a = index.charIds[term.charCodeAt(0)]!;
  const b = term.length === 2 ? index.charIds[term.charCodeAt(1)]! : -1;
  if (a === 0 || b === 0) return new Int32Array(0);
  const t = index.trigrams.get(b === -1 ? a : a * 1024 + b);
  return t === -1 ? new Int32Array(0) : index.postings.subarray(index.starts[t]!, index.starts[t + 1]!);
}

/** Of `within` (all when null), the ranks in category `path` or below it. */
function inCategory(index: Index, path: string, within: Int32Array | null): Int32Array {
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
