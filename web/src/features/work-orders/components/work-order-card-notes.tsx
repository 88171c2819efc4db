/**
 * The notes under a work order on the list: who approved it (or that it awaits approval), and its
 * rejection, error, completed or undone note (what the safe undo restored and kept: the kept
 * items on demand).
 */
import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { getErrorMessage } from '@catalog/contracts/errors';
import { approvalNote } from '@catalog/contracts/work-order-rules';
import type { RevertItem, WorkOrderSummary } from '@catalog/contracts/work-orders';
import { IconAlertCircle, IconX } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { getWorkOrderDetail } from '../api/get-work-orders';
import { formatDateTime } from '../../../lib/format-date-time';
import { undoneText } from '../utils/revert-text';
import { KeptPricesList } from './kept-prices-list';
import tones from './tones.module.css';

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
export function ApprovalNote({ order }: { order: WorkOrderSummary }) {
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

export function StatusNote({ order }: { order: WorkOrderSummary }) {
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
