/**
 * POST /api/work-orders: the one place a new order is submitted. The body carries the form's
 * client-generated `id`, which the API treats as an idempotency key: sending the same body again
 * (a retry after a lost response, later the offline outbox) returns the same order.
 */
import { WorkOrder, type CreateWorkOrderInput } from '@catalog/contracts/work-orders';
import { apiFetch } from '../../../lib/api-client';
import { rememberWorkOrder } from '../utils/status-memory';
import { invalidateWorkOrders } from './get-work-orders';

/** The toast after a successful creation (spec section 8). */
export const CREATED_MESSAGE = 'Work order created successfully';
/** The failure fallback when the server gives no message (spec section 8). */
export const CREATE_FAILED_MESSAGE = 'Failed to create work order';

export async function createWorkOrder(body: CreateWorkOrderInput): Promise<WorkOrder> {
  const order = await apiFetch('/api/work-orders', { method: 'POST', body, schema: WorkOrder });
  // Seen as created, so the list notices when it completes even if that happens before it loads.
  rememberWorkOrder(order);
  invalidateWorkOrders();
  return order;
}
