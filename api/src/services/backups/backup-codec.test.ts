/**
 * The backup format: a full snapshot and a delta read back exactly (a variant's null kept apart
 * from 0, a product's cleared sale price kept as null), a delta holds only what changed, and
 * a catalog's ids cost little.
 */
import { describe, expect, it } from 'vitest';
import { deflateRawSync } from 'node:zlib';
import { applyDelta, changedPrices, decode, deltaBetween, deltaSize, encodeDelta, encodeFull, type PriceState } from './backup-codec';
import { listKey, type BackedUpRecord, type RecordState } from './backup-records';

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
const plainRecords = (r: RecordState | null | undefined) =>
  r ? [...r].sort((a, b) => a[0].localeCompare(b[0])).map(([k, m]) => [k, [...m].sort((a, b) => a[0] - b[0])]) : r;

/** Records of two lists: 7 in USD and EUR, 8 in USD, over `variants` variant ids from 50,001. */
function records(variants: number): RecordState {
  const state: RecordState = new Map();
  for (const [list, currency, step] of [[7, 'USD', 1], [7, 'EUR', 2], [8, 'USD', 3]] as const) {
    const m = new Map<number, BackedUpRecord>();
    for (let v = 0; v < variants; v += step) {
      m.set(50_001 + v, { productId: 100 + Math.floor(v / 3), price: 1_000 + v, sale: v % 4 === 0 ? 0 : v % 4 === 1 ? null : 900, retail: v % 5 === 0 ? 2_000 : null, map: v % 7 === 0 ? 950 : null });
    }
    state.set(listKey(list, currency), m);
  }
  return state;
}

describe('the backup format', () => {
  it('reads a full snapshot back exactly: null and 0 stay apart', async () => {
    const state = catalog(50, 3);
    const decoded = decode(await encodeFull(state));
    expect(decoded.kind).toBe('full');
    if (decoded.kind !== 'full') return;
    expect(plain(decoded.state)).toEqual(plain(state));
    const variants = [...decoded.state.variants.values()];
    expect(variants.some((v) => v.sale === 0)).toBe(true);
    expect(variants.some((v) => v.sale === null)).toBe(true);
    expect(variants.some((v) => v.regular === null)).toBe(true);
  });

  it('stores only what changed in a delta, and applying it gives the new state', async () => {
    const before = catalog(200, 3);
    const after = catalog(200, 3);
    after.products.set(100, { regular: 1, sale: null });
    after.variants.set([...after.variants.keys()][4]!, { ...[...after.variants.values()][4]!, regular: null });
    after.products.delete(101);
    after.products.set(9_999, { regular: 500, sale: 400 });
    const delta = deltaBetween(before, after);
    expect(deltaSize(delta)).toBe(4);
    expect(changedPrices(before, after)).toBe(3);
    const decoded = decode(await encodeDelta(delta));
    expect(decoded.kind).toBe('delta');
    if (decoded.kind !== 'delta') return;
    expect(plain(applyDelta(before, decoded.delta))).toEqual(plain(after));
    expect((await encodeDelta(delta)).length).toBeLessThan(120);
  });

  it('keeps a catalog of 1,000 products and 3,000 variants small', async () => {
    const state = catalog(1_000, 3);
    expect((await encodeFull(state)).length).toBeLessThan(40_000);
  });
});

describe('the backup format with price list records (issue 35)', () => {
  it('reads every list and currency back exactly (0 and null apart, MAP and retail kept)', async () => {
    const state = { ...catalog(20, 3), records: records(60) };
    const decoded = decode(await encodeFull(state));
    if (decoded.kind !== 'full') throw new Error('not full');
    expect(plain(decoded.state)).toEqual(plain(state));
    expect(plainRecords(decoded.state.records)).toEqual(plainRecords(state.records));
    const usd = decoded.state.records!.get('7:USD')!;
    expect(usd.get(50_001)).toEqual({ productId: 100, price: 1_000, sale: 0, retail: 2_000, map: 950 });
    expect(usd.get(50_002)).toEqual({ productId: 100, price: 1_001, sale: null, retail: null, map: null });
  });

  it('reads a backup written before price lists were backed up as holding none', async () => {
    const state = catalog(5, 2);
    const fresh = decode(await encodeFull(state));
    expect(fresh.kind === 'full' && fresh.state.records).toBeNull();
    // The bytes an older writer made: no `l` at all.
    const old = Buffer.concat([Buffer.from([1]), deflateRawSync(Buffer.from(JSON.stringify({ k: 'f', p: { i: [5], r: [100], s: [null] }, v: { i: [], r: [], s: [], g: [] } })))]);
    const decoded = decode(old);
    expect(decoded.kind === 'full' && decoded.state.records).toBeNull();
    // A delta without records (an older writer) leaves the state after it without any.
    const withRecords = { ...state, records: records(10) };
    const oldDelta = deltaBetween(state, state);
    expect(applyDelta(withRecords, oldDelta).records).toBeNull();
  });

  it('stores only the records that changed in a delta, also from a backup that held none', async () => {
    const before = { ...catalog(50, 2), records: records(300) };
    const after = { ...catalog(50, 2), records: records(300) };
    after.records.get('7:USD')!.set(50_002, { productId: 100, price: 1, sale: null, retail: null, map: null });
    after.records.get('7:USD')!.delete(50_003);
    after.records.get('8:USD')!.set(99_999, { productId: 999, price: 5, sale: 4, retail: null, map: 3 });
    after.records.delete('7:EUR');
    after.records.set(listKey(9, 'GBP'), new Map([[50_001, { productId: 100, price: 7, sale: null, retail: null, map: null }]]));
    const delta = deltaBetween(before, after);
    expect(deltaSize(delta)).toBe(3 + 1 + 150);
    expect(changedPrices(before, after)).toBe(1);
    const decoded = decode(await encodeDelta(delta));
    if (decoded.kind !== 'delta') throw new Error('not a delta');
    const applied = applyDelta(before, decoded.delta);
    expect(plainRecords(applied.records)).toEqual(plainRecords(after.records));
    // The state it was applied to is left as it was.
    expect(before.records.get('7:USD')!.has(50_003)).toBe(true);

    // From a backup without records: every record is new.
    const none = catalog(50, 2);
    const first = deltaBetween(none, after);
    expect(plainRecords(applyDelta(none, first).records)).toEqual(plainRecords(after.records));
  });
});
