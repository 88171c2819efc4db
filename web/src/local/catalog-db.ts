/**
 * The device's copy of the catalog: one IndexedDB database per signed-in user
 * (`catalog-<uid>`), deleted when that user signs out.
 *
 * Tables and why these indexes:
 * - chunks, variantChunks (version 3): the products, and their variants, CHUNK_SPAN consecutive
 *   product ids per record (catalog-chunks.ts), each row a JSON array of its values (version 4,
 *   catalog-row-codec.ts): IndexedDB's cost is per record, and a first pull
 *   of 100,000 products as ~135,000 rows spent most of its time there. No index: search,
 *   category, sale filter, sort and totals are answered by the in-memory index (catalog-index.ts),
 *   which reads the product chunks once at start and then only those of the page's rows.
 * - variantOwners (version 3): which product each variant id belongs to (to find the product of
 *   a deleted variant), in buckets of OWNER_SPAN variant ids.
 * - products, variants: one row per product, and one per product holding all its variants, as
 *   the tables read and write them; since version 3 served from the chunks (the stores stay,
 *   empty: catalog-chunk-tables.ts), so code that reads or writes a product by id is unchanged.
 * - categories: every category path with its product count, kept in step with products inside
 *   each page's transaction, so the picker has its list without reading the products.
 * - meta: the replication cursor, the schema version the copy was pulled with and the catalog
 *   (company) it belongs to.
 * - outbox (version 2): writes waiting for the server, in order (`seq`), keyed by their client
 *   UUID (`id`, the server's idempotency key). A price edit's outbox row is written in the same
 *   transaction as its local change to products/variants (outbox-queue.ts).
 * - drafts (version 2): unsent work-order forms, autosaved as the user types.
 * - workOrders (version 2): the last list of work orders the server gave, shown offline.
 */
// import.meta.env, for the API's typecheck too (its tests import the catalog's modules).
/// <reference types="vite/client" />
import { Dexie, type Table } from 'dexie';
import { chunkTables } from './catalog-chunk-tables';
import type { StoredChunk, StoredOwners, StoredProduct, StoredVariantChunk, StoredVariantSet } from './catalog-rows';
import { chooseIndexedDb } from './indexeddb-choice';

/**
 * Dexie turns its debug mode on by itself for a page served from localhost (`npm start`, the
 * tests, the benchmarks): every table call then makes a `console.createTask` and runs its
 * callbacks through it, which DevTools and Lighthouse record with a stack trace each (~25 ms of
 * a catalog page's read in the traces of /products). A built app behaves as on the merchant's
 * own domain, where it is off.
 */
if (import.meta.env.PROD) Dexie.debug = false;

let choice: Promise<void> | undefined;
let chosen = false;

/**
 * Which IndexedDB the catalog's databases use: the browser's, or one in memory where the browser
 * denies it to this page (a frame of another site, issue 34: indexeddb-choice.ts). Decided once;
 * the probe starts as this module loads. Dexie takes its IndexedDB when a database is made, so
 * the app makes none before this has resolved: the early open (app/start-early.ts), the signed-in
 * shell's (use-local-catalog.ts) and sign-out's (forgetCatalogData) wait for it. Never rejects.
 * (Not a top-level await: the bundler would then split the entry chunk, decision 047.)
 */
export function catalogStorageChosen(): Promise<void> {
  return (choice ??= chooseIndexedDb(Dexie.dependencies).then(() => {
    chosen = true;
  }));
}

/** The choice has been made (catalogStorageChosen has resolved): a database may be made now. */
export const isCatalogStorageChosen = (): boolean => chosen;

void catalogStorageChosen();

export type { StoredProduct, StoredVariantSet } from './catalog-rows';

export interface StoredCategory {
  path: string;
  /** Products filed directly under this path. */
  count: number;
}

/** Keys of the meta table. */
export const META_CURSOR = 'cursor';
export const META_SCHEMA = 'schemaVersion';

/** The company whose catalog this copy is (a device whose user changed team starts over). */
export const META_CATALOG = 'catalogId';

export interface MetaRow {
  key: string;
  value: number | string;
}

/** What a queued write does (for the UI and what settles locally when the server answers). */
export type OutboxKind = 'createWorkOrder' | 'productPrice' | 'variantPrice';

/**
 * - queued: waiting to be sent (offline, or a temporary failure waiting for its next attempt)
 * - sending: a request is on its way (a tab that dies meanwhile leaves it: it is sent again,
 *   which the idempotency key makes harmless)
 * - rejected: the server refused it for good (validation, plan limit, a product gone); kept, with
 *   the server's message, until the user fixes or discards it
 * - sentForApproval: a price edit the server took as a work order awaiting an owner's or admin's
 *   approval (201, issue 31): delivered, never sent again, and nothing reached the store, so its
 *   local change was undone; kept with the server's answer (`approval`) until the user dismisses it
 */
export type OutboxStatus = 'queued' | 'sending' | 'rejected' | 'sentForApproval';

/** The work order a price edit became (status 'sentForApproval'), as the server answered. */
export interface SentForApproval {
  workOrderId: string;
  title: string;
  /** The server's words: "Your price change waits for an owner's or admin's approval: ...". */
  message: string;
}

export interface OutboxRequest {
  method: 'POST' | 'PUT';
  path: string;
  body: unknown;
}

