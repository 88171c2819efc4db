/**
 * What a backup holds and how it is stored (issue 17). A backup's prices are a `PriceState`:
 * every product's regular and sale price and every variant's (with its product), keyed by the
 * store's ids. A variant's null inherits its product's price; a product's null sale price means
 * not on sale. Both are kept as they are, so a restore puts back exactly what was there.
 *
 * Stored compactly: a full snapshot, or a delta on an earlier backup (the items whose prices
 * differ or that are new, and the ids of the items gone). Either is JSON in columns (ids sorted
 * and written as differences from the previous id, so a catalog's ids cost a digit or two each),
 * deflated. A delta of a day on which few prices changed is a few hundred bytes.
 *
 * Beside them, the price list records (issue 35, backup-records.ts): `records` null when the
 * backup holds none (taken before backups held price lists). A delta written without them (an
 * older writer) reads as holding none.
 *
 * Pure but for compression on the thread pool: no I/O, so encoding, applying and comparing can be read and tested in one place.
 */
import { promisify } from 'node:util';
import { deflateRaw, inflateRawSync } from 'node:zlib';
import {
  applyRecordDelta, changedRecordPrices, copyRecords, differences, readRecordColumns, readRemovedColumns, recordColumns, recordDeltaBetween,
  recordDeltaSize, removedColumns, sums, type RecordColumns, type RecordDelta, type RecordState, type RemovedColumns,
} from './backup-records';

const deflateRawAsync = promisify(deflateRaw);

export interface ItemPrices {
  regular: number | null;
  sale: number | null;
}
export interface VariantPrices extends ItemPrices {
  /** The store's id of the variant's product. */
  productId: number;
}

export interface PriceState {
  /** Product store id -> its own prices. */
  products: Map<number, ItemPrices>;
  /** Variant store id -> its own prices and its product. */
  variants: Map<number, VariantPrices>;
  /** Every price list record (issue 35); null or absent: none were backed up. */
  records?: RecordState | null;
}

/** What changed from one state to the next: the items to set (changed or new) and the ids gone. */
export interface PriceDelta {
  products: Map<number, ItemPrices>;
  variants: Map<number, VariantPrices>;
  removedProducts: number[];
  removedVariants: number[];
  /** Absent: the delta holds no records, so the state after it holds none either. */
  records?: RecordDelta;
}

/** The first byte of stored data: the format (1: deflated JSON columns). */
const FORMAT = 1;

interface Columns {
  /** Ids, each as the difference from the previous one (the first as it is). */
  i: number[];
  r: Array<number | null>;
  s: Array<number | null>;
  /** Variants only: their products' ids, each as the difference from the previous variant's. */
  g?: number[];
}
interface Encoded {
  /** 'f' full snapshot, 'd' delta. */
  k: 'f' | 'd';
  p: Columns;
  v: Columns;
  /** Delta only: removed product and variant ids (difference-coded). */
  xp?: number[];
  xv?: number[];
  /** The price list records (full: all of them; delta: the ones set). Absent: none backed up. */
  l?: RecordColumns[];
  /** Delta only: removed records. */
  xl?: RemovedColumns[];
}

const byId = <T>(map: ReadonlyMap<number, T>) => [...map.entries()].sort((a, b) => a[0] - b[0]);

function productColumns(map: ReadonlyMap<number, ItemPrices>): Columns {
  const entries = byId(map);
  return { i: differences(entries.map(([id]) => id)), r: entries.map(([, p]) => p.regular), s: entries.map(([, p]) => p.sale) };
}
function variantColumns(map: ReadonlyMap<number, VariantPrices>): Columns {
  const entries = byId(map);
  return {
    ...productColumns(map),
    g: differences(entries.map(([, v]) => v.productId)),
  };
}

function readProducts(c: Columns): Map<number, ItemPrices> {
  const ids = sums(c.i);
  return new Map(ids.map((id, n) => [id, { regular: c.r[n] ?? null, sale: c.s[n] ?? null }]));
}
function readVariants(c: Columns): Map<number, VariantPrices> {
  const ids = sums(c.i);
  const products = sums(c.g);
  return new Map(ids.map((id, n) => [id, { productId: products[n]!, regular: c.r[n] ?? null, sale: c.s[n] ?? null }]));
}

