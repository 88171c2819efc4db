/**
 * The last look before a work order is created: when it runs and when it reverts, how many
 * prices go up and down, the total change, a warning for sale prices that are no sale, the
 * other orders that touch the same items (issue 18), and every price old -> new. The
 * work-order form shows it before Create Work Order; the Backups screen before a restore
 * (which creates a work order too).
 *
 * Issue 19: with `guardrails`, the order's flags computed on the device for every item (counts
 * per rule, an "Only flagged" filter, each flagged row's flags as badges with text), items up,
 * down and unchanged, the sum of list-price changes, and a refusal to create an order that
 * breaks a rule the company made blocking. With `explain`, each row has a "Why?" that shows how
 * its new price was reached: rule -> value before rounding -> rounding -> result.
 */
import { Alert, Badge, Button, Group, ScrollArea, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AdjustmentExplanation } from '@catalog/contracts/bulk-adjustment';
import type { GuardrailSettings } from '@catalog/contracts/guardrails';
import { useState } from 'react';
import { useScreenQuery } from '../lib/media-query';
import type { OrderGuardrails, PreviewLine, PricePreview } from '@catalog/contracts/bulk-adjustment-preview';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDateTime } from '../lib/format-date-time';
import { Dialog } from './dialog';
import { blockingText, FlagBadges, GuardrailSummary } from './price-preview-guardrails';
import { OverlapsNote, type OverlapsState } from './price-preview-overlaps';
import { FIELD_TEXT, priceText, signed } from './price-preview-text';
import { Why } from './price-preview-why';
import classes from './price-preview-modal.module.css';

export type { OverlapsState } from './price-preview-overlaps';

/** Lines listed in the table; the counts and totals always cover them all. */
const LISTED_LINES = 200;

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
  /** Other orders (pending, or still to revert) with some of the same items, as the server checked them. */
  overlaps?: OverlapsState;
  productCount: number;
  submitting: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  /** The order's guardrails (every item), computed on the device; none: not shown. */
  guardrails?: OrderGuardrails | null;
  /** The company's settings the guardrails were computed with (for the rules' names). */
  guardrailSettings?: GuardrailSettings;
  /** How a row's new price was reached; null: typed, imported, or edited after the adjustment. */
  explain?: (line: PreviewLine) => AdjustmentExplanation | null;
  /** What the adjustments left alone ("12 items have no cost and are left as they are."). */
  notes?: readonly string[];
}

const NOT_ASKED: OverlapsState = { state: 'idle' };

export function PreviewModal({
  opened, title = 'Preview Work Order', backLabel = 'Back to Editing', preview, scheduledAt, revertAt = null, overlaps = NOT_ASKED, productCount,
  submitting, error, onConfirm, onClose, guardrails = null, guardrailSettings, explain, notes = [],
}: PreviewModalProps) {
  const narrow = useScreenQuery('(max-width: 48em)');
  const [onlyFlagged, setOnlyFlagged] = useState(false);
  const lines = preview?.lines ?? [];
  const filtering = onlyFlagged && !!guardrails && guardrails.flagged > 0;
  const shown = filtering ? lines.filter((l) => guardrails.flags.has(l.target)) : lines;
  const blockingRules = new Set(guardrailSettings?.blockingGuardrails ?? []);
  const blocked = guardrails && guardrails.blocking.length > 0 ? blockingText(guardrails.blocking, guardrailSettings) : null;
  const alsoIn = new Map<string, string>();
  const listed = overlaps.state === 'checked' ? overlaps.overlaps : [];
  for (const { order, targets } of listed) for (const t of targets) if (!alsoIn.has(t)) alsoIn.set(t, order.title);
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
          {guardrails && (
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <Stat label="Items going up" value={guardrails.itemsUp.toLocaleString('en-US')} />
              <Stat label="Items going down" value={guardrails.itemsDown.toLocaleString('en-US')} />
              <Stat label="Items unchanged" value={guardrails.itemsUnchanged.toLocaleString('en-US')} />
              <Stat label="List price change" value={signed(preview.regularDeltaCents)} />
            </SimpleGrid>
          )}
          {notes.map((note) => (
            <Text key={note} size="sm">
              {note}
            </Text>
          ))}
          {guardrails && <GuardrailSummary guardrails={guardrails} settings={guardrailSettings} onlyFlagged={onlyFlagged} setOnlyFlagged={setOnlyFlagged} />}
          {preview.saleNotBelowRegular.length > 0 && !guardrails && (
            <Alert color="yellow" variant="light" classNames={{ title: classes.warning, icon: classes.warning }} icon={<IconAlertTriangle aria-hidden="true" />} title="Check your sale prices">
              {preview.saleNotBelowRegular.length} sale {preview.saleNotBelowRegular.length === 1 ? 'price is' : 'prices are'} at or
              above the regular price.
            </Alert>
          )}
          <OverlapsNote check={overlaps} />
          <ScrollArea.Autosize mah={narrow ? undefined : 360} type="auto">
            <Table striped verticalSpacing={6} fz="sm" aria-label="Price changes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>Price</Table.Th>
                  <Table.Th ta="right">Old</Table.Th>
                  <Table.Th ta="right">New</Table.Th>
                  <Table.Th ta="right">Change</Table.Th>
                  {explain && <Table.Th><VisuallyHidden>How it was reached</VisuallyHidden></Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.slice(0, LISTED_LINES).map((line) => (
                  <Table.Tr key={`${line.target}-${line.field}`}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {line.label}
                      {alsoIn.has(line.target) && (
                        <Badge ml={6} size="xs" variant="light" color="yellow" radius="sm" classNames={{ label: classes.warning }}>
                          Also in “{alsoIn.get(line.target)}”
                        </Badge>
                      )}
                      {guardrails?.flags.has(line.target) && (
                        <FlagBadges rules={guardrails.flags.get(line.target)!} settings={guardrailSettings} blocking={blockingRules} />
                      )}
                      {/* The EU prior price (issue 36): "Shown as before: 49.00; lowest in the last 30 days: 39.00", or why it was not checked. */}
                      {guardrails?.notes.has(line.target) && <Text size="xs" mt={2}>{guardrails.notes.get(line.target)}</Text>}
                    </Table.Td>
                    <Table.Td>{FIELD_TEXT[line.field]}</Table.Td>
                    <Table.Td ta="right">{priceText(line.oldCents) || '—'}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {priceText(line.newCents) || '—'}
                    </Table.Td>
                    <Table.Td ta="right" fw={600} className={classes[line.kind]} style={{ whiteSpace: 'nowrap' }}>
                      {CHANGE_TEXT[line.kind](line)}
                    </Table.Td>
                    {explain && (
                      <Table.Td>
                        <Why line={line} explanation={explain(line)} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          {shown.length > LISTED_LINES && (
            <Text size="sm" c="dimmed">
              and {shown.length - LISTED_LINES} more price changes (counted above).
            </Text>
          )}
          {blocked && (
            <Alert color="red" variant="light" role="alert" classNames={{ title: classes.danger, icon: classes.danger }} title="Blocked by your company's guardrails">
              This order breaks a blocking guardrail: {blocked}. Change these prices (use “Only flagged” to find them) to create it.
            </Alert>
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
            <Button onClick={onConfirm} loading={submitting} disabled={!!blocked}>
              Create Work Order
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
