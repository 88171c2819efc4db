/**
 * GET /api/work-orders?includeArchived=: the list, newest first, polled every 5 seconds while
 * the screen shows (also in a background tab: the poll is a plain setInterval), so statuses move
 * from pending to completed without a reload. Every list received is also kept on the device
 * (local/work-orders-cache.ts), to be shown when the server cannot be reached.
 */
import { WorkOrderListResponse, type WorkOrder } from '@catalog/contracts/work-orders';
import { apiFetch } from '../../../lib/api-client';
import { invalidateApiQuery, useApiQuery } from '../../../lib/api-query';
import { saveWorkOrders } from '../../../local/work-orders-cache';

/** The spec's work-order list refresh (section 9). */
export const WORK_ORDERS_REFRESH_MS = 5000;

export const workOrdersQueryKey = (includeArchived: boolean) => `work-orders?includeArchived=${includeArchived}`;

export async function getWorkOrders(includeArchived: boolean): Promise<WorkOrder[]> {
  const orders = await apiFetch('/api/work-orders', { query: { includeArchived }, schema: WorkOrderListResponse });
  // Best effort, off the answer's path: the list on screen never waits for (or fails with) the
  // copy. A full device is reported where the merchant writes (drafts, the outbox), not every
  // 5 seconds from here.
  saveWorkOrders(includeArchived, orders).catch((err: unknown) => console.error('Keeping the work orders on this device failed', err));
  return orders;
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
