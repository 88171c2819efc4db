import { describe, expect, it } from 'vitest';
import { product, storedProduct, variant } from '../testing/fake-catalog-server';
import type { StoredProduct } from './catalog-db';
import { CatalogIndex } from './catalog-index';
import { listedOf } from './listed-product';
import { toLocal } from './read-products';
import { fromVariants, toStored } from './stored-product';

const stored = storedProduct;

function indexOf(products: StoredProduct[]) {
  const index = new CatalogIndex();
  index.apply(products);
  return index;
}

const CATALOG = [
  stored(1, { name: 'Blue Ceramic Mug', sku: 'MUG-BLU', category: 'Kitchen > Mugs' }),
  stored(2, { name: 'Red mug', sku: 'MUG-RED', category: 'Kitchen > Mugs', onSale: true }),
  stored(3, { name: 'Linen Shirt', sku: 'SH-1', category: 'Clothing > Shirts > Linen' }),
  stored(4, { name: 'Oxford Shirt', sku: null, category: 'Clothing > Shirts' }),
  stored(5, { name: 'Clothing rail', sku: 'RAIL', category: 'Clothing2' }),
  stored(6, { name: 'Apron', sku: 'AP-BLUE', category: null, isVisible: false }),
];

describe('local catalog queries', () => {
  it('matches every search word in the name or SKU, in any case, in name order', () => {
    const index = indexOf(CATALOG);
    expect(index.query({ search: 'mug' }, 0, 10)).toEqual({ ids: [1, 2], total: 2 });
    expect(index.query({ search: '  MUG  blue ' }, 0, 10).ids).toEqual([1]);
    expect(index.query({ search: 'blue' }, 0, 10).ids).toEqual([6, 1]); // SKU AP-BLUE, name Blue...
    expect(index.query({ search: 'sh-1' }, 0, 10).ids).toEqual([3]);
    expect(index.query({ search: 'nothing like it' }, 0, 10)).toEqual({ ids: [], total: 0 });
  });

  it('keeps each product\'s list row, the same as its full row gives, and none for a row stored without its variants\' summary', () => {
    const shirt = {
      ...toStored(product(7, { name: 'Shirt', regularPrice: '30.00', status: 'draft' }), fromVariants([
        variant(70, 7, { regularPrice: '25.00', salePrice: '19.00', stock: 4 }), variant(71, 7, { regularPrice: null, stock: 3 }),
      ])),
      pending: true,
    };
    const index = indexOf([...CATALOG, shirt, stored(8, { variantSummary: undefined })]);
    expect(index.listed([7, 1])).toEqual([
      listedOf({ ...toLocal(shirt, [variant(70, 7, { regularPrice: '25.00', salePrice: '19.00', stock: 4 }), variant(71, 7, { regularPrice: null, stock: 3 })]), pending: true }),
      listedOf(toLocal(CATALOG[0]!, [])),
    ]);
    expect(index.listed([7])![0]).toMatchObject({ variantCount: 2, status: 'draft', pending: true, pricing: { fromVariants: true, regularPrice: '25.00', salePrice: '19.00', stock: 7 } });
    expect(index.listed([1, 8])).toBeNull();
    expect(index.listed([1, 999])).toBeNull();
  });

  it('filters a category with its subcategories, not a sibling with the same prefix', () => {
    const index = indexOf(CATALOG);
    expect(index.query({ category: 'Clothing' }, 0, 10).ids).toEqual([3, 4]);
    expect(index.query({ category: 'Clothing > Shirts > Linen' }, 0, 10).ids).toEqual([3]);
    expect(index.query({ category: 'Clothing', search: 'oxford' }, 0, 10).ids).toEqual([4]);
    expect(index.query({ category: 'Nowhere' }, 0, 10).total).toBe(0);
  });

  it('filters sale items and visible products', () => {
    const index = indexOf(CATALOG);
    expect(index.query({ saleOnly: true }, 0, 10).ids).toEqual([2]);
    expect(index.query({ visibleOnly: true }, 0, 10).total).toBe(5);
  });

  it('pages through the results with the total of all pages', () => {
    const index = indexOf(Array.from({ length: 45 }, (_, i) => stored(i + 1, { name: `Item ${String(i + 1).padStart(2, '0')}`, sku: null })));
    expect(index.query({}, 0, 20)).toMatchObject({ total: 45 });
    expect(index.query({}, 40, 20)).toEqual({ ids: [41, 42, 43, 44, 45], total: 45 });
    // '1' occurs in Item 01, 10-19, 21, 31 and 41.
    expect(index.query({ search: 'item 1' }, 0, 5)).toEqual({ ids: [1, 10, 11, 12, 13], total: 14 });
    expect(index.query({ search: 'item 1' }, 10, 5)).toEqual({ ids: [19, 21, 31, 41], total: 14 });
  });

  it('answers a refined search the same as a fresh one (keystroke by keystroke)', () => {
    const index = indexOf(CATALOG);
    const typed = ['s', 'sh', 'shi', 'shir', 'shirt', 'shirt ', 'shirt l', 'shirt li'];
    const refined = typed.map((search) => index.query({ search }, 0, 10).ids);
    const fresh = typed.map((search) => indexOf(CATALOG).query({ search }, 0, 10).ids);
    expect(refined).toEqual(fresh);
    // Deleting characters (a shorter query) widens the results again.
    expect(index.query({ search: 'sh' }, 0, 10).ids).toEqual(fresh[1]);
  });

  it('finds exactly what a plain substring search finds (the bit-mask prefilter never drops a match)', () => {
    let seed = 7;
    const rnd = (n: number) => (seed = (seed * 16807) % 2147483647) % n;
    const alphabet = 'abcdeéxyz019-. ';
    const word = (len: number) => Array.from({ length: len }, () => alphabet[rnd(alphabet.length)]).join('');
    const products = Array.from({ length: 400 }, (_, i) => stored(i + 1, { name: word(3 + rnd(20)), sku: rnd(3) ? word(2 + rnd(6)).toUpperCase() : null }));
    const index = indexOf(products);
    const naive = (search: string) => {
      const words = search.toLowerCase().split(/\s+/).filter(Boolean);
      return products
        .filter((p) => words.every((w) => `${p.name.toLowerCase()}\n${(p.sku ?? '').toLowerCase()}`.includes(w)))
        .sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : a.id - b.id))
        .map((p) => p.id);
    };
    for (let q = 0; q < 300; q++) {
      const source = products[rnd(products.length)]!.name;
      const start = rnd(source.length);
      const search = q % 3 ? source.slice(start, start + 1 + rnd(5)) : word(1 + rnd(4));
      expect(index.query({ search }, 0, 1000).ids, search).toEqual(naive(search));
    }
  });

  it('follows upserts, renames and deletions, and lists the categories in use', () => {
    const index = indexOf(CATALOG);
    expect(index.categories()).toEqual(['Clothing > Shirts', 'Clothing > Shirts > Linen', 'Clothing2', 'Kitchen > Mugs']);
    index.query({ search: 'mug' }, 0, 10);
    index.apply([stored(1, { name: 'Zebra mug', category: 'Kitchen > Mugs' }), stored(7, { name: 'Another mug', category: 'Garden' })], [2, 5]);
    expect(index.query({ search: 'mug' }, 0, 10).ids).toEqual([7, 1]);
    expect(index.query({ saleOnly: true }, 0, 10).total).toBe(0);
    expect(index.size).toBe(5);
    expect(index.categories()).toEqual(['Clothing > Shirts', 'Clothing > Shirts > Linen', 'Garden', 'Kitchen > Mugs']);
    index.clear();
    expect(index.query({}, 0, 10)).toEqual({ ids: [], total: 0 });
  });

  it('applies the product filters (brand, price, stock, sale, visibility, SKU of the product or a variant) with search and category', () => {
    const index = indexOf([
      stored(1, { name: 'Blue Mug', sku: 'MUG-BLU', brand: 'Lumen', regularPrice: '12.00', stock: 40, category: 'Kitchen' }),
      stored(2, { name: 'Red Mug', sku: 'MUG-RED', brand: 'Lumen', regularPrice: '20.00', stock: 3, onSale: true, category: 'Kitchen' }),
      stored(3, { name: 'Shirt', sku: null, brand: 'Harbor', regularPrice: '35.50', stock: 0, variantSkus: ['sh-m-blu', 'sh-l-red'] }),
      stored(4, { name: 'Apron', sku: 'AP', brand: null, regularPrice: '9.99', stock: 10, isVisible: false }),
    ]);
    const ids = (filters: Parameters<typeof index.query>[0]['filters'], extra: object = {}) => index.query({ ...extra, filters }, 0, 10).ids;
    expect(ids({ brand: 'Lumen' })).toEqual([1, 2]);
    expect(ids({ priceMin: 1200, priceMax: 2000 })).toEqual([1, 2]);
    expect(ids({ priceMax: 999 })).toEqual([4]);
    expect([ids({ stock: 'in' }), ids({ stock: 'low' }), ids({ stock: 'out' })]).toEqual([[4, 1], [2], [3]]);
    expect(ids({ onSale: true })).toEqual([2]);
    expect([ids({ visible: true }), ids({ visible: false })]).toEqual([[1, 2, 3], [4]]);
    expect(ids({ sku: 'RED' })).toEqual([2, 3]);
    expect(ids({ sku: 'sh-', skuMatch: 'startsWith' })).toEqual([3]);
    expect(ids({ sku: 'blu', skuMatch: 'endsWith' })).toEqual([1, 3]);
    expect(ids({ brand: 'Lumen', stock: 'in' }, { search: 'mug', category: 'Kitchen' })).toEqual([1]);
    // A refined search keeps the filters (the cached set of a shorter search is already filtered).
    expect(ids({ brand: 'Lumen' }, { search: 'm' })).toEqual([1, 2]);
    expect(ids({ brand: 'Lumen' }, { search: 'mu' })).toEqual([1, 2]);
    expect(ids({ brand: 'Harbor' }, { search: 'mu' })).toEqual([]);
    expect(index.brands()).toEqual(['Harbor', 'Lumen']);
  });

  it('lists each brand once, in alphabetical order whatever its case', () => {
    const index = indexOf(['lumen', 'Harbor', 'acme', 'Zeta', 'harbor', 'Lumen', 'Harbor'].map((brand, i) => stored(i + 1, { brand })));
    expect(index.brands()).toEqual(['acme', 'Harbor', 'harbor', 'Lumen', 'lumen', 'Zeta']);
  });
});

