/**
 * "Compare with now": the items whose prices differ between a backup (or the prices at a
 * moment) and the catalog now, both prices side by side and what changed them since; then
 * Restore all or the chosen ones, through the work-order preview. The restore is a work order
 * the server runs at once (and which can be undone from Work Orders).
 */
import type { BackupDiffItem, BackupDiffResponse } from '@catalog/contracts/backups';
import { previewPriceChanges } from '@catalog/contracts/bulk-adjustment-preview';
import { getErrorMessage } from '@catalog/contracts/errors';
import type { WorkOrder } from '@catalog/contracts/work-orders';
import { Alert, Button, Checkbox, CloseButton, Group, Paper, ScrollArea, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconRestore } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { NeedsPermission } from '../../../components/needs-permission';
import { PreviewModal } from '../../../components/price-preview-modal';
import { formatDateTime } from '../../../lib/format-date-time';
import { formatCount } from '../../../lib/format-number';
import { compareWithNow, restore, type Compared } from '../api/backup-requests';
import { changeText, itemKey, itemLabel, priceLabel, restoreLines } from '../utils/backup-text';

/** Rows listed; the counts, Restore all and the preview cover every one. */
const LISTED_ROWS = 200;

export interface BackupCompareProps {
  compared: Compared;
  onClose: () => void;
  onRestored: (order: WorkOrder) => void;
}

function Prices({ item, side }: { item: BackupDiffItem; side: 'backup' | 'current' }) {
  const prices = item[side];
  const other = item[side === 'backup' ? 'current' : 'backup'];
  return (
    <Stack gap={0}>
      <Text size="sm" fw={prices.regularPrice !== other.regularPrice ? 600 : undefined}>
        {priceLabel(prices.regularPrice, item, 'regular')}
      </Text>
      <Text size="xs" c={prices.salePrice !== other.salePrice ? undefined : 'dimmed'} fw={prices.salePrice !== other.salePrice ? 600 : undefined}>
        Sale: {priceLabel(prices.salePrice, item, 'sale')}
      </Text>
    </Stack>
  );
}

