/**
 * Applies one page of GET /api/catalog/changes to the local catalog in one IndexedDB
 * transaction: upserts and tombstones of products and variants (merged into each product's
 * variant row), the products' derived sale flag, the category counts and the cursor. The cursor
 * is written in the same transaction as the rows, so it only moves when the page's rows are
 * stored: a failed page is pulled again.
 *
 * Reads inside the transaction are by primary key (bulkGet: requests issued together), and a
 * pull into empty tables skips even those for rows it has not written yet: a first pull of
 * 100,000 products is mostly writes.
 */
import { CATALOG_SCHEMA_VERSION, type CatalogChangesResponse, type ReplicatedProduct, type ReplicatedVariant } from '@catalog/contracts/replication';
import { Dexie, type Transaction } from 'dexie';
import { META_CATALOG, META_CURSOR, META_SCHEMA, type CatalogDb, type StoredProduct, type StoredVariantSet } from './catalog-db';
import { isOpen, isPriceEdit, overlayPendingEdits } from './pending-edits';
import { fromVariants, toStored, type FromVariants } from './stored-product';

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

/**
 * What a pull into empty tables knows: rows it has not written yet are absent locally, so they
 * need no reading.
 */
export interface FreshPull {
  products: Set<number>;
  /** Products whose variant row this pull wrote. */
  variantSets: Set<number>;
}

export function emptyFreshPull(): FreshPull {
  return { products: new Set(), variantSets: new Set() };
}

export async function clearCatalog(db: CatalogDb): Promise<void> {
  await db.transaction('rw', [db.products, db.variants, db.categories, db.meta], () =>
    Promise.all([db.products.clear(), db.variants.clear(), db.categories.clear(), db.meta.clear()]),
  );
}

export interface StoredCursor {
  /** 0 for a first pull. */
  cursor: number;
  /** The catalog (company) the copy was pulled from; undefined before the first page. */
  catalogId: string | undefined;
}

/**
 * Where the next pull starts. A copy made with another schema version is dropped here and
 * pulled again from scratch.
 */
export async function readCursor(db: CatalogDb): Promise<StoredCursor> {
  const [cursor, schema, catalog] = await db.meta.bulkGet([META_CURSOR, META_SCHEMA, META_CATALOG]);
  if (schema && schema.value !== CATALOG_SCHEMA_VERSION) {
    await clearCatalog(db);
    return { cursor: 0, catalogId: undefined };
  }
  return {
    cursor: typeof cursor?.value === 'number' ? cursor.value : 0,
    catalogId: typeof catalog?.value === 'string' ? catalog.value : undefined,
  };
}

/** A pull from 0 into empty tables gets a FreshPull; otherwise null. */
export async function freshPull(db: CatalogDb, cursor: number): Promise<FreshPull | null> {
  if (cursor !== 0) return null;
  const [products, variants] = await Promise.all([db.products.count(), db.variants.count()]);
  return products === 0 && variants === 0 ? emptyFreshPull() : null;
}

/**
 * Puts rows straight on the transaction's object store. Dexie's bulkPut costs ~60% more
 * (measured: bench/local-catalog-engine.ts) for bookkeeping this database does not use (live
 * queries). A Dexie.Promise keeps the transaction's zone for the calls after it.
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

/** Rows by key, without asking for the keys `mayExist` rules out. */
async function readExisting<T>(ids: number[], mayExist: (id: number) => boolean, read: (ids: number[]) => Promise<Array<T | undefined>>) {
  const out = new Map<number, T>();
  const wanted = ids.filter(mayExist);
  if (wanted.length) (await read(wanted)).forEach((row, i) => row && out.set(wanted[i]!, row));
  return out;
}


/** Variant changes of the page, grouped by product. */
interface VariantChanges {
  upserts: Map<number, ReplicatedVariant[]>;
  deletes: Map<number, Set<number>>;
}

async function groupVariantChanges(db: CatalogDb, page: CatalogChangesResponse, deletedProducts: Set<number>): Promise<VariantChanges> {
  const upserts = new Map<number, ReplicatedVariant[]>();
  for (const v of page.variants) {
    const list = upserts.get(v.productId);
    if (list) list.push(v);
    else upserts.set(v.productId, [v]);
  }
  const deletes = new Map<number, Set<number>>();
  if (page.deletedVariantIds.length) {
    // Which products they belong to: the multi-entry index of variant ids.
    const owners = await db.variants.where('ids').anyOf(page.deletedVariantIds).toArray();
    const wanted = new Set(page.deletedVariantIds);
    for (const set of owners) {
      if (deletedProducts.has(set.productId)) continue;
      const gone = set.ids.filter((id) => wanted.has(id));
      deletes.set(set.productId, new Set([...(deletes.get(set.productId) ?? []), ...gone]));
    }
  }
  return { upserts, deletes };
}

