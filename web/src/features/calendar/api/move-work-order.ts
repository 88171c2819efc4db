/**
 * A move of an order's start or end: PATCH /api/work-orders/{id} with the new scheduledAt and/or
 * revertAt (contracts UpdateWorkOrderBody, planned by contracts planMove). The server passes it
 * through the gate: a change before the run by a member, while the company requires approval,
 * puts the order back to awaiting approval. What it answers goes into the device's copy at once
 * (keepMovedOrder), so the calendar shows the order where it now is without waiting for the list.
 * The outbox queues only new orders and price edits, not changes to an order: a move needs the
 * server (the calendar does not offer it offline).
 */
import { WorkOrder, WorkOrderSummary, type UpdateWorkOrderBody } from '@catalog/contracts/work-orders';
import { apiFetch } from '../../../lib/api-client';
import { deviceCatalog } from '../../../local/device-catalog';

export function moveWorkOrder(id: string, body: Pick<UpdateWorkOrderBody, 'scheduledAt' | 'revertAt'>): Promise<WorkOrder> {
  return apiFetch(`/api/work-orders/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: WorkOrder });
}

/** What a move changes of an order's summary (its status too: the gate may have cleared an approval). */
const MOVED_FIELDS = ['scheduledAt', 'revertAt', 'executeImmediately', 'status', 'approvedBy', 'approvedAt'] as const;

/** The server's answer to a move, into the order's row of the device's copy (when it has the order). */
export async function keepMovedOrder(updated: WorkOrder): Promise<void> {
  const db = deviceCatalog.db();
  if (!db) return;
  await db.transaction('rw', db.workOrders, async () => {
    const row = await db.workOrders.get(updated.id);
    const kept = row && WorkOrderSummary.safeParse(row.order);
    if (!row || !kept?.success) return;
    const order = { ...kept.data };
    for (const field of MOVED_FIELDS) Object.assign(order, { [field]: updated[field] });
    await db.workOrders.put({ ...row, order });
  });
}
