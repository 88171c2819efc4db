/**
 * A per-process, in-memory index of each company's live products in list order (name, then
 * store id), for the SQLite products repository's `listIds` and `count`: what a search, a
 * category filter or the total costs when no answer is cached. This file reads the rows, keeps
 * each company's index fresh and builds it in the background; the index itself (its structures,
 * matching and ranking, no SQL) is trigram-index.ts.
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
 * cannot answer (non-ASCII terms, `visibleOnly`: see trigram-index.ts). The rows are read in
 * list order from SQL (`order by lower(name), external_id`) with lower(name) and lower(sku) as
 * SQLite folds them, so the index never recomputes the order or the case-folding of LIKE.
 *
 * Freshness: an index holds the company's catalog version it reflects. Every catalog write
 * numbers each row it changes from companies.catalog_version (catalog-writes.ts, and any
 * connection or process writing this file), which replication relies on too. So a call first
 * reads the version; if it moved, the rows changed since are read (products_company_version_idx)
 * and compared with the index (reflectsChanges): a price or stock edit changes nothing indexed
 * and the index just moves to the new version; a new, renamed, re-SKUed, recategorized, deleted
 * or revived product makes it stale. A stale or missing index answers nothing (the caller uses
 * SQL) and is rebuilt in the background, a slice of rows at a time with the event loop free in
 * between, then checked against the rows changed while it was being read (and thrown away if
 * any was). Builds are paced so that they take at most a tenth of the time.
 */
import { LruCache } from '@catalog/contracts/lru-cache';
import type { ProductFilter } from '../repositories';
import type { CatalogStatements } from './catalog-rows';
import {
  canAnswer, matchingRanks, reflectsChanges, storeIds, TOO_MANY_CHARS, TrigramIndexBuilder, type ChangedRow, type TrigramIndex,
} from './trigram-index';

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

/** What a search that finds the index being built spends reading more of it (ms). */
const HELP_MS = 4;
/** Rows changed since an index's version it checks one by one, at most; more and it is rebuilt. */
const MAX_CHANGED = 2000;

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
  const kept = new LruCache<string, TrigramIndex>({ maxEntries: 10_000, maxWeight: maxProducts });

  const versionOf = (companyId: string) =>
    stmts.prepared('select catalog_version from companies where id = ?').pluck().get(companyId) as number | undefined;
  const changedSince = (companyId: string, version: number, limit: number) =>
    stmts.prepared(`select external_id, lower(name), lower(sku), category, deleted_at is null from products
      where company_id = ? and version > ? limit ?`).raw().all(companyId, version, limit) as ChangedRow[];
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
  function catchUp(index: TrigramIndex, companyId: string, version: number): boolean {
    if (version === index.version) return true;
    if (version < index.version) return false;
    const changed = changedSince(companyId, index.version, MAX_CHANGED + 1);
    if (changed.length > MAX_CHANGED || !reflectsChanges(index, changed)) return false;
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
    let result: TrigramIndex | null = null;
    const done = (index: TrigramIndex | null): false => {
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
    const builder = new TrigramIndexBuilder();
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
  function current(companyId: string, mayBuild: boolean): TrigramIndex | null {
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

  const declined = () => {
    count('declined');
    return null;
  };

  return {
    stats,
    ids(companyId, filter = {}) {
      if (!canAnswer(filter)) return declined();
      const index = current(companyId, true);
      if (!index) return declined();
      count('answered');
      return storeIds(index, matchingRanks(index, filter));
    },
    count(companyId, filter = {}) {
      if (!canAnswer(filter)) return declined();
      const index = current(companyId, false);
      if (!index) return declined();
      count('answered');
      return matchingRanks(index, filter)?.length ?? index.size;
    },
  };
}
