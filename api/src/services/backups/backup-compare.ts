/**
 * A backup's prices (or the prices at a moment) compared with the catalog now: the items whose
 * prices differ, each with what changed it since from the price history.
 */
import { displayName } from '@catalog/contracts/auth';
import { MAX_LISTED_CHANGES, type BackupChange } from '@catalog/contracts/backups';
import type { Database, ListedPriceHistoryEntry } from '../../db/repositories';
import type { ItemPrices, PriceState } from './backup-codec';
import { orderTitles } from './backup-list';
import { stateOfCatalog } from './backup-state';

export interface DiffLine {
  productId: number;
  variantId: number | null;
  name: string;
  sku: string | null;
  backup: ItemPrices;
  current: ItemPrices;
  changes: BackupChange[];
}

export interface Comparison {
  items: DiffLine[];
  unchanged: number;
  removed: number;
  added: number;
}

/** A line's key: its variant, or its product when it has no variant. */
export const itemKey = (productId: number, variantId: number | null) => (variantId === null ? `p${productId}` : `v${variantId}`);

/**
 * The items whose prices differ between `state` (a backup, or the prices at a moment) and the
 * catalog now, by product then variant, each with what changed it since `since` from the price
 * history: a work order and its title, a manual edit and who made it, or a change the sync found
 * in the store.
 */
export async function compareWithCatalog(
  db: Database, companyId: string, state: PriceState, since: Date, opts: { changes?: boolean; now?: Date } = {},
): Promise<Comparison> {
  const now = opts.now ?? new Date();
  const catalog = await db.backups.catalogPrices(companyId);
  const current = stateOfCatalog(catalog);
  const products = new Map(catalog.products.map((p) => [p.externalId, p]));
  const skus = new Map(catalog.variants.map((v) => [v.externalId, v.variantSku]));
  const items: DiffLine[] = [];
  let unchanged = 0;
  let removed = 0;
  const line = (productId: number, variantId: number | null, backup: ItemPrices, present: ItemPrices | undefined) => {
    if (!present) {
      removed += 1;
      return;
    }
    if (present.regular === backup.regular && present.sale === backup.sale) {
      unchanged += 1;
      return;
    }
    const product = products.get(productId);
    items.push({
      productId, variantId,
      name: product?.name ?? `Product ${productId}`,
      sku: variantId === null ? (product?.sku ?? null) : (skus.get(variantId) ?? null),
      backup: { regular: backup.regular, sale: backup.sale },
      current: { regular: present.regular, sale: present.sale },
      changes: [],
    });
  };
  for (const [id, p] of state.products) line(id, null, p, current.products.get(id));
  for (const [id, v] of state.variants) line(v.productId, id, v, current.variants.get(id));
  let added = 0;
  for (const id of current.products.keys()) if (!state.products.has(id)) added += 1;
  for (const id of current.variants.keys()) if (!state.variants.has(id)) added += 1;
  items.sort((a, b) => a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0));
  if (items.length > 0 && opts.changes !== false) await attachChanges(db, companyId, items, since, now);
  return { items, unchanged, removed, added };
}

/** Each line's latest price-history entries of the catalog after `since`, newest first, with order titles and people's names. */
async function attachChanges(db: Database, companyId: string, items: DiffLine[], since: Date, now: Date) {
  const byKey = new Map(items.map((i) => [itemKey(i.productId, i.variantId), i]));
  const entries = await db.priceHistory.listForCompany(companyId, { after: since, until: now });
  const kept = new Map<DiffLine, ListedPriceHistoryEntry[]>();
  for (const e of entries) {
    // A price list's entries change its records, not the catalog's prices (issue 35).
    if (e.priceListId != null) continue;
    const item = byKey.get(itemKey(e.productExternalId, e.variantExternalId));
    if (!item) continue;
    const list = kept.get(item) ?? [];
    list.push(e);
    if (list.length > MAX_LISTED_CHANGES) list.shift();
    kept.set(item, list);
  }
  for (const [item, list] of await changesOf(db, companyId, kept)) item.changes = list;
}

/** Each line's kept entries (oldest first) as the wire lists them, newest first, with order titles and people's names. */
export async function changesOf<T>(db: Database, companyId: string, kept: ReadonlyMap<T, readonly ListedPriceHistoryEntry[]>): Promise<Map<T, BackupChange[]>> {
  if (kept.size === 0) return new Map();
  const users = new Map((await db.users.listByCompany(companyId)).map((u) => [u.id, displayName(u)]));
  const titles = await orderTitles(db, companyId, [...kept.values()].flat().map((e) => e.workOrderId));
  return new Map([...kept].map(([item, list]) => [item, [...list].reverse().map((e) => ({
    changeType: e.changeType,
    at: e.createdAt.toISOString(),
    workOrderId: e.workOrderId,
    workOrderTitle: e.workOrderId ? (titles.get(e.workOrderId) ?? null) : null,
    changedBy: e.changedBy ? (users.get(e.changedBy) ?? null) : null,
  }))]));
}
