/**
 * The trigram index on its own (no database): what a built index answers for searches of every
 * length and case, odd and non-ASCII characters and categories, in the order the products were
 * added; what its builder refuses; when changed rows leave it stale; and its gram table. The
 * comparison with the SQL's answers on a real database is product-search-index.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createPrng } from '@catalog/demo-store/prng';
import {
  canAnswer, matchingRanks, reflectsChanges, storeIds, TOO_MANY_CHARS, TrigramIndexBuilder, type ChangedRow, type TrigramIndex,
} from './trigram-index';
import { TrigramTable } from './trigram-table';

/** A product as the index gets it: store id, name, SKU, category. */
type Row = [id: number, name: string, sku?: string | null, category?: string | null];

/** As SQLite's lower() folds: ASCII letters only. */
const sqliteLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** The index of `rows`, added in the given order (the list order). */
function indexOf(rows: Row[], version = 1): TrigramIndex {
  const builder = new TrigramIndexBuilder();
  for (const [id, name, sku] of rows) expect(builder.add(id, sqliteLower(name), sqliteLower(sku ?? ''))).toBe(true);
  const byCategory = new Map<string, number[]>();
  for (const [id, , , category] of rows) if (category) byCategory.set(category, [...(byCategory.get(category) ?? []), id]);
  const built = builder.finish(version, [...byCategory].map(([category, ids]) => [category, JSON.stringify(ids)]));
  if ('error' in built) throw new Error(built.error);
  return built.index;
}

/** The store ids the index answers for a search (and category), in its order. */
const find = (index: TrigramIndex, search: string, category?: string) => storeIds(index, matchingRanks(index, { search, category }));

describe('trigram index: searches', () => {
  const index = indexOf([
    [30, 'Trail Runner', 'TR-1'],
    [10, 'Road runner'],
    [20, 'Sock', 'RUN-9'],
    [40, 'Kettle', null],
  ]);

  it('finds a 3+ character term in names and SKUs, in the order the products were added, whatever its case or padding', () => {
    expect(find(index, 'runner')).toEqual([30, 10]);
    expect(find(index, 'run')).toEqual([30, 10, 20]);
    expect(find(index, 'RUNNER')).toEqual([30, 10]);
    expect(find(index, '  Run-9 ')).toEqual([20]);
    expect(find(index, 'kettle')).toEqual([40]);
  });

  it('finds 1-2 character terms in names and SKUs', () => {
    expect(find(index, 'k')).toEqual([20, 40]);
    expect(find(index, 'R')).toEqual([30, 10, 20]);
    expect(find(index, 'tr')).toEqual([30]);
    expect(find(index, '-9')).toEqual([20]);
    expect(find(index, 'q')).toEqual([]);
    expect(find(index, 'kr')).toEqual([]);
  });

  it('matches a substring, not every product that merely holds all its trigrams', () => {
    // "abcxbcd" holds abc and bcd (every trigram of "abcd") but not "abcd" itself.
    const tricky = indexOf([[1, 'abcxbcd'], [2, 'zabcdz'], [3, 'abc bcd']]);
    expect(find(tricky, 'abcd')).toEqual([2]);
    expect(find(tricky, 'bcd')).toEqual([1, 2, 3]);
  });

  it('never matches across the end of the name and the start of the SKU', () => {
    const split = indexOf([[1, 'xa', 'by'], [2, 'xab', 'c']]);
    expect(find(split, 'ab')).toEqual([2]);
    expect(find(split, 'ab')).not.toContain(1);
    expect(find(split, 'xaby')).toEqual([]);
    expect(find(split, 'abc')).toEqual([]);
  });

  it('finds nothing for characters or trigrams no product holds', () => {
    expect(find(index, 'zzz')).toEqual([]);
    expect(find(index, 'runz')).toEqual([]);
    expect(find(index, 'ner road')).toEqual([]);
  });

  it('takes an empty or blank search as no search: every product, in order', () => {
    expect(storeIds(index, matchingRanks(index, {}))).toEqual([30, 10, 20, 40]);
    expect(matchingRanks(index, { search: '   ' })).toBeNull();
    expect(storeIds(index, null)).toEqual([30, 10, 20, 40]);
  });
});

