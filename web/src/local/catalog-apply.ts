/**
 * Applies one page of GET /api/catalog/changes to the local catalog in one IndexedDB
 * transaction: upserts and tombstones of products and variants, merged into the chunks that
 * hold them (catalog-chunks.ts: one record per CHUNK_SPAN product ids, so a page of 5,000 rows
 * is ~200-300 puts), the products' derived sale flag, the variants' owners, the category counts and
 * the cursor. The cursor is written in the same transaction as the rows, so it only moves when
 * the page's rows are stored: a failed page is pulled again.
 *
 * Reads inside the transaction are by primary key (requests issued together), and a pull into
 * empty tables skips even those for chunks it has not written yet: a first pull of 100,000
 * products is mostly writes.
 */
import { CATALOG_SCHEMA_VERSION, type CatalogChangesResponse, type ReplicatedProduct, type ReplicatedVariant } from '@catalog/contracts/replication';
import { META_CATALOG, META_CURSOR, META_SCHEMA, type CatalogDb, type StoredProduct, type StoredVariantSet } from './catalog-db';
import { readChunks } from './catalog-chunk-set';
import { readOwners, updateOwners } from './catalog-chunks';
import { isOpen, isPriceEdit, overlayPendingEdits } from './pending-edits';
import { fromVariants, toStored } from './stored-product';

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
 * What a pull into empty tables knows: records it has not written yet are absent locally, so
 * they need no reading.
 */
export interface FreshPull {
  /** Keys of the chunks (rows or variants) this pull wrote. */
  chunks: Set<number>;
  /** Keys of the variant owner buckets this pull wrote. */
  owners: Set<number>;
}

export function emptyFreshPull(): FreshPull {
  return { chunks: new Set(), owners: new Set() };
}

export async function clearCatalog(db: CatalogDb): Promise<void> {
  const tables = [db.chunks, db.variantChunks, db.variantOwners, db.categories, db.meta];
  await db.transaction('rw', tables, () => Promise.all(tables.map((t) => t.clear())));
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
  const [rows, variants] = await Promise.all([db.chunks.count(), db.variantChunks.count()]);
  return rows === 0 && variants === 0 ? emptyFreshPull() : null;
}

/** Variant changes of the page, grouped by product. */
interface VariantChanges {
  upserts: Map<number, ReplicatedVariant[]>;
  deletes: Map<number, Set<number>>;
}

function groupVariantChanges(page: CatalogChangesResponse, owners: Map<number, number>, deletedProducts: Set<number>): VariantChanges {
  const upserts = new Map<number, ReplicatedVariant[]>();
  for (const v of page.variants) {
    const list = upserts.get(v.productId);
    if (list) list.push(v);
    else upserts.set(v.productId, [v]);
  }
  const deletes = new Map<number, Set<number>>();
  for (const [variantId, productId] of owners) {
    if (deletedProducts.has(productId)) continue;
    const set = deletes.get(productId);
    if (set) set.add(variantId);
    else deletes.set(productId, new Set([variantId]));
  }
  return { upserts, deletes };
}

