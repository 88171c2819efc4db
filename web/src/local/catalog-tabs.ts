/**
 * Tabs with the same catalog open follow each other (BroadcastChannel): what a pull or a local
 * edit changed in one tab's database is told to the others, whose index and row cache follow.
 * One tab pulls at a time (local-catalog.ts), so the others learn the changes only this way; the
 * catalog posts the messages these functions return once its own status has followed.
 */
import type { AppliedPage } from './catalog-apply';
import { loadIndex } from './catalog-load';
import type { OpenCatalog } from './open-catalog';
import { readStoredProducts } from './read-products';

/** What a pull in one tab changed, for the others. */
export interface TabMessage {
  reset: boolean;
  /** null: too many to list, reload the index. */
  upserted: number[] | null;
  deleted: number[];
}

/** Above this many products, other tabs reload their index rather than reading the ids. */
const BROADCAST_MAX_IDS = 5_000;

/** Makes another tab's changes this tab's: the index and row cache read them from the database. */
export async function followOtherTab(catalog: OpenCatalog, message: TabMessage): Promise<void> {
  if (message.reset || message.upserted === null) {
    // Answers wait for the reload rather than come from a half-filled index.
    catalog.isLoaded = false;
    catalog.rows.clear();
    if (message.reset) catalog.index.clear();
    catalog.loaded = loadIndex(catalog);
    await catalog.loaded;
    catalog.index.apply([], message.deleted);
    catalog.isLoaded = true;
  } else {
    catalog.rows.delete(message.upserted);
    catalog.rows.delete(message.deleted);
    catalog.index.apply(await readStoredProducts(catalog.db, message.upserted), message.deleted);
  }
}

/** Rows of `ids` changed in this tab's database: the index and row cache follow. Returns the message for the other tabs. */
export async function followRows(catalog: OpenCatalog, ids: number[]): Promise<TabMessage> {
  catalog.rows.delete(ids);
  const present = await readStoredProducts(catalog.db, ids);
  catalog.index.apply(present);
  return { reset: false, upserted: present.map((p) => p.id), deleted: [] };
}

/**
 * A pulled page, written to the database: the index and row cache follow. Returns the message
 * for the other tabs; null when the page changed nothing.
 */
export function followPage(catalog: OpenCatalog, page: AppliedPage): TabMessage | null {
  if (page.reset) {
    catalog.index.clear();
    catalog.rows.clear();
  }
  catalog.rows.delete(page.upserted.map((p) => p.id));
  catalog.rows.delete(page.deletedProductIds);
  catalog.index.apply(page.upserted, page.deletedProductIds);
  const many = page.upserted.length > BROADCAST_MAX_IDS;
  if (!page.upserted.length && !page.deletedProductIds.length && !page.reset) return null;
  return { reset: page.reset, upserted: many ? null : page.upserted.map((p) => p.id), deleted: page.deletedProductIds };
}
