/**
 * The backups conditions and rows both dialects' repositories use (sqlite/backups.ts,
 * pg/backups.ts), written once against a table of either schema: what a listed backup is, which
 * ones retention let go, which expired ones nothing rests on, which companies lack a backup.
 */
import { and, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { BackedUpRecordRow, BackupRow, BackupTrigger, NewBackup } from './repositories.backups';
import type { Twin } from './repository-shared';

type Backups = Twin<'backups'>;

type Records = Twin<'priceListRecords'>;

/** The company's live price list records (or only one list's in one currency). */
export function liveRecordsOf(r: Records, companyId: string, only?: { priceListId: number; currency: string }): SQL | undefined {
  return and(eq(r.companyId, companyId), isNull(r.deletedAt), only ? and(eq(r.priceListId, only.priceListId), eq(r.currency, only.currency)) : undefined);
}

/** The columns of a record a backup holds (repositories.backups.ts BackedUpRecordRow). */
export function backedUpRecordColumns<T extends Records>(r: T) {
  return {
    priceListId: r.priceListId, currency: r.currency, variantId: r.variantId, productId: r.productId,
    priceCents: r.priceCents, salePriceCents: r.salePriceCents, retailPriceCents: r.retailPriceCents, mapPriceCents: r.mapPriceCents,
  } as { [K in keyof BackedUpRecordRow]: T[K] };
}

/** The backup `id`, only in `companyId`. */
export function backupInCompany(b: Backups, companyId: string, id: string): SQL | undefined {
  return and(eq(b.companyId, companyId), eq(b.id, id));
}

/** The company's listed backups: those whose retention has not ended. */
export function listedBackups(b: Backups, companyId: string): SQL | undefined {
  return and(eq(b.companyId, companyId), isNull(b.expiredAt));
}

/** The company's backups of `trigger` taken at or after `since`. */
export function backupsSince(b: Backups, companyId: string, trigger: BackupTrigger, since: Date): SQL | undefined {
  return and(eq(b.companyId, companyId), eq(b.trigger, trigger), gte(b.createdAt, since));
}

/** Not expired yet, and past its own end of retention at `now`. */
export function pastRetention(b: Backups, now: Date): SQL | undefined {
  return and(isNull(b.expiredAt), isNotNull(b.expiresAt), lte(b.expiresAt, now));
}

/**
 * Not expired yet, daily, and with `keep` newer daily backups of its company (table names
 * written out: the subquery reads the same table under another name).
 */
export function beyondNewestDaily(b: Backups, keep: number): SQL | undefined {
  return and(isNull(b.expiredAt), eq(b.trigger, 'daily'), sql`(select count(*) from backups newer
    where newer.company_id = ${b.companyId} and newer.trigger = 'daily' and newer.created_at > ${b.createdAt}) >= ${keep}`);
}

/**
 * Expired, no backup rests on it, and not its company's newest (the next backup of the company
 * may be a delta on it). Read in a DELETE, so its table is named `backups` in the subqueries.
 */
export function unneededBackups(): SQL {
  return sql`expired_at is not null
    and not exists (select 1 from backups child where child.parent_id = backups.id)
    and exists (select 1 from backups newer where newer.company_id = backups.company_id and newer.created_at > backups.created_at)`;
}

/** Companies on one of `plans` with a live product and no backup keyed `dedupeKey` (of `companies`). */
export function companiesWithoutBackupWhere(c: Twin<'companies'>, dedupeKey: string, plans: readonly string[]): SQL | undefined {
  return and(
    inArray(c.subscriptionPlan, [...plans]),
    sql`exists (select 1 from products p where p.company_id = ${c.id} and p.deleted_at is null)`,
    sql`not exists (select 1 from backups b where b.company_id = ${c.id} and b.dedupe_key = ${dedupeKey})`,
  );
}

/** The row a new backup is inserted as. */
export function newBackupRow(companyId: string, input: NewBackup) {
  return {
    id: input.id ?? crypto.randomUUID(),
    companyId,
    trigger: input.trigger,
    dedupeKey: input.dedupeKey ?? null,
    workOrderId: input.workOrderId ?? null,
    createdBy: input.createdBy ?? null,
    storeHash: input.storeHash ?? null,
    productCount: input.productCount,
    variantCount: input.variantCount,
    changedCount: input.changedCount,
    parentId: input.parentId,
    depth: input.depth,
    data: input.data,
    createdAt: input.createdAt,
    expiresAt: input.expiresAt ?? null,
    expiredAt: null,
  };
}

/** The columns of a listed backup (everything but its data). */
export function backupRowColumns<T extends Backups>(b: T) {
  return {
    id: b.id, companyId: b.companyId, trigger: b.trigger, dedupeKey: b.dedupeKey, workOrderId: b.workOrderId, createdBy: b.createdBy,
    storeHash: b.storeHash, productCount: b.productCount, variantCount: b.variantCount, changedCount: b.changedCount,
    parentId: b.parentId, depth: b.depth, createdAt: b.createdAt, expiresAt: b.expiresAt, expiredAt: b.expiredAt,
  } as { [K in keyof BackupRow]: T[K] };
}