/** Prices before an offline edit, restored when the edit is rejected or discarded. */
export interface PricesBefore {
  regularPrice: string;
  salePrice: string | null;
}

export interface OutboxEntry {
  /** Order of replay (auto-increment). */
  seq?: number;
  /** Client UUID: the Idempotency-Key header (and a work order's `id`). */
  id: string;
  kind: OutboxKind;
  request: OutboxRequest;
  /** For the UI: the order's title, or the product's name. */
  label: string;
  /** The product (price edits: the one edited; its row carries `pending`). */
  productId?: number;
  variantId?: number;
  /** Price edits: the fields as they were, to restore on rejection or discard. */
  before?: PricesBefore;
  /** Work orders: the draft it was submitted from, so a rejected order can be edited again. */
  draft?: DraftRow;
  status: OutboxStatus;
  createdAt: number;
  attempts: number;
  /** Epoch ms before which no attempt is made (backoff). */
  nextAttemptAt: number;
  /** The last failure's message (temporary) or the server's refusal (rejected). */
  error?: string;
  /** A price edit the server sent for approval (status 'sentForApproval'). */
  approval?: SentForApproval;
}

/** An unsent work-order form. `id` is the form's id, which becomes the order's idempotency key. */
export interface DraftRow {
  id: string;
  title: string;
  /** How many products are selected (for the Drafts list). */
  productCount: number;
  createdAt: number;
  updatedAt: number;
  /** The form's state (features/work-orders owns its shape and checks it when restoring). */
  state: unknown;
}

/** A work order as last listed by the server (GET /api/work-orders), shown offline. */
export interface CachedWorkOrder {
  id: string;
  /** Whether it was in the list with archived orders only. */
  archived: boolean;
  order: unknown;
}

export type CatalogDb = Dexie & {
  products: Table<StoredProduct, number>;
  variants: Table<StoredVariantSet, number>;
  chunks: Table<StoredChunk, number>;
  variantChunks: Table<StoredVariantChunk, number>;
  variantOwners: Table<StoredOwners, number>;
  categories: Table<StoredCategory, string>;
  meta: Table<MetaRow, string>;
  outbox: Table<OutboxEntry, number>;
  drafts: Table<DraftRow, string>;
  workOrders: Table<CachedWorkOrder, string>;
};

/** The database of one user: never another user's name, so sign-out can delete exactly it. */
export function catalogDbName(uid: string): string {
  return `catalog-${uid}`;
}

export function createCatalogDb(name: string): CatalogDb {
  const db = new Dexie(name, { chromeTransactionDurability: 'relaxed', cache: 'disabled' }) as CatalogDb;
  db.version(1).stores({
    products: 'id',
    variants: 'productId, *ids',
    categories: 'path',
    meta: 'key',
  });
  db.version(2).stores({
    outbox: '++seq, &id',
    drafts: 'id, updatedAt',
    workOrders: 'id',
  });
  // The copy moves into chunks: what version 2 kept is dropped and pulled again (the cursor goes
  // with the meta rows; outbox, drafts and work orders stay). Straight on the stores: the
  // middleware would serve products and variants from the (empty) chunks.
  db.version(3).stores({ products: 'id', variants: 'productId', chunks: 'key', variantChunks: 'key', variantOwners: 'key' }).upgrade((tx) => {
    for (const store of ['products', 'variants', 'categories', 'meta']) tx.idbtrans.objectStore(store).clear();
  });
  // Rows in chunks become arrays of values (catalog-row-codec.ts, decision 062): a copy written
  // as objects is dropped and pulled again, as version 3 did (outbox, drafts and work orders stay).
  db.version(4).stores({}).upgrade((tx) => {
    for (const store of ['chunks', 'variantChunks', 'variantOwners', 'categories', 'meta']) tx.idbtrans.objectStore(store).clear();
  });
  // Product rows keep what their list row shows of their variants (variant-summary.ts, decision
  // 072), which a copy written before cannot know without reading every variant: it is dropped
  // and pulled again, as version 4 did.
  db.version(5).stores({}).upgrade((tx) => {
    for (const store of ['chunks', 'variantChunks', 'variantOwners', 'categories', 'meta']) tx.idbtrans.objectStore(store).clear();
  });
  db.use(chunkTables);
  return db;
}

/** Deletes a user's local catalog (closing connections of other tabs first, as Dexie does). */
function deleteCatalogDb(uid: string): Promise<void> {
  return Dexie.delete(catalogDbName(uid));
}

/**
 * A user's catalog leaves the device. What they typed and has not reached the server (drafts,
 * queued writes) stays, in that user's database only, and is sent when they sign in again; with
 * nothing of that kind the database goes whole.
 */
export async function forgetCatalogData(uid: string): Promise<void> {
  await catalogStorageChosen();
  const db = createCatalogDb(catalogDbName(uid));
  try {
    const [queued, drafts] = await Promise.all([db.outbox.count(), db.drafts.count()]);
    if (queued === 0 && drafts === 0) {
      db.close();
      await deleteCatalogDb(uid);
      return;
    }
    const tables = [db.chunks, db.variantChunks, db.variantOwners, db.categories, db.meta, db.workOrders];
    await db.transaction('rw', tables, () => Promise.all(tables.map((t) => t.clear())));
  } finally {
    db.close();
  }
}
