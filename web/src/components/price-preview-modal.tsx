/**
 * The last look before a work order is created: when it runs and when it reverts, how many
 * prices go up and down, the total change, a warning for sale prices that are no sale, the
 * other orders that touch the same items (issue 18), and every price old -> new. The
 * work-order form shows it before Create Work Order; the Backups screen before a restore
 * (which creates a work order too).
 */
import { Alert, Badge, Button, Group, List, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { OrderOverlap } from '@catalog/contracts/work-order-rules';
import { useMediaQuery } from '@mantine/hooks';
import type { PreviewLine, PricePreview } from '@catalog/contracts/bulk-adjustment-preview';
import { formatCents } from '@catalog/contracts/money';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDateTime } from '../lib/format-date-time';
import { Dialog } from './dialog';
import classes from './price-preview-modal.module.css';

/** Lines listed in the table; the counts and totals always cover them all. */
const LISTED_LINES = 200;

const signed = (cents: number) => (cents > 0 ? `+${formatCents(cents)}` : formatCents(cents));
/** "19.90", or '' for none. */
const priceText = (cents: number | null | undefined) => (cents == null ? '' : formatCents(cents));

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </div>
  );
}

const CHANGE_TEXT: Readonly<Record<PreviewLine['kind'], (line: PreviewLine) => string>> = {
  increase: (l) => signed(l.deltaCents),
  decrease: (l) => signed(l.deltaCents),
  unchanged: () => 'No change',
  added: () => 'New sale price',
  cleared: () => 'Removed',
};

export interface PreviewModalProps {
  opened: boolean;
  /** The dialog's title. Default 'Preview Work Order'. */
  title?: string;
  /** The button back to what was being made. Default 'Back to Editing'. */
  backLabel?: string;
  preview: PricePreview | null;
  scheduledAt: Date | null;
  /** When its prices go back by themselves, if it has an end. */
  revertAt?: Date | null;
  /** Other orders (pending, or still to revert) with some of the same items. */
  overlaps?: readonly OrderOverlap[];
  productCount: number;
  submitting: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** 'Scheduled for Mar 5, 2030 at 3:07 PM, reverts ...' for an overlapping order. */
function overlapWhen(order: OrderOverlap['order']): string {
  const runs = order.status === 'pending'
    ? order.executeImmediately || !order.scheduledAt ? 'runs now' : `scheduled for ${formatDateTime(order.scheduledAt)}`
    : `ran ${order.executedAt ? formatDateTime(order.executedAt) : ''}`.trim();
  return order.revertAt ? `${runs}, reverts ${formatDateTime(order.revertAt)}` : runs;
}

function Overlaps({ overlaps }: { overlaps: readonly OrderOverlap[] }) {
  return (
    <Alert color="yellow" variant="light" classNames={{ title: classes.warning, icon: classes.warning }} icon={<IconAlertTriangle aria-hidden="true" />} title="Also in other work orders">
      <List size="sm" spacing={4}>
        {overlaps.map(({ order, targets }) => (
          <List.Item key={order.id} style={{ overflowWrap: 'anywhere' }}>
            “{order.title}” ({overlapWhen(order)}): {targets.length} {targets.length === 1 ? 'item' : 'items'} of this order
          </List.Item>
        ))}
      </List>
      <Text size="sm" mt={6}>
        The later change wins. When an earlier order reverts, it keeps the prices this order sets.
      </Text>
    </Alert>
  );
}

export function PreviewModal({
  opened, title = 'Preview Work Order', backLabel = 'Back to Editing', preview, scheduledAt, revertAt = null, overlaps = [], productCount,
  submitting, error, onConfirm, onClose,
}: PreviewModalProps) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const lines = preview?.lines ?? [];
  const alsoIn = new Map<string, string>();
  for (const { order, targets } of overlaps) for (const t of targets) if (!alsoIn.has(t)) alsoIn.set(t, order.title);
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      busy={submitting}
      centered={false}
      title={title}
      size="xl"
      fullScreen={!!narrow}
      closeLabel="Close preview"
    >
      {preview && (
        <Stack gap="md">
          <Text>
            {scheduledAt ? `Runs on ${formatDateTime(scheduledAt)}` : 'Runs as soon as you create it'}, changing{' '}
            {lines.length - preview.unchanged} {lines.length - preview.unchanged === 1 ? 'price' : 'prices'} of{' '}
            {productCount} {productCount === 1 ? 'product' : 'products'}.
            {revertAt ? ` Reverts ${formatDateTime(revertAt)}.` : ''}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Stat label="Going up" value={String(preview.increased)} />
            <Stat label="Going down" value={String(preview.decreased)} />
            <Stat label="Unchanged" value={String(preview.unchanged)} />
            <Stat label="Total change" value={signed(preview.totalDeltaCents)} />
            {preview.added > 0 && <Stat label="Sale prices added" value={String(preview.added)} />}
            {preview.cleared > 0 && <Stat label="Sale prices removed" value={String(preview.cleared)} />}
            {preview.regularDeltaCents !== 0 && preview.saleDeltaCents !== 0 && (
              <>
                <Stat label="Regular prices" value={signed(preview.regularDeltaCents)} />
                <Stat label="Sale prices" value={signed(preview.saleDeltaCents)} />
              </>
            )}
          </SimpleGrid>
          {preview.saleNotBelowRegular.length > 0 && (
            <Alert color="yellow" variant="light" classNames={{ title: classes.warning, icon: classes.warning }} icon={<IconAlertTriangle aria-hidden="true" />} title="Check your sale prices">
              {preview.saleNotBelowRegular.length} sale {preview.saleNotBelowRegular.length === 1 ? 'price is' : 'prices are'} at or
              above the regular price.
            </Alert>
          )}
          {overlaps.length > 0 && <Overlaps overlaps={overlaps} />}
          <ScrollArea.Autosize mah={narrow ? undefined : 360} type="auto">
            <Table striped verticalSpacing={6} fz="sm" aria-label="Price changes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>Price</Table.Th>
                  <Table.Th ta="right">Old</Table.Th>
                  <Table.Th ta="right">New</Table.Th>
                  <Table.Th ta="right">Change</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.slice(0, LISTED_LINES).map((line) => (
                  <Table.Tr key={`${line.target}-${line.field}`}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {line.label}
                      {alsoIn.has(line.target) && (
                        <Badge ml={6} size="xs" variant="light" color="yellow" radius="sm" classNames={{ label: classes.warning }}>
                          Also in “{alsoIn.get(line.target)}”
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{line.field === 'regular' ? 'Regular' : 'Sale'}</Table.Td>
                    <Table.Td ta="right">{priceText(line.oldCents) || '—'}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {priceText(line.newCents) || '—'}
                    </Table.Td>
                    <Table.Td ta="right" fw={600} className={classes[line.kind]} style={{ whiteSpace: 'nowrap' }}>
                      {CHANGE_TEXT[line.kind](line)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          {lines.length > LISTED_LINES && (
            <Text size="sm" c="dimmed">
              and {lines.length - LISTED_LINES} more price changes (counted above).
            </Text>
          )}
          {error && (
            <Alert color="red" variant="light" role="alert" classNames={{ title: classes.danger, icon: classes.danger }} title="The work order was not created">
              {error} You can try again: it will not be created twice.
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              {backLabel}
            </Button>
            <Button onClick={onConfirm} loading={submitting}>
              Create Work Order
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
