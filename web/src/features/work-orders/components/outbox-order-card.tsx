/**
 * A work order submitted on this device that the server has not created yet (an outbox entry,
 * local/outbox.ts), shown at the top of /work-orders (a price list order names its list, issue 35):
 * - queued: "Waiting for connection"; after a failed attempt, its error and the next try;
 * - sending: "Sending…";
 * - rejected: the server's message, with Edit (back to the form, as a draft) and Discard.
 */
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PriceListTarget, targetName, type CreateWorkOrderInput } from '@catalog/contracts/work-orders';
import { IconAlertCircle, IconPencil, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { formatDateTime } from '../../../lib/format-date-time';
import type { OutboxEntry } from '../../../local/catalog-db';
import { scheduleText } from './work-order-card';
import tones from './tones.module.css';

export const WAITING_BADGE = 'Waiting for connection';
export const SENDING_BADGE = 'Sending…';
export const REJECTED_BADGE = 'Not created';
export const REJECTED_TITLE = 'The server did not accept this work order';

export interface OutboxOrderSummary {
  title: string;
  productCount: number;
  schedule: string;
  /** The price list and currency it changes (issue 35); null: the catalog. */
  target: PriceListTarget | null;
}

/** What the card says about the submitted order, read defensively from the stored request. */
export function outboxOrderSummary(entry: OutboxEntry): OutboxOrderSummary {
  const body = (entry.request.body ?? {}) as Partial<CreateWorkOrderInput>;
  const items = Array.isArray(body.productUpdates) ? body.productUpdates : [];
  return {
    title: entry.label || (typeof body.title === 'string' ? body.title : '') || 'Work order',
    productCount: new Set(items.map((item) => item?.productId)).size,
    schedule: scheduleText({ executeImmediately: body.executeImmediately === true, scheduledAt: body.scheduledAt ?? null }),
    target: body.target ? (PriceListTarget.safeParse(body.target).data ?? null) : null,
  };
}

function StatusBadge({ entry }: { entry: OutboxEntry }) {
  if (entry.status === 'sending') {
    return (
      <Badge color="blue" variant="light" radius="sm" classNames={{ label: tones.executing }}>
        {SENDING_BADGE}
      </Badge>
    );
  }
  if (entry.status === 'rejected') {
    return (
      <Badge color="red" variant="light" radius="sm" classNames={{ label: tones.failed }}>
        {REJECTED_BADGE}
      </Badge>
    );
  }
  return (
    <Badge color="yellow" variant="light" radius="sm" classNames={{ label: tones.warning }}>
      {WAITING_BADGE}
    </Badge>
  );
}

function QueuedNote({ entry, online }: { entry: OutboxEntry; online: boolean }) {
  if (entry.status === 'sending') return <Text size="sm">Sending it to the server...</Text>;
  if (!online) return <Text size="sm">It will be created as soon as the device is back online.</Text>;
  if (entry.attempts > 0 && entry.error) {
    return (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        The last attempt failed: {entry.error}
        {entry.nextAttemptAt > Date.now() ? ` Next try ${formatDateTime(new Date(entry.nextAttemptAt))}.` : ''}
      </Text>
    );
  }
  return <Text size="sm">It is about to be sent.</Text>;
}

export interface OutboxOrderCardProps {
  entry: OutboxEntry;
  online: boolean;
  onEdit: (entry: OutboxEntry) => void;
  onDiscard: (entry: OutboxEntry) => void;
  onRetry: () => void;
  /** The device's price lists' names by id, to name a price list order's list. */
  priceListNames?: ReadonlyMap<number, string>;
}

export function OutboxOrderCard({ entry, online, onEdit, onDiscard, onRetry, priceListNames }: OutboxOrderCardProps) {
  const titleId = useId();
  const summary = outboxOrderSummary(entry);
  const rejected = entry.status === 'rejected';
  const canRetry = !rejected && online && entry.status === 'queued' && entry.attempts > 0;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={6} style={{ minWidth: 0, flex: '1 1 16rem' }}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
                {summary.title}
              </Title>
              {/* Announced as it moves: waiting, sending, refused. */}
              <span role="status">
                <StatusBadge entry={entry} />
              </span>
            </Group>
            <Text size="sm" c="dimmed">
              {summary.productCount.toLocaleString('en-US')} {summary.productCount === 1 ? 'product' : 'products'} · submitted{' '}
              {formatDateTime(new Date(entry.createdAt))} on this device
            </Text>
          </Stack>
          {(rejected || canRetry) && (
            <Group gap="xs" wrap="wrap">
              {canRetry && (
                <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden="true" />} onClick={onRetry}>
                  Retry now
                </Button>
              )}
              {rejected && (
                <>
                  <Button size="xs" variant="default" leftSection={<IconPencil size={14} aria-hidden="true" />} onClick={() => onEdit(entry)}>
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconTrash size={14} aria-hidden="true" color="var(--mantine-color-red-7)" />}
                    onClick={() => onDiscard(entry)}
                  >
                    Discard
                  </Button>
                </>
              )}
            </Group>
          )}
        </Group>
        <Text size="sm">
          {summary.target ? `Prices: ${targetName(summary.target, priceListNames?.get(summary.target.priceListId))} · ` : ''}
          {summary.schedule}
        </Text>
        {rejected ? (
          <Alert
            color="red"
            variant="light"
            classNames={{ title: tones.danger, icon: tones.danger }}
            icon={<IconAlertCircle aria-hidden="true" />}
            title={REJECTED_TITLE}
          >
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {entry.error ?? 'The server refused it.'}
            </Text>
            <Text size="sm" mt={4}>
              Edit it to fix what the server reports, or discard it.
            </Text>
          </Alert>
        ) : (
          <QueuedNote entry={entry} online={online} />
        )}
      </Stack>
    </Paper>
  );
}
