/**
 * The in-memory search index gives the SQL's answers (filterSql in products.ts) whenever it
 * answers at all: searches of every length and case, odd characters (LIKE wildcards, quotes,
 * the two non-ASCII characters FTS5 folds into ASCII, accents, emoji), categories and both
 * together, for each company apart; and it stops answering the moment a write it does not
 * reflect lands (from another connection here, as a sync's worker writes), until rebuilt.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrng } from '@catalog/demo-store/prng';
import { openDatabase } from '../index';
import type { Database, ProductFilter, ProductInput } from '../repositories';
import { catalogStatements, type CatalogStatements } from './catalog-rows';
import { productSearchIndex, type ProductSearchIndex } from './product-search-index';
import { filterSql } from './products';

const WORDS = [
  'Trail', 'runner', 'ROAD', 'Sock', 'Kettle', 'kettle', 'Cap', 'hat_1', '100%', 'Sandal', '"Pro"', 'back\\slash',
  'Café', 'CAFÉ', 'Straße', '\u212aelvin', 'Ma\u017fter', 'İstanbul', 'naïve', 'Über', '🙂smile', 'x-ray', 'O\'Brien', 'a',
];
const CATEGORIES = ['Shoes', 'Shoes > Running', 'Shoes > Running > Trail', 'Shoes > Run', 'Shoes & Co', 'Shoes >', 'Hats', null];

function catalog(seed: string, count: number, firstId: number): ProductInput[] {
  const rng = createPrng(seed);
  return Array.from({ length: count }, (_, i) => {
    const words = Array.from({ length: rng.int(1, 4) }, () => rng.pick(WORDS));
    return {
      externalId: firstId + i,
      name: words.join(rng.chance(0.9) ? ' ' : ''),
      sku: rng.chance(0.1) ? null : `${rng.pick(['SK', 'sk', 'K\u212a', 'HK'])}-${rng.int(0, 99)}${rng.chance(0.2) ? '_%' : ''}`,
      category: rng.pick(CATEGORIES),
      regularPriceCents: rng.int(100, 10_000),
    };
  });
}

/** Terms: pieces of names and SKUs (any length, any case), padded, and some that match nothing. */
function terms(products: ProductInput[], seed: string, count: number): string[] {
  const rng = createPrng(seed);
  const out = ['a', 'A', 'k', 'K', 's', 'ss', 'é', 'É', '%', '_', '"', '\\', '  runner  ', 'kelvin', 'master', 'kettle', 'zzzz', '🙂', 'ca', 'café', 'CAF', '\u0000ab', 'ab\u0000'];
  while (out.length < count) {
    const p = rng.pick(products);
    const text = rng.chance(0.7) || !p.sku ? p.name : p.sku;
    const len = rng.int(1, Math.min(9, text.length));
    const from = rng.int(0, text.length - len);
    let term = text.slice(from, from + len);
    if (rng.chance(0.3)) term = term.toUpperCase();
    else if (rng.chance(0.4)) term = term.toLowerCase();
    out.push(term);
  }
  return out;
}

