/**
 * GET /api/work-orders?includeArchived=: the list, newest first, polled every 5 seconds while
 * the screen shows (also in a background tab: the poll is a plain setInterval), so statuses move
 * from pending to completed without a reload.
 */
import { WorkOrderListResponse, type WorkOrder } from '@catalog/contracts/work-orders';
import { apiFetch } from '../../../lib/api-client';
import { invalidateApiQuery, useApiQuery } from '../../../lib/api-query';

/** The spec's work-order list refresh (section 9). */
export const WORK_ORDERS_REFRESH_MS = 5000;

export const workOrdersQueryKey = (includeArchived: boolean) => `work-orders?includeArchived=${includeArchived}`;

export function getWorkOrders(includeArchived: boolean): Promise<WorkOrder[]> {
  return apiFetch('/api/work-orders', { query: { includeArchived }, schema: WorkOrderListResponse });
}

export function useWorkOrders(includeArchived: boolean) {
  return useApiQuery(workOrdersQueryKey(includeArchived), () => getWorkOrders(includeArchived), {
    refetchInterval: WORK_ORDERS_REFRESH_MS,
  });
}

/** After a change to any order: both lists (with and without archived orders) are fetched again. */
export function invalidateWorkOrders(): void {
  invalidateApiQuery(workOrdersQueryKey(false));
  invalidateApiQuery(workOrdersQueryKey(true));
}
