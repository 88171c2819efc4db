/**
 * The question before a plan change or a cancellation: the spec's confirmation, a warning when
 * products will be left out of the next sync, a safe button that keeps things as they are
 * (initial focus) and the confirm button, which shows progress while the action runs.
 */
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { NeedsConnection } from '../../../components/needs-connection';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  warning?: string | null;
  confirmLabel: string;
  cancelLabel?: string;
  /** 'danger' for what takes something away (cancel, downgrade). */
  tone?: 'primary' | 'danger';
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({
  opened,
  title,
  message,
  warning,
  confirmLabel,
  cancelLabel = 'Keep My Plan',
  tone = 'primary',
  pending = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal.Root opened={opened} onClose={pending ? () => {} : onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        {/* A div, not Mantine's default <header>: a second banner landmark confuses screen readers. */}
        <Modal.Header component="div">
          <Modal.Title fw={700}>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" disabled={pending} />
        </Modal.Header>
        <Modal.Body>
          <Text>{message}</Text>
          {warning && (
            <Alert
              mt="md"
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden="true" />}
              styles={{ message: { color: 'var(--mantine-color-text)' } }}
            >
              {warning}
            </Alert>
          )}
          <Group justify="flex-end" mt="lg" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
              {cancelLabel}
            </Button>
            {/* Red 8: white text on it stays above 4.5:1 (red 7 does not). */}
            <NeedsConnection>
              <Button color={tone === 'danger' ? 'red.8' : undefined} onClick={onConfirm} loading={pending}>
                {confirmLabel}
              </Button>
            </NeedsConnection>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
