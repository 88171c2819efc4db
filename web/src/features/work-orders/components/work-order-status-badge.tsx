/** A work order's status as a badge; an order being undone (executing after it ran) says so. */
import { Badge } from '@mantine/core';
import type { WorkOrderStatus, WorkOrderSummary } from '@catalog/contracts/work-orders';
import classes from './tones.module.css';

const STATUS: Readonly<Record<WorkOrderStatus, { label: string; color: string }>> = {
  awaiting_approval: { label: 'Awaiting approval', color: 'orange' },
  rejected: { label: 'Rejected', color: 'grape' },
  pending: { label: 'Pending', color: 'yellow' },
  executing: { label: 'Executing', color: 'blue' },
  completed: { label: 'Completed', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  undone: { label: 'Undone', color: 'gray' },
};

/** executing with executedAt set is an undo in progress (docs/decisions/008). */
export function statusLabel(order: Pick<WorkOrderSummary, 'status' | 'executedAt'>): string {
  if (order.status === 'executing' && order.executedAt) return 'Undoing';
  return STATUS[order.status].label;
}

export function WorkOrderStatusBadge({ order }: { order: Pick<WorkOrderSummary, 'status' | 'executedAt'> }) {
  return (
    <Badge color={STATUS[order.status].color} variant="light" radius="sm" classNames={{ label: classes[order.status] }}>
      {statusLabel(order)}
    </Badge>
  );
}

export function ArchivedBadge() {
  return (
    <Badge color="gray" variant="outline" radius="sm" classNames={{ label: classes.archived }}>
      Archived
    </Badge>
  );
}
