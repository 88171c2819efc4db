/**
 * One price list's records in one currency (issue 35) as a backup holds them (or as they were at
 * a moment) compared with the stored records now: the variants whose records differ, each with
 * what changed it since from the price list's history entries.
 *
 * A record made since the backup (or the moment) is restorable: a restore removes it (an item
 * with removeRecord), so the catalog's price applies again. One whose MAP price alone differs is
 * not (no order sets a MAP price). A record of a variant gone from the catalog is counted as removed.
 */
import { MAX_LISTED_CHANGES, type BackupChange } from '@catalog/contracts/backups';
import type { PriceListTarget } from '@catalog/contracts/work-orders';
import type { CatalogPrices, Database, ListedPriceHistoryEntry } from '../../db/repositories';
import { changesOf } from './backup-compare';
import { recordStateOf } from './backup-record-state';
import { listKey, type BackedUpRecord } from './backup-records';

export interface RecordLine {
  productId: number;
  /** The record's variant (a product without options: its base variant). */
  variantId: number;
  name: string;
  sku: string | null;
  /** null: no record then / now. */
  backup: BackedUpRecord | null;
  current: BackedUpRecord | null;
  restorable: boolean;
  changes: BackupChange[];
}

export interface RecordComparison {
  items: RecordLine[];
  unchanged: number;
  removed: number;
  added: number;
}

/** Whether a restore can put `backup` back over `current`: a work order sets a record's price, sale and retail price, or removes it. */
function restorable(backup: BackedUpRecord | null, current: BackedUpRecord | null): boolean {
  if (!backup) return current !== null;
  if (!current) return true;
  return backup.price !== current.price || backup.sale !== current.sale || backup.retail !== current.retail;
}

/** The catalog's variants by store id (a product's base variant included), with their product, name and SKU. */
function variantsOf(catalog: CatalogPrices) {
  const products = new Map(catalog.products.map((p) => [p.externalId, p]));
  const out = new Map<number, { productId: number; name: string; sku: string | null }>();
  for (const p of catalog.products) if (p.baseVariantId !== null) out.set(p.baseVariantId, { productId: p.externalId, name: p.name, sku: p.sku });
  for (const v of catalog.variants) {
    const p = products.get(v.productExternalId);
    if (p) out.set(v.externalId, { productId: p.externalId, name: p.name, sku: v.variantSku });
  }
  return out;
}

/**
 * The variants whose records in `target` differ between `backedUp` (the backup's, or the
 * moment's) and the stored records now, by product then variant, each with what changed it
 * since `since` (the price list's history entries).
 */
export async function compareRecords(
  db: Database, companyId: string, target: PriceListTarget, backedUp: ReadonlyMap<number, BackedUpRecord>, since: Date,
  opts: { changes?: boolean; now?: Date } = {},
): Promise<RecordComparison> {
  const [catalog, rows] = await Promise.all([
    db.backups.catalogPrices(companyId),
    db.backups.priceListRecords(companyId, { priceListId: target.priceListId, currency: target.currency }),
  ]);
  const current = recordStateOf(rows).get(listKey(target.priceListId, target.currency)) ?? new Map<number, BackedUpRecord>();
  const variants = variantsOf(catalog);
  const items: RecordLine[] = [];
  let unchanged = 0;
  let removed = 0;
  let added = 0;
  const line = (variantId: number, backup: BackedUpRecord | null, present: BackedUpRecord | null) => {
    const known = variants.get(variantId);
    items.push({
      productId: known?.productId ?? (backup ?? present)!.productId, variantId,
      name: known?.name ?? `Product ${(backup ?? present)!.productId}`, sku: known?.sku ?? null,
      backup, current: present, restorable: restorable(backup, present), changes: [],
    });
  };
  for (const [variantId, backup] of backedUp) {
    const present = current.get(variantId) ?? null;
    if (!variants.has(variantId)) removed += 1;
    else if (present && present.price === backup.price && present.sale === backup.sale && present.retail === backup.retail && present.map === backup.map) unchanged += 1;
    else line(variantId, backup, present);
  }
  for (const [variantId, present] of current) {
    if (backedUp.has(variantId)) continue;
    added += 1;
    line(variantId, null, present);
  }
  items.sort((a, b) => a.productId - b.productId || a.variantId - b.variantId);
  if (items.length > 0 && opts.changes !== false) await attachRecordChanges(db, companyId, target, items, catalog, since, opts.now ?? new Date());
  return { items, unchanged, removed, added };
}

/** Each line's latest history entries of this list and currency after `since`, newest first. */
async function attachRecordChanges(
  db: Database, companyId: string, target: PriceListTarget, items: RecordLine[], catalog: CatalogPrices, since: Date, now: Date,
) {
  const byVariant = new Map(items.map((i) => [i.variantId, i]));
  const bases = new Map(catalog.products.map((p) => [p.externalId, p.baseVariantId]));
  const entries = await db.priceHistory.listForCompany(companyId, { after: since, until: now });
  const kept = new Map<RecordLine, ListedPriceHistoryEntry[]>();
  for (const e of entries) {
    if (e.priceListId !== target.priceListId || e.currency !== target.currency) continue;
    const item = byVariant.get(e.variantExternalId ?? bases.get(e.productExternalId) ?? -1);
    if (!item) continue;
    const list = kept.get(item) ?? [];
    list.push(e);
    if (list.length > MAX_LISTED_CHANGES) list.shift();
    kept.set(item, list);
  }
  const changes = await changesOf(db, companyId, kept);
  for (const [item, list] of changes) item.changes = list;
}
