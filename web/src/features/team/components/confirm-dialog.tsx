/**
 * A yes/no question before a destructive action (remove a member, cancel an invitation): the
 * spec's confirmation text, a safe button that keeps things as they are, and a red confirm
 * button that shows progress while the action runs. The safe button has the initial focus.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { NeedsConnection } from '../../../components/needs-connection';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  pending = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={pending ? () => {} : onClose} title={title} centered>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
          {cancelLabel}
        </Button>
        {/* Red 8: white text on it stays above 4.5:1 (red 7 does not). */}
        <NeedsConnection>
          <Button color="red.8" onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </NeedsConnection>
      </Group>
    </Modal>
  );
}
