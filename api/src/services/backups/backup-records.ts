/**
 * The price list records a backup holds (issue 35), beside the catalog's prices (backup-codec.ts
 * stores both): every record of every list and currency the company has, as synced, keyed by
 * list and currency ("7:USD") then the store's variant id. A record has a price of its own (no
 * inheriting) and a sale, retail (MSRP) and MAP price that may be unset (null).
 *
 * `null` in place of the records means none were backed up: a backup taken before backups held
 * price lists, or a delta written without them. Nothing can be compared or restored from it.
 *
 * Pure: no I/O. Stored as columns per list and currency like the catalog's (ids as differences).
 */

/** One record's prices in cents, with the store's id of its variant's product. */
export interface BackedUpRecord {
  productId: number;
  price: number;
  sale: number | null;
  retail: number | null;
  map: number | null;
}

/** "7:USD" (list 7, US dollars) -> variant store id -> its record. */
export type RecordState = Map<string, Map<number, BackedUpRecord>>;

/** What changed in the records: the records to set (changed or new), and the variant ids gone, per list and currency. */
export interface RecordDelta {
  set: RecordState;
  removed: Map<string, number[]>;
}

/** The key of one list and currency in a RecordState. */
export const listKey = (priceListId: number, currency: string) => `${priceListId}:${currency}`;

/** One list and currency as stored: `k` its key, then columns as the catalog's (ids, products, the four prices). */
export interface RecordColumns {
  k: string;
  i: number[];
  g: number[];
  r: number[];
  s: Array<number | null>;
  t: Array<number | null>;
  m: Array<number | null>;
}

/** One list and currency's removed variant ids (difference-coded). */
export interface RemovedColumns {
  k: string;
  x: number[];
}

export function differences(ids: readonly number[]): number[] {
  const out: number[] = [];
  let last = 0;
  for (const id of ids) {
    out.push(id - last);
    last = id;
  }
  return out;
}

export function sums(diffs: readonly number[] = []): number[] {
  const out: number[] = [];
  let last = 0;
  for (const d of diffs) {
    last += d;
    out.push(last);
  }
  return out;
}

const sortedKeys = <T>(map: ReadonlyMap<string, T>) => [...map.keys()].sort();

export function recordColumns(state: RecordState): RecordColumns[] {
  return sortedKeys(state).flatMap((k) => {
    const entries = [...state.get(k)!].sort((a, b) => a[0] - b[0]);
    if (entries.length === 0) return [];
    return [{
      k,
      i: differences(entries.map(([id]) => id)),
      g: differences(entries.map(([, r]) => r.productId)),
      r: entries.map(([, r]) => r.price),
      s: entries.map(([, r]) => r.sale),
      t: entries.map(([, r]) => r.retail),
      m: entries.map(([, r]) => r.map),
    }];
  });
}

export function readRecordColumns(columns: readonly RecordColumns[]): RecordState {
  const state: RecordState = new Map();
  for (const c of columns) {
    const ids = sums(c.i);
    const products = sums(c.g);
    state.set(c.k, new Map(ids.map((id, n) => [id, { productId: products[n]!, price: c.r[n]!, sale: c.s[n] ?? null, retail: c.t[n] ?? null, map: c.m[n] ?? null }])));
  }
  return state;
}

export function removedColumns(removed: ReadonlyMap<string, readonly number[]>): RemovedColumns[] {
  return sortedKeys(removed).flatMap((k) => {
    const ids = [...removed.get(k)!].sort((a, b) => a - b);
    return ids.length === 0 ? [] : [{ k, x: differences(ids) }];
  });
}

export const readRemovedColumns = (columns: readonly RemovedColumns[]) => new Map(columns.map((c) => [c.k, sums(c.x)]));

export const sameRecord = (a: BackedUpRecord, b: BackedUpRecord) =>
  a.price === b.price && a.sale === b.sale && a.retail === b.retail && a.map === b.map && a.productId === b.productId;

/** A copy of `state` (each list's map too), for applying deltas in place. */
export const copyRecords = (state: RecordState): RecordState => new Map([...state].map(([k, m]) => [k, new Map(m)]));

/** What turns `from` (none backed up: empty) into `to`. */
export function recordDeltaBetween(from: RecordState | null, to: RecordState): RecordDelta {
  const delta: RecordDelta = { set: new Map(), removed: new Map() };
  for (const [k, records] of to) {
    const before = from?.get(k);
    const set = new Map<number, BackedUpRecord>();
    for (const [id, r] of records) {
      const was = before?.get(id);
      if (!was || !sameRecord(was, r)) set.set(id, r);
    }
    if (set.size > 0) delta.set.set(k, set);
  }
  for (const [k, records] of from ?? []) {
    const now = to.get(k);
    const gone = [...records.keys()].filter((id) => !now?.has(id));
    if (gone.length > 0) delta.removed.set(k, gone);
  }
  return delta;
}

/** Applies `delta` to `state` itself (none backed up: starts empty); empty lists are dropped. */
export function applyRecordDelta(state: RecordState | null, delta: RecordDelta): RecordState {
  const out = state ?? new Map<string, Map<number, BackedUpRecord>>();
  for (const [k, ids] of delta.removed) {
    const records = out.get(k);
    for (const id of ids) records?.delete(id);
    if (records?.size === 0) out.delete(k);
  }
  for (const [k, set] of delta.set) {
    const records = out.get(k) ?? new Map<number, BackedUpRecord>();
    for (const [id, r] of set) records.set(id, r);
    out.set(k, records);
  }
  return out;
}

const count = <T>(state: ReadonlyMap<string, ReadonlyMap<number, T> | readonly T[]>) => {
  let n = 0;
  for (const v of state.values()) n += 'size' in v ? v.size : v.length;
  return n;
};

/** Records in a state (none backed up: 0). */
export const recordCount = (state: RecordState | null | undefined) => (state ? count(state) : 0);

/** Entries a record delta holds. */
export const recordDeltaSize = (d: RecordDelta | undefined) => (d ? count(d.set) + count(d.removed) : 0);

/** Prices (price, sale, retail, MAP of one record) that differ between two states, over the records both have. */
export function changedRecordPrices(from: RecordState | null | undefined, to: RecordState | null | undefined): number {
  let n = 0;
  for (const [k, records] of to ?? []) {
    const before = from?.get(k);
    if (!before) continue;
    for (const [id, r] of records) {
      const was = before.get(id);
      if (!was) continue;
      n += Number(was.price !== r.price) + Number(was.sale !== r.sale) + Number(was.retail !== r.retail) + Number(was.map !== r.map);
    }
  }
  return n;
}
