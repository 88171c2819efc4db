/**
 * How the Backups screen words things: a backup's trigger, a price that may be none of its own
 * (a variant inherits its product's; a product's missing sale price means not on sale), a price
 * list record's prices (issue 35) and why a record is not restored, what changed a price since,
 * and the restore's preview lines (old: now, new: the backup's).
 */
import { BACKUP_TRIGGER_LABELS, type Backup, type BackupChange, type BackupDiffItem } from '@catalog/contracts/backups';
import type { PriceChangeLine } from '@catalog/contracts/bulk-adjustment-preview';
import { parseMoney } from '@catalog/contracts/money';
import { itemTarget } from '@catalog/contracts/work-orders';
import { formatMonthDayTime } from '../../../lib/format-date-time';

/** "Daily", "Before a work order: Spring +10%", "On demand by Ada Lovelace". */
export function triggerText(backup: Backup): string {
  const label = BACKUP_TRIGGER_LABELS[backup.trigger];
  if (backup.trigger === 'work_order' && backup.workOrder) return `${label}: ${backup.workOrder.title}`;
  if (backup.trigger === 'manual' && backup.createdBy) return `${label} by ${backup.createdBy}`;
  return label;
}

/** A price as shown, or what its absence means for this item and field. */
export function priceLabel(price: string | null, item: Pick<BackupDiffItem, 'variantId'>, field: 'regular' | 'sale'): string {
  if (price !== null) return price;
  if (item.variantId !== null) return field === 'regular' ? "Product's price" : "Product's sale price";
  return field === 'sale' ? 'Not on sale' : '—';
}

/** A price list record's price as shown: an unset sale, retail or MAP price says so. */
export function recordPriceLabel(price: string | null | undefined, field: 'regular' | 'sale' | 'retail' | 'map'): string {
  if (price != null) return price;
  return field === 'sale' ? 'Not on sale' : 'None';
}

/** Why a restore leaves a line (the server's `restorable` false: only a record's MAP price differs), or null. */
export function notRestoredText(item: Pick<BackupDiffItem, 'restorable'>): string | null {
  if (item.restorable) return null;
  return 'Only its MAP price differs: a restore does not set MAP prices';
}

/** 'Work order "Spring +10%" (Mar 5, 3:07 PM)', 'Edited by Ada (…)', 'Changed in the store (…)'. */
export function changeText(change: BackupChange): string {
  const when = formatMonthDayTime(change.at);
  const order = change.workOrderTitle ? `"${change.workOrderTitle}"` : 'a deleted work order';
  switch (change.changeType) {
    case 'work_order':
      return `Work order ${order} (${when})`;
    case 'undo':
      return `Undo of ${order} (${when})`;
    case 'manual':
      return `Edited by ${change.changedBy ?? 'a former member'} (${when})`;
    case 'sync':
    case 'webhook':
      return `Changed in the store (${when})`;
  }
}

/** The item's label in lists: the product's name, with the variant's SKU. */
export const itemLabel = (item: BackupDiffItem) => (item.variantId !== null ? `${item.name} (${item.sku || `variant ${item.variantId}`})` : item.name);

/** The item's key: "p101", "v1001" (contracts itemTarget). */
export const itemKey = (item: Pick<BackupDiffItem, 'productId' | 'variantId'>) => itemTarget({ productId: item.productId, variantId: item.variantId });

const cents = (price: string | null) => (price === null ? null : parseMoney(price));

/**
 * The prices a restore sets, as the work-order preview lists them: from now (old) to the
 * backup's (new). A record missing now is made again with each of its prices; one made since is
 * removed (its price, the catalog's applies again); lines a restore leaves are not listed.
 */
export function restoreLines(items: readonly BackupDiffItem[]): PriceChangeLine[] {
  const lines: PriceChangeLine[] = [];
  for (const item of items) {
    const { backup, current } = item;
    if (!item.restorable) continue;
    const target = itemKey(item);
    const label = itemLabel(item);
    if (!backup) {
      if (current) lines.push({ target, label, field: 'regular', oldCents: cents(current.regularPrice), newCents: null });
      continue;
    }
    const fields = [['regular', 'regularPrice'], ['sale', 'salePrice'], ['retail', 'retailPrice']] as const;
    for (const [field, key] of fields) {
      if (key === 'retailPrice' && backup.retailPrice === undefined) continue;
      const was = backup[key] ?? null;
      const now = current ? (current[key] ?? null) : null;
      if (current && was === now) continue;
      if (!current && field !== 'regular' && was === null) continue;
      lines.push({ target, label, field, oldCents: cents(now), newCents: cents(was) });
    }
  }
  return lines;
}
