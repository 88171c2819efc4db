/**
 * The work-order statuses this tab has seen, kept for the whole session rather than per mount:
 * an order created a moment ago (rememberWorkOrder) that has already completed when the list
 * first loads still counts as a change, and revisiting the list does not report old news again.
 */
import type { WorkOrder, WorkOrderStatus } from '@catalog/contracts/work-orders';

const PRICE_CHANGING: ReadonlySet<WorkOrderStatus> = new Set(['completed', 'undone']);

const knownStatuses = new Map<string, WorkOrderStatus>();

/** Records an order's status as seen (after creating it, or after an action's answer). */
export function rememberWorkOrder(order: Pick<WorkOrder, 'id' | 'status'>): void {
  knownStatuses.set(order.id, order.status);
}

/** What changed since the statuses last seen; updates them. */
export function noteStatuses(orders: readonly Pick<WorkOrder, 'id' | 'status'>[]): { changed: boolean; prices: boolean } {
  let changed = false;
  let prices = false;
  for (const { id, status } of orders) {
    const was = knownStatuses.get(id);
    knownStatuses.set(id, status);
    if (was === status) continue;
    if (was === undefined) {
      changed ||= status === 'pending' || status === 'awaiting_approval';
      continue;
    }
    changed = true;
    prices ||= PRICE_CHANGING.has(status);
  }
  return { changed, prices };
}
