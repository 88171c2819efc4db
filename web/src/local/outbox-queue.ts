/**
 * The outbox's entries in the user's Dexie database (decision 014): writing an entry in the
 * same transaction as its local change (the queued order leaves the drafts; the edited price
 * shows in the catalog, marked `pending`), settling it (removed once sent, or when the user
 * discards it, its local change undone; marked `rejected` when refused for good, or
 * `sentForApproval` when a price edit became an order awaiting approval), and the
 * reads and status changes the sender (outbox-sender.ts) makes while it sends them in order.
 * Every function takes the database and, where it stamps a time, `now`: no state of its own.
 */
import type { ProductPriceEdit, VariantPriceEdit } from '@catalog/contracts/products';
import type { CreateWorkOrderInput } from '@catalog/contracts/work-orders';
import type { CatalogDb, DraftRow, OutboxEntry, SentForApproval } from './catalog-db';
import { deviceCatalog } from './device-catalog';
import { isOpen, isPriceEdit, relayProduct } from './pending-edits';

type NewEntryFields = Omit<OutboxEntry, 'status' | 'createdAt' | 'attempts' | 'nextAttemptAt'>;

function newEntry(fields: NewEntryFields, now: number): OutboxEntry {
  return { ...fields, status: 'queued', createdAt: now, attempts: 0, nextAttemptAt: 0 };
}

// ---------------------------------------------------------------------------------------------
// Enqueueing: each resolves to the new entry's id.

/** A new work order; its draft (same id) leaves the drafts in the same transaction. */
export async function putWorkOrder(db: CatalogDb, body: CreateWorkOrderInput & { id: string }, draft: DraftRow | undefined, now: number): Promise<string> {
  const entry = newEntry({
    id: body.id,
    kind: 'createWorkOrder',
    request: { method: 'POST', path: '/api/work-orders', body },
    label: body.title,
    draft,
  }, now);
  await db.transaction('rw', [db.outbox, db.drafts], async () => {
    await db.outbox.put(entry);
    await db.drafts.delete(body.id);
  });
  return entry.id;
}

/** A product's price edit (only the changed fields; a null sale price clears it). */
export async function putProductPrice(db: CatalogDb, productId: number, edit: ProductPriceEdit, label: string, now: number): Promise<string> {
  const id = crypto.randomUUID();
  await db.transaction('rw', [db.outbox, db.products, db.variants], async () => {
    const row = await db.products.get(productId);
    if (!row) throw new Error('This product is no longer in the catalog on this device');
    await db.outbox.put(newEntry({
      id, kind: 'productPrice', label, productId,
      request: { method: 'PUT', path: `/api/products/${productId}`, body: edit },
      before: { regularPrice: row.regularPrice, salePrice: row.salePrice },
    }, now));
    await relayProduct(db, productId);
  });
  await deviceCatalog.rowsChangedLocally([productId]);
  return id;
}

/** A variant's price edit (only the changed fields; null clears). */
export async function putVariantPrice(db: CatalogDb, variant: { id: number; productId: number }, edit: VariantPriceEdit, label: string, now: number): Promise<string> {
  const id = crypto.randomUUID();
  await db.transaction('rw', [db.outbox, db.products, db.variants], async () => {
    const set = await db.variants.get(variant.productId);
    const current = set?.variants.find((v) => v.id === variant.id);
    if (!current) throw new Error('This variant is no longer in the catalog on this device');
    await db.outbox.put(newEntry({
      id, kind: 'variantPrice', label, productId: variant.productId, variantId: variant.id,
      request: { method: 'PUT', path: `/api/variants/${variant.id}`, body: edit },
      before: { regularPrice: current.regularPrice ?? '', salePrice: current.salePrice },
    }, now));
    await relayProduct(db, variant.productId);
  });
  await deviceCatalog.rowsChangedLocally([variant.productId]);
  return id;
}

// ---------------------------------------------------------------------------------------------
// Settling

/** Removes an entry and undoes its local change; `toDraft` puts a work order back in the drafts. */
export async function removeEntry(db: CatalogDb, entry: OutboxEntry, { undo, toDraft }: { undo: boolean; toDraft: boolean }, now: number): Promise<void> {
  await db.transaction('rw', [db.outbox, db.products, db.variants, db.drafts], async () => {
    await db.outbox.delete(entry.seq!);
    if (isPriceEdit(entry) && entry.productId !== undefined) {
      const restore = undo && entry.before ? { variantId: entry.variantId, before: entry.before, edit: entry.request.body as ProductPriceEdit } : undefined;
      await relayProduct(db, entry.productId, restore);
    }
    if (toDraft && entry.draft) await db.drafts.put({ ...entry.draft, updatedAt: now });
  });
  if (isPriceEdit(entry) && entry.productId !== undefined) await deviceCatalog.rowsChangedLocally([entry.productId]);
}

