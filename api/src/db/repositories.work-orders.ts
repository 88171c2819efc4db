/**
 * The work-order part of the data layer's contract: orders, their items and price snapshots,
 * and the repository with the atomic claim and lease the executor relies on.
 * Re-exported (types) by repositories.ts, which every caller imports; the one class here,
 * WorkOrderCapError, is imported from this file.
 */
import type { PriceListTarget, RevertReport, RevertReportSummary, WorkOrderStatus } from '@catalog/contracts/work-orders';
import type { NewWorkOrderRun, WorkOrderSeries } from './repositories.work-order-series';
import type { KeysetPage } from './keyset';

// ---------------------------------------------------------------- work orders

/** One target of a work order; every variant change of a product is its own item. */
export interface WorkOrderItem {
  productId: string;
  productName: string;
  variantId?: string | null;
  variantSku?: string | null;
  /** The store's ids (what the API speaks and the executor writes); set by the API on create. */
  externalProductId?: number;
  externalVariantId?: number | null;
  /** Absent: leave unchanged; null (a variant's only): inherit the product's price again. */
  newRegularPriceCents?: number | null;
  /** Absent: leave unchanged; null: clear the sale price. */
  newSalePriceCents?: number | null;
  /** Absent: leave unchanged; null: no retail price (a variant's: inherit the product's). Issue 19. */
  newRetailPriceCents?: number | null;
  /**
   * A price list order's item that deletes the variant's record (no prices: the catalog's apply
   * again), as a restore to a moment before the record was created makes it (issue 36).
   */
  removeRecord?: true;
}
/** Prices read from the store just before execution; undo restores exactly these. */
export interface PriceSnapshot {
  productId: string;
  variantId: string | null;
  externalProductId: number;
  externalVariantId: number | null;
  regularPriceCents: number | null;
  salePriceCents: number | null;
  /** The retail price (MSRP); absent in snapshots taken before issue 19 (orders that did not set it). */
  retailPriceCents?: number | null;
  /**
   * A price list order's record (issue 35): its list, currency and MAP (never set by an order,
   * written back as it was). `exists` false: the variant had no record in the list, so the prices
   * above are the catalog's (what its customers paid, calculations.mdx) and an undo deletes the
   * record the order made.
   */
  priceList?: { id: number; currency: string; exists: boolean; mapPriceCents: number | null };
}
/** Who asked for an order's undo, and whether items changed since are restored too. */
export interface UndoRequest {
  /** 'manual': Undo pressed; 'end': the order's revertAt came. */
  trigger: 'manual' | 'end';
  force: boolean;
  /** The user who pressed Undo. */
  by: string | null;
  /** The items (target keys) the undo restores, saved before its first write so a resumed run restores the same. */
  restoreKeys?: string[];
}
export type { RevertReport };
export type * from './repositories.work-order-series';

/** What a change after creation touched (issue 31). */
export type WorkOrderChangedField = 'productUpdates' | 'scheduledAt' | 'executeImmediately' | 'revertAt' | 'title';
/**
 * One change made to an order after it was created (issue 31): who made it, in which role, when,
 * which fields, the times before and after (ISO strings; null: none), and whether it cleared an
 * approval (a member's change to an approved order, or to one awaiting approval).
 */
export interface WorkOrderChange {
  at: string;
  by: string;
  role: 'owner' | 'admin' | 'member';
  fields: WorkOrderChangedField[];
  scheduledAt?: { from: string | null; to: string | null };
  revertAt?: { from: string | null; to: string | null };
  items?: { from: number; to: number };
  approvalCleared: boolean;
}

export interface WorkOrder {
  id: string;
  companyId: string;
  createdBy: string | null;
  title: string;
  productUpdates: WorkOrderItem[];
  originalPrices: PriceSnapshot[] | null;
  scheduledAt: Date | null;
  executeImmediately: boolean;
  status: WorkOrderStatus;
  archived: boolean;
  createdAt: Date;
  executedAt: Date | null;
  undoneAt: Date | null;
  error: string | null;
  idempotencyKey: string | null;
  /** The store hash the order was made for (null: made before stores were recorded). */
  storeHash: string | null;
  /** The price list and currency whose records it changes (issue 35); null: the catalog's prices. */
  target: PriceListTarget | null;
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
  revertAt: Date | null;
  /** Set when an undo is asked for (the route, or the executor for an end-time revert). */
  undoRequest: UndoRequest | null;
  revertReport: RevertReport | null;
  warning: string | null;
  needsAttention: boolean;
  /** Who approved or rejected it (issue 19; user ids), when, and why it was rejected. */
  approvedBy: string | null;
  approvedAt: Date | null;
  rejectedBy: string | null;
  rejectedAt: Date | null;
  rejectionReason: string | null;
  /** Changes after creation, oldest first (bounded; issue 31); null: none yet. */
  changeLog: WorkOrderChange[] | null;
  /** The series it is a run of (issue 36) and which run (1: the first); null: it does not repeat. */
  seriesId: string | null;
  seriesRun: number | null;
  updatedAt: Date;
}
export interface NewWorkOrder {
  id?: string;
  createdBy?: string | null;
  title: string;
  productUpdates: WorkOrderItem[];
  scheduledAt?: Date | null;
  executeImmediately?: boolean;
  idempotencyKey?: string | null;
  storeHash?: string | null;
  revertAt?: Date | null;
  target?: PriceListTarget | null;
  /** Created waiting for approval (issue 19) rather than pending. */
  awaitingApproval?: boolean;
  /** An approval it carries (a later run of a series approved before, issue 36). */
  approvedBy?: string | null;
  approvedAt?: Date | null;
  /** Made failed, with this error and needing attention: a series' run the gate refused as it was made (issue 36). */
  failed?: string;
  series?: NewWorkOrderRun;
  /** Refuse (WorkOrderCapError) when the company already has this many waiting; checked in the insert's transaction. */
  caps?: WorkOrderCaps;
  now?: Date;
}
/**
 * Most orders one company may have waiting: immediate pending or executing, scheduled pending;
 * and most orders one member may have awaiting approval (issue 31: not counted in the others).
 */
