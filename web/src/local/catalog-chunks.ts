/**
 * How the device's catalog lies in IndexedDB (decision: fewer, larger records, issue 35): the
 * products in chunks of CHUNK_SPAN consecutive product ids, one record each (`chunks`), their
 * variants likewise (`variantChunks`, same keys), and which product owns a variant in buckets of
 * OWNER_SPAN variant ids (`variantOwners`). IndexedDB's cost is per record (a first pull of
 * 100,000 products as ~135,000 records spent most of its time there); as ~4,000 chunks it is a
 * few puts per page. Rows and variants are apart so the index's load reads the rows only.
 *
 * In memory a chunk is a map of entries, one per product id with its row and its variants,
 * either of which may be absent (a variant may arrive on an earlier page than its product's row).
 * Later per-variant data (price list records) gets fields on the variants, or a chunk store of
 * its own with the same keys, read only by what needs it.
 *
 * Everything here works on the raw IDBTransaction of a Dexie transaction (or the DBCore
 * transaction of catalog-chunk-tables.ts, which is the same object), with Dexie.Promise, so a
 * caller inside a Dexie transaction keeps its zone.
 */
import { Dexie } from 'dexie';
import type { ChunkEntry, StoredChunk, StoredOwners, StoredProduct, StoredVariant, StoredVariantChunk } from './catalog-rows';

/**
 * Product ids per chunk. A chunk of 32 generated products with their variants is ~20 KB: reading
 * a page of 20 scattered products reads 20 chunks, a few times the bytes of 20 rows but the same
 * number of records; 64 and 128 made that read 2-5x slower, and large records (over 64 KB)
 * are kept by Chromium as blobs, slower still. Sparse ids only make chunks emptier.
 */
export const CHUNK_SPAN = 32;
/** Variant ids per owner bucket (a bucket holds two numbers per variant: small even when full). */
const OWNER_SPAN = 1024;

export const CHUNKS_TABLE = 'chunks';
export const VARIANT_CHUNKS_TABLE = 'variantChunks';
export const OWNERS_TABLE = 'variantOwners';

export const chunkOf = (productId: number): number => Math.floor(productId / CHUNK_SPAN);
const ownerBucketOf = (variantId: number): number => Math.floor(variantId / OWNER_SPAN);

/** Values of `keys` in `store` (undefined where absent), requests issued together. */
function getValues<T>(trans: IDBTransaction, store: string, keys: readonly number[]): Promise<Array<T | undefined>> {
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
function writeValues(trans: IDBTransaction, store: string, puts: readonly object[], deletes: readonly number[] = []): Promise<void> {
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

/** A chunk's entries by product id, as read and changed (ChunkSet). */
type Entries = Map<number, ChunkEntry>;

/**
 * Chunks read for a change or a read: their entries by product id, and which of their two
 * records (product rows, variants) a change touched, so that only those are written back.
 */
export class ChunkSet {
  private readonly chunks = new Map<number, Entries>();
  private readonly changedProducts = new Set<number>();
  private readonly changedVariants = new Set<number>();

  /** Keys of the chunks held. */
  keys(): number[] {
    return [...this.chunks.keys()];
  }

  /** The entry of `id` (undefined if it holds neither a row nor variants). */
  get(id: number): ChunkEntry | undefined {
    return this.chunks.get(chunkOf(id))?.get(id);
  }

  /** Every entry held, by chunk then id. */
  entries(): ChunkEntry[] {
    return [...this.chunks.keys()].sort((a, b) => a - b).flatMap((key) => [...this.chunks.get(key)!.values()].sort((a, b) => a.id - b.id));
  }

  /** Sets (or with undefined removes) the product row of `id`. */
  setProduct(id: number, row: StoredProduct | undefined): void {
    this.entry(id).product = row;
    this.changedProducts.add(chunkOf(id));
  }

  /** Sets (or with undefined or none removes) the variants of product `id`. */
  setVariants(id: number, variants: StoredVariant[] | undefined): void {
    this.entry(id).variants = variants?.length ? variants : undefined;
    this.changedVariants.add(chunkOf(id));
  }

  /** Adds what was read of chunk `key` (or nothing, for a chunk absent or known absent). */
  add(key: number, products: readonly StoredProduct[] = [], variants: readonly StoredVariant[] = []): void {
    if (!this.chunks.has(key)) this.chunks.set(key, new Map());
    for (const p of products) this.entry(p.id).product = p;
    for (const v of variants) (this.entry(v.productId).variants ??= []).push(v);
  }

  /** Writes the changed records back; a chunk left without rows (or variants) loses that record. */
  write(trans: IDBTransaction): Promise<void> {
    const rows: StoredChunk[] = [];
    const sets: StoredVariantChunk[] = [];
    const noRows: number[] = [];
    const noSets: number[] = [];
    for (const key of this.changedProducts) {
      const products = this.sorted(key).flatMap((e) => e.product ?? []);
      if (products.length) rows.push({ key, products });
      else noRows.push(key);
    }
    for (const key of this.changedVariants) {
      const variants = this.sorted(key).flatMap((e) => e.variants ?? []);
      if (variants.length) sets.push({ key, variants });
      else noSets.push(key);
    }
    return Dexie.Promise.all([writeValues(trans, CHUNKS_TABLE, rows, noRows), writeValues(trans, VARIANT_CHUNKS_TABLE, sets, noSets)]).then(() => undefined);
  }

  private sorted(key: number): ChunkEntry[] {
    return [...(this.chunks.get(key)?.values() ?? [])].sort((a, b) => a.id - b.id);
  }

  private entry(id: number): ChunkEntry {
    const key = chunkOf(id);
    let chunk = this.chunks.get(key);
    if (!chunk) this.chunks.set(key, (chunk = new Map()));
    let entry = chunk.get(id);
    if (!entry) chunk.set(id, (entry = { id }));
    return entry;
  }
}

/**
 * The chunks holding `ids` (their product rows and, unless `variants` is false, their variants).
 * `mayExist`: false for a chunk known absent (a first pull's chunks it has not written yet),
 * which is not read.
 */
export async function readChunks(trans: IDBTransaction, ids: Iterable<number>, { mayExist = () => true, variants = true }: { mayExist?: (key: number) => boolean; variants?: boolean } = {}): Promise<ChunkSet> {
  const keys = [...new Set(Array.from(ids, chunkOf))];
  const wanted = keys.filter(mayExist);
  const [rows, sets] = await Dexie.Promise.all([
    getValues<StoredChunk>(trans, CHUNKS_TABLE, wanted),
    variants ? getValues<StoredVariantChunk>(trans, VARIANT_CHUNKS_TABLE, wanted) : [],
  ]);
  const chunks = new ChunkSet();
  for (const key of keys) chunks.add(key);
  wanted.forEach((key, i) => chunks.add(key, rows[i]?.products, sets[i]?.variants));
  return chunks;
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