/** Compressed on libuv's thread pool: a 10,000-record backup's ~200 ms stay off the event loop (a running order's replies keep coming). */
async function pack(encoded: Encoded): Promise<Buffer> {
  const body = await deflateRawAsync(Buffer.from(JSON.stringify(encoded)), { level: 9 });
  return Buffer.concat([Buffer.from([FORMAT]), body]);
}
function unpack(data: Buffer): Encoded {
  if (data[0] !== FORMAT) throw new Error(`unknown backup format ${data[0]}`);
  return JSON.parse(inflateRawSync(data.subarray(1)).toString('utf8')) as Encoded;
}

export function encodeFull(state: PriceState): Promise<Buffer> {
  return pack({ k: 'f', p: productColumns(state.products), v: variantColumns(state.variants), ...(state.records ? { l: recordColumns(state.records) } : {}) });
}

export function encodeDelta(delta: PriceDelta): Promise<Buffer> {
  return pack({
    k: 'd',
    p: productColumns(delta.products),
    v: variantColumns(delta.variants),
    xp: differences([...delta.removedProducts].sort((a, b) => a - b)),
    xv: differences([...delta.removedVariants].sort((a, b) => a - b)),
    ...(delta.records ? { l: recordColumns(delta.records.set), xl: removedColumns(delta.records.removed) } : {}),
  });
}

export type Decoded = { kind: 'full'; state: PriceState } | { kind: 'delta'; delta: PriceDelta };

export function decode(data: Buffer): Decoded {
  const e = unpack(data);
  if (e.k === 'f') return { kind: 'full', state: { products: readProducts(e.p), variants: readVariants(e.v), records: e.l ? readRecordColumns(e.l) : null } };
  return {
    kind: 'delta',
    delta: {
      products: readProducts(e.p), variants: readVariants(e.v), removedProducts: sums(e.xp), removedVariants: sums(e.xv),
      ...(e.l ? { records: { set: readRecordColumns(e.l), removed: readRemovedColumns(e.xl ?? []) } } : {}),
    },
  };
}

/** Applies `delta` to `state` itself (reading a chain applies many to one copy). */
export function applyDeltaInPlace(state: PriceState, delta: PriceDelta): PriceState {
  for (const id of delta.removedProducts) state.products.delete(id);
  for (const id of delta.removedVariants) state.variants.delete(id);
  for (const [id, p] of delta.products) state.products.set(id, p);
  for (const [id, v] of delta.variants) state.variants.set(id, v);
  state.records = delta.records ? applyRecordDelta(state.records ?? null, delta.records) : null;
  return state;
}

/** `state` with `delta` applied (a new state; `state` is left as it is). */
export function applyDelta(state: PriceState, delta: PriceDelta): PriceState {
  return applyDeltaInPlace({ products: new Map(state.products), variants: new Map(state.variants), records: state.records ? copyRecords(state.records) : null }, delta);
}

const samePrices = (a: ItemPrices, b: ItemPrices) => a.regular === b.regular && a.sale === b.sale;

/** What turns `from` into `to`. */
export function deltaBetween(from: PriceState, to: PriceState): PriceDelta {
  const delta: PriceDelta = { products: new Map(), variants: new Map(), removedProducts: [], removedVariants: [] };
  for (const [id, p] of to.products) {
    const before = from.products.get(id);
    if (!before || !samePrices(before, p)) delta.products.set(id, p);
  }
  for (const [id, v] of to.variants) {
    const before = from.variants.get(id);
    if (!before || !samePrices(before, v) || before.productId !== v.productId) delta.variants.set(id, v);
  }
  for (const id of from.products.keys()) if (!to.products.has(id)) delta.removedProducts.push(id);
  for (const id of from.variants.keys()) if (!to.variants.has(id)) delta.removedVariants.push(id);
  if (to.records) delta.records = recordDeltaBetween(from.records ?? null, to.records);
  return delta;
}

/** Entries a delta holds: how much a backup stores beyond its parent. */
export const deltaSize = (d: PriceDelta) => d.products.size + d.variants.size + d.removedProducts.length + d.removedVariants.length + recordDeltaSize(d.records);

/** Prices (a regular or a sale price of one item, or a price of one record) that differ between two states, over the items both have. */
export function changedPrices(from: PriceState, to: PriceState): number {
  let n = 0;
  const count = (a: ItemPrices | undefined, b: ItemPrices) => {
    if (!a) return;
    if (a.regular !== b.regular) n += 1;
    if (a.sale !== b.sale) n += 1;
  };
  for (const [id, p] of to.products) count(from.products.get(id), p);
  for (const [id, v] of to.variants) count(from.variants.get(id), v);
  return n + changedRecordPrices(from.records, to.records);
}