export interface WorkOrderCaps {
  immediate: number;
  scheduled: number;
  awaitingApproval: number;
}
/** Thrown by create when the new order would pass a cap (nothing was written). */
export class WorkOrderCapError extends Error {
  override readonly name = 'WorkOrderCapError';
  constructor(readonly cap: keyof WorkOrderCaps, readonly limit: number) {
    super(cap === 'awaitingApproval' ? `the member already has ${limit} work orders awaiting approval` : `the company already has ${limit} ${cap} work orders waiting`);
  }
}
/**
 * What a list's card shows of an order's items, stored beside them when they are written
 * (create, and an update that replaces them), so a page never reads the items (issue 31).
 */
export interface WorkOrderCounts {
  itemCount: number;
  /** Distinct products. */
  productCount: number;
  /** Items that set a regular price or make a variant's inherit its product's again. */
  regularPriceUpdates: number;
  /** Items that set or clear a sale price. */
  salePriceUpdates: number;
  /** Items that set or clear a retail price. */
  retailPriceUpdates: number;
}
/**
 * An order without its items and price snapshots, and its revert report without items: what
 * a page of the list reads (issue 31).
 */
export interface WorkOrderSummary extends WorkOrderCounts, Pick<WorkOrder,
  'id' | 'companyId' | 'createdBy' | 'title' | 'scheduledAt' | 'executeImmediately' | 'status' | 'archived' | 'createdAt'
  | 'executedAt' | 'undoneAt' | 'error' | 'idempotencyKey' | 'revertAt' | 'warning' | 'target'
  | 'needsAttention' | 'approvedBy' | 'approvedAt' | 'rejectedBy' | 'rejectedAt' | 'rejectionReason' | 'seriesId' | 'seriesRun'> {
  /** Who asked for the undo in progress or done (undoRequest's trigger), or null. */
  undoTrigger: UndoRequest['trigger'] | null;
  revertReport: RevertReportSummary | null;
}
/** One order with a page of its items (0-based `offset`, at most `limit`) and its whole revert report. */
export interface WorkOrderDetail {
  order: WorkOrderSummary;
  items: WorkOrderItem[];
  revertReport: RevertReport | null;
  /** The changes made after creation (issue 31), oldest first; bounded (services/work-orders/change-log.ts). */
  changeLog: WorkOrderChange[];
}
export type WorkOrderPatch = Partial<Pick<WorkOrder,
  'title' | 'status' | 'archived' | 'originalPrices' | 'executedAt' | 'undoneAt' | 'error'
  | 'leaseOwner' | 'leaseExpiresAt' | 'scheduledAt' | 'storeHash' | 'revertAt' | 'undoRequest' | 'revertReport'
  | 'warning' | 'needsAttention' | 'approvedBy' | 'approvedAt' | 'rejectedBy' | 'rejectedAt' | 'rejectionReason'
  | 'productUpdates' | 'executeImmediately' | 'changeLog'>>;
/**
 * Conditions checked in the same statement as the write (compare-and-set). The routes pass
 * contracts' WORK_ORDER_ACTION_GUARDS as they are.
 */
export interface WorkOrderGuard {
  status?: WorkOrderStatus | readonly WorkOrderStatus[];
  leaseOwner?: string;
  archived?: boolean;
}

