/**
 * Everything this device has not yet got onto the server, in the order it will be sent: new
 * work orders and price edits, each with its state ('Waiting for connection', 'Sending…',
 * retrying after a failure, or refused with the server's message) and what can be done about
 * it: send now, edit a refused work order again, or discard. A price edit the server took as a
 * work order awaiting approval (issue 31) stays listed, 'Sent for approval' with the server's
 * message, the way to the work orders and Dismiss. Shown from the connection indicator in the
 * header.
 */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { OutboxEntry } from '../../../local/catalog-db';
import { useOutbox, useOutboxEntries, WAITING_FOR_CONNECTION } from '../../../local/outbox-hooks';
import { formatClockTime } from '../../../lib/format-date-time';
import { useOnline } from '../../../lib/use-online';

export const NOTHING_PENDING = 'Everything is saved on the server.';
export const SENT_FOR_APPROVAL = 'Sent for approval';

const KIND_LABEL: Record<OutboxEntry['kind'], string> = {
  createWorkOrder: 'New work order',
  productPrice: 'Price change',
  variantPrice: 'Variant price change',
};

/** What the entry is waiting for, in words. */
export function entryState(entry: OutboxEntry, online: boolean): { label: string; color: string; detail?: string } {
  if (entry.status === 'rejected') return { label: 'Refused', color: 'red', detail: entry.error };
  if (entry.status === 'sentForApproval') return { label: SENT_FOR_APPROVAL, color: 'orange', detail: entry.approval?.message };
  if (entry.status === 'sending') return { label: 'Sending…', color: 'blue' };
  if (!online) return { label: WAITING_FOR_CONNECTION, color: 'gray' };
  if (entry.attempts > 0) {
    const at = entry.nextAttemptAt > Date.now() ? ` Next try at ${formatClockTime(entry.nextAttemptAt)}.` : '';
    return { label: 'Retrying', color: 'orange', detail: `${entry.error ?? 'The last attempt failed.'}${at}` };
  }
  return { label: 'Queued', color: 'gray' };
}

function EntryRow({ entry, online }: { entry: OutboxEntry; online: boolean }) {
  const navigate = useNavigate();
  const outbox = useOutbox();
  // Discarding asks first, in place (the list lives in a popover: no modal on top of it).
  const [confirming, setConfirming] = useState(false);
  const state = entryState(entry, online);
  const edit = async () => {
    const draftId = await outbox.restoreRejectedWorkOrder(entry.id);
    if (draftId) await navigate(`/work-orders/create?draft=${encodeURIComponent(draftId)}`);
  };
  return (
    <Stack gap={4} component="li" style={{ listStyle: 'none' }} aria-label={`${KIND_LABEL[entry.kind]}: ${entry.label || 'Untitled'}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate="end" title={entry.label}>
            {entry.label || 'Untitled'}
          </Text>
          <Text size="xs" c="dimmed">
            {KIND_LABEL[entry.kind]}
          </Text>
        </div>
        <Badge color={state.color} variant="light" style={{ flexShrink: 0 }}>
          {state.label}
        </Badge>
      </Group>
      {state.detail && (
        <Text size="xs" c={entry.status === 'rejected' ? 'red.8' : 'dimmed'}>
          {state.detail}
        </Text>
      )}
      {entry.status === 'sentForApproval' ? (
        // Delivered: nothing to send or undo; the order is on the work orders screen.
        <Group gap="xs">
          <Button size="compact-xs" variant="light" onClick={() => void navigate('/work-orders')}>
            View work orders
          </Button>
          <Button size="compact-xs" variant="subtle" onClick={() => void outbox.discard(entry.id)} aria-label={`Dismiss: ${entry.label || 'Untitled'} sent for approval`}>
            Dismiss
          </Button>
        </Group>
      ) : confirming ? (
        <Group gap="xs" wrap="nowrap">
          <Text size="xs">{DISCARD_CONSEQUENCE[entry.kind]}</Text>
          <Button size="compact-xs" color="red" onClick={() => void outbox.discard(entry.id)}>
            Discard
          </Button>
          <Button size="compact-xs" variant="default" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </Group>
      ) : (
        <Group gap="xs">
          {entry.status === 'rejected' && entry.kind === 'createWorkOrder' && entry.draft !== undefined && (
            <Button size="compact-xs" variant="light" onClick={() => void edit()}>
              Edit
            </Button>
          )}
          {canDiscard(entry) && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
              Discard…
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

/**
 * What can be dropped: a refused change, or one that never left the device. After an attempt
 * without an answer, the server may have it already: it is sent again instead (idempotent).
 */
export function canDiscard(entry: OutboxEntry): boolean {
  return entry.status === 'rejected' || (entry.status === 'queued' && entry.attempts === 0);
}

const DISCARD_CONSEQUENCE: Record<OutboxEntry['kind'], string> = {
  createWorkOrder: 'The order will not be created.',
  productPrice: 'The price goes back to what it was.',
  variantPrice: 'The price goes back to what it was.',
};

export function PendingChanges() {
  const outbox = useOutbox();
  const entries = useOutboxEntries();
  const online = useOnline();

  if (!entries) return null;
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {NOTHING_PENDING}
      </Text>
    );
  }
  const canRetry = online && entries.some((e) => e.status === 'queued');

  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" p={0} m={0} aria-label="Changes not yet on the server">
        {entries.map((entry) => (
          <EntryRow key={entry.id} entry={entry} online={online} />
        ))}
      </Stack>
      {canRetry && (
        <Button size="xs" variant="light" onClick={() => void outbox.retryNow()}>
          Send now
        </Button>
      )}
    </Stack>
  );
}
