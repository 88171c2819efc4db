/**
 * Undo with its preview (issue 18): the dialog asks the server what the undo would do now (the
 * store's prices read), says it ("40 will be restored, 3 changed since and will be kept"),
 * lists the kept items with what changed them, and offers "Restore those 3 as well". When the
 * preview cannot be had, it says so; the undo still keeps prices changed since.
 */
import { Alert, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { getErrorMessage } from '@catalog/contracts/errors';
import type { RevertReport, WorkOrderSummary } from '@catalog/contracts/work-orders';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { getUndoPreview } from '../api/work-order-actions';
import { revertPlanText } from '../utils/revert-text';
import { KeptPricesList } from './kept-prices-list';
import tones from './tones.module.css';

type Preview = { report: RevertReport } | { error: string } | null;

/** Kept items listed in the dialog; the counts cover all. */
const LISTED = 50;

export interface UndoDialogProps {
  order: WorkOrderSummary | null;
  running: boolean;
  onConfirm: (options: { force: boolean }) => void;
  onClose: () => void;
}

export function UndoDialog({ order, running, onConfirm, onClose }: UndoDialogProps) {
  const [preview, setPreview] = useState<Preview>(null);
  const [force, setForce] = useState(false);
  const orderId = order?.id ?? null;

  useEffect(() => {
    setPreview(null);
    setForce(false);
    if (!orderId) return;
    let live = true;
    getUndoPreview(orderId).then(
      (report) => live && setPreview({ report }),
      (err: unknown) => live && setPreview({ error: getErrorMessage(err, 'Could not check the current prices') }),
    );
    return () => {
      live = false;
    };
  }, [orderId]);

  const report = preview && 'report' in preview ? preview.report : null;
  const kept = report?.items.filter((i) => i.outcome === 'kept') ?? [];
  return (
    <ConfirmDialog
      opened={order !== null}
      title="Undo work order"
      message="Are you sure you want to undo this work order?"
      confirmLabel="Undo"
      pending={running}
      onConfirm={() => onConfirm({ force })}
      onClose={onClose}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {order ? `“${order.title}”: ` : ''}prices still as this order set them go back to what they were before. Prices changed since
          (in the store, by a later order or by hand) are kept.
        </Text>
        {preview === null && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">Checking the store&apos;s current prices...</Text>
          </Group>
        )}
        {preview && 'error' in preview && (
          <Alert color="yellow" variant="light" classNames={{ title: tones.warning }} title="Could not check the current prices">
            <Text size="sm">{preview.error} The undo still keeps prices changed since.</Text>
          </Alert>
        )}
        {report && (
          <>
            <Text size="sm" fw={600} aria-live="polite">
              {revertPlanText(report)}
            </Text>
            {kept.length > 0 && (
              <>
                <KeptPricesList items={kept} total={kept.length} limit={LISTED} label="Prices changed since" spacing={4} />
                <Checkbox
                  label={`Restore ${kept.length === 1 ? 'that one' : `those ${kept.length.toLocaleString('en-US')}`} as well`}
                  description="Their newer prices are overwritten with the prices from before this order."
                  checked={force}
                  onChange={(e) => setForce(e.currentTarget.checked)}
                />
              </>
            )}
          </>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
