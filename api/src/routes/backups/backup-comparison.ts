/**
 * What the backups routes compare (issue 35): the catalog, or one price list in one currency
 * (`priceList` and `currency` of the query or body). The comparison of either as the wire
 * lists it, and the work-order items of its restore.
 */
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import type { BackupDiffResponse, BackupPrices } from '@catalog/contracts/backups';
import { formatCents } from '@catalog/contracts/money';
import { targetName, type PriceListTarget } from '@catalog/contracts/work-orders';
import type { Database, WorkOrderItem } from '../../db/repositories';
import type { ItemPrices, PriceState } from '../../services/backups/backup-codec';
import { listKey, type BackedUpRecord } from '../../services/backups/backup-records';
import {
  compareRecords, compareWithCatalog, restoreItems, restoreRecordItems, type Comparison, type RecordComparison, type RestoreSelection,
} from '../../services/backups/backups';

/** A price list and currency chosen, with the list's name as now. */
export interface ChosenList {
  target: PriceListTarget;
  name: string;
}

export type Compared = { kind: 'catalog'; comparison: Comparison } | { kind: 'records'; comparison: RecordComparison; chosen: ChosenList };

export const NO_PRICE_LISTS_MESSAGE =
  'No price lists were backed up then: this backup was taken before backups held price lists. Compare the catalog, or a later backup.';

/** The list and currency asked for (both or neither, the contract says), or null: the catalog. 404 for a list the company does not have. */
export async function chosenList(db: Database, companyId: string, q: { priceList?: number; currency?: string }): Promise<ChosenList | null> {
  if (q.priceList === undefined || q.currency === undefined) return null;
  const list = await db.priceLists.getList(companyId, q.priceList);
  if (!list) {
    throw new ApiError(ErrorCode.NOT_FOUND, `Price list ${q.priceList} was not found. Sync the store and try again.`, {
      fields: { priceList: 'Price list not found' },
    });
  }
  return { target: { priceListId: list.id, currency: q.currency }, name: list.name };
}

/** `state` (a backup's, or a moment's) against now: the catalog, or the chosen list's records (409 when it holds none). */
export async function compareChosen(
  db: Database, companyId: string, state: PriceState, at: Date, chosen: ChosenList | null, opts: { changes?: boolean } = {},
): Promise<Compared> {
  if (!chosen) return { kind: 'catalog', comparison: await compareWithCatalog(db, companyId, state, at, opts) };
  if (!state.records) throw new ApiError(ErrorCode.CONFLICT, NO_PRICE_LISTS_MESSAGE);
  const records = state.records.get(listKey(chosen.target.priceListId, chosen.target.currency)) ?? new Map<number, BackedUpRecord>();
  return { kind: 'records', comparison: await compareRecords(db, companyId, chosen.target, records, at, opts), chosen };
}

const money = (cents: number | null) => (cents === null ? null : formatCents(cents));
const prices = (p: ItemPrices): BackupPrices => ({ regularPrice: money(p.regular), salePrice: money(p.sale) });
const recordPrices = (r: BackedUpRecord | null): BackupPrices | null =>
  r && { regularPrice: money(r.price), salePrice: money(r.sale), retailPrice: money(r.retail), mapPrice: money(r.map) };

/** The comparison as GET .../diff answers it (without the backup and the moment). */
export function wireComparison(compared: Compared): Omit<BackupDiffResponse, 'backup' | 'at'> {
  const { unchanged, removed, added } = compared.comparison;
  if (compared.kind === 'catalog') {
    return {
      priceList: null,
      items: compared.comparison.items.map((l) => ({
        productId: l.productId, variantId: l.variantId, name: l.name, sku: l.sku,
        backup: prices(l.backup), current: prices(l.current), restorable: true, changes: l.changes,
      })),
      unchanged, removed, added,
    };
  }
  const { target, name } = compared.chosen;
  return {
    priceList: { id: target.priceListId, name, currency: target.currency },
    items: compared.comparison.items.map((l) => ({
      productId: l.productId, variantId: l.variantId, name: l.name, sku: l.sku,
      backup: recordPrices(l.backup), current: recordPrices(l.current), restorable: l.restorable, changes: l.changes,
    })),
    unchanged, removed, added,
  };
}

/** A restore's work-order items, its target (null: the catalog) and the name its title gives what it restores (null: the catalog). */
export async function restorePlan(db: Database, companyId: string, compared: Compared, selection: RestoreSelection): Promise<{
  items: WorkOrderItem[]; target: PriceListTarget | null; name: string | null;
}> {
  if (compared.kind === 'catalog') return { items: await restoreItems(db, companyId, compared.comparison.items, selection), target: null, name: null };
  const { target, name } = compared.chosen;
  return { items: await restoreRecordItems(db, companyId, compared.comparison.items, selection), target, name: targetName(target, name) };
}
