/**
 * The backups part of the data layer's contract (issue 17): stored backups (a full snapshot or
 * a delta on another backup, the bytes services/backups/backup-codec.ts writes), what the
 * scheduler asks (which companies lack today's backup, what retention let go), and the lean
 * reads a backup is taken from: a catalog's prices and its price list records (issue 35). Re-exported by repositories.ts.
 *
 * A backup is only ever inserted, marked expired and deleted: its data never changes, so a
 * delta resting on it stays readable for as long as it is there. The scheduler deletes an
 * expired backup only once no other backup rests on it (and never a company's newest, which the
 * next backup may be about to rest on).
 */
import type { BackupTrigger } from '@catalog/contracts/backups';
import type { KeysetPage } from './keyset';

export type { BackupTrigger };

/** A backup without its data, as listed. */
export interface BackupRow {
  id: string;
  companyId: string;
  trigger: BackupTrigger;
  /** At most one backup per company and key ('daily:2030-03-08', 'work_order:<id>'); null for on-demand ones. */
  dedupeKey: string | null;
  workOrderId: string | null;
  createdBy: string | null;
  storeHash: string | null;
  productCount: number;
  variantCount: number;
  /** Prices that differ from the backup before it; null for a company's first. */
  changedCount: number | null;
  /** The backup `data` is a delta on; null: `data` is a full snapshot. */
  parentId: string | null;
  /** Deltas down from the nearest full snapshot (0 for a full one). */
  depth: number;
  createdAt: Date;
  /** When its retention ends; null: kept by count (daily). */
  expiresAt: Date | null;
  /** Set once its retention ended: no longer listed, kept while a later backup rests on it. */
  expiredAt: Date | null;
}

export interface StoredBackup extends BackupRow {
  data: Buffer;
}

export interface NewBackup {
  id?: string;
  trigger: BackupTrigger;
  dedupeKey?: string | null;
  workOrderId?: string | null;
  createdBy?: string | null;
  storeHash?: string | null;
  productCount: number;
  variantCount: number;
  changedCount: number | null;
  parentId: string | null;
  depth: number;
  data: Buffer;
  createdAt: Date;
  expiresAt?: Date | null;
}

/** A company's live catalog, prices only (with names for people), by ascending store id. */
export interface CatalogPrices {
  products: Array<{
    externalId: number; name: string; sku: string | null; regularPriceCents: number; salePriceCents: number | null;
    /** The store's id of the variant that is the product itself (a product without options carries its price list records on it). */
    baseVariantId: number | null;
  }>;
  /** Live variants of live products. */
  variants: Array<{ externalId: number; productExternalId: number; variantSku: string | null; regularPriceCents: number | null; salePriceCents: number | null }>;
}

/** A live price list record's prices (issue 35), as a backup holds it. */
export interface BackedUpRecordRow {
  priceListId: number;
  currency: string;
  variantId: number;
  productId: number;
  priceCents: number;
  salePriceCents: number | null;
  retailPriceCents: number | null;
  mapPriceCents: number | null;
}

export interface BackupsRepository {
  /**
   * Inserts a backup. Null (nothing written) when the company has one with this `dedupeKey`
   * already (the daily job in another process, a resumed work-order run). Rejects when
   * `parentId` is no longer there (deleted meanwhile): take a full snapshot then.
   */
  create(companyId: string, input: NewBackup): Promise<StoredBackup | null>;
  /** A backup with its data, listed or expired (a delta's chain may run through expired ones). */
  get(companyId: string, id: string): Promise<StoredBackup | null>;
  /** The company's backup with this dedupe key (listed or expired), or null. */
  findByKey(companyId: string, dedupeKey: string): Promise<BackupRow | null>;
  /** Listed backups (not expired), newest first by (createdAt, id), without their data; all of them without `page`. */
  list(companyId: string, page?: KeysetPage): Promise<BackupRow[]>;
  /** The company's newest backup, expired or not: the one the next backup is a delta on. */
  latest(companyId: string): Promise<BackupRow | null>;
  /** The newest listed backup taken at or before `at`. */
  latestAt(companyId: string, at: Date): Promise<BackupRow | null>;
  /** Backups of `trigger` taken at or after `since`. */
  countSince(companyId: string, trigger: BackupTrigger, since: Date): Promise<number>;
  /**
   * Global (scheduler): companies on one of `plans` with a live product and no backup keyed
   * `dedupeKey`, at most `limit`.
   */
  companiesWithout(dedupeKey: string, plans: readonly string[], limit: number): Promise<string[]>;
  /**
   * Global (scheduler): marks expired the backups whose retention ended at `now`: past their
   * `expiresAt`, and daily ones with `keepDaily` newer daily backups of their company. Returns how many.
   */
  expire(now: Date, keepDaily: number): Promise<number>;
  /**
   * Global (scheduler): deletes expired backups that no other backup rests on and that are not
   * their company's newest, again and again (a chain unwinds from its end) until none is left
   * or `limit` were deleted. Returns how many.
   */
  deleteUnneeded(limit: number): Promise<number>;
  /** The company's live products and variants with their prices. */
  catalogPrices(companyId: string): Promise<CatalogPrices>;
  /** The company's live price list records (every list and currency, or only `only`'s), by list, currency and variant. */
  priceListRecords(companyId: string, only?: { priceListId: number; currency: string }): Promise<BackedUpRecordRow[]>;
}
