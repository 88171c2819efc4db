/**
 * How the device's catalog lies in IndexedDB (decision: fewer, larger records, issue 35): the
 * products in chunks of CHUNK_SPAN consecutive product ids, one record each (`chunks`), their
 * variants likewise (`variantChunks`, same keys), and which product owns a variant in buckets of
 * OWNER_SPAN variant ids (`variantOwners`). IndexedDB's cost is per record (a first pull of
 * 100,000 products as ~135,000 records spent most of its time there); as ~8,000 chunks it is a
 * few hundred puts per page. Rows and variants are apart so the index's load reads the rows only.
 *
 * A chunk holds each row as its JSON text (catalog-chunk-set.ts): reading a page's 20 products
 * decodes 20 chunks, and strings decode at the speed of a copy where objects cost per property
 * (with objects, reading ahead 40 scattered rows decoded ~1,300 and took 50 ms). Only the rows
 * asked for are parsed. Later per-variant data (price list records) gets fields on the variants,
 * or a chunk store of its own with the same keys, read only by what needs it.
 *
 * The records' own reads and writes, on the raw IDBTransaction of a Dexie transaction (or the
 * DBCore transaction of catalog-chunk-tables.ts, the same object), with Dexie.Promise, so a
 * caller inside a Dexie transaction keeps its zone.
 */
import { Dexie } from 'dexie';
import type { StoredOwners } from './catalog-rows';

/**
 * Product ids per chunk. A first pull of 100,000 products writes ~6,300 row chunks and ~2,100
 * variant chunks; a page of 20 scattered products reads 20 of each, ~16x the bytes of 20 rows.
 * Measured (bench/local-catalog-engine.ts, a loaded 2-core machine): 16 and 32 pulled in the
 * same 5-6.5 s (one record a product: 33 s), and a keystroke's first page read cold was faster
 * with 16 (p95 11-12 ms against 14-21 ms with a category filter). Records over 64 KB are kept
 * by Chromium as blobs, slower still. Sparse ids only make chunks emptier.
 */
export const CHUNK_SPAN = 16;
/** Variant ids per owner bucket (a bucket holds two numbers per variant: small even when full). */
const OWNER_SPAN = 1024;

export const CHUNKS_TABLE = 'chunks';
export const VARIANT_CHUNKS_TABLE = 'variantChunks';
export const OWNERS_TABLE = 'variantOwners';

export const chunkOf = (productId: number): number => Math.floor(productId / CHUNK_SPAN);
const ownerBucketOf = (variantId: number): number => Math.floor(variantId / OWNER_SPAN);

/** Values of `keys` in `store` (undefined where absent), requests issued together. */
export function getValues<T>(trans: IDBTransaction, store: string, keys: readonly number[]): Promise<Array<T | undefined>> {
  if (keys.length === 0) return Dexie.Promise.resolve([]);
  const os = trans.objectStore(store);
  return new Dexie.Promise<Array<T | undefined>>((resolve, reject) => {
    const out = new Array<T | undefined>(keys.length);
    let left = keys.length;
    keys.forEach((key, i) => {
      const req = os.get(key);
      req.onsuccess = () => {
        out[i] = req.result as T | undefined;
        if (--left === 0) resolve(out);
      };
      req.onerror = () => reject(req.error);
    });
  });
}

/** Every value of `store` with a key in [lower, upper] (all without bounds), in key order. */
export function getRange<T>(trans: IDBTransaction, store: string, lower?: number, upper?: number): Promise<T[]> {
  const range = lower === undefined && upper === undefined ? undefined
    : upper === undefined ? IDBKeyRange.lowerBound(lower!)
    : lower === undefined ? IDBKeyRange.upperBound(upper) : IDBKeyRange.bound(lower, upper);
  return new Dexie.Promise<T[]>((resolve, reject) => {
    const req = trans.objectStore(store).getAll(range);
    req.onsuccess = () => resolve(req.result as T[]);
    req.onerror = () => reject(req.error);
  });
}

/** Puts and deletes on one store; resolves when the last has succeeded. */
export function writeValues(trans: IDBTransaction, store: string, puts: readonly object[], deletes: readonly number[] = []): Promise<void> {
  if (puts.length === 0 && deletes.length === 0) return Dexie.Promise.resolve();
  const os = trans.objectStore(store);
  return new Dexie.Promise<void>((resolve, reject) => {
    let last: IDBRequest | undefined;
    for (const value of puts) last = os.put(value);
    for (const key of deletes) last = os.delete(key);
    last!.onsuccess = () => resolve();
    last!.onerror = () => reject(last!.error);
  });
}

/** The products owning `variantIds` (those known), from the owner buckets. */
export async function readOwners(trans: IDBTransaction, variantIds: readonly number[], mayExist: (key: number) => boolean = () => true): Promise<Map<number, number>> {
  const keys = [...new Set(variantIds.map(ownerBucketOf))].filter(mayExist);
  const wanted = new Set(variantIds);
  const owners = new Map<number, number>();
  for (const bucket of await getValues<StoredOwners>(trans, OWNERS_TABLE, keys)) {
    bucket?.variantIds.forEach((v, i) => wanted.has(v) && owners.set(v, bucket.productIds[i]!));
  }
  return owners;
}

/**
 * Records that `added` variants belong to their products and that `removed` ones are gone.
 * Returns the keys of the buckets written.
 */
export async function updateOwners(trans: IDBTransaction, added: ReadonlyMap<number, number>, removed: readonly number[], mayExist: (key: number) => boolean = () => true): Promise<number[]> {
  const keys = [...new Set([...added.keys(), ...removed].map(ownerBucketOf))];
  if (keys.length === 0) return [];
  const wanted = keys.filter(mayExist);
  const stored = await getValues<StoredOwners>(trans, OWNERS_TABLE, wanted);
  const buckets = new Map<number, Map<number, number>>(keys.map((key) => [key, new Map()]));
  stored.forEach((bucket, i) => bucket && buckets.set(wanted[i]!, new Map(bucket.variantIds.map((v, j) => [v, bucket.productIds[j]!]))));
  for (const v of removed) buckets.get(ownerBucketOf(v))!.delete(v);
  for (const [v, p] of added) buckets.get(ownerBucketOf(v))!.set(v, p);
  const puts: StoredOwners[] = [];
  const deletes: number[] = [];
  for (const [key, owners] of buckets) {
    if (owners.size) puts.push({ key, variantIds: [...owners.keys()], productIds: [...owners.values()] });
    else deletes.push(key);
  }
  await writeValues(trans, OWNERS_TABLE, puts, deletes);
  return keys;
}
