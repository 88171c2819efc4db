/**
 * The app's one yes/no question before an action (remove a member, cancel a plan, delete a work
 * order...): the spec's question, optional details under it, a safe button that keeps things as
 * they are (initial focus, so Enter never confirms by accident) and the confirm button, which
 * shows progress while the action runs; meanwhile the dialog cannot be closed.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Dialog } from './dialog';
import { NeedsConnection } from './needs-connection';

/** The confirm button's colour, by what the action does. */
const TONES = {
  /** Takes something away (delete, remove, cancel, downgrade, undo). Red 8: white text on it stays above 4.5:1 (red 7 does not). */
  danger: 'red.8',
  /** Changes something without loss (upgrade, archive): the theme's primary colour. */
  primary: undefined,
} as const;

export type ConfirmTone = keyof typeof TONES;

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The spec's question ('Are you sure you want to delete this work order?'). */
  message: string;
  /** What else to know before answering, under the question (a detail, a warning). */
  children?: ReactNode;
  confirmLabel: string;
  /** The safe button's label. Default 'Cancel'. */
  cancelLabel?: string;
  /** Default 'danger'. */
  tone?: ConfirmTone;
  /** The action is running: the confirm button is busy, nothing else can be pressed. */
  pending?: boolean;
  /**
   * Only the server can do the action (the default): offline, the confirm button waits and says
   * why (NeedsConnection). false for an action on this device (delete a draft).
   */
  needsConnection?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({
  opened,
  title,
  message,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  pending = false,
  needsConnection = true,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const confirm = (
    <Button color={TONES[tone]} onClick={onConfirm} loading={pending}>
      {confirmLabel}
    </Button>
  );
  return (
    <Dialog opened={opened} onClose={onClose} title={title} busy={pending}>
      <Stack gap="md">
        <Text>{message}</Text>
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            {cancelLabel}
          </Button>
          {needsConnection ? <NeedsConnection>{confirm}</NeedsConnection> : confirm}
        </Group>
      </Stack>
    </Dialog>
  );
}
