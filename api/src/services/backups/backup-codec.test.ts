/**
 * The backup format: a full snapshot and a delta read back exactly (a variant's null kept apart
 * from 0, a product's cleared sale price kept as null), a delta holds only what changed, and
 * a catalog's ids cost little.
 */
import { describe, expect, it } from 'vitest';
import { applyDelta, changedPrices, decode, deltaBetween, deltaSize, encodeDelta, encodeFull, type PriceState } from './backup-codec';

function catalog(products: number, variantsEach: number): PriceState {
  const state: PriceState = { products: new Map(), variants: new Map() };
  let variantId = 50_000;
  for (let p = 0; p < products; p++) {
    const id = 100 + p;
    state.products.set(id, { regular: 1_000 + ((p * 7_919) % 90_000), sale: p % 5 === 0 ? 900 : null });
    for (let v = 0; v < variantsEach; v++) {
      variantId += 1 + (v % 2);
      state.variants.set(variantId, { productId: id, regular: v % 3 === 0 ? null : 1_500 + v, sale: v % 4 === 0 ? 0 : v % 4 === 1 ? null : 700 });
    }
  }
  return state;
}

const plain = (s: PriceState) => ({ products: [...s.products].sort((a, b) => a[0] - b[0]), variants: [...s.variants].sort((a, b) => a[0] - b[0]) });

describe('the backup format', () => {
  it('reads a full snapshot back exactly: null and 0 stay apart', () => {
    const state = catalog(50, 3);
    const decoded = decode(encodeFull(state));
    expect(decoded.kind).toBe('full');
    if (decoded.kind !== 'full') return;
    expect(plain(decoded.state)).toEqual(plain(state));
    const variants = [...decoded.state.variants.values()];
    expect(variants.some((v) => v.sale === 0)).toBe(true);
    expect(variants.some((v) => v.sale === null)).toBe(true);
    expect(variants.some((v) => v.regular === null)).toBe(true);
  });

  it('stores only what changed in a delta, and applying it gives the new state', () => {
    const before = catalog(200, 3);
    const after = catalog(200, 3);
    after.products.set(100, { regular: 1, sale: null });
    after.variants.set([...after.variants.keys()][4]!, { ...[...after.variants.values()][4]!, regular: null });
    after.products.delete(101);
    after.products.set(9_999, { regular: 500, sale: 400 });
    const delta = deltaBetween(before, after);
    expect(deltaSize(delta)).toBe(4);
    expect(changedPrices(before, after)).toBe(3);
    const decoded = decode(encodeDelta(delta));
    expect(decoded.kind).toBe('delta');
    if (decoded.kind !== 'delta') return;
    expect(plain(applyDelta(before, decoded.delta))).toEqual(plain(after));
    expect(encodeDelta(delta).length).toBeLessThan(120);
  });

  it('keeps a catalog of 1,000 products and 3,000 variants small', () => {
    const state = catalog(1_000, 3);
    expect(encodeFull(state).length).toBeLessThan(40_000);
  });
});