describe('trigram index: characters beyond ASCII', () => {
  const index = indexOf([
    [1, 'Café'],
    [2, 'CAFÉ'],
    [3, '\u212aelvin meter'], // KELVIN SIGN
    [4, 'Ma\u017fter'], // LATIN SMALL LETTER LONG S
    [5, 'Straße'],
    [6, '🙂smile'],
  ]);

  it('answers only ASCII terms without NUL; the rest go to SQL', () => {
    expect(canAnswer({ search: 'caf' })).toBe(true);
    expect(canAnswer({ search: 'café' })).toBe(false);
    expect(canAnswer({ search: '🙂' })).toBe(false);
    expect(canAnswer({ search: 'ab\u0000' })).toBe(false);
    expect(canAnswer({ search: '  ' })).toBe(true);
    expect(canAnswer({})).toBe(true);
    expect(canAnswer({ category: 'Shoes' })).toBe(true);
    expect(canAnswer({ visibleOnly: true })).toBe(false);
  });

  it('matches ASCII terms inside names with other characters, as SQLite folds them (ASCII only)', () => {
    expect(find(index, 'caf')).toEqual([1, 2]);
    expect(find(index, 'ca')).toEqual([1, 2]);
    expect(find(index, 'stra')).toEqual([5]);
    expect(find(index, 'smile')).toEqual([6]);
  });

  it('folds the Kelvin sign and the long s into ASCII for 3+ characters (as FTS5), never for 1-2 (as LIKE)', () => {
    expect(find(index, 'kelvin')).toEqual([3]);
    expect(find(index, 'KEL')).toEqual([3]);
    expect(find(index, 'master')).toEqual([4]);
    expect(find(index, 'k')).toEqual([]);
    expect(find(index, 'ke')).toEqual([]);
    expect(find(index, 'st')).toEqual([5]);
  });
});

describe('trigram index: categories', () => {
  const index = indexOf([
    [1, 'A', null, 'Shoes'],
    [2, 'B', null, 'Shoes > Running'],
    [3, 'C', null, 'Shoes > Running > Trail'],
    [4, 'D', null, 'Shoes & Co'],
    [5, 'E', null, 'Shoes >'],
    [6, 'F', null, 'Shoesx'],
    [7, 'G run', null, null],
    [8, 'H run', null, 'Hats'],
  ]);

  it('matches a category and everything below it, nothing that only starts with the same letters', () => {
    expect(storeIds(index, matchingRanks(index, { category: 'Shoes' }))).toEqual([1, 2, 3]);
    expect(storeIds(index, matchingRanks(index, { category: 'Shoes > Running' }))).toEqual([2, 3]);
    expect(storeIds(index, matchingRanks(index, { category: 'Shoes >' }))).toEqual([5]);
    expect(storeIds(index, matchingRanks(index, { category: 'Nope' }))).toEqual([]);
  });

  it('takes an empty category as no filter, and combines a category with a search', () => {
    expect(matchingRanks(index, { category: '' })).toBeNull();
    expect(find(index, 'run', 'Hats')).toEqual([8]);
    expect(find(index, 'run')).toEqual([7, 8]);
    expect(find(index, 'b', 'Shoes')).toEqual([2]);
  });
});

describe('trigram index: a larger catalog', () => {
  const ALPHABET = 'abcdefghij -_%XYZ\u212a\u017f';
  /** Brute force: what SQL answers, FTS (3+, with the two folds) or LIKE (1-2, ASCII case only). */
  const expected = (rows: Row[], term: string) => {
    const t = sqliteLower(term.trim());
    const fts = (s: string) => s.replace(/\u212a/g, 'k').replace(/\u017f/g, 's');
    const key = (s: string) => (t.length >= 3 ? fts(sqliteLower(s)) : sqliteLower(s));
    return rows.filter(([, name, sku]) => key(name).includes(t) || key(sku ?? '').includes(t)).map(([id]) => id);
  };

  it('gives the brute-force answers over thousands of products (posting lists and gram table grown many times)', () => {
    const rng = createPrng('trigram-index');
    const word = (len: number) => Array.from({ length: len }, () => ALPHABET[rng.int(0, ALPHABET.length - 1)]).join('');
    const rows: Row[] = Array.from({ length: 5000 }, (_, i) => [i * 7 + 1, word(rng.int(1, 24)), rng.chance(0.2) ? null : word(rng.int(1, 8))]);
    const index = indexOf(rows);
    expect(index.size).toBe(5000);
    expect(index.postings.length).toBeGreaterThan(1 << 16);
    expect(index.trigrams.size).toBeGreaterThan(1 << 12);
    const terms = ['a', 'A', 'ab', 'k', 's', '%', ' ', 'abc', 'kab', 'sab', 'abcd', 'xyz-', 'a-b_c', 'jjjj'];
    for (let i = 0; i < 300; i++) {
      const [, name] = rng.pick(rows);
      const len = rng.int(1, Math.min(6, name.length));
      const from = rng.int(0, name.length - len);
      terms.push(name.slice(from, from + len).replace(/[\u212a\u017f]/g, rng.chance(0.5) ? 'k' : 's'));
    }
    for (const search of terms) {
      if (!canAnswer({ search })) continue;
      expect({ search, ids: find(index, search) }).toEqual({ search, ids: expected(rows, search) });
    }
  });
});

