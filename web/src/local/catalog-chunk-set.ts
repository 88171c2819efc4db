/**
 * Chunks of the catalog (catalog-chunks.ts) as read for a change or a read: their entries by
 * product id, each row kept as the JSON text it was stored as (catalog-row-codec.ts) until it is
 * asked for (then decoded once), and which records (product rows, variants) a change touched, so only those are written
 * back, and only the rows set since are encoded again.
 */
import { Dexie } from 'dexie';
import { CHUNKS_TABLE, VARIANT_CHUNKS_TABLE, chunkOf, getValues, writeValues } from './catalog-chunks';
import { decodeProduct, decodeVariants, encodeProduct, encodeVariants } from './catalog-row-codec';
import type { ChunkEntry, StoredChunk, StoredProduct, StoredVariant, StoredVariantChunk } from './catalog-rows';

/** One product id's slot: its row and variants as read (JSON) or as set (objects). */
interface Slot {
  product?: StoredProduct;
  productJson?: string;
  variants?: StoredVariant[];
  variantsJson?: string;
}

/** The rows of stored product chunks, parsed (the index's load). */
export const productsOf = (chunks: readonly StoredChunk[]): StoredProduct[] =>
  chunks.flatMap((c) => c.rows.map(decodeProduct));

/** The variants of stored variant chunks, parsed, by product id. */
export function variantsOf(chunks: readonly StoredVariantChunk[]): Map<number, StoredVariant[]> {
  const out = new Map<number, StoredVariant[]>();
  for (const c of chunks) c.ids.forEach((id, i) => out.set(id, decodeVariants(c.rows[i]!)));
  return out;
}

export class ChunkSet {
  private readonly chunks = new Map<number, Map<number, Slot>>();
  private readonly changedProducts = new Set<number>();
  private readonly changedVariants = new Set<number>();

  /** Keys of the chunks held. */
  keys(): number[] {
    return [...this.chunks.keys()];
  }

  /** The entry of `id`, parsed (undefined if it holds neither a row nor variants). */
  get(id: number): ChunkEntry | undefined {
    const slot = this.chunks.get(chunkOf(id))?.get(id);
    if (!slot) return undefined;
    if (slot.productJson !== undefined) slot.product ??= decodeProduct(slot.productJson);
    if (slot.variantsJson !== undefined) slot.variants ??= decodeVariants(slot.variantsJson);
    if (!slot.product && !slot.variants) return undefined;
    return { id, product: slot.product, variants: slot.variants };
  }

  /** Sets (or with undefined removes) the product row of `id`. */
  setProduct(id: number, row: StoredProduct | undefined): void {
    const slot = this.slot(id);
    slot.product = row;
    slot.productJson = undefined;
    this.changedProducts.add(chunkOf(id));
  }

  /** Sets (or with undefined or none removes) the variants of product `id`. */
  setVariants(id: number, variants: StoredVariant[] | undefined): void {
    const slot = this.slot(id);
    slot.variants = variants?.length ? variants : undefined;
    slot.variantsJson = undefined;
    this.changedVariants.add(chunkOf(id));
  }

  /** Adds what was read of chunk `key` (or nothing, for a chunk absent or known absent). */
  add(key: number, rows?: StoredChunk, variants?: StoredVariantChunk): void {
    if (!this.chunks.has(key)) this.chunks.set(key, new Map());
    rows?.ids.forEach((id, i) => (this.slot(id).productJson = rows.rows[i]));
    variants?.ids.forEach((id, i) => (this.slot(id).variantsJson = variants.rows[i]));
  }

  /** Writes the changed records back; a chunk left without rows (or variants) loses that record. */
  write(trans: IDBTransaction): Promise<void> {
    const rows = this.encode(this.changedProducts, (s) => s.productJson ?? (s.product && encodeProduct(s.product)));
    const sets = this.encode(this.changedVariants, (s) => s.variantsJson ?? (s.variants && encodeVariants(s.variants)));
    return Dexie.Promise.all([
      writeValues(trans, CHUNKS_TABLE, rows.puts, rows.deletes),
      writeValues(trans, VARIANT_CHUNKS_TABLE, sets.puts, sets.deletes),
    ]).then(() => undefined);
  }

  /** The records of the chunks `keys` with what `json` gives of each slot (those without left out). */
  private encode(keys: Set<number>, json: (slot: Slot) => string | undefined) {
    const puts: StoredChunk[] = [];
    const deletes: number[] = [];
    for (const key of keys) {
      const ids: number[] = [];
      const texts: string[] = [];
      for (const [id, slot] of [...this.chunks.get(key)!].sort((a, b) => a[0] - b[0])) {
        const text = json(slot);
        if (text === undefined) continue;
        ids.push(id);
        texts.push(text);
      }
      if (ids.length) puts.push({ key, ids, rows: texts });
      else deletes.push(key);
    }
    return { puts, deletes };
  }

  private slot(id: number): Slot {
    const key = chunkOf(id);
    let chunk = this.chunks.get(key);
    if (!chunk) this.chunks.set(key, (chunk = new Map()));
    let slot = chunk.get(id);
    if (!slot) chunk.set(id, (slot = {}));
    return slot;
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
  wanted.forEach((key, i) => chunks.add(key, rows[i], sets[i]));
  return chunks;
}
