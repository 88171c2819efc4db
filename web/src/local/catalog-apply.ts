/**
 * Applies one page of GET /api/catalog/changes to the local catalog in one IndexedDB
 * transaction: upserts and tombstones of products and variants, the products' derived sale
 * flag, the category counts and the cursor. The cursor is written in the same transaction as
 * the rows, so it only moves when the page's rows are stored: a failed page is pulled again.
 *
 * Reads inside the transaction are by primary key only (bulkGet: requests issued together), never
 * index cursors over many keys, which IndexedDB walks one round trip at a time: a page of 5,000
 * rows costs a few batched reads and writes however large the catalog is.
 */
import { CATALOG_SCHEMA_VERSION, type CatalogChangesResponse, type ReplicatedProduct } from '@catalog/contracts/replication';
import { Dexie, type Transaction } from 'dexie';
import { META_CURSOR, META_SCHEMA, type CatalogDb, type StoredProduct } from './catalog-db';

/** What a committed page changed, for the in-memory index (and other tabs). */
export interface AppliedPage {
  /** The server said to start over: the tables were cleared before this page. */
  reset: boolean;
  /** Products written (new, changed, or with changed variants), as stored. */
  upserted: StoredProduct[];
  deletedProductIds: number[];
  /** The cursor now stored. */
  cursor: number;
}

const hasPrice = (price: string | null | undefined) => price != null && Number(price) > 0;

/**
 * What a pull into empty tables knows: ids it has not written yet are absent locally, so their
 * old rows need no reading (most of a first pull's reads).
 */
export interface FreshPull {
  products: Set<number>;
  variants: Set<number>;
  /** Products that have variants written by this pull. */
  variantProducts: Set<number>;
}

/**
 * The cursor the next pull starts from (0 for a first pull). A copy made with another schema
 * version is dropped here and pulled again from scratch.
 */
export async function readCursor(db: CatalogDb): Promise<number> {
  const [cursor, schema] = await Promise.all([db.meta.get(META_CURSOR), db.meta.get(META_SCHEMA)]);
  if (schema && schema.value !== CATALOG_SCHEMA_VERSION) {
    await clearCatalog(db);
    return 0;
  }
  return cursor?.value ?? 0;
}

export async function clearCatalog(db: CatalogDb): Promise<void> {
  await db.transaction('rw', [db.products, db.variants, db.categories, db.meta], () =>
    Promise.all([db.products.clear(), db.variants.clear(), db.categories.clear(), db.meta.clear()]),
  );
}

/** A pull from 0 into empty tables gets a FreshPull; otherwise null. */
export async function freshPull(db: CatalogDb, cursor: number): Promise<FreshPull | null> {
  if (cursor !== 0) return null;
  const [products, variants] = await Promise.all([db.products.count(), db.variants.count()]);
  return products === 0 && variants === 0 ? emptyFreshPull() : null;
}

export function emptyFreshPull(): FreshPull {
  return { products: new Set(), variants: new Set(), variantProducts: new Set() };
}

/**
 * Puts rows straight on the transaction's object store. Dexie's bulkPut costs ~60% more
 * (measured: bench/local-catalog-engine.ts) for bookkeeping this database does not use (live
 * queries); a first pull writes 200,000+ rows. A Dexie.Promise keeps the transaction's zone.
 */
function putAll(tx: Transaction, table: string, rows: readonly object[]): Promise<void> {
  if (rows.length === 0) return Dexie.Promise.resolve();
  const store = tx.idbtrans.objectStore(table);
  return new Dexie.Promise<void>((resolve, reject) => {
    let last: IDBRequest | undefined;
    for (const row of rows) last = store.put(row);
    last!.onsuccess = () => resolve();
    last!.onerror = () => reject(last!.error);
  });
}

function toStored(row: ReplicatedProduct | StoredProduct, variantsOnSale: number): StoredProduct {
  const { onSale: _onSale, variantsOnSale: _count, ...replicated } = row as StoredProduct;
  return { ...replicated, variantsOnSale, onSale: hasPrice(row.salePrice) || variantsOnSale > 0 };
}

/** Reads rows by key, skipping the keys a fresh pull knows are absent. */
async function readExisting<T>(ids: number[], mayExist: (id: number) => boolean, read: (ids: number[]) => Promise<Array<T | undefined>>) {
  const out: Array<T | undefined> = new Array(ids.length);
  const wanted = ids.flatMap((id, i) => (mayExist(id) ? [i] : []));
  if (wanted.length) {
    const rows = await read(wanted.map((i) => ids[i]!));
    wanted.forEach((i, j) => (out[i] = rows[j]));
  }
  return out;
}

