/** The confirmations of the list's actions, with the spec's questions (section 5). */
import { Text } from '@mantine/core';
import { ConfirmDialog, type ConfirmTone } from '../../../components/confirm-dialog';
import type { WorkOrderAction } from '../api/work-order-actions';
import type { PendingAction } from '../hooks/use-work-order-actions';

export const CONFIRMATIONS: Readonly<
  Record<WorkOrderAction, { title: string; question: string; detail: string; confirm: string; tone: ConfirmTone }>
> = {
  delete: {
    title: 'Delete work order',
    question: 'Are you sure you want to delete this work order?',
    detail: 'It has not run yet, and it never will.',
    confirm: 'Delete',
    tone: 'danger',
  },
  archive: {
    title: 'Archive work order',
    question: 'Are you sure you want to archive this work order?',
    detail: 'It is hidden from the list unless you show archived orders, and an archived order cannot be undone.',
    confirm: 'Archive',
    tone: 'primary',
  },
  undo: {
    title: 'Undo work order',
    question: 'Are you sure you want to undo this work order?',
    detail: 'All price changes it made will be reverted: every product and variant goes back to the price it had before.',
    confirm: 'Undo',
    tone: 'danger',
  },
};

export interface WorkOrderActionModalProps {
  pending: PendingAction | null;
  running: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function WorkOrderActionModal({ pending, running, onConfirm, onClose }: WorkOrderActionModalProps) {
  const texts = pending ? CONFIRMATIONS[pending.action] : CONFIRMATIONS.delete;
  return (
    <ConfirmDialog
      opened={pending !== null}
      title={texts.title}
      message={texts.question}
      confirmLabel={texts.confirm}
      tone={texts.tone}
      pending={running}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Text size="sm" c="dimmed">
        {pending ? `“${pending.order.title}”: ` : ''}
        {texts.detail}
      </Text>
    </ConfirmDialog>
  );
}
