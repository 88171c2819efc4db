/**
 * Everything this device has not yet got onto the server, in the order it will be sent: new
 * work orders and price edits, each with its state ('Waiting for connection', 'Sending…',
 * retrying after a failure, or refused with the server's message) and what can be done about
 * it: send now, edit a refused work order again, or discard. Shown from the connection
 * indicator in the header.
 */
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { OutboxEntry } from '../../../local/catalog-db';
import {
  discardOutboxEntry,
  restoreRejectedWorkOrder,
  retryOutboxNow,
  useOutbox,
  WAITING_FOR_CONNECTION,
} from '../../../local/outbox';
import { useOnline } from '../../../lib/use-online';

export const NOTHING_PENDING = 'Everything is saved on the server.';

const KIND_LABEL: Record<OutboxEntry['kind'], string> = {
  createWorkOrder: 'New work order',
  productPrice: 'Price change',
  variantPrice: 'Variant price change',
};

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/** What the entry is waiting for, in words. */
export function entryState(entry: OutboxEntry, online: boolean): { label: string; color: string; detail?: string } {
  if (entry.status === 'rejected') return { label: 'Refused', color: 'red', detail: entry.error };
  if (entry.status === 'sending') return { label: 'Sending…', color: 'blue' };
  if (!online) return { label: WAITING_FOR_CONNECTION, color: 'gray' };
  if (entry.attempts > 0) {
    const at = entry.nextAttemptAt > Date.now() ? ` Next try at ${timeFormat.format(entry.nextAttemptAt)}.` : '';
    return { label: 'Retrying', color: 'orange', detail: `${entry.error ?? 'The last attempt failed.'}${at}` };
  }
  return { label: 'Queued', color: 'gray' };
}

function EntryRow({ entry, online, onDiscard }: { entry: OutboxEntry; online: boolean; onDiscard: (entry: OutboxEntry) => void }) {
  const navigate = useNavigate();
  const state = entryState(entry, online);
  const edit = async () => {
    const draftId = await restoreRejectedWorkOrder(entry.id);
    if (draftId) navigate(`/work-orders/create?draft=${encodeURIComponent(draftId)}`);
  };
  return (
    <Stack gap={4} component="li" style={{ listStyle: 'none' }}>
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
      <Group gap="xs">
        {entry.status === 'rejected' && entry.kind === 'createWorkOrder' && entry.draft !== undefined && (
          <Button size="compact-xs" variant="light" onClick={() => void edit()}>
            Edit
          </Button>
        )}
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => onDiscard(entry)}>
          Discard
        </Button>
      </Group>
    </Stack>
  );
}

export function PendingChanges() {
  const entries = useOutbox();
  const online = useOnline();
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
  const [opened, { open, close }] = useDisclosure(false);

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
          <EntryRow
            key={entry.id}
            entry={entry}
            online={online}
            onDiscard={(e) => {
              setDiscarding(e);
              open();
            }}
          />
        ))}
      </Stack>
      {canRetry && (
        <Button size="xs" variant="light" onClick={() => void retryOutboxNow()}>
          Send now
        </Button>
      )}
      <Modal opened={opened} onClose={close} title="Discard this change?" centered>
        <Text size="sm">
          {discarding?.kind === 'createWorkOrder'
            ? 'The work order will not be created, and what you entered in it is deleted.'
            : 'The price change will not be sent, and the price on this device goes back to what it was.'}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            Keep it
          </Button>
          <Button
            color="red"
            onClick={() => {
              if (discarding) void discardOutboxEntry(discarding.id);
              close();
            }}
          >
            Discard
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
