/**
 * Building the trigram index (trigram-index.ts says what it answers and how): the index's shape
 * and its builder, which takes the products in list order a slice of rows at a time and lays the
 * posting lists out when finished. No SQL, no I/O.
 */
import { TrigramTable } from './trigram-table';

/** Searches this long or longer use trigrams, as in SQL (products.ts TRIGRAM_MIN_LENGTH). */
export const TRIGRAM = 3;
/** Distinct characters an index can tell apart (trigram codes must stay small integers). */
const MAX_CHARS = 1023;
/** A builder's `error` when the products hold more than MAX_CHARS distinct characters: never indexable. */
export const TOO_MANY_CHARS = 'too many distinct characters';

const NON_ASCII = /[^\x00-\x7f]/;
const FTS_FOLDS = /[\u212a\u017f]/g;
const ftsFold = (s: string) => s.replace(FTS_FOLDS, (c) => (c === '\u212a' ? 'k' : 's'));

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
