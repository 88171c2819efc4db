/**
 * The work-order part of the data layer's contract: orders, their items and price snapshots,
 * and the repository with the atomic claim and lease the executor relies on.
 * Re-exported by repositories.ts, which every caller imports.
 */
import type { WorkOrderStatus } from './repositories';

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
  /** Absent: leave unchanged. */
  newRegularPriceCents?: number;
  /** Absent: leave unchanged; null: clear the sale price. */
  newSalePriceCents?: number | null;
}
/** Prices read from the store just before execution; undo restores exactly these. */
export interface PriceSnapshot {
  productId: string;
  variantId: string | null;
  externalProductId: number;
  externalVariantId: number | null;
  regularPriceCents: number | null;
  salePriceCents: number | null;
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
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
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
  now?: Date;
}
export type WorkOrderPatch = Partial<Pick<WorkOrder,
  'title' | 'status' | 'archived' | 'originalPrices' | 'executedAt' | 'undoneAt' | 'error'
  | 'leaseOwner' | 'leaseExpiresAt' | 'scheduledAt' | 'storeHash'>>;
/** Conditions checked in the same statement as the write (compare-and-set). */
export interface WorkOrderGuard {
  status?: WorkOrderStatus | WorkOrderStatus[];
  leaseOwner?: string;
  archived?: boolean;
}

export interface WorkOrdersRepository {
  /** Idempotent on (companyId, idempotencyKey): a replay returns the first order, created=false. */
  create(companyId: string, input: NewWorkOrder): Promise<{ order: WorkOrder; created: boolean }>;
  get(companyId: string, id: string): Promise<WorkOrder | null>;
  /** Newest first. */
  list(companyId: string, opts?: { includeArchived?: boolean }): Promise<WorkOrder[]>;
  countByStatus(companyId: string): Promise<Record<WorkOrderStatus, number>>;
  /**
   * Global (scheduler): a due pending order (scheduledAt null or <= now) -> executing with a
   * lease, or takes over an executing order whose lease expired. One compare-and-set
   * statement: of many concurrent callers exactly one gets the order. Archived orders are
   * never claimed.
   */
  claim(id: string, leaseOwner: string, leaseMs: number, now: Date): Promise<WorkOrder | null>;
  /** Global (executor): extends a lease the caller still holds. */
  renewLease(id: string, leaseOwner: string, leaseMs: number, now: Date): Promise<boolean>;
  /** Global (scheduler): unarchived orders to claim now, oldest first. */
  due(now: Date, limit: number): Promise<WorkOrder[]>;
  /** Returns null when absent, another company's, or the guard does not hold. */
  update(companyId: string, id: string, patch: WorkOrderPatch, guard?: WorkOrderGuard, now?: Date): Promise<WorkOrder | null>;
  delete(companyId: string, id: string, guard?: WorkOrderGuard): Promise<boolean>;
}
