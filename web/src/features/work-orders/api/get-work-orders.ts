/**
 * GET /api/work-orders?includeArchived=&cursor=&limit=: the list in pages of summaries (issue
 * 31: no items), newest first. The first page is polled every 5 seconds while the screen shows
 * (also in a background tab: the poll is a plain setInterval), so statuses move from pending to
 * completed without a reload; older pages load as the merchant scrolls. Every page received is
 * also kept on the device (local/work-orders-cache.ts), to be shown when the server cannot be
 * reached.
 *
 * GET /api/work-orders/{id}: one order with a page of its items and its whole revert report,
 * for what a card shows on demand. POST /api/work-orders/overlaps: the other orders an order
 * being made shares items with.
 */
import {
  WorkOrderDetail, WorkOrderListResponse, WorkOrderOverlapsResponse, type WorkOrderDetailParams, type PriceListTarget, type WorkOrderItem,
} from '@catalog/contracts/work-orders';
import { apiFetch } from '../../../lib/api-client';
import { invalidateApiQuery, useApiQuery } from '../../../lib/api-query';
import { saveWorkOrders } from '../../../local/work-orders-cache';

/** The spec's work-order list refresh (section 9). */
export const WORK_ORDERS_REFRESH_MS = 5000;

/** Orders a page of the screen holds: the first one is fetched every 5 seconds, so it stays small. */
export const WORK_ORDERS_PAGE_SIZE = 25;

export const workOrdersQueryKey = (includeArchived: boolean) => `work-orders?includeArchived=${includeArchived}`;

/** A page of the list: the first without `cursor`, the next with the `nextCursor` of the one before. */
export async function getWorkOrderPage(includeArchived: boolean, cursor: string | null = null): Promise<WorkOrderListResponse> {
  const page = await apiFetch('/api/work-orders', {
    query: { includeArchived, cursor, limit: WORK_ORDERS_PAGE_SIZE },
    schema: WorkOrderListResponse,
  });
  // Best effort, off the answer's path: the list on screen never waits for (or fails with) the
  // copy. A full device is reported where the merchant writes (drafts, the outbox), not every
  // 5 seconds from here.
  saveWorkOrders(includeArchived, page, { first: cursor === null })
    .catch((err: unknown) => console.error('Keeping the work orders on this device failed', err));
  return page;
}

/** The first page, polled. */
export function useWorkOrders(includeArchived: boolean) {
  return useApiQuery(workOrdersQueryKey(includeArchived), () => getWorkOrderPage(includeArchived), {
    refetchInterval: WORK_ORDERS_REFRESH_MS,
  });
}

/** After a change to any order: both lists (with and without archived orders) are fetched again. */
export function invalidateWorkOrders(): void {
  invalidateApiQuery(workOrdersQueryKey(false));
  invalidateApiQuery(workOrdersQueryKey(true));
}

/** One order with a page of its items (`itemsCursor` from the page before) and its whole revert report. */
export function getWorkOrderDetail(id: string, params: WorkOrderDetailParams = {}, signal?: AbortSignal): Promise<WorkOrderDetail> {
  return apiFetch(`/api/work-orders/${encodeURIComponent(id)}`, { query: { ...params }, schema: WorkOrderDetail, signal });
}

/** The company's other orders that share products or variants with these items (oldest first, bounded). */
/** `target`: the price list and currency of the order being made (issue 35); null: the catalog. */
export function getOverlaps(items: readonly Pick<WorkOrderItem, 'productId' | 'variantId'>[], signal?: AbortSignal, target: PriceListTarget | null = null): Promise<WorkOrderOverlapsResponse> {
  return apiFetch('/api/work-orders/overlaps', {
    method: 'POST',
    body: { items: items.map((i) => ({ productId: i.productId, variantId: i.variantId ?? null })), ...(target ? { target } : {}) },
    schema: WorkOrderOverlapsResponse,
    signal,
  });
}
