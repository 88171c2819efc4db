/**
 * The price preview's other orders with some of the same items (issue 18; issue 31: the server
 * answers the check): on its way, not possible, or the orders found.
 */
import { Alert, Group, List, Loader, Text } from '@mantine/core';
import type { OrderOverlap } from '@catalog/contracts/work-order-rules';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDateTime } from '../lib/format-date-time';
import classes from './price-preview-modal.module.css';

/** 'Scheduled for Mar 5, 2030 at 3:07 PM, reverts ...' for an overlapping order. */
function overlapWhen(order: OrderOverlap['order']): string {
  const runs = order.status === 'pending'
    ? order.executeImmediately || !order.scheduledAt ? 'runs now' : `scheduled for ${formatDateTime(order.scheduledAt)}`
    : `ran ${order.executedAt ? formatDateTime(order.executedAt) : ''}`.trim();
  return order.revertAt ? `${runs}, reverts ${formatDateTime(order.revertAt)}` : runs;
}

/**
 * The check of other orders with some of the same items (issue 31: the server answers it): not
 * asked, on its way, done (the oldest orders, and how many more), or not possible (why).
 */
export type OverlapsState =
  | { state: 'idle' }
  | { state: 'checking' }
  /** `complete` false: the server stopped looking (so many orders share so many items), there may be more. */
  | { state: 'checked'; overlaps: readonly OrderOverlap[]; more: number; complete: boolean }
  | { state: 'unchecked'; reason: string };

export function OverlapsNote({ check }: { check: OverlapsState }) {
  if (check.state === 'checking') {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">Checking other work orders for the same items...</Text>
      </Group>
    );
  }
  if (check.state === 'unchecked') {
    return (
      <Alert color="yellow" variant="light" classNames={{ title: classes.warning, icon: classes.warning }} icon={<IconAlertTriangle aria-hidden="true" />}
        title="Overlaps not checked" role="status">
        <Text size="sm">{check.reason}</Text>
      </Alert>
    );
  }
  if (check.state === 'checked' && check.overlaps.length > 0) return <Overlaps overlaps={check.overlaps} more={check.more} complete={check.complete} />;
  return null;
}

function Overlaps({ overlaps, more, complete }: { overlaps: readonly OrderOverlap[]; more: number; complete: boolean }) {
  return (
    <Alert color="yellow" variant="light" classNames={{ title: classes.warning, icon: classes.warning }} icon={<IconAlertTriangle aria-hidden="true" />} title="Also in other work orders">
      <List size="sm" spacing={4}>
        {overlaps.map(({ order, targets, shared = targets.length }) => (
          <List.Item key={order.id} style={{ overflowWrap: 'anywhere' }}>
            “{order.title}” ({overlapWhen(order)}): {shared.toLocaleString('en-US')} {shared === 1 ? 'item' : 'items'} of this order
          </List.Item>
        ))}
        {more > 0 && <List.Item>and {complete ? '' : 'at least '}{more.toLocaleString('en-US')} more {more === 1 ? 'order' : 'orders'}</List.Item>}
        {!complete && <List.Item>Not every order was checked: so many share these items that others may too.</List.Item>}
      </List>
      <Text size="sm" mt={6}>
        The later change wins. When an earlier order reverts, it keeps the prices this order sets.
      </Text>
    </Alert>
  );
}
