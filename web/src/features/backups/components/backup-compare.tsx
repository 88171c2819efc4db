/**
 * "Compare with now": the items whose prices differ between a backup (or the prices at a
 * moment) and the catalog now, or (issue 35, "Prices:") one price list's records in one
 * currency, both sides and what changed them since; then Restore all or the chosen ones, through
 * the work-order preview. The restore is a work order the server runs at once (and which can be
 * undone from Work Orders); a price list's is a price list work order.
 */
import type { BackupDiffItem, BackupDiffResponse } from '@catalog/contracts/backups';
import { previewPriceChanges } from '@catalog/contracts/bulk-adjustment-preview';
import { getErrorMessage } from '@catalog/contracts/errors';
import type { WorkOrder } from '@catalog/contracts/work-orders';
import { Alert, Button, CloseButton, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconRestore } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { NeedsPermission } from '../../../components/needs-permission';
import { PreviewModal } from '../../../components/price-preview-modal';
import { formatDateTime } from '../../../lib/format-date-time';
import { formatCount } from '../../../lib/format-number';
import { compareWithNow, restore, type Compared, type PriceChoice } from '../api/backup-requests';
import { itemKey, restoreLines } from '../utils/backup-text';
import { BackupDiffTable } from './backup-diff-table';
import { PriceSelect } from './price-select';

/** Rows listed; the counts, Restore all and the preview cover every one. */
const LISTED_ROWS = 200;

export interface BackupCompareProps {
  compared: Compared;
  onClose: () => void;
  onRestored: (order: WorkOrder) => void;
}

export function BackupCompare({ compared, onClose, onRestored }: BackupCompareProps) {
  const [choice, setChoice] = useState<PriceChoice>(null);
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
    compareWithNow(compared, choice).then(
      (d) => current && setDiff(d),
      (err: unknown) => current && setError(err),
    );
    return () => {
      current = false;
    };
  }, [compared, choice]);

  const heading = compared.kind === 'backup'
    ? `The backup of ${formatDateTime(compared.backup.createdAt)} compared with now`
    : `Prices at ${formatDateTime(compared.at)} compared with now`;
  const chosen = useMemo(() => (restoring ? (restoring.items ?? diff?.items.filter((i) => i.restorable) ?? []) : []), [restoring, diff]);
  const preview = useMemo(() => (chosen.length > 0 ? previewPriceChanges(restoreLines(chosen)) : null), [chosen]);

  const confirm = async () => {
    if (!restoring) return;
    setSubmitting(true);
    setSubmitError(null);
    try {
      const items = restoring.items?.map((i) => ({ productId: i.productId, variantId: i.variantId }));
      onRestored(await restore(compared, restoring.id, items, choice));
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
    const records = diff.priceList !== null;
    const what = records ? ['record differs', 'records differ'] : ['item differs', 'items differ'];
    const restorable = diff.items.filter((i) => i.restorable);
    const picked = restorable.filter((i) => selected.has(itemKey(i)));
    const basedOn = compared.kind === 'moment'
      ? ` Rebuilt from the backup of ${formatDateTime(diff.backup.createdAt)} and the price changes since.`
      : '';
    body = (
      <Stack gap="md">
        <Text size="sm" role="status">
          {diff.items.length === 0
            ? 'Every price is the same as now: there is nothing to restore.'
            : `${formatCount(diff.items.length)} ${diff.items.length === 1 ? what[0] : what[1]} from now; ${formatCount(diff.unchanged)} unchanged.`}
          {diff.removed > 0 && ` ${formatCount(diff.removed)} are no longer in your catalog.`}
          {diff.added > 0 && (records
            ? ` ${formatCount(diff.added)} ${diff.added === 1 ? 'record was' : 'records were'} made since: a restore removes them.`
            : ` ${formatCount(diff.added)} were added since and keep their prices.`)}
          {basedOn}
        </Text>
        {diff.items.length > 0 && (
          <>
            <Group gap="sm">
              <NeedsPermission action="backups.restore">
                <Button leftSection={<IconRestore size={16} aria-hidden="true" />} disabled={restorable.length === 0} onClick={() => ask(null)}>
                  Restore all
                </Button>
              </NeedsPermission>
              <NeedsPermission action="backups.restore">
                <Button variant="default" disabled={picked.length === 0} onClick={() => ask(picked)}>
                  Restore selected ({formatCount(picked.length)})
                </Button>
              </NeedsPermission>
            </Group>
            <BackupDiffTable rows={rows} records={records} selected={selected} onSelect={setSelected} />
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
      <Group mt="sm">
        <PriceSelect value={choice} onChange={setChoice} />
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