export function BackupCompare({ compared, onClose, onRestored }: BackupCompareProps) {
  const [diff, setDiff] = useState<BackupDiffResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [restoring, setRestoring] = useState<{ items: BackupDiffItem[] | null; id: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setDiff(null);
    setError(null);
    setSelected(new Set());
    compareWithNow(compared).then(
      (d) => current && setDiff(d),
      (err: unknown) => current && setError(err),
    );
    return () => {
      current = false;
    };
  }, [compared]);

  const heading = compared.kind === 'backup'
    ? `The backup of ${formatDateTime(compared.backup.createdAt)} compared with now`
    : `Prices at ${formatDateTime(compared.at)} compared with now`;
  const chosen = useMemo(() => (restoring ? (restoring.items ?? diff?.items ?? []) : []), [restoring, diff]);
  const preview = useMemo(() => (chosen.length > 0 ? previewPriceChanges(restoreLines(chosen)) : null), [chosen]);

  const confirm = async () => {
    if (!restoring) return;
    setSubmitting(true);
    setSubmitError(null);
    try {
      const items = restoring.items?.map((i) => ({ productId: i.productId, variantId: i.variantId }));
      onRestored(await restore(compared, restoring.id, items));
      setRestoring(null);
    } catch (err) {
      setSubmitError(getErrorMessage(err, 'The restore could not be created.'));
    } finally {
      setSubmitting(false);
    }
  };
  const ask = (items: BackupDiffItem[] | null) => {
    setSubmitError(null);
    setRestoring({ items, id: crypto.randomUUID() });
  };

  let body;
  if (error) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title="Could not compare" role="alert">
        {getErrorMessage(error, 'The comparison could not be loaded.')}
      </Alert>
    );
  } else if (!diff) {
    body = (
      <Stack gap="xs" aria-busy="true">
        <VisuallyHidden role="status">Comparing...</VisuallyHidden>
        <Skeleton height={28} />
        <Skeleton height={28} />
        <Skeleton height={28} />
      </Stack>
    );
  } else {
    const rows = diff.items.slice(0, LISTED_ROWS);
    const allListed = rows.length > 0 && rows.every((i) => selected.has(itemKey(i)));
    const toggle = (key: string) =>
      setSelected((s) => {
        const next = new Set(s);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      });
    const picked = diff.items.filter((i) => selected.has(itemKey(i)));
    const basedOn = compared.kind === 'moment'
      ? ` Rebuilt from the backup of ${formatDateTime(diff.backup.createdAt)} and the price changes since.`
      : '';
    body = (
      <Stack gap="md">
        <Text size="sm" role="status">
          {diff.items.length === 0
            ? 'Every price is the same as now: there is nothing to restore.'
            : `${formatCount(diff.items.length)} ${diff.items.length === 1 ? 'item differs' : 'items differ'} from now; ${formatCount(diff.unchanged)} unchanged.`}
          {diff.removed > 0 && ` ${formatCount(diff.removed)} are no longer in your catalog.`}
          {diff.added > 0 && ` ${formatCount(diff.added)} were added since and keep their prices.`}
          {basedOn}
        </Text>
        {diff.items.length > 0 && (
          <>
            <Group gap="sm">
              <NeedsPermission action="backups.restore">
                <Button leftSection={<IconRestore size={16} aria-hidden="true" />} onClick={() => ask(null)}>
                  Restore all
                </Button>
              </NeedsPermission>
              <NeedsPermission action="backups.restore">
                <Button variant="default" disabled={picked.length === 0} onClick={() => ask(picked)}>
                  Restore selected ({formatCount(picked.length)})
                </Button>
              </NeedsPermission>
            </Group>
            <ScrollArea.Autosize mah={560} type="auto">
              <Table striped verticalSpacing={6} fz="sm" aria-label="Prices that differ" miw={720}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label="Select every listed item"
                        checked={allListed}
                        indeterminate={!allListed && rows.some((i) => selected.has(itemKey(i)))}
                        onChange={() => setSelected(allListed ? new Set() : new Set(rows.map(itemKey)))}
                      />
                    </Table.Th>
                    <Table.Th>Product</Table.Th>
                    <Table.Th>In the backup</Table.Th>
                    <Table.Th>Now</Table.Th>
                    <Table.Th>Changed since by</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((item) => {
                    const key = itemKey(item);
                    return (
                      <Table.Tr key={key}>
                        <Table.Td>
                          <Checkbox aria-label={`Select ${itemLabel(item)}`} checked={selected.has(key)} onChange={() => toggle(key)} />
                        </Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>
                          <Text size="sm">{item.name}</Text>
                          <Text size="xs" c="dimmed">
                            {item.variantId !== null ? `Variant ${item.sku || item.variantId}` : item.sku || `Product ${item.productId}`}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Prices item={item} side="backup" />
                        </Table.Td>
                        <Table.Td>
                          <Prices item={item} side="current" />
                        </Table.Td>
                        <Table.Td>
                          {item.changes.length === 0 ? (
                            <Text size="xs" c="dimmed">
                              Not in the price history
                            </Text>
                          ) : (
                            <Stack gap={0}>
                              {item.changes.slice(0, 2).map((c, n) => (
                                <Text key={n} size="xs">
                                  {changeText(c)}
                                </Text>
                              ))}
                            </Stack>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            {diff.items.length > LISTED_ROWS && (
              <Text size="sm" c="dimmed">
                and {formatCount(diff.items.length - LISTED_ROWS)} more (Restore all includes them).
              </Text>
            )}
          </>
        )}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="backup-compare-title">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={2} size="h4" id="backup-compare-title">
          {heading}
        </Title>
        <CloseButton aria-label="Close the comparison" onClick={onClose} />
      </Group>
      <Stack mt="sm">{body}</Stack>
      <PreviewModal
        opened={restoring !== null && preview !== null}
        title="Preview the restore"
        backLabel="Back"
        preview={preview}
        scheduledAt={null}
        productCount={new Set(chosen.map((i) => i.productId)).size}
        submitting={submitting}
        error={submitError}
        onConfirm={() => void confirm()}
        onClose={() => setRestoring(null)}
      />
    </Paper>
  );
}