describe('trigram index builder', () => {
  it('refuses a store id it has already added (the rows moved under a build)', () => {
    const builder = new TrigramIndexBuilder();
    expect(builder.add(1, 'a', '')).toBe(true);
    expect(builder.add(2, 'b', '')).toBe(true);
    expect(builder.add(1, 'c', '')).toBe(false);
  });

  it('fails to finish when a category names a product it was not given', () => {
    const builder = new TrigramIndexBuilder();
    builder.add(1, 'a', '');
    expect(builder.finish(1, [['Shoes', '[1, 2]']])).toEqual({ error: 'categories and names disagree' });
  });

  it('gives up on more than 1023 distinct characters', () => {
    const builder = new TrigramIndexBuilder();
    const chars = Array.from({ length: 1100 }, (_, i) => String.fromCharCode(0x4e00 + i));
    for (let i = 0; i < chars.length; i += 10) builder.add(i, chars.slice(i, i + 10).join(''), '');
    expect(builder.error).toBe(TOO_MANY_CHARS);
    expect(builder.finish(1, [])).toEqual({ error: TOO_MANY_CHARS });
  });

  it('builds an empty index that answers nothing', () => {
    const built = new TrigramIndexBuilder().finish(7, []);
    if ('error' in built) throw new Error(built.error);
    expect(built.index).toMatchObject({ version: 7, size: 0 });
    expect(find(built.index, 'abc')).toEqual([]);
    expect(find(built.index, 'a')).toEqual([]);
    expect(storeIds(built.index, null)).toEqual([]);
  });
});

describe('trigram index: changed rows', () => {
  const index = indexOf([[1, 'Trail Runner', 'TR-1', 'Shoes'], [2, 'Sock', null, null]]);
  const row = (overrides: Partial<{ id: number; name: string; sku: string | null; category: string | null; live: 0 | 1 }>): ChangedRow => {
    const r = { id: 1, name: 'trail runner', sku: 'tr-1', category: 'Shoes', live: 1 as 0 | 1, ...overrides };
    return [r.id, r.name, r.sku, r.category, r.live];
  };

  it('still reflects the catalog after changes to what it does not hold (prices, stock)', () => {
    expect(reflectsChanges(index, [])).toBe(true);
    expect(reflectsChanges(index, [row({}), row({ id: 2, name: 'sock', sku: null, category: null })])).toBe(true);
    // A product deleted that it never held (deleted before the build) changes nothing either.
    expect(reflectsChanges(index, [row({ id: 3, live: 0 })])).toBe(true);
  });

  it('is stale once a product is removed, added, renamed, re-SKUed or moved to another category', () => {
    expect(reflectsChanges(index, [row({ live: 0 })])).toBe(false);
    expect(reflectsChanges(index, [row({ id: 3 })])).toBe(false);
    expect(reflectsChanges(index, [row({ name: 'trail runner 2' })])).toBe(false);
    expect(reflectsChanges(index, [row({ sku: null })])).toBe(false);
    expect(reflectsChanges(index, [row({ category: 'Shoes > Trail' })])).toBe(false);
    expect(reflectsChanges(index, [row({ id: 2, name: 'sock', sku: null, category: 'Hats' })])).toBe(false);
    expect(reflectsChanges(index, [row({}), row({ id: 2, name: 'socks', sku: null, category: null })])).toBe(false);
  });
});

describe('trigram table', () => {
  it('numbers codes 0, 1, 2, ... in order of first appearance, and keeps them as it grows', () => {
    const table = new TrigramTable();
    const rng = createPrng('trigram-table');
    const codes = [...new Set(Array.from({ length: 20_000 }, () => rng.int(0, 2 ** 30 - 1)))];
    const numbers = codes.map((code) => table.id(code));
    expect(numbers).toEqual(codes.map((_, n) => n));
    expect(codes.map((code) => table.id(code))).toEqual(numbers);
    expect(codes.map((code) => table.get(code))).toEqual(numbers);
    expect(table.size).toBe(codes.length);
    expect(table.get(2 ** 30)).toBe(-1);
  });

  it('takes 0 as a code like any other', () => {
    const table = new TrigramTable();
    expect(table.get(0)).toBe(-1);
    expect(table.id(5)).toBe(0);
    expect(table.id(0)).toBe(1);
    expect(table.get(0)).toBe(1);
    expect(table.get(1)).toBe(-1);
  });
});
