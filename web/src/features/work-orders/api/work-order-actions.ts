/**
 * The per-order actions of the list: DELETE /api/work-orders/{id} (pending only), PATCH
 * /api/work-orders/{id}/archive (not while executing), POST /api/work-orders/{id}/undo
 * (completed, not archived; its preview first) and PATCH /api/work-orders/{id} with revertAt
 * (the end: pending, or completed and not undone); and POST .../seen when a card that needed
 * attention was shown; POST .../approve and .../reject (issue 19, owners and admins). The server writes with the same rules (contracts
 * WORK_ORDER_ACTION_GUARDS, which workOrderActions reads) and answers 409 with the reason when
 * the order changed meanwhile.
 */
import { MessageResponse } from '@catalog/contracts/common';
import type { WorkOrderAction } from '@catalog/contracts/work-order-rules';
import { RevertReport, WorkOrder } from '@catalog/contracts/work-orders';
import { apiFetch } from '../../../lib/api-client';

export type { WorkOrderAction };

const path = (id: string) => `/api/work-orders/${encodeURIComponent(id)}`;

export function deleteWorkOrder(id: string): Promise<MessageResponse> {
  return apiFetch(path(id), { method: 'DELETE', schema: MessageResponse });
}

export function archiveWorkOrder(id: string): Promise<WorkOrder> {
  return apiFetch(`${path(id)}/archive`, { method: 'PATCH', schema: WorkOrder });
}

/** What an undo would do now: the store's prices read, each item restored, kept or unchanged. */
export function getUndoPreview(id: string): Promise<RevertReport> {
  return apiFetch(`${path(id)}/undo-preview`, { schema: RevertReport });
}

/**
 * Starts the undo: the order shows as executing until the prices are back. `force` restores
 * the items changed since too (their newer prices are overwritten).
 */
export function undoWorkOrder(id: string, force = false): Promise<WorkOrder> {
  return apiFetch(`${path(id)}/undo`, { method: 'POST', body: { force }, schema: WorkOrder });
}

/** Sets, moves or (null) removes the order's end. */
export function setWorkOrderEnd(id: string, revertAt: string | null): Promise<WorkOrder> {
  return apiFetch(path(id), { method: 'PATCH', body: { revertAt }, schema: WorkOrder });
}

/** An owner or admin lets a member's order run (issue 19): it becomes pending. */
export function approveWorkOrder(id: string): Promise<WorkOrder> {
  return apiFetch(`${path(id)}/approve`, { method: 'POST', schema: WorkOrder });
}

/** An owner or admin refuses a member's order, saying why (final). */
export function rejectWorkOrder(id: string, reason: string): Promise<WorkOrder> {
  return apiFetch(`${path(id)}/reject`, { method: 'POST', body: { reason }, schema: WorkOrder });
}

/** The order was shown to someone: the dashboard stops pointing at it. */
export function markWorkOrderSeen(id: string): Promise<WorkOrder> {
  return apiFetch(`${path(id)}/seen`, { method: 'POST', schema: WorkOrder });
}

export interface ActionOptions {
  /** Undo: restore the items changed since too. */
  force?: boolean;
  /** The end: an ISO time, or null to remove it. */
  revertAt?: string | null;
  /** Reject: why. */
  reason?: string;
}

export function runWorkOrderAction(action: WorkOrderAction, id: string, options: ActionOptions = {}): Promise<unknown> {
  if (action === 'undo') return undoWorkOrder(id, options.force ?? false);
  if (action === 'archive') return archiveWorkOrder(id);
  if (action === 'editEnd') return setWorkOrderEnd(id, options.revertAt ?? null);
  if (action === 'approve') return approveWorkOrder(id);
  if (action === 'reject') return rejectWorkOrder(id, options.reason ?? '');
  return deleteWorkOrder(id);
}
