/** The company's backups as the API lists them: with the titles of their orders and the names of who took them. */
import { displayName } from '@catalog/contracts/auth';
import type { Backup as WireBackup, BackupListQuery, BackupListResponse } from '@catalog/contracts/backups';
import { pageOf, timeIdCursor } from '@catalog/contracts/paging';
import type { BackupRow, Database } from '../../db/repositories';

/** A page of the company's listed backups as the API lists them (GET /api/backups, issue 31). */
export async function backupPage(db: Database, companyId: string, query: BackupListQuery): Promise<BackupListResponse> {
  // One more than the page: whether another page follows.
  const rows = await db.backups.list(companyId, { after: query.cursor, limit: query.limit + 1 });
  const { items, nextCursor } = pageOf(rows, query.limit, (r) => timeIdCursor({ at: r.createdAt, id: r.id }));
  return { backups: await describeBackups(db, companyId, items), nextCursor };
}

/** The backups as listed, with the titles of their orders and the names of who took them. */
export async function describeBackups(db: Database, companyId: string, rows: readonly BackupRow[]): Promise<WireBackup[]> {
  const [users, settings] = await Promise.all([db.users.listByCompany(companyId), db.settings.get(companyId)]);
  const names = new Map(users.map((u) => [u.id, displayName(u)]));
  const titles = await orderTitles(db, companyId, rows.map((r) => r.workOrderId));
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    trigger: r.trigger,
    workOrder: r.workOrderId && titles.has(r.workOrderId) ? { id: r.workOrderId, title: titles.get(r.workOrderId)! } : null,
    createdBy: r.trigger === 'manual' && r.createdBy ? (names.get(r.createdBy) ?? null) : null,
    productCount: r.productCount,
    variantCount: r.variantCount,
    changedCount: r.changedCount,
    otherStore: isOtherStore(r, settings?.storeHash ?? null),
  }));
}

/** Taken from another store than the one connected now (a backup or a store from before stores were recorded counts as this one's). */
export const isOtherStore = (backup: Pick<BackupRow, 'storeHash'>, storeHash: string | null) =>
  backup.storeHash !== null && storeHash !== null && backup.storeHash !== storeHash;

/** The titles of the company's work orders among `ids`, by id. */
export async function orderTitles(db: Database, companyId: string, ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
  const wanted = ids.filter((id): id is string => id !== null);
  return wanted.length === 0 ? new Map() : db.workOrders.titles(companyId, wanted);
}