describe('product search index (SQLite)', () => {
  let dir: string;
  let db: Database;
  let raw: BetterSqlite3.Database;
  let stmts: CatalogStatements;
  let a: string;
  let b: string;
  let productsA: ProductInput[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'search-index-'));
    db = await openDatabase(join(dir, 'app.db'));
    a = (await db.companies.create({ name: 'A', productLimit: 100_000 })).id;
    b = (await db.companies.create({ name: 'B', productLimit: 100_000 })).id;
    productsA = catalog('a', 1500, 1);
    await db.products.upsertMany(a, productsA);
    // Company B shares store ids and words with A: nothing of it may show in A's answers.
    await db.products.upsertMany(b, catalog('b', 400, 1));
    raw = new BetterSqlite3(join(dir, 'app.db'));
    stmts = catalogStatements(raw);
  });
  afterAll(async () => {
    raw.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const sqlIds = (companyId: string, filter: ProductFilter) => {
    const { from, where, params } = filterSql(companyId, filter);
    return stmts.prepared(`select p.external_id from ${from} where ${where} order by lower(p.name), p.external_id`).pluck().all(params) as number[];
  };
  /** An index whose builds are never held back by pacing, read `sliceRows` at a time. */
  const newIndex = (sliceRows = 5000) => productSearchIndex(stmts, { sliceRows, sliceMs: 0, now: () => 0 });
  /** Asks until the index answers (its build done), at most a few hundred turns of the event loop. */
  const ready = async (index: ProductSearchIndex, companyId: string) => {
    for (let turn = 0; turn < 500; turn++) {
      if (index.ids(companyId, {}) !== null) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error('the index was never built');
  };
  const expectSameAsSql = (index: ProductSearchIndex, companyId: string, filter: ProductFilter) => {
    const ids = index.ids(companyId, filter);
    const count = index.count(companyId, filter);
    const expected = sqlIds(companyId, filter);
    if (ids !== null) expect({ filter, ids }).toEqual({ filter, ids: expected });
    if (count !== null) expect({ filter, count }).toEqual({ filter, count: expected.length });
    return ids !== null;
  };

  it('answers every search, category and both as the SQL does, for each company apart', async () => {
    const index = newIndex(300);
    await ready(index, a);
    await ready(index, b);
    let answered = 0;
    const all = terms(productsA, 'terms', 400);
    for (const companyId of [a, b]) {
      for (const search of all) if (expectSameAsSql(index, companyId, { search })) answered++;
      for (const category of [...CATEGORIES.filter((c): c is string => c !== null), '', 'Nope', 'Shoes > Running >']) {
        expectSameAsSql(index, companyId, { category });
        for (const search of all.slice(0, 40)) expectSameAsSql(index, companyId, { category, search });
      }
      expectSameAsSql(index, companyId, {});
    }
    // ASCII terms are answered by the index; the rest (accents, emoji, NUL) fall back to SQL.
    expect(answered).toBeGreaterThan(all.length);
    expect(index.ids(a, { search: 'café' })).toBeNull();
    expect(index.ids(a, { search: 'ab\u0000' })).toBeNull();
    expect(sqlIds(a, { search: 'ab\u0000' })).toEqual([]);
    // FTS folds the Kelvin sign and long s into ASCII for 3+ characters; LIKE (1-2) does not.
    expect(index.ids(a, { search: 'kelvin' })).toEqual(sqlIds(a, { search: 'kelvin' }));
    expect((index.ids(a, { search: 'kelvin' }) ?? []).length).toBeGreaterThan(0);
    expect(index.ids(a, { visibleOnly: true })).toBeNull();
  });

  it('keeps answering through price edits, and stops at once for changes it does not reflect, until rebuilt', async () => {
    const index = newIndex();
    await ready(index, a);
    const [first] = await db.products.getByExternalIds(a, [productsA[0]!.externalId]);
    const id = first!.externalId;

    // Prices and stock are not indexed: the index moves to the new version and answers.
    await db.products.setPrices(a, [{ productId: first!.id, regularPriceCents: 4242 }]);
    expect(expectSameAsSql(index, a, { search: 'run' })).toBe(true);

    const changes: Array<[string, () => Promise<unknown>]> = [
      ['a rename', () => db.products.upsertMany(a, [{ ...productsA[0]!, name: 'Zebra Unique Runner' }])],
      ['a SKU change', () => db.products.upsertMany(a, [{ ...productsA[0]!, name: 'Zebra Unique Runner', sku: 'ZZ-9' }])],
      ['a new category', () => db.products.upsertMany(a, [{ ...productsA[0]!, name: 'Zebra Unique Runner', sku: 'ZZ-9', category: 'Hats > New' }])],
      ['a new product', () => db.products.upsertMany(a, [{ externalId: 99_999, name: 'Brand New Runner', regularPriceCents: 100 }])],
      ['a delete', () => db.products.removeByExternalIds(a, [id])],
      ['a revival', () => db.products.upsertMany(a, [{ ...productsA[0]!, name: 'Zebra Unique Runner' }])],
    ];
    for (const [what, write] of changes) {
      await write();
      // The old index no longer answers (a count never rebuilds it)...
      expect({ what, count: index.count(a, {}) }).toEqual({ what, count: null });
      // ...and the next search rebuilds it (1,500 products: one slice, at once).
      await ready(index, a);
      for (const search of ['zebra', 'zz-9', 'runner', 'brand new', 'r']) expect(expectSameAsSql(index, a, { search })).toBe(true);
      expect(expectSameAsSql(index, a, { category: 'Hats' })).toBe(true);
    }
    // A write in another company moves nothing of A's.
    await db.products.upsertMany(b, [{ externalId: 5, name: 'Other Runner', regularPriceCents: 1 }]);
    expect(expectSameAsSql(index, a, { search: 'runner' })).toBe(true);
  });

  it('throws away a build the catalog moved under, and answers right once rebuilt', async () => {
    const index = newIndex(100);
    expect(index.ids(a, { search: 'runner' })).toBeNull(); // the build starts; the first slice is read
    // Between slices: a product the build already passed is renamed to the end of the list,
    // and one it has not reached yet is deleted.
    const early = sqlIds(a, {})[10]!;
    const late = sqlIds(a, {}).at(-10)!;
    const row = productsA.find((p) => p.externalId === early)!;
    await db.products.upsertMany(a, [{ ...row, name: 'zzzz moved to the end' }]);
    await db.products.removeByExternalIds(a, [late]);
    await ready(index, a);
    expect(index.stats.discarded).toBeGreaterThanOrEqual(1);
    for (const search of ['zzzz', 'runner', 'a', 'kettle']) expect(expectSameAsSql(index, a, { search })).toBe(true);
    expect(index.ids(a, {})).toEqual(sqlIds(a, {}));
  });

  it('lets searches that find a build under way read it along, instead of waiting for turns of the event loop', () => {
    const index = newIndex(100);
    expect(index.ids(a, { search: 'runner' })).toBeNull(); // started: one slice of 100 read
    // No await: only the searches themselves move the build on.
    let answer: number[] | null = null;
    for (let call = 0; call < 200 && answer === null; call++) answer = index.ids(a, { search: 'runner' });
    expect(answer).toEqual(sqlIds(a, { search: 'runner' }));
    expect(index.stats.builds).toBe(1);
  });

  it('never starts a build for a count', () => {
    const index = newIndex();
    expect(index.count(a, {})).toBeNull();
    expect(index.count(a, { search: 'runner' })).toBeNull();
  });

  it('answers nothing for a company that does not exist', () => {
    expect(newIndex().ids('no-such-company', { search: 'runner' })).toBeNull();
  });
});
