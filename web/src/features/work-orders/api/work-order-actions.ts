/**
 * The per-order actions of the list: DELETE /api/work-orders/{id} (pending only), PATCH
 * /api/work-orders/{id}/archive (not while executing) and POST /api/work-orders/{id}/undo
 * (completed, not archived). The server writes with the same rules (contracts
 * WORK_ORDER_ACTION_GUARDS, which workOrderActions reads) and answers 409 with the reason when
 * the order changed meanwhile.
 */
import { MessageResponse } from '@catalog/contracts/common';
import type { WorkOrderAction } from '@catalog/contracts/work-order-rules';
import { WorkOrder } from '@catalog/contracts/work-orders';
import { apiFetch } from '../../../lib/api-client';

export type { WorkOrderAction };

const path = (id: string) => `/api/work-orders/${encodeURIComponent(id)}`;

export function deleteWorkOrder(id: string): Promise<MessageResponse> {
  return apiFetch(path(id), { method: 'DELETE', schema: MessageResponse });
}

export function archiveWorkOrder(id: string): Promise<WorkOrder> {
  return apiFetch(`${path(id)}/archive`, { method: 'PATCH', schema: WorkOrder });
}

/** Starts the undo: the order shows as executing until the original prices are back. */
export function undoWorkOrder(id: string): Promise<WorkOrder> {
  return apiFetch(`${path(id)}/undo`, { method: 'POST', schema: WorkOrder });
}

export function runWorkOrderAction(action: WorkOrderAction, id: string): Promise<unknown> {
  if (action === 'undo') return undoWorkOrder(id);
  if (action === 'archive') return archiveWorkOrder(id);
  return deleteWorkOrder(id);
}