export interface WorkOrdersRepository {
  /**
   * Idempotent on (companyId, idempotencyKey): a replay returns the first order, created=false
   * (also when the company is at a cap). With `caps`, a new order over one throws WorkOrderCapError.
   */
  create(companyId: string, input: NewWorkOrder): Promise<{ order: WorkOrder; created: boolean }>;
  get(companyId: string, id: string): Promise<WorkOrder | null>;
  /** The titles of the company's orders among `ids` (absent and other companies' left out). */
  titles(companyId: string, ids: readonly string[]): Promise<Map<string, string>>;
  /** Who approved each of the company's orders among `ids` (user ids; orders never approved left out). */
  approvers(companyId: string, ids: readonly string[]): Promise<Map<string, string>>;
  /** The company's order created with this idempotency key (a client's id), or null. */
  getByIdempotencyKey(companyId: string, key: string): Promise<WorkOrder | null>;
  /** Newest first; `needsAttention`: only those the dashboard points at. */
  list(companyId: string, opts?: { includeArchived?: boolean; needsAttention?: boolean }): Promise<WorkOrder[]>;
  /**
   * A page of the list (issue 31): at most `limit` summaries, newest first (createdAt, then id),
   * after the key `after` (keyset.ts). Reads neither the items nor the price snapshots.
   */
  listSummaries(companyId: string, opts: KeysetPage & { includeArchived?: boolean }): Promise<WorkOrderSummary[]>;
  /** The company's orders among `ids` as summaries (absent and other companies' left out), in no order. */
  getSummaries(companyId: string, ids: readonly string[]): Promise<WorkOrderSummary[]>;
  /** The order with its items from `offset` (at most `limit`, in their order) and its whole revert report; null when absent or another company's. */
  getDetail(companyId: string, id: string, items: { offset: number; limit: number }): Promise<WorkOrderDetail | null>;
  /**
   * The company's orders that may still meet a new order's prices (contracts'
   * isOverlapCandidate, in SQL) and have an item among `targets` (contracts' itemTarget), by id.
   * Read from the targets index, never from the items, and bounded: at most `pairs` (order,
   * target) matches are read; when there are more, `complete` is false and `ids` are the
   * orders found among those read (many orders sharing many items).
   */
  overlapCandidates(companyId: string, targets: readonly string[], now: Date, pairs?: number): Promise<{ ids: string[]; complete: boolean }>;
  /**
   * What the company's orders among `ids` (in the order they are listed) share with `targets`,
   * from the targets index: how many each shares, and each shared target once, under the first
   * of `ids` that has it. Orders that share none are left out.
   */
  sharedTargets(companyId: string, ids: readonly string[], targets: readonly string[]): Promise<Map<string, { shared: number; targets: string[] }>>;
  /**
   * Every pair of the company's orders among `ids` that share a target (the campaign calendar's
   * overlaps, issue 36), `a` < `b`, with how many: a self-join of the targets index, bounded like
   * overlapCandidates (at most `pairs` (a, b, target) matches read; beyond, `complete` is false).
   */
  overlapPairs(companyId: string, ids: readonly string[], pairs?: number): Promise<{ pairs: { a: string; b: string; shared: number }[]; complete: boolean }>;
  countByStatus(companyId: string): Promise<Record<WorkOrderStatus, number>>;
  /**
   * Global (scheduler): a due pending order (scheduledAt null or <= now) -> executing with a
   * lease, or takes over an executing order whose lease expired. One compare-and-set
   * statement: of many concurrent callers exactly one gets the order. A completed order whose
   * revertAt has come (and whose undo has not failed) is claimed too: executing with executedAt
   * set is an undo. Archived pending orders are never claimed (an archived order's end still
   * comes), nor an order of a company that has another one executing under a live lease
   * (atomic against concurrent claims in other processes too).
   */
  claim(id: string, leaseOwner: string, leaseMs: number, now: Date): Promise<WorkOrder | null>;
  /** Global (executor): extends a lease the caller still holds. */
  renewLease(id: string, leaseOwner: string, leaseMs: number, now: Date): Promise<boolean>;
  /**
   * Global (scheduler): at most one order per company, its oldest claimable one, for companies
   * with no order executing under a live lease. Round-robin across companies: the companies
   * whose last claim is the longest ago (or that never had one) first, then by the order's age;
   * `claim` records each company's turn in the database, so the rotation holds across
   * processes and restarts. Reads only claimable rows.
   */
  due(now: Date, limit: number): Promise<WorkOrder[]>;
  /**
   * The company connected the store `storeHash`: its pending orders (immediate and scheduled)
   * made for another store (or before stores were recorded) become failed with `error`, in one
   * statement; the series of those that were runs end (issue 36). Returns how many.
   */
  cancelPendingOfOtherStores(companyId: string, storeHash: string, error: string, now?: Date): Promise<number>;
  /**
   * Returns null when absent, another company's, or the guard does not hold. A patch with
   * `productUpdates` writes their counts and targets (WorkOrderCounts, the targets index) in the
   * same transaction, so the list and the overlaps never disagree with the items.
   */
  update(companyId: string, id: string, patch: WorkOrderPatch, guard?: WorkOrderGuard, now?: Date): Promise<WorkOrder | null>;
  /**
   * `update` that answers only whether it held (the executor's snapshot and status writes): an
   * order of 10,000 items is megabytes of JSON that `update` would read back.
   */
  set(companyId: string, id: string, patch: WorkOrderPatch, guard?: WorkOrderGuard, now?: Date): Promise<boolean>;
  delete(companyId: string, id: string, guard?: WorkOrderGuard): Promise<boolean>;
  /** The company's series among `ids` (issue 36), by id; absent and other companies' left out. */
  series(companyId: string, ids: readonly string[]): Promise<Map<string, WorkOrderSeries>>;
  /** Ends the company's series `id` with `reason`, unless it ended already (the first reason stays); whether it did. */
  endSeries(companyId: string, id: string, reason: string, now?: Date): Promise<boolean>;
}