export async function applyChangesPage(db: CatalogDb, page: CatalogChangesResponse, fresh: FreshPull | null = null): Promise<AppliedPage> {
  if (page.reset && fresh) {
    fresh.products.clear();
    fresh.variants.clear();
    fresh.variantProducts.clear();
  }
  const known = (seen: Set<number> | undefined) => (id: number) => !seen || seen.has(id);
  return db.transaction('rw', [db.products, db.variants, db.categories, db.meta], async (tx) => {
    if (page.reset) await Promise.all([db.products.clear(), db.variants.clear(), db.categories.clear(), db.meta.clear()]);

    // The variants as they were, to move each product's count of variants on sale.
    const variantIds = [...page.variants.map((v) => v.id), ...page.deletedVariantIds];
    const oldVariants = await readExisting(variantIds, known(fresh?.variants), (ids) => db.variants.bulkGet(ids));
    const saleDelta = new Map<number, number>();
    const move = (productId: number, delta: number) => delta && saleDelta.set(productId, (saleDelta.get(productId) ?? 0) + delta);
    page.variants.forEach((v, i) => {
      const old = oldVariants[i];
      if (old && old.productId !== v.productId) move(old.productId, -Number(hasPrice(old.salePrice)));
      move(v.productId, Number(hasPrice(v.salePrice)) - (old && old.productId === v.productId ? Number(hasPrice(old.salePrice)) : 0));
    });
    for (let i = page.variants.length; i < oldVariants.length; i++) {
      const old = oldVariants[i];
      if (old) move(old.productId, -Number(hasPrice(old.salePrice)));
    }

    // Products whose row or variants change on this page, as they were.
    const deletedProducts = new Set(page.deletedProductIds);
    const touched = new Set<number>(page.products.map((p) => p.id));
    for (const v of page.variants) touched.add(v.productId);
    for (const v of oldVariants) if (v) touched.add(v.productId);
    for (const id of deletedProducts) touched.delete(id);
    const touchedIds = [...touched];
    const before = await readExisting([...touchedIds, ...deletedProducts], known(fresh?.products), (ids) => db.products.bulkGet(ids));

    if (page.deletedVariantIds.length) await db.variants.bulkDelete(page.deletedVariantIds);
    await putAll(tx, 'variants', page.variants);
    if (deletedProducts.size) {
      // A deleted product's variants come as tombstones too; this catches any the page left out.
      await Promise.all([...deletedProducts].map((id) => db.variants.where('productId').equals(id).delete()));
      await db.products.bulkDelete([...deletedProducts]);
    }

    // A product new here may have variants stored by earlier pages (they can come before their
    // product's row): count its variants on sale from the table. A fresh pull knows when none are.
    const incoming = new Map<number, ReplicatedProduct>(page.products.map((p) => [p.id, p]));
    const recount = touchedIds.filter((id, i) => !before[i] && incoming.has(id) && (!fresh || fresh.variantProducts.has(id)));
    const counted = new Map<number, number>();
    if (recount.length) {
      const lists = await Promise.all(recount.map((id) => db.variants.where('productId').equals(id).toArray()));
      recount.forEach((id, i) => counted.set(id, lists[i]!.filter((v) => hasPrice(v.salePrice)).length));
    }
    const upserted: StoredProduct[] = [];
    touchedIds.forEach((id, i) => {
      const old = before[i];
      const row = incoming.get(id) ?? old;
      // Variants of a product this device does not have (yet): counted when its row comes.
      if (!row) return;
      const onSale = counted.get(id) ?? Math.max(0, (old?.variantsOnSale ?? 0) + (saleDelta.get(id) ?? 0));
      upserted.push(toStored(row, onSale));
    });
    await putAll(tx, 'products', upserted);

    await updateCategoryCounts(db, before, upserted);
    await db.meta.bulkPut([
      { key: META_CURSOR, value: page.cursor },
      { key: META_SCHEMA, value: page.schemaVersion },
    ]);
    return { reset: page.reset, upserted, deletedProductIds: [...deletedProducts], cursor: page.cursor };
  }).then((applied) => {
    // Only once committed: a failed page leaves the fresh pull's knowledge as it was.
    if (fresh) {
      for (const p of page.products) fresh.products.add(p.id);
      for (const v of page.variants) {
        fresh.variants.add(v.id);
        fresh.variantProducts.add(v.productId);
      }
    }
    return applied;
  });
}

/** Moves each changed product's count from its old category to its new one. */
async function updateCategoryCounts(db: CatalogDb, before: Array<StoredProduct | undefined>, after: StoredProduct[]): Promise<void> {
  const delta = new Map<string, number>();
  const add = (path: string | null | undefined, n: number) => {
    if (path) delta.set(path, (delta.get(path) ?? 0) + n);
  };
  for (const p of before) if (p) add(p.category, -1);
  for (const p of after) add(p.category, 1);
  for (const [path, n] of delta) if (n === 0) delta.delete(path);
  if (!delta.size) return;

  const paths = [...delta.keys()];
  const rows = await db.categories.bulkGet(paths);
  const puts: Array<{ path: string; count: number }> = [];
  const removes: string[] = [];
  paths.forEach((path, i) => {
    const count = (rows[i]?.count ?? 0) + (delta.get(path) ?? 0);
    if (count > 0) puts.push({ path, count });
    else removes.push(path);
  });
  if (puts.length) await db.categories.bulkPut(puts);
  if (removes.length) await db.categories.bulkDelete(removes);
}