describe('the rows a next keystroke will likely show (likelyNext)', () => {
  // In name order: 'Bag 00'...'Bag 59' with 'bag' then a digit, then 'Bat 60'...'Bat 64', 'Box 65'.
  const names = [
    ...Array.from({ length: 60 }, (_, i) => `Bag ${String(i).padStart(2, '0')}`),
    ...Array.from({ length: 5 }, (_, i) => `Bat ${60 + i}`),
    'Box 65',
  ];
  const index = indexOf(names.map((name, i) => stored(i + 1, { name, sku: null })));
  const firstOf = (search: string, n: number) => index.query({ search }, 0, n).ids;

  it('holds the first page of every one-letter extension of the search, however far into its matches', () => {
    const ids = index.likelyNext({ search: 'ba' }, 3, 100);
    // 'ba' itself, 'bag' (its first page is the first three) and 'bat' (past 60 'bag' matches).
    for (const next of ['ba', 'bag', 'bat']) expect(ids).toEqual(expect.arrayContaining(firstOf(next, 3)));
    // Not every match: the 57 other bags are no extension's first page.
    expect(ids).toHaveLength(6);
  });

  it('reads ahead for the first letter of a search too, and stops at the limit, likeliest first', () => {
    const ids = index.likelyNext({}, 2, 100);
    for (const next of ['b', 'a', 'g', 't', 'o', 'x', '6', '0']) expect(ids).toEqual(expect.arrayContaining(firstOf(next, 2)));
    expect(index.likelyNext({}, 2, 3)).toEqual(ids.slice(0, 3));
    // After a space, the next word may start with anything: 'ba 6' and 'ba x' are read ahead.
    const word = index.likelyNext({ search: 'ba ' }, 2, 100);
    for (const more of ['ba 6', 'ba t', 'ba 0']) expect(word).toEqual(expect.arrayContaining(firstOf(more, 2)));
    // After 'ba', 'g' continues 60 matches and 't' 5: the bags' page comes before the bats'.
    const next = index.likelyNext({ search: 'ba' }, 3, 100);
    expect(next.indexOf(firstOf('bag', 3).at(-1)!)).toBeLessThan(next.indexOf(firstOf('bat', 3)[0]!));
  });

  it('reads ahead for the letters that continue a word from its start before those inside words', () => {
    // After 'n': 'd' follows in 30 names ('... wind'), 'o' at a word's start in 3 ('Nova'); the
    // 'Anvil's come first in name order (the search's own first page).
    const words = indexOf([
      ...Array.from({ length: 3 }, (_, i) => stored(i + 1, { name: `Anvil ${i}`, sku: null })),
      ...Array.from({ length: 30 }, (_, i) => stored(i + 4, { name: `Item ${String(i).padStart(2, '0')} wind`, sku: null })),
      ...Array.from({ length: 3 }, (_, i) => stored(i + 34, { name: `Nova ${i}`, sku: null })),
    ]);
    const next = words.likelyNext({ search: 'n' }, 3, 100);
    const nova = words.query({ search: 'no' }, 0, 3).ids;
    const wind = words.query({ search: 'nd' }, 0, 3).ids;
    expect(next).toEqual(expect.arrayContaining([...nova, ...wind]));
    expect(Math.max(...nova.map((id) => next.indexOf(id)))).toBeLessThan(Math.min(...wind.map((id) => next.indexOf(id))));
  });

  it('looks at a bounded number of occurrences: a short task however long the names', () => {
    // Every 'Bag nn' name is 6 characters: a budget of 60 occurrences covers the first 10 names.
    const ids = index.likelyNext({}, 2, 100, 20_000, 60);
    expect(ids).toEqual(expect.arrayContaining(firstOf('b', 2)));
    expect(ids).toEqual(expect.arrayContaining(firstOf('0', 2)));
    // 'x' occurs only in the last name, past the budget: its page is read when typed.
    expect(ids).not.toContain(firstOf('x', 1)[0]);
    expect(index.likelyNext({}, 2, 100)).toContain(firstOf('x', 1)[0]);
  });
});
