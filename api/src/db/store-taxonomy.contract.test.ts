/**
 * The repository contract of the store taxonomy cache (issue 32), on every dialect (SQLite
 * always, PostgreSQL with TEST_DATABASE_URL): categories and brands saved and read back in
 * order, with when they were read; a category event makes the cached categories stale, also one
 * counted while they were being read; every row is its company's and its store's, and clearing
 * forgets all of a company's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets, openTarget } from '../testing/db-targets';
import type { CachedCategory, Database } from './repositories';
import { MAX_MISSING_BRANDS } from './repository-shared.store-taxonomy';

const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));
const current = (t: { categoryEvents: number; categoriesReadEvents: number } | null) => t !== null && t.categoryEvents === t.categoriesReadEvents;

describe.each(dbTargets)('store taxonomy on $name', (target) => {
  let db: Database;
  let close = async () => {};
  beforeAll(async () => {
    ({ db, close } = await openTarget(target));
  });
  afterAll(async () => close());

  const company = async () => (await db.companies.create({ name: 'Taxonomy Co' })).id;

  it('has nothing for a company before a read', async () => {
    expect(await db.storeTaxonomy.get(await company(), 'store-a')).toBeNull();
  });

  it('gives back the categories in the order saved and the brands, each with when it was read', async () => {
    const a = await company();
    const categories: CachedCategory[] = [[23, 'Garden'], [18, 'Garden > Tools'], [5, 'Kitchen & "Bath" \u00e9']];
    await db.storeTaxonomy.saveCategories(a, 'store-a', { categories, readAt: at(1), events: 0 });
    await db.storeTaxonomy.saveBrands(a, 'store-a', { brands: [[1, 'Northwind'], [3, 'Contoso']], missing: [9, 9, 12], readAt: at(2) });
    const got = await db.storeTaxonomy.get(a, 'store-a');
    expect(got).toEqual({
      storeHash: 'store-a', categories, categoriesReadAt: at(1), categoryEvents: 0, categoriesReadEvents: 0,
      brands: [[1, 'Northwind'], [3, 'Contoso']], missingBrands: [9, 12], brandsReadAt: at(2),
    });
    expect(current(got)).toBe(true);
    // A later read replaces the earlier one.
    await db.storeTaxonomy.saveBrands(a, 'store-a', { brands: [[1, 'Northwind']], missing: [], readAt: at(3) });
    expect(await db.storeTaxonomy.get(a, 'store-a')).toMatchObject({ categories, brands: [[1, 'Northwind']], missingBrands: [], brandsReadAt: at(3) });
  });

  it('keeps a store of thousands of categories whole', async () => {
    const a = await company();
    const categories = Array.from({ length: 5_000 }, (_, i): CachedCategory => [i + 1, `Department ${i % 40} > Aisle ${i} > Shelf with a long name ${i}`]);
    await db.storeTaxonomy.saveCategories(a, 'store-a', { categories, readAt: at(1), events: 0 });
    expect((await db.storeTaxonomy.get(a, 'store-a'))!.categories).toEqual(categories);
  });

  it('makes the categories stale on a category event, until a read that began after it is saved', async () => {
    const a = await company();
    await db.storeTaxonomy.saveCategories(a, 'store-a', { categories: [[1, 'Old']], readAt: at(1), events: 0 });
    await db.storeTaxonomy.categoriesChanged(a, 'store-a');
    const stale = await db.storeTaxonomy.get(a, 'store-a');
    expect(stale).toMatchObject({ categoryEvents: 1, categoriesReadEvents: 0, categories: [[1, 'Old']] });
    expect(current(stale)).toBe(false);
    await db.storeTaxonomy.saveCategories(a, 'store-a', { categories: [[1, 'New']], readAt: at(2), events: stale!.categoryEvents });
    expect(current(await db.storeTaxonomy.get(a, 'store-a'))).toBe(true);
  });

  it('leaves the categories stale when an event was counted while they were being read', async () => {
    const a = await company();
    const before = (await db.storeTaxonomy.get(a, 'store-a'))?.categoryEvents ?? 0;
    await db.storeTaxonomy.categoriesChanged(a, 'store-a'); // arrives during the read
    await db.storeTaxonomy.saveCategories(a, 'store-a', { categories: [[1, 'Maybe old']], readAt: at(1), events: before });
    const got = await db.storeTaxonomy.get(a, 'store-a');
    expect(got).toMatchObject({ categories: [[1, 'Maybe old']], categoryEvents: 1 });
    expect(current(got)).toBe(false);
  });

  it('counts every category event, also events that race', async () => {
    const a = await company();
    await Promise.all(Array.from({ length: 8 }, () => db.storeTaxonomy.categoriesChanged(a, 'store-a')));
    expect(await db.storeTaxonomy.get(a, 'store-a')).toMatchObject({ categoryEvents: 8, categories: null, brands: null, missingBrands: [] });
  });

  it('remembers at most MAX_MISSING_BRANDS missing brand ids, the newest', async () => {
    const a = await company();
    const missing = Array.from({ length: MAX_MISSING_BRANDS + 5 }, (_, i) => i + 1);
    await db.storeTaxonomy.saveBrands(a, 'store-a', { brands: [], missing, readAt: at(1) });
    expect((await db.storeTaxonomy.get(a, 'store-a'))!.missingBrands).toEqual(missing.slice(5));
  });

  it('keeps each company\'s and each store\'s apart, and clears all of one company\'s', async () => {
    const a = await company();
    const b = await company();
    await db.storeTaxonomy.saveCategories(a, 'store-a', { categories: [[1, 'A']], readAt: at(1), events: 0 });
    await db.storeTaxonomy.saveCategories(a, 'store-old', { categories: [[1, 'Old store']], readAt: at(1), events: 0 });
    await db.storeTaxonomy.saveCategories(b, 'store-a', { categories: [[1, 'B']], readAt: at(1), events: 0 });
    await db.storeTaxonomy.categoriesChanged(b, 'store-a');
    expect((await db.storeTaxonomy.get(a, 'store-a'))).toMatchObject({ categories: [[1, 'A']], categoryEvents: 0 });
    expect((await db.storeTaxonomy.get(a, 'store-old'))!.categories).toEqual([[1, 'Old store']]);
    expect(await db.storeTaxonomy.get(a, 'store-b')).toBeNull();
    await db.storeTaxonomy.clear(a);
    expect(await db.storeTaxonomy.get(a, 'store-a')).toBeNull();
    expect(await db.storeTaxonomy.get(a, 'store-old')).toBeNull();
    expect(await db.storeTaxonomy.get(b, 'store-a')).toMatchObject({ categories: [[1, 'B']], categoryEvents: 1 });
  });
});
