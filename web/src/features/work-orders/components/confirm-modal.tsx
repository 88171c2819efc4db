/**
 * A confirmation before an action that cannot be taken back (delete, archive, undo): the
 * question, why it matters, Cancel (focused first, so Enter never confirms by accident) and the
 * action's own button, busy while it runs.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DialogModal } from './dialog-modal';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  /** The spec's question ('Are you sure you want to delete this work order?'). */
  question: string;
  children?: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmModal({
  opened,
  title,
  question,
  children,
  confirmLabel,
  confirmColor = 'red.9',
  loading = false,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  return (
    <DialogModal opened={opened} onClose={loading ? () => {} : onClose} title={title} centered>
      <Stack gap="md">
        <Text>{question}</Text>
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
            Cancel
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </DialogModal>
  );
}
