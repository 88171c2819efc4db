/**
 * The rules of a work order's life that the list screen and the API both apply: which actions
 * an order offers (spec section 4), when a scheduled order is due, and its summary counts.
 */
import type { WorkOrder, WorkOrderItem, WorkOrderStatus } from './work-orders';

export interface WorkOrderActions {
  /** Only a completed, unarchived order can be undone; undo reverts every price it set. */
  undo: boolean;
  /** Any unarchived order that is not executing right now. */
  archive: boolean;
  /** Only a pending order (nothing has been written to the store yet). */
  delete: boolean;
}

export function workOrderActions(order: { status: WorkOrderStatus; archived: boolean }): WorkOrderActions {
  return {
    undo: order.status === 'completed' && !order.archived,
    archive: !order.archived && order.status !== 'executing',
    delete: order.status === 'pending',
  };
}

/** Statuses after which nothing more happens to an order unless someone undoes it. */
export const FINAL_WORK_ORDER_STATUSES: readonly WorkOrderStatus[] = ['completed', 'failed', 'undone'];

/** A pending order runs now if immediate, else once its scheduled time has come. */
export function isWorkOrderDue(
  order: Pick<WorkOrder, 'status' | 'executeImmediately' | 'scheduledAt'>,
  now: Date,
): boolean {
  if (order.status !== 'pending') return false;
  if (order.executeImmediately) return true;
  return order.scheduledAt != null && Date.parse(order.scheduledAt) <= now.getTime();
}

export interface WorkOrderCounts {
  productCount: number;
  regularPriceUpdates: number;
  salePriceUpdates: number;
}

/** The counts a work order card shows: products touched, regular and sale price changes. */
export function countWorkOrderUpdates(
  items: readonly Pick<WorkOrderItem, 'productId' | 'newRegularPrice' | 'newSalePrice'>[],
): WorkOrderCounts {
  const products = new Set<number>();
  let regularPriceUpdates = 0;
  let salePriceUpdates = 0;
  for (const item of items) {
    products.add(item.productId);
    if (typeof item.newRegularPrice === 'string') regularPriceUpdates += 1;
    if (item.newSalePrice !== undefined) salePriceUpdates += 1;
  }
  return { productCount: products.size, regularPriceUpdates, salePriceUpdates };
}

/**
 * How many orders one company may have waiting (issue 14): immediate ones pending or executing,
 * and scheduled ones pending. Over a cap, creating one more answers 429 TOO_MANY_ORDERS with
 * `tooManyOrdersMessage`; the device's outbox keeps such an order queued and sends it later.
 */
export const WORK_ORDER_CAPS = { immediate: 20, scheduled: 500 } as const;

export type WorkOrderCap = keyof typeof WORK_ORDER_CAPS;

/** What the API says when a company is at a cap, and what the user can do about it. */
export function tooManyOrdersMessage(cap: WorkOrderCap): string {
  return cap === 'immediate'
    ? `Your company already has ${WORK_ORDER_CAPS.immediate} work orders waiting to run. Wait for them to finish, or delete pending ones, then try again.`
    : `Your company already has ${WORK_ORDER_CAPS.scheduled} scheduled work orders. Delete pending ones you no longer need, or wait for some to run, then try again.`;
}

/** The error of an order cancelled because its company connected another store (it was made for the old one). */
export const STORE_CHANGED_ERROR = 'Cancelled: the store connection changed';

/** Why an order made for another store cannot be undone. */
export function undoOtherStoreMessage(storeHash: string): string {
  return `This work order changed prices in another store (${storeHash}); undo is not possible after the store connection changed`;
}