function mergeVariants(old: readonly ReplicatedVariant[] = [], upserts: ReplicatedVariant[] = [], deletes?: Set<number>): ReplicatedVariant[] {
  const byId = new Map<number, ReplicatedVariant>();
  for (const v of old) if (!deletes?.has(v.id)) byId.set(v.id, v);
  for (const v of upserts) byId.set(v.id, v);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The variants' owners as a page leaves them: those written are added, those gone removed. */
function ownerChanges(productId: number, oldVariants: readonly ReplicatedVariant[], variants: readonly ReplicatedVariant[], added: Map<number, number>, removed: number[]): void {
  const now = new Set(variants.map((v) => v.id));
  for (const v of oldVariants) if (!now.has(v.id)) removed.push(v.id);
  for (const id of now) added.set(id, productId);
}

export async function applyChangesPage(db: CatalogDb, page: CatalogChangesResponse, fresh: FreshPull | null = null): Promise<AppliedPage> {
  if (page.reset && fresh) {
    fresh.chunks.clear();
    fresh.owners.clear();
  }
  const mayExist = (written: Set<number> | undefined) => (key: number) => !written || written.has(key);
  const tables = [db.chunks, db.variantChunks, db.variantOwners, db.categories, db.meta, db.outbox, db.workOrders];
  const applied = await db.transaction('rw', tables, async (tx) => {
    const trans = tx.idbtrans;
    // (The cached work orders may be another company's: the list is fetched again anyway.)
    if (page.reset) await Promise.all([db.chunks.clear(), db.variantChunks.clear(), db.variantOwners.clear(), db.categories.clear(), db.meta.clear(), db.workOrders.clear()]);
    // Unsent price edits stay on top of what the server sends (usually none: skipped).
    const pendingEdits = (await db.outbox.toArray()).filter((e) => isPriceEdit(e) && isOpen(e));

    const deletedProducts = new Set(page.deletedProductIds);
    const owners = await readOwners(trans, page.deletedVariantIds, mayExist(fresh?.owners));
    const changes = groupVariantChanges(page, owners, deletedProducts);
    const touched = new Set<number>([...page.products.map((p) => p.id), ...changes.upserts.keys(), ...changes.deletes.keys()]);
    for (const id of deletedProducts) touched.delete(id);
    const incoming = new Map<number, ReplicatedProduct>(page.products.map((p) => [p.id, p]));
    const chunks = await readChunks(trans, [...touched, ...deletedProducts], { mayExist: mayExist(fresh?.chunks) });

    const before: StoredProduct[] = [];
    const upserted: StoredProduct[] = [];
    const newSets = new Map<number, StoredVariantSet>();
    const added = new Map<number, number>();
    const removed: number[] = [];
    for (const id of deletedProducts) {
      const entry = chunks.get(id);
      if (entry?.product) before.push(entry.product);
      if (entry?.variants) ownerChanges(id, entry.variants, [], added, removed);
      if (entry?.product) chunks.setProduct(id, undefined);
      if (entry?.variants) chunks.setVariants(id, undefined);
    }
    for (const id of touched) {
      const entry = chunks.get(id);
      const old = entry?.product;
      if (old) before.push(old);
      let variants = entry?.variants ?? [];
      if (changes.upserts.has(id) || changes.deletes.has(id)) {
        variants = mergeVariants(entry?.variants, changes.upserts.get(id), changes.deletes.get(id));
        ownerChanges(id, entry?.variants ?? [], variants, added, removed);
        chunks.setVariants(id, variants);
        if (variants.length) newSets.set(id, { productId: id, ids: variants.map((v) => v.id), variants });
      }
      const row = incoming.get(id) ?? old;
      // Variants of a product this device does not have (yet): counted when its row comes.
      if (!row) continue;
      upserted.push(toStored(row, fromVariants(variants)));
    }
    if (pendingEdits.length) {
      overlayPendingEdits(pendingEdits, upserted, newSets);
      for (const [id, set] of newSets) chunks.setVariants(id, set.variants);
    }
    for (const row of upserted) chunks.setProduct(row.id, row);

    await chunks.write(trans);
    const ownerKeys = await updateOwners(trans, added, removed.filter((v) => !added.has(v)), mayExist(fresh?.owners));
    await updateCategoryCounts(db, before, upserted);
    await db.meta.bulkPut([
      { key: META_CURSOR, value: page.cursor },
      { key: META_SCHEMA, value: page.schemaVersion },
      { key: META_CATALOG, value: page.catalogId },
    ]);
    return { reset: page.reset, upserted, deletedProductIds: [...deletedProducts], cursor: page.cursor, chunkKeys: chunks.keys(), ownerKeys };
  });
  // Only once committed: a failed page leaves the fresh pull's knowledge as it was.
  if (fresh) {
    for (const key of applied.chunkKeys) fresh.chunks.add(key);
    for (const key of applied.ownerKeys) fresh.owners.add(key);
  }
  const { chunkKeys: _chunks, ownerKeys: _owners, ...result } = applied;
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
