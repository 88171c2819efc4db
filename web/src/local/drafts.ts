/**
 * Unsent work-order forms in the signed-in user's local database (the `drafts` table), so
 * nothing typed is lost to a reload, a closed tab or a browser restart. A draft's id is the
 * form's id, which becomes the order's idempotency key when it is submitted (outbox-queue.ts
 * moves it out of the drafts in the same transaction as its outbox entry).
 *
 * The form's state is stored as given; features/work-orders owns its shape and checks it when it
 * reads a draft back.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { CatalogDb, DraftRow } from './catalog-db';
import { useCatalogStatus } from './catalog-query';
import { deviceCatalog } from './device-catalog';

/** What the form saves; the times are kept here. */
export type DraftInput = Pick<DraftRow, 'id' | 'title' | 'productCount' | 'state'>;

function requireDb(): CatalogDb {
  const db = deviceCatalog.db();
  if (!db) throw new Error('Not signed in on this device');
  return db;
}

/** Whether drafts can be read and written now (a user's local database is open). */
export function draftsAvailable(): boolean {
  return deviceCatalog.db() !== null;
}

/**
 * Writes a draft (created, or updated keeping its creation time). Resolves to the row written,
 * or null when its order was submitted meanwhile (an outbox entry has its id): a late autosave
 * must not bring back the draft of an order that is on its way. Rejects when the device cannot
 * store it (e.g. a QuotaExceededError: the caller tells the user).
 */
export async function saveDraft(input: DraftInput, now = Date.now()): Promise<DraftRow | null> {
  const db = requireDb();
  return db.transaction('rw', [db.drafts, db.outbox], async () => {
    if ((await db.outbox.where('id').equals(input.id).count()) > 0) return null;
    const existing = await db.drafts.get(input.id);
    const row: DraftRow = {
      id: input.id,
      title: input.title,
      productCount: input.productCount,
      state: input.state,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    await db.drafts.put(row);
    return row;
  });
}

/** The draft with this id, or undefined (none, or signed out). */
export async function getDraft(id: string): Promise<DraftRow | undefined> {
  const db = deviceCatalog.db();
  if (!db) return undefined;
  return db.drafts.get(id);
}

export async function deleteDraft(id: string): Promise<void> {
  await requireDb().drafts.delete(id);
}

/** The drafts, last edited first, live (undefined while loading; [] when signed out). */
export function useDrafts(): DraftRow[] | undefined {
  const { uid } = useCatalogStatus();
  return useLiveQuery(async () => {
    const db = deviceCatalog.db();
    if (!db) return [];
    return db.drafts.orderBy('updatedAt').reverse().toArray();
  }, [uid]);
}
