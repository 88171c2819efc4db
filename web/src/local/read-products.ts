/**
 * Products with their variants, read from IndexedDB by primary key: for the catalog's queries
 * (catalog-query.ts) and for the first page read when the catalog opens (local-catalog.ts). A
 * leaf module, so both can use it.
 */
import type { ReplicatedVariant } from '@catalog/contracts/replication';
import type { CatalogDb, StoredProduct } from './catalog-db';
import type { LocalProduct } from './local-product';

/** A stored row as the screens see it: without the index's own fields, with its variants. */
export function toLocal(row: StoredProduct, variants: ReplicatedVariant[]): LocalProduct {
  const { onSale: _onSale, variantsOnSale: _count, variantSkus: _skus, ...product } = row;
  return { ...product, variants };
}

/** Rows (with variants) of `ids` from IndexedDB, by primary key; unknown ids are skipped. */
export async function readProducts(db: CatalogDb, ids: number[]): Promise<LocalProduct[]> {
  // Both by primary key, the requests issued together.
  const [rows, sets] = await db.transaction('r', db.products, db.variants, () =>
    Promise.all([db.products.bulkGet(ids), db.variants.bulkGet(ids)]),
  );
  return rows.flatMap((row, i) => (row ? [toLocal(row, sets[i]?.variants ?? [])] : []));
}
