/**
 * Taking a backup (the daily job, right before a work order runs, "Back up now"): a delta on the
 * company's newest backup or a full snapshot (backups.ts says when), and when it expires.
 */
import { BACKUP_RETENTION, type BackupTrigger } from '@catalog/contracts/backups';
import { planHasFeature } from '@catalog/contracts/plans';
import type { Database, PriceSnapshot, StoredBackup, WorkOrder } from '../../db/repositories';
import type { Logger } from '../../lib/logger';
import { changedPrices, deltaBetween, deltaSize, encodeDelta, encodeFull } from './backup-codec';
import { recordCount } from './backup-records';
import { MAX_CHAIN, readBackupState, stateOfCatalog, withSnapshot } from './backup-state';

/** A delta that would hold more than this share of the items is stored as a full snapshot. */
const FULL_SHARE = 0.25;
const DAY_MS = 86_400_000;

export interface TakeBackupInput {
  trigger: BackupTrigger;
  /** At most one backup of the company per key (the daily job's day, a work order's id). */
  dedupeKey?: string | null;
  workOrderId?: string | null;
  createdBy?: string | null;
  /** A work order's snapshot, over the catalog's prices (a price list order's: over its records). */
  snapshot?: readonly PriceSnapshot[];
  now?: Date;
}

/** When a backup's retention ends: on-demand after a year, a work order's after 30 days, daily ones by count. */
export function expiryOf(trigger: BackupTrigger, createdAt: Date): Date | null {
  if (trigger === 'manual') return new Date(createdAt.getTime() + BACKUP_RETENTION.manualDays * DAY_MS);
  if (trigger === 'work_order') return new Date(createdAt.getTime() + BACKUP_RETENTION.workOrderDays * DAY_MS);
  return null;
}

/**
 * Takes a backup of the company's catalog and price list records now. Null when the company already has a backup with
 * this `dedupeKey` (taken by another process, or by an earlier run of the same work order).
 */
export async function takeBackup(db: Database, companyId: string, input: TakeBackupInput): Promise<StoredBackup | null> {
  const createdAt = input.now ?? new Date();
  const [prices, records] = await Promise.all([db.backups.catalogPrices(companyId), db.backups.priceListRecords(companyId)]);
  const catalog = stateOfCatalog(prices, records);
  const state = input.snapshot ? withSnapshot(catalog, input.snapshot) : catalog;
  const storeHash = (await db.settings.get(companyId))?.storeHash ?? null;
  const items = state.products.size + state.variants.size + recordCount(state.records);

  const latest = await db.backups.latest(companyId);
  const previous = latest ? await readBackupState(db, companyId, latest) : null;
  const sameStore = latest !== null && latest.storeHash === storeHash;
  const delta = previous && sameStore ? deltaBetween(previous, state) : null;
  const asDelta = latest !== null && delta !== null && latest.depth + 1 < MAX_CHAIN && deltaSize(delta) <= Math.max(16, items * FULL_SHARE);

  const row = {
    trigger: input.trigger,
    dedupeKey: input.dedupeKey ?? null,
    workOrderId: input.workOrderId ?? null,
    createdBy: input.createdBy ?? null,
    storeHash,
    productCount: state.products.size,
    variantCount: state.variants.size,
    changedCount: previous && sameStore ? changedPrices(previous, state) : null,
    createdAt,
    expiresAt: expiryOf(input.trigger, createdAt),
  };
  const full = async () => db.backups.create(companyId, { ...row, parentId: null, depth: 0, data: await encodeFull(state) });
  if (!asDelta) return full();
  try {
    return await db.backups.create(companyId, { ...row, parentId: latest.id, depth: latest.depth + 1, data: await encodeDelta(delta) });
  } catch (err) {
    // The backup it rests on was deleted meanwhile (retention, in another process): store it whole.
    if (await db.backups.get(companyId, latest.id)) throw err;
    return full();
  }
}

/** The dedupe key of a company's daily backup: one per UTC day. */
export const dailyKey = (at: Date) => `daily:${at.toISOString().slice(0, 10)}`;

/**
 * The backup right before a work order writes its prices (its snapshot over the catalog, or a
 * price list order's over the records), for a company whose plan has backups. Once per order: a resumed run finds it taken. Never stops the
 * order: a failure is logged (the order's own snapshot still serves its undo).
 */
export async function backupBeforeWorkOrder(db: Database, order: Pick<WorkOrder, 'id' | 'companyId' | 'createdBy'>, snapshot: readonly PriceSnapshot[], log: Logger): Promise<void> {
  try {
    const company = await db.companies.get(order.companyId);
    if (!company || !planHasFeature(company.subscriptionPlan, 'pricingBackups')) return;
    await takeBackup(db, order.companyId, {
      trigger: 'work_order', dedupeKey: `work_order:${order.id}`, workOrderId: order.id, createdBy: order.createdBy, snapshot,
    });
  } catch (err) {
    log.warn('the backup before a work order failed; the order runs on', { error: err instanceof Error ? err.message : String(err) });
  }
}
