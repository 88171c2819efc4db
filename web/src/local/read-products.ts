/**
 * Products with their variants, read from IndexedDB by the keys of their chunks
 * (catalog-chunks.ts): for the catalog's queries (catalog-query.ts), the first page read when the
 * catalog opens (catalog-load.ts) and the rows other tabs changed (catalog-tabs.ts). A leaf
 * module, so they all can use it.
 */
import type { ReplicatedVariant } from '@catalog/contracts/replication';
import type { CatalogDb, StoredProduct } from './catalog-db';
import { chunkOf, readChunks, type Chunks } from './catalog-chunks';
import type { ChunkEntry } from './catalog-rows';
import type { LocalProduct } from './local-product';

/** A stored row as the screens see it: without the index's own fields, with its variants. */
export function toLocal(row: StoredProduct, variants: ReplicatedVariant[]): LocalProduct {
  const { onSale: _onSale, variantsOnSale: _count, variantSkus: _skus, ...product } = row;
  return { ...product, variants };
}

/** The chunks of `ids`, read in one transaction (its requests issued together). */
function readChunksOf(db: CatalogDb, ids: Iterable<number>): Promise<Chunks> {
  return db.transaction('r', db.chunks, (tx) => readChunks(tx.idbtrans, ids));
}

const entryOf = (chunks: Chunks, id: number): ChunkEntry | undefined => chunks.get(chunkOf(id))?.get(id);

/** Product rows of `ids` as stored (for the index), from IndexedDB; unknown ids are skipped. */
export async function readStoredProducts(db: CatalogDb, ids: number[]): Promise<StoredProduct[]> {
  const chunks = await readChunksOf(db, ids);
  return ids.flatMap((id) => entryOf(chunks, id)?.product ?? []);
}

/** Rows (with variants) of `ids` from IndexedDB, in the order of `ids`; unknown ids are skipped. */
export async function readProducts(db: CatalogDb, ids: number[]): Promise<LocalProduct[]> {
  const chunks = await readChunksOf(db, ids);
  return ids.flatMap((id) => {
    const entry = entryOf(chunks, id);
    return entry?.product ? [toLocal(entry.product, entry.variants ?? [])] : [];
  });
}
