/**
 * Undo, Archive, Delete and the end from the list: `ask` opens the confirmation (for undo, the
 * preview; for the end, its date and time), `confirm` runs the call with the dialog's choices,
 * then a toast says how it went (the server's message, else the spec's fallback).
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import type { WorkOrderSummary } from '@catalog/contracts/work-orders';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { runWorkOrderAction, type ActionOptions, type WorkOrderAction } from '../api/work-order-actions';

/** The toasts of each action (failures: spec section 8). */
export const ACTION_MESSAGES: Readonly<Record<WorkOrderAction, { done: string; detail: string; failed: string }>> = {
  delete: { done: 'Work order deleted', detail: 'It will not run.', failed: 'Failed to delete work order' },
  archive: { done: 'Work order archived', detail: 'Show Archived lists it again.', failed: 'Failed to archive work order' },
  undo: {
    done: 'Undoing work order',
    detail: 'The original prices are being restored; the order shows Undone when they are back.',
    failed: 'Failed to undo work order',
  },
  editEnd: { done: 'End saved', detail: 'The order shows when its prices go back.', failed: 'Failed to change the end' },
  approve: {
    done: 'Work order approved',
    detail: 'It runs now, or at its scheduled time if that is still to come.',
    failed: 'Failed to approve work order',
  },
  reject: { done: 'Work order rejected', detail: 'It will not run; its creator is told why.', failed: 'Failed to reject work order' },
};

export interface PendingAction {
  action: WorkOrderAction;
  order: WorkOrderSummary;
}

export function useWorkOrderActions({ onDone }: { onDone: () => void }) {
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [running, setRunning] = useState(false);

  const confirm = async (options: ActionOptions = {}) => {
    if (!pending || running) return;
    const { action, order } = pending;
    setRunning(true);
    try {
      await runWorkOrderAction(action, order.id, options);
      notifications.show({ color: 'green', title: ACTION_MESSAGES[action].done, message: ACTION_MESSAGES[action].detail });
      setPending(null);
    } catch (err) {
      notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(err, ACTION_MESSAGES[action].failed) });
      // The order may have changed meanwhile (a 409): close, and let the refreshed list show it.
      setPending(null);
    } finally {
      setRunning(false);
      onDone();
    }
  };

  return {
    pending,
    running,
    ask: (action: WorkOrderAction, order: WorkOrderSummary) => setPending({ action, order }),
    confirm: (options?: ActionOptions) => void confirm(options),
    cancel: () => {
      if (!running) setPending(null);
    },
  };
}
