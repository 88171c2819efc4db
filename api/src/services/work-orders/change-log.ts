/**
 * The change log of a work order (issue 31): each change made after creation, with who made it,
 * in which role, when, what it touched (the start and end before and after, the item counts),
 * and whether it cleared an approval. Kept on the order, bounded: the newest
 * WORK_ORDER_CHANGE_LOG_MAX entries.
 */
import type { Role } from '@catalog/contracts/roles';
import type { WorkOrder, WorkOrderChange, WorkOrderChangedField, WorkOrderItem } from '../../db/repositories';

/** The most changes one order keeps; older ones are dropped (the newest tell what runs). */
export const WORK_ORDER_CHANGE_LOG_MAX = 50;

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** The order's log with this change appended (undefined values: not changed). */
export function recordChange(
  order: Pick<WorkOrder, 'changeLog' | 'scheduledAt' | 'revertAt' | 'productUpdates' | 'executeImmediately'>,
  change: {
    at: Date;
    by: string;
    role: Role;
    approvalCleared: boolean;
    productUpdates?: WorkOrderItem[];
    scheduledAt?: Date | null;
    executeImmediately?: boolean;
    revertAt?: Date | null;
  },
): WorkOrderChange[] {
  const fields: WorkOrderChangedField[] = [];
  const entry: WorkOrderChange = { at: change.at.toISOString(), by: change.by, role: change.role, fields, approvalCleared: change.approvalCleared };
  if (change.productUpdates !== undefined) {
    fields.push('productUpdates');
    entry.items = { from: order.productUpdates.length, to: change.productUpdates.length };
  }
  if (change.executeImmediately !== undefined && change.executeImmediately !== order.executeImmediately) fields.push('executeImmediately');
  if (change.scheduledAt !== undefined) {
    fields.push('scheduledAt');
    entry.scheduledAt = { from: iso(order.scheduledAt), to: iso(change.scheduledAt) };
  }
  if (change.revertAt !== undefined) {
    fields.push('revertAt');
    entry.revertAt = { from: iso(order.revertAt), to: iso(change.revertAt) };
  }
  return [...(order.changeLog ?? []), entry].slice(-WORK_ORDER_CHANGE_LOG_MAX);
}
