/**
 * One work order on the list: title, status and archived badges, the price list it changes
 * (issue 35: "Prices: Wholesale (USD)"; none for the catalog's), how many products and which prices it changes, when it runs, its run of a
 * repeating order (issue 36: "Run 2 · weekly until ..."; why its series ended), when it reverts (its end) and when it was created, the
 * error or read-back warning, the completed or undone note (what the safe undo restored and
 * kept: the kept items on demand), and exactly the actions contracts' workOrderActions allows (spec section 4).
 */
import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { can } from '@catalog/contracts/permissions';
import type { Role } from '@catalog/contracts/roles';
import { mayDeleteWorkOrder, workOrderActions } from '@catalog/contracts/work-order-rules';
import { targetName, type WorkOrderSummary } from '@catalog/contracts/work-orders';
import { IconAlertTriangle, IconArchive, IconArrowBackUp, IconCheck, IconClock, IconTrash, IconX } from '@tabler/icons-react';
import { useId } from 'react';
import type { WorkOrderAction } from '../api/work-order-actions';
import { formatDateTime } from '../../../lib/format-date-time';
import { OFFLINE_ACTION_MESSAGE } from '../../../lib/use-online';
import { seriesNote, seriesText } from '../utils/series-text';
import { ServerActionButton } from './server-action-button';
import { ApprovalNote, StatusNote } from './work-order-card-notes';
import { ArchivedBadge, WorkOrderStatusBadge } from './work-order-status-badge';
import tones from './tones.module.css';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** 'Executes immediately' or 'Scheduled for Mar 5, 2025 at 3:07 PM'. */
export function scheduleText(order: Pick<WorkOrderSummary, 'executeImmediately' | 'scheduledAt'>): string {
  if (order.executeImmediately || !order.scheduledAt) return 'Executes immediately';
  return `Scheduled for ${formatDateTime(order.scheduledAt)}`;
}

/** 'Reverts Mar 5, 2030 at 3:07 PM' while the end is to come; 'Reverted at end' after. */
export function endText(order: Pick<WorkOrderSummary, 'status' | 'revertAt' | 'undoTrigger'>): string | null {
  if (order.status === 'undone') return order.undoTrigger === 'end' ? 'Reverted at end' : null;
  if (!order.revertAt || order.status === 'failed') return null;
  return `Reverts ${formatDateTime(order.revertAt)}`;
}

export interface WorkOrderCardProps {
  order: WorkOrderSummary;
  /** Asks for the action (the screen confirms it first). */
  onAction: (action: WorkOrderAction, order: WorkOrderSummary) => void;
  /** The device is offline: the actions (all server-side) wait, and say so. */
  offline?: boolean;
  /**
   * The signed-in user (null until read): who may approve and reject (the permission table,
   * workOrders.approve) and withdraw an order awaiting approval (contracts mayDeleteWorkOrder).
   */
  viewer?: { id: string; role: Role } | null;
  /** The name of the order's price list (issue 35), when the device knows it. */
  priceListName?: string | null;
}

export function WorkOrderCard({ order, onAction, offline = false, viewer = null, priceListName = null }: WorkOrderCardProps) {
  const titleId = useId();
  const noteId = useId();
  const rules = workOrderActions(order);
  const canApprove = viewer !== null && can(viewer.role, 'workOrders.approve');
  const actions = {
    ...rules,
    approve: rules.approve && canApprove,
    reject: rules.reject && canApprove,
    // The API's rule: an order awaiting approval is withdrawn by its creator or an owner or admin.
    delete: rules.delete && mayDeleteWorkOrder({ status: order.status, createdBy: order.createdById }, viewer),
  };
  const hasActions = actions.undo || actions.archive || actions.delete || actions.editEnd || actions.approve || actions.reject;
  const end = endText(order);
  const series = seriesText(order);
  const seriesEnd = seriesNote(order);
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={6} style={{ minWidth: 0, flex: '1 1 16rem' }}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
                {order.title}
              </Title>
              <WorkOrderStatusBadge order={order} />
              {order.archived && <ArchivedBadge />}
              {order.needsAttention && (
                <Badge color="yellow" variant="light" radius="sm" classNames={{ label: tones.warning }}>
                  Needs attention
                </Badge>
              )}
            </Group>
            {order.target && (
              <Text size="sm" fw={500}>
                Prices: {targetName(order.target, priceListName)}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {count(order.productCount, 'product', 'products')} ·{' '}
              {count(order.regularPriceUpdates, 'regular price update', 'regular price updates')} ·{' '}
              {count(order.salePriceUpdates, 'sale price update', 'sale price updates')}
              {order.retailPriceUpdates > 0 && <> · {count(order.retailPriceUpdates, 'retail price update', 'retail price updates')}</>}
            </Text>
          </Stack>
          {hasActions && (
            <Group gap="xs" wrap="wrap">
              {offline && (
                <span id={noteId} hidden>
                  {OFFLINE_ACTION_MESSAGE}
                </span>
              )}
              {actions.approve && (
                <ServerActionButton
                  offline={offline}
                  noteId={noteId}
                  icon={<IconCheck size={14} aria-hidden="true" />}
                  label="Approve"
                  onClick={() => onAction('approve', order)}
                />
              )}
              {actions.reject && (
                <ServerActionButton
                  offline={offline}
                  noteId={noteId}
                  icon={<IconX size={14} aria-hidden="true" color="var(--mantine-color-red-7)" />}
                  label="Reject"
                  onClick={() => onAction('reject', order)}
                />
              )}
              {actions.undo && (
                <ServerActionButton
                  offline={offline}
                  noteId={noteId}
                  icon={<IconArrowBackUp size={14} aria-hidden="true" />}
                  label="Undo"
                  onClick={() => onAction('undo', order)}
                />
              )}
              {actions.editEnd && (
                <ServerActionButton
                  offline={offline}
                  noteId={noteId}
                  icon={<IconClock size={14} aria-hidden="true" />}
                  label={order.revertAt ? 'Change end' : 'Set end'}
                  onClick={() => onAction('editEnd', order)}
                />
              )}
              {actions.archive && (
                <ServerActionButton
                  offline={offline}
                  noteId={noteId}
                  icon={<IconArchive size={14} aria-hidden="true" />}
                  label="Archive"
                  onClick={() => onAction('archive', order)}
                />
              )}
              {actions.delete && (
                <ServerActionButton
                  offline={offline}
                  noteId={noteId}
                  icon={<IconTrash size={14} aria-hidden="true" color="var(--mantine-color-red-7)" />}
                  label="Delete"
                  onClick={() => onAction('delete', order)}
                />
              )}
            </Group>
          )}
        </Group>
        <Group gap="lg" wrap="wrap">
          <Text size="sm">{scheduleText(order)}</Text>
          {series && (
            <Text size="sm" fw={500}>
              {series}
            </Text>
          )}
          {end && (
            <Text size="sm" fw={500}>
              {end}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            Created {formatDateTime(order.createdAt)}
            {order.createdByName ? ` by ${order.createdByName}` : ''}
          </Text>
        </Group>
        {seriesEnd && (
          <Text size="sm" c="dimmed">
            {seriesEnd}
          </Text>
        )}
        <ApprovalNote order={order} />
        <StatusNote order={order} />
        {order.warning && (
          <Alert
            color="yellow"
            variant="light"
            classNames={{ title: tones.warning, icon: tones.warning }}
            icon={<IconAlertTriangle aria-hidden="true" />}
            title="Check these prices in your store"
          >
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {order.warning}
            </Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
