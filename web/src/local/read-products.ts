/**
 * Products with their variants, read from IndexedDB by the keys of their chunks
 * (catalog-chunks.ts): for the catalog's queries (catalog-query.ts), the first page read when the
 * catalog opens (catalog-load.ts) and the rows other tabs changed (catalog-tabs.ts). A leaf
 * module, so they all can use it.
 */
import type { ReplicatedVariant } from '@catalog/contracts/replication';
import type { CatalogDb, StoredProduct } from './catalog-db';
import { readChunks, type ChunkSet } from './catalog-chunk-set';
import type { LocalProduct } from './local-product';

/** A stored row as the screens see it: without the index's own fields, with its variants. */
export function toLocal(row: StoredProduct, variants: ReplicatedVariant[]): LocalProduct {
  const { onSale: _onSale, variantsOnSale: _count, variantSkus: _skus, variantSummary: _summary, ...product } = row;
  return { ...product, variants };
}

/** The chunks of `ids` (with their variants unless `variants` is false), read in one transaction. */
function readChunksOf(db: CatalogDb, ids: Iterable<number>, variants = true): Promise<ChunkSet> {
  return db.transaction('r', db.chunks, db.variantChunks, (tx) => readChunks(tx.idbtrans, ids, { variants }));
}

/** Product rows of `ids` as stored (for the index), from IndexedDB; unknown ids are skipped. */
export async function readStoredProducts(db: CatalogDb, ids: number[]): Promise<StoredProduct[]> {
  const chunks = await readChunksOf(db, ids, false);
  return ids.flatMap((id) => chunks.get(id)?.product ?? []);
}

/** Rows (with variants) of `ids` from IndexedDB, in the order of `ids`; unknown ids are skipped. */
export async function readProducts(db: CatalogDb, ids: number[]): Promise<LocalProduct[]> {
  const chunks = await readChunksOf(db, ids);
  return ids.flatMap((id) => {
    const entry = chunks.get(id);
    return entry?.product ? [toLocal(entry.product, entry.variants ?? [])] : [];
  });
}