/** Keeps the entry with `changes` (no longer open) and puts a price edit's fields back on the device at once. */
async function closeEntry(db: CatalogDb, entry: OutboxEntry, changes: Partial<OutboxEntry>): Promise<void> {
  await db.transaction('rw', [db.outbox, db.products, db.variants], async () => {
    await db.outbox.update(entry.seq!, changes);
    if (isPriceEdit(entry) && entry.productId !== undefined && entry.before) {
      await relayProduct(db, entry.productId, { variantId: entry.variantId, before: entry.before, edit: entry.request.body as ProductPriceEdit });
    }
  });
  if (isPriceEdit(entry) && entry.productId !== undefined) await deviceCatalog.rowsChangedLocally([entry.productId]);
}

/** A refused price edit goes back on the device at once; the entry stays with the message. */
export function markRejected(db: CatalogDb, entry: OutboxEntry, message: string): Promise<void> {
  return closeEntry(db, entry, { status: 'rejected', error: message });
}

/**
 * A price edit the server took as a work order awaiting approval (201, issue 31): delivered, so
 * never sent again; nothing reached the store, so the price goes back on the device, as a refused
 * edit's does. The entry stays with the server's answer until the user dismisses it.
 */
export function markSentForApproval(db: CatalogDb, entry: OutboxEntry, approval: SentForApproval): Promise<void> {
  return closeEntry(db, entry, { status: 'sentForApproval', approval, error: undefined });
}

/**
 * Discards an entry (queued, rejected or sent for approval): a queued price edit's local change
 * is undone.
 */
export async function discardEntry(db: CatalogDb, id: string, now: number): Promise<void> {
  const entry = await db.outbox.where('id').equals(id).first();
  if (!entry) return;
  // A rejected edit, or one sent for approval, was undone already.
  await removeEntry(db, entry, { undo: isOpen(entry), toDraft: false }, now);
}

/**
 * A rejected work order goes back to the drafts (same id) to be fixed and submitted again; the
 * entry leaves. Resolves to the draft's id, or null when there was nothing to restore.
 */
export async function restoreRejectedWorkOrder(db: CatalogDb, id: string, now: number): Promise<string | null> {
  const entry = await db.outbox.where('id').equals(id).first();
  if (!entry?.draft) return null;
  await removeEntry(db, entry, { undo: false, toDraft: true }, now);
  return entry.draft.id;
}

// ---------------------------------------------------------------------------------------------
// While sending

/** Whether anything is in the queue (queued, being sent, or cut off while sent). */
export async function hasQueuedEntries(db: CatalogDb): Promise<boolean> {
  return (await db.outbox.where('seq').above(0).count()) > 0;
}

/** Anything left 'sending' was cut off (a closed tab): it is sent again. */
export async function requeueCutOff(db: CatalogDb): Promise<void> {
  await db.outbox.where('seq').above(0).modify((e) => {
    if (e.status === 'sending') e.status = 'queued';
  });
}

/** The first open entry in queue order that is not `blocked`; undefined when none. */
export async function nextOpenEntry(db: CatalogDb, blocked: ReadonlySet<number>): Promise<OutboxEntry | undefined> {
  return (await db.outbox.orderBy('seq').toArray()).find((e) => isOpen(e) && !blocked.has(e.seq!));
}

export async function markSending(db: CatalogDb, entry: OutboxEntry): Promise<void> {
  await db.outbox.update(entry.seq!, { status: 'sending' });
}

/** Back in the queue after a temporary failure, not to be tried before `nextAttemptAt`. */
export async function markRetry(db: CatalogDb, entry: OutboxEntry, retry: { attempts: number; nextAttemptAt: number; error: string }): Promise<void> {
  await db.outbox.update(entry.seq!, { status: 'queued', ...retry });
}

/** Every entry (open, rejected or sent for approval) by its id. */
export async function entriesById(db: CatalogDb): Promise<Map<string, OutboxEntry>> {
  return new Map((await db.outbox.toArray()).map((e) => [e.id, e]));
}

/** The number of open entries (e.g. to warn before signing out). */
export async function countOpenEntries(db: CatalogDb): Promise<number> {
  return (await db.outbox.toArray()).filter(isOpen).length;
}
