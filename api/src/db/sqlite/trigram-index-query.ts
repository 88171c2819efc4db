/**
 * Reading a built trigram index (trigram-index.ts says what it answers and how): whether changed
 * rows leave it stale, whether it may answer a filter, the matching products' ranks and their
 * store ids. No SQL, no I/O.
 */
import { hasProductFilters } from '@catalog/contracts/product-filters';
import type { ProductFilter } from '../repositories';
import { TRIGRAM, type TrigramIndex } from './trigram-index-build';

/** A term the index can answer: ASCII with no NUL, already trimmed. */
const ASCII_TERM = /^[\x01-\x7f]+$/;
const ASCII_UPPER = /[A-Z]/g;
const asciiLower = (s: string) => s.replace(ASCII_UPPER, (c) => String.fromCharCode(c.charCodeAt(0) + 32));

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
