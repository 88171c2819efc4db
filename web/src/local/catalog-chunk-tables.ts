/**
 * The `products` and `variants` tables of the catalog's Dexie database, served from its chunks
 * (catalog-chunks.ts) by a DBCore middleware: a product row is its chunk entry's `product`, a
 * variant row ({ productId, ids, variants }) its entry's `variants`. Code that reads or writes a
 * product or two by id (the outbox's price edits, pending-edits.ts, tests) keeps using the
 * tables as before; the pull, the index's load and the page reads use the chunks directly.
 *
 * Every transaction over either table also covers the chunks and the owner buckets. Supported:
 * get, bulkGet, put/add, delete, clear, and queries and counts over the primary key (reading the
 * chunks in the range: fine for a test or a single row, not for the whole catalog in a hot path).
 * Secondary indexes (none are declared) and cursors are not.
 */
import type { DBCore, DBCoreKeyRange, DBCoreMutateRequest, DBCoreMutateResponse, DBCoreTable, Middleware } from 'dexie';
import { productsOf, readChunks, variantsOf, type ChunkSet } from './catalog-chunk-set';
import { CHUNKS_TABLE, OWNERS_TABLE, VARIANT_CHUNKS_TABLE, chunkOf, getRange, updateOwners } from './catalog-chunks';
import type { ChunkEntry, StoredChunk, StoredVariantChunk, StoredVariantSet } from './catalog-rows';

/** The two tables kept in the chunks, and which part of an entry each is. */
const VIRTUAL: Record<string, 'product' | 'variants'> = { products: 'product', variants: 'variants' };

/** An entry's row as the table `part` shows it; undefined when the entry has none. */
function rowOf(entry: ChunkEntry | undefined, part: 'product' | 'variants'): unknown {
  if (!entry) return undefined;
  if (part === 'product') return entry.product;
  return entry.variants?.length ? ({ productId: entry.id, ids: entry.variants.map((v) => v.id), variants: entry.variants } satisfies StoredVariantSet) : undefined;
}

const keyOf = (part: 'product' | 'variants', value: unknown): number =>
  part === 'product' ? (value as { id: number }).id : (value as StoredVariantSet).productId;

function inRange(key: number, range: DBCoreKeyRange): boolean {
  if (range.type === 4) return false; // Never
  if (range.type === 1) return key === range.lower; // Equal
  const { lower, upper, lowerOpen, upperOpen } = range;
  if (typeof lower === 'number' && (lowerOpen ? key <= lower : key < lower)) return false;
  if (typeof upper === 'number' && (upperOpen ? key >= upper : key > upper)) return false;
  return true;
}

/** Every entry with a row of `part` whose id is in `range`, in id order. */
async function entriesIn(trans: IDBTransaction, part: 'product' | 'variants', range: DBCoreKeyRange): Promise<ChunkEntry[]> {
  if (range.type === 4) return [];
  const bound = (key: unknown) => (typeof key === 'number' && Number.isFinite(key) ? chunkOf(key) : undefined);
  const [lower, upper] = [bound(range.lower), range.type === 1 ? bound(range.lower) : bound(range.upper)];
  const entries = new Map<number, ChunkEntry>();
  if (part === 'product') {
    for (const p of productsOf(await getRange<StoredChunk>(trans, CHUNKS_TABLE, lower, upper))) entries.set(p.id, { id: p.id, product: p });
  } else {
    for (const [id, variants] of variantsOf(await getRange<StoredVariantChunk>(trans, VARIANT_CHUNKS_TABLE, lower, upper))) entries.set(id, { id, variants });
  }
  return [...entries.values()].filter((e) => inRange(e.id, range));
}

function virtualTable(down: DBCore, name: string, part: 'product' | 'variants'): DBCoreTable {
  const base = down.table(name);
  const trans = (t: unknown) => t as IDBTransaction;

  async function mutate(req: DBCoreMutateRequest): Promise<DBCoreMutateResponse> {
    const t = trans(req.trans);
    let keys: number[];
    let chunks: ChunkSet;
    const added = new Map<number, number>();
    const removed: number[] = [];
    const forget = (entry: ChunkEntry | undefined) => {
      if (part === 'variants') for (const v of entry?.variants ?? []) removed.push(v.id);
    };
    if (req.type === 'put' || req.type === 'add') {
      keys = req.values.map((v) => keyOf(part, v));
      chunks = await readChunks(t, keys);
      req.values.forEach((value, i) => {
        const id = keys[i]!;
        if (part === 'product') return chunks.setProduct(id, value);
        forget(chunks.get(id));
        const { variants } = value as StoredVariantSet;
        chunks.setVariants(id, variants);
        for (const v of variants) added.set(v.id, id);
      });
    } else {
      keys = req.type === 'delete' ? req.keys : (await entriesIn(t, part, req.range)).map((e) => e.id);
      chunks = await readChunks(t, keys);
      for (const id of keys) {
        forget(chunks.get(id));
        if (part === 'product') chunks.setProduct(id, undefined);
        else chunks.setVariants(id, undefined);
      }
    }
    await chunks.write(t);
    if (part === 'variants') await updateOwners(t, added, removed.filter((v) => !added.has(v)));
    return { numFailures: 0, failures: {}, results: keys, lastResult: keys.at(-1) };
  }

  async function getMany(t: IDBTransaction, keys: number[]): Promise<unknown[]> {
    const chunks = await readChunks(t, keys, { variants: part === 'variants' });
    return keys.map((id) => rowOf(chunks.get(id), part));
  }

  return {
    ...base,
    mutate,
    get: async (req) => (await getMany(trans(req.trans), [req.key as number]))[0],
    getMany: (req) => getMany(trans(req.trans), req.keys as number[]),
    query: async (req) => {
      if (req.query.index.keyPath !== base.schema.primaryKey.keyPath) throw new Error(`${name}: only its primary key can be queried`);
      const entries = (await entriesIn(trans(req.trans), part, req.query.range)).slice(0, req.limit ?? Infinity);
      return { result: entries.map((e) => (req.values ? rowOf(e, part) : e.id)) };
    },
    count: async (req) => (await entriesIn(trans(req.trans), part, req.query.range)).length,
    openCursor: () => Promise.reject(new Error(`${name}: no cursors (the table is kept in chunks)`)),
  };
}

/** The middleware: use it on the catalog's database (catalog-db.ts), below Dexie's own. */
export const chunkTables: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'catalogChunkTables',
  level: -10,
  create: (down) => ({
    ...down,
    transaction: (stores, mode, options) => {
      const scope = stores.some((s) => s in VIRTUAL) ? [...new Set([...stores, CHUNKS_TABLE, VARIANT_CHUNKS_TABLE, OWNERS_TABLE])] : stores;
      return down.transaction(scope, mode, options);
    },
    table: (name) => (name in VIRTUAL ? virtualTable(down, name, VIRTUAL[name]!) : down.table(name)),
  }),
};
