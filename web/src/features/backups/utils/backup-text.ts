/**
 * How the Backups screen words things: a backup's trigger, a price that may be none of its own
 * (a variant inherits its product's; a product's missing sale price means not on sale), what
 * changed a price since, and the restore's preview lines (old: now, new: the backup's).
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
      return `Changed in the store (${when})`;
  }
}

/** The item's label in lists: the product's name, with the variant's SKU. */
export const itemLabel = (item: BackupDiffItem) => (item.variantId !== null ? `${item.name} (${item.sku || `variant ${item.variantId}`})` : item.name);

/** The item's key: "p101", "v1001" (contracts itemTarget). */
export const itemKey = (item: Pick<BackupDiffItem, 'productId' | 'variantId'>) => itemTarget({ productId: item.productId, variantId: item.variantId });

const cents = (price: string | null) => (price === null ? null : parseMoney(price));

/** The prices a restore sets, as the work-order preview lists them: from now (old) to the backup's (new). */
export function restoreLines(items: readonly BackupDiffItem[]): PriceChangeLine[] {
  const lines: PriceChangeLine[] = [];
  for (const item of items) {
    const target = itemKey(item);
    const label = itemLabel(item);
    if (item.backup.regularPrice !== item.current.regularPrice) {
      lines.push({ target, label, field: 'regular', oldCents: cents(item.current.regularPrice), newCents: cents(item.backup.regularPrice) });
    }
    if (item.backup.salePrice !== item.current.salePrice) {
      lines.push({ target, label, field: 'sale', oldCents: cents(item.current.salePrice), newCents: cents(item.backup.salePrice) });
    }
  }
  return lines;
}
