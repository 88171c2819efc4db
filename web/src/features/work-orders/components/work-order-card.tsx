/**
 * One work order on the list: title, status and archived badges, how many products and which
 * prices it changes, when it runs, when it reverts (its end) and when it was created, the
 * error or read-back warning, the completed or undone note (what the safe undo restored and
 * kept: the kept items on demand), and exactly the actions contracts' workOrderActions allows (spec section 4).
 */
import { Alert, Badge, Box, Button, Group, Loader, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { getErrorMessage } from '@catalog/contracts/errors';
import { can } from '@catalog/contracts/permissions';
import type { Role } from '@catalog/contracts/roles';
import { approvalNote, mayDeleteWorkOrder, workOrderActions } from '@catalog/contracts/work-order-rules';
import type { RevertItem, WorkOrderSummary } from '@catalog/contracts/work-orders';
import {
  IconAlertCircle, IconAlertTriangle, IconArchive, IconArrowBackUp, IconCheck, IconClock, IconTrash, IconX,
} from '@tabler/icons-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { getWorkOrderDetail } from '../api/get-work-orders';
import type { WorkOrderAction } from '../api/work-order-actions';
import { formatDateTime } from '../../../lib/format-date-time';
import { OFFLINE_ACTION_MESSAGE } from '../../../lib/use-online';
import { undoneText } from '../utils/revert-text';
import { KeptPricesList } from './kept-prices-list';
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

/** Kept items listed once shown; the count covers the rest. */
const KEPT_LISTED = 50;

type Kept = { items: RevertItem[] } | { error: string } | null;

/**
 * The items an undo kept because they changed since, and what changed them: a list's summary
 * has only the counts (issue 31), so they are read from GET /api/work-orders/{id} when asked.
 */
function KeptPrices({ orderId, kept }: { orderId: string; kept: number }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<Kept>(null);
  const panelId = useId();
  useEffect(() => {
    if (!open || state !== null) return;
    let live = true;
    getWorkOrderDetail(orderId, { itemsLimit: 1 }).then(
      (detail) => live && setState({ items: (detail.revertReport?.items ?? []).filter((i) => i.outcome === 'kept') }),
      (err: unknown) => live && setState({ error: getErrorMessage(err, 'Could not load the kept prices') }),
    );
    return () => {
      live = false;
    };
  }, [open, orderId, state]);
  return (
    <Stack gap={4}>
      <Button
        variant="subtle"
        size="compact-sm"
        w="fit-content"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide kept prices' : `Show kept prices (${kept.toLocaleString('en-US')})`}
      </Button>
      {open && (
        <Box id={panelId}>
          {state === null && (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm">Loading the kept prices...</Text>
            </Group>
          )}
          {state && 'error' in state && (
            <Text size="sm" c="red.8" role="alert">
              {state.error}
            </Text>
          )}
          {state && 'items' in state && (
            <>
              <KeptPricesList items={state.items} total={kept} limit={KEPT_LISTED} label="Kept prices" spacing={2} />
            </>
          )}
        </Box>
      )}
    </Stack>
  );
}

function UndoneNote({ order }: { order: WorkOrderSummary }) {
  const report = order.revertReport;
  if (!report) return <Text size="sm">Undone on {formatDateTime(order.undoneAt!)}: the original prices are back.</Text>;
  return (
    <Stack gap={4}>
      <Text size="sm">
        {undoneText(report)} · {formatDateTime(order.undoneAt!)}
      </Text>
      {report.kept > 0 && <KeptPrices orderId={order.id} kept={report.kept} />}
    </Stack>
  );
}

/** Who approved the order and when, and whether it ran on approval (its time had passed). */
function ApprovalNote({ order }: { order: WorkOrderSummary }) {
  if (order.status === 'awaiting_approval') {
    return <Text size="sm">Awaiting approval: an owner or admin must approve it before it runs.</Text>;
  }
  if (!order.approvedAt) return null;
  const late = approvalNote(order);
  return (
    <Text size="sm">
      Approved{order.approvedBy ? ` by ${order.approvedBy}` : ''} on {formatDateTime(order.approvedAt)}
      {late ? ` · ${late}` : ''}
    </Text>
  );
}

function StatusNote({ order }: { order: WorkOrderSummary }) {
  if (order.status === 'rejected') {
    return (
      <Alert
        color="grape"
        variant="light"
        classNames={{ title: tones.rejected, icon: tones.rejected }}
        icon={<IconX aria-hidden="true" />}
        title={`Rejected${order.rejectedBy ? ` by ${order.rejectedBy}` : ''}${order.rejectedAt ? ` on ${formatDateTime(order.rejectedAt)}` : ''}`}
      >
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {order.rejectionReason}
        </Text>
      </Alert>
    );
  }
  if (order.error) {
    return (
      <Alert
        color="red"
        variant="light"
        classNames={{ title: tones.danger, icon: tones.danger }}
        icon={<IconAlertCircle aria-hidden="true" />}
        title={order.status === 'failed' ? 'This work order failed' : 'The undo could not finish'}
      >
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {order.error}
        </Text>
      </Alert>
    );
  }
  if (order.status === 'undone' && order.undoneAt) return <UndoneNote order={order} />;
  if (order.status === 'completed' && order.executedAt) {
    return <Text size="sm">Completed on {formatDateTime(order.executedAt)}</Text>;
  }
  if (order.status === 'executing') {
    return <Text size="sm">{order.executedAt ? 'Restoring the original prices...' : 'Writing the new prices to your store...'}</Text>;
  }
  return null;
}

/**
 * An action that needs the server. Offline it stays focusable and hoverable (data-disabled
 * rather than disabled) so its tooltip can say why it waits; a click then does nothing.
 */
function ServerActionButton({ offline, noteId, icon, label, onClick }: {
  offline: boolean;
  /** The element saying why it waits (read with the button offline). */
  noteId: string;
  icon: ReactNode;
  label: string;
  onClick: () => void;
}) {
  return (
    <Tooltip label={OFFLINE_ACTION_MESSAGE} disabled={!offline} withArrow multiline maw={260}>
      <Button
        size="xs"
        variant="default"
        leftSection={icon}
        data-disabled={offline || undefined}
        aria-disabled={offline || undefined}
        aria-describedby={offline ? noteId : undefined}
        onClick={(event) => {
          if (offline) event.preventDefault();
          else onClick();
        }}
      >
        {label}
      </Button>
    </Tooltip>
  );
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
}

export function WorkOrderCard({ order, onAction, offline = false, viewer = null }: WorkOrderCardProps) {
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