function mergeVariants(old: StoredVariantSet | undefined, upserts: ReplicatedVariant[] = [], deletes?: Set<number>): ReplicatedVariant[] {
  const byId = new Map<number, ReplicatedVariant>();
  for (const v of old?.variants ?? []) if (!deletes?.has(v.id)) byId.set(v.id, v);
  for (const v of upserts) byId.set(v.id, v);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export async function applyChangesPage(db: CatalogDb, page: CatalogChangesResponse, fresh: FreshPull | null = null): Promise<AppliedPage> {
  if (page.reset && fresh) {
    fresh.products.clear();
    fresh.variantSets.clear();
  }
  const mayExist = (seen: Set<number> | undefined) => (id: number) => !seen || seen.has(id);
  const applied = await db.transaction('rw', [db.products, db.variants, db.categories, db.meta, db.outbox, db.workOrders], async (tx) => {
    // (The cached work orders may be another company's: the list is fetched again anyway.)
    if (page.reset) await Promise.all([db.products.clear(), db.variants.clear(), db.categories.clear(), db.meta.clear(), db.workOrders.clear()]);
    // Unsent price edits stay on top of what the server sends (usually none: skipped).
    const pendingEdits = (await db.outbox.toArray()).filter((e) => isPriceEdit(e) && isOpen(e));

    const deletedProducts = new Set(page.deletedProductIds);
    const changes = await groupVariantChanges(db, page, deletedProducts);
    const touched = new Set<number>([...page.products.map((p) => p.id), ...changes.upserts.keys(), ...changes.deletes.keys()]);
    for (const id of deletedProducts) touched.delete(id);
    const touchedIds = [...touched];
    const incoming = new Map<number, ReplicatedProduct>(page.products.map((p) => [p.id, p]));

    const before = await readExisting([...touchedIds, ...deletedProducts], mayExist(fresh?.products), (ids) => db.products.bulkGet(ids));
    // Variant rows to merge into, and those of products new here (their variants may have come
    // on an earlier page than their row): their count of variants on sale is read from them.
    const setIds = touchedIds.filter((id) => changes.upserts.has(id) || changes.deletes.has(id) || !before.has(id));
    const oldSets = await readExisting(setIds, mayExist(fresh?.variantSets), (ids) => db.variants.bulkGet(ids));

    const newSets: StoredVariantSet[] = [];
    const emptied: number[] = [];
    const derived = new Map<number, FromVariants>();
    for (const id of setIds) {
      const old = oldSets.get(id);
      if (!changes.upserts.has(id) && !changes.deletes.has(id)) {
        if (old) derived.set(id, fromVariants(old.variants));
        continue;
      }
      const variants = mergeVariants(old, changes.upserts.get(id), changes.deletes.get(id));
      derived.set(id, fromVariants(variants));
      if (variants.length) newSets.push({ productId: id, ids: variants.map((v) => v.id), variants });
      else emptied.push(id);
    }
    const upserted: StoredProduct[] = [];
    for (const id of touchedIds) {
      const old = before.get(id);
      const row = incoming.get(id) ?? old;
      // Variants of a product this device does not have (yet): counted when its row comes.
      if (!row) continue;
      upserted.push(toStored(row, derived.get(id) ?? { variantsOnSale: old?.variantsOnSale ?? 0, variantSkus: old?.variantSkus ?? [] }));
    }
    if (pendingEdits.length) overlayPendingEdits(pendingEdits, upserted, new Map(newSets.map((set) => [set.productId, set])));

    await putAll(tx, 'variants', newSets);
    const gone = [...emptied, ...deletedProducts];
    if (gone.length) await db.variants.bulkDelete(gone);
    if (deletedProducts.size) await db.products.bulkDelete([...deletedProducts]);
    await putAll(tx, 'products', upserted);

    await updateCategoryCounts(db, [...before.values()], upserted);
    await db.meta.bulkPut([
      { key: META_CURSOR, value: page.cursor },
      { key: META_SCHEMA, value: page.schemaVersion },
      { key: META_CATALOG, value: page.catalogId },
    ]);
    return { reset: page.reset, upserted, deletedProductIds: [...deletedProducts], cursor: page.cursor, newSets };
  });
  // Only once committed: a failed page leaves the fresh pull's knowledge as it was.
  if (fresh) {
    for (const p of page.products) fresh.products.add(p.id);
    for (const s of applied.newSets) fresh.variantSets.add(s.productId);
  }
  const { newSets: _sets, ...result } = applied;
  return result;
}

/** Moves each changed product's count from its old category to its new one. */
async function updateCategoryCounts(db: CatalogDb, before: StoredProduct[], after: StoredProduct[]): Promise<void> {
  const delta = new Map<string, number>();
  const add = (path: string | null | undefined, n: number) => {
    if (path) delta.set(path, (delta.get(path) ?? 0) + n);
  };
  for (const p of before) add(p.category, -1);
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
