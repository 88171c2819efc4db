/**
 * The work orders submitted on this device that the server has not created yet, as cards at the
 * top of /work-orders (components/outbox-order-card.tsx). Edit puts a refused order back in the
 * drafts (same id) and opens it in the form; Discard drops it after a confirmation.
 *
 * An entry leaves the outbox as soon as the server's answer arrives, before the list is fetched
 * again. While an answer is on its way (or lost, until the replay), the polled list may already
 * have the order: entries whose id the list has as an order's `clientId` are left out.
 */
import { Stack, Text } from '@mantine/core';
import { getErrorMessage } from '@catalog/contracts/errors';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { OutboxEntry } from '../../../local/catalog-db';
import { useOutbox, useOutboxEntries } from '../../../local/outbox-hooks';
import { draftPath } from '../utils/draft-state';
import { OutboxOrderCard, outboxOrderSummary } from './outbox-order-card';

export const DISCARD_QUESTION = 'Are you sure you want to discard this work order?';

export interface OutboxOrdersProps {
  /** From usePendingSubmissions. */
  entries: OutboxEntry[];
  online: boolean;
  /** The device's price lists' names by id (a price list order names its list). */
  priceListNames?: ReadonlyMap<number, string>;
}

/** The submitted orders still on this device (live), minus those the server already lists. */
export function usePendingSubmissions(listedIds: ReadonlySet<string>): OutboxEntry[] {
  const entries = useOutboxEntries('createWorkOrder');
  return (entries ?? []).filter((entry) => !listedIds.has(entry.id));
}

export function OutboxOrders({ entries, online, priceListNames }: OutboxOrdersProps) {
  const navigate = useNavigate();
  const outbox = useOutbox();
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
  const [busy, setBusy] = useState(false);

  const edit = async (entry: OutboxEntry) => {
    try {
      const draftId = await outbox.restoreRejectedWorkOrder(entry.id);
      if (draftId) await navigate(draftPath(draftId));
      else notifications.show({ color: 'red', title: 'Error', message: 'This work order has no saved form to edit; discard it and create it again.' });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(err, 'Failed to open the work order') });
    }
  };

  const discard = async () => {
    if (!discarding || busy) return;
    setBusy(true);
    try {
      await outbox.discard(discarding.id);
      notifications.show({ color: 'green', title: 'Work order discarded', message: 'It will not be sent.' });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(err, 'Failed to discard the work order') });
    } finally {
      setBusy(false);
      setDiscarding(null);
    }
  };

  if (entries.length === 0) return null;
  return (
    <>
      <Stack gap="md" component="section" aria-label="Work orders not created yet">
        {entries.map((entry) => (
          <OutboxOrderCard
            key={entry.id}
            entry={entry}
            online={online}
            onEdit={(e) => void edit(e)}
            onDiscard={setDiscarding}
            onRetry={() => void outbox.retryNow()}
            priceListNames={priceListNames}
          />
        ))}
      </Stack>
      <ConfirmDialog
        opened={discarding !== null}
        title="Discard work order"
        message={DISCARD_QUESTION}
        confirmLabel="Discard"
        pending={busy}
        needsConnection={false}
        onConfirm={() => void discard()}
        onClose={() => setDiscarding(null)}
      >
        <Text size="sm" c="dimmed">
          {discarding ? `“${outboxOrderSummary(discarding).title}”: ` : ''}
          It was not created, and it is removed from this device.
        </Text>
      </ConfirmDialog>
    </>
  );
}
