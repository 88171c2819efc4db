/**
 * The confirmations of the list's actions: Delete and Archive with the spec's questions
 * (section 5), Approve, Reject with its reason (reject-dialog.tsx), Undo with its preview of what is restored and kept (undo-dialog.tsx), and the
 * end's date and time (end-time-dialog.tsx).
 */
import { Text } from '@mantine/core';
import { ConfirmDialog, type ConfirmTone } from '../../../components/confirm-dialog';
import type { ActionOptions, WorkOrderAction } from '../api/work-order-actions';
import type { PendingAction } from '../hooks/use-work-order-actions';
import { EndTimeDialog } from './end-time-dialog';
import { RejectDialog } from './reject-dialog';
import { UndoDialog } from './undo-dialog';

type ConfirmedAction = Exclude<WorkOrderAction, 'undo' | 'editEnd' | 'reject'>;

export const CONFIRMATIONS: Readonly<
  Record<ConfirmedAction, { title: string; question: string; detail: string; confirm: string; tone: ConfirmTone }>
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
    detail: 'It is hidden from the list unless you show archived orders, and an archived order cannot be undone. An end it has still comes.',
    confirm: 'Archive',
    tone: 'primary',
  },
  approve: {
    title: 'Approve work order',
    question: 'Are you sure you want to approve this work order?',
    detail: 'It runs now, or at its scheduled time if that is still to come. A scheduled time already past runs it at once.',
    confirm: 'Approve',
    tone: 'primary',
  },
};

export interface WorkOrderActionModalProps {
  pending: PendingAction | null;
  running: boolean;
  onConfirm: (options?: ActionOptions) => void;
  onClose: () => void;
}

export function WorkOrderActionModal({ pending, running, onConfirm, onClose }: WorkOrderActionModalProps) {
  const confirmed = pending && pending.action !== 'undo' && pending.action !== 'editEnd' && pending.action !== 'reject' ? pending.action : null;
  const texts = CONFIRMATIONS[confirmed ?? 'delete'];
  return (
    <>
      <ConfirmDialog
        opened={confirmed !== null}
        title={texts.title}
        message={texts.question}
        confirmLabel={texts.confirm}
        tone={texts.tone}
        pending={running}
        onConfirm={() => onConfirm()}
        onClose={onClose}
      >
        <Text size="sm" c="dimmed">
          {pending ? `“${pending.order.title}”: ` : ''}
          {texts.detail}
        </Text>
      </ConfirmDialog>
      <UndoDialog order={pending?.action === 'undo' ? pending.order : null} running={running} onConfirm={onConfirm} onClose={onClose} />
      <EndTimeDialog order={pending?.action === 'editEnd' ? pending.order : null} running={running} onSave={onConfirm} onClose={onClose} />
      <RejectDialog order={pending?.action === 'reject' ? pending.order : null} running={running} onReject={(reason) => onConfirm({ reason })} onClose={onClose} />
    </>
  );
}
