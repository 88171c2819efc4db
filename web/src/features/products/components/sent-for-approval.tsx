/**
 * A member's price edit the server took as a work order awaiting an owner's or admin's approval
 * (201, issue 31): nothing reached the store and the device shows the store's price again
 * (local/outbox-sender.ts), so the user is told, in the server's words, with the way to the
 * order: a toast when the answer comes (`showSentForApproval`; `SentForApprovalToasts` in the
 * signed-in shell for edits sent later, from the queue), and a note in the product's panel
 * (`SentForApprovalNotes`) until the user dismisses it.
 */
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { SentForApproval } from '../../../local/catalog-db';
import { useOutbox, useOutboxEntries } from '../../../local/outbox-hooks';
import { isPriceEdit, sentForApprovalOf } from '../../../local/pending-edits';
import { Pill } from './pill';

export const SENT_FOR_APPROVAL_LABEL = 'Sent for approval';
export const VIEW_WORK_ORDERS = 'View work orders';
export const WORK_ORDERS_PATH = '/work-orders';

/**
 * The toast: the server's message and a button to the work orders. One per order (its id): the
 * shell's listener and the form that waited for the answer both show it, and it shows once.
 */
export function showSentForApproval(approval: SentForApproval, openWorkOrders: () => void): void {
  const id = `sent-for-approval-${approval.workOrderId}`;
  notifications.show({
    id,
    color: 'orange',
    title: SENT_FOR_APPROVAL_LABEL,
    // Long enough to read it and reach the button (the note in the product's panel stays).
    autoClose: 10_000,
    message: (
      <Stack gap={4} align="flex-start">
        <Text size="sm">{approval.message}</Text>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            notifications.hide(id);
            openWorkOrders();
          }}
        >
          {VIEW_WORK_ORDERS}
        </Anchor>
      </Stack>
    ),
  });
}

/**
 * The toast for every price edit the outbox sends that became an order awaiting approval, also
 * one queued earlier and sent while the user is elsewhere. Rendered once, inside the router and
 * the outbox's provider (the signed-in shell).
 */
export function SentForApprovalToasts() {
  const outbox = useOutbox();
  const navigate = useNavigate();
  useEffect(
    () =>
      outbox.onSent((entry, response) => {
        const approval = isPriceEdit(entry) ? sentForApprovalOf(response) : null;
        if (approval) showSentForApproval(approval, () => void navigate(WORK_ORDERS_PATH));
      }),
    [outbox, navigate],
  );
  return null;
}

/**
 * The product's edits (its own prices and its variants') that were sent for approval: each with
 * the server's message, the way to the work orders, and Dismiss (the order itself stays).
 */
export function SentForApprovalNotes({ productId }: { productId: number }) {
  const outbox = useOutbox();
  const entries = useOutboxEntries();
  const mine = (entries ?? []).filter((e) => e.status === 'sentForApproval' && e.productId === productId && e.approval);
  if (mine.length === 0) return null;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} aria-label="Price changes sent for approval">
      {mine.map((entry) => (
        <Stack
          key={entry.id}
          gap={4}
          component="li"
          p="xs"
          style={{ listStyle: 'none', border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}
        >
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text size="sm" fw={600} truncate="end" title={entry.label}>
              {entry.label}
            </Text>
            <Pill tone="orange">{SENT_FOR_APPROVAL_LABEL}</Pill>
          </Group>
          <Text size="sm">{entry.approval!.message}</Text>
          <Group gap="xs">
            <Anchor component={Link} to={WORK_ORDERS_PATH} size="sm">
              {VIEW_WORK_ORDERS}
            </Anchor>
            <Button size="compact-xs" variant="subtle" onClick={() => void outbox.discard(entry.id)} aria-label={`Dismiss: ${entry.label} sent for approval`}>
              Dismiss
            </Button>
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}
