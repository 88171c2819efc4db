/**
 * Moves of orders' starts and ends from the calendar (a drag, the keyboard, the order's panel):
 * each is planned by contracts' rules first (planMove: which edges may move, the end after the
 * start, nothing into the past), shown at its new place at once, and sent as PATCH
 * /api/work-orders/{id}. A toast says what the server answered: moved (and, when the gate cleared
 * an approval, that the order waits for approval again), or its refusal (409, 422, 403...), the
 * order back where it was. Offline nothing is sent: the outbox cannot queue a change to an order.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { planHasFeature } from '@catalog/contracts/plans';
import { planMove, type MoveOptions, type MovePlan } from '@catalog/contracts/work-order-moves';
import { needsApproval } from '@catalog/contracts/work-order-rules';
import type { WorkOrderSummary } from '@catalog/contracts/work-orders';
import { notifications } from '@mantine/notifications';
import { useCallback, useMemo, useState } from 'react';
import { useApiQuery } from '../../../lib/api-query';
import { COMPANY_SETTINGS_QUERY, getCompanySettings } from '../../../lib/company-settings';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format-date-time';
import { useOnline } from '../../../lib/use-online';
import { keepMovedOrder, moveWorkOrder } from '../api/move-work-order';
import type { MovedTimes } from '../utils/calendar-events';

/** Why nothing moves offline (the drag handles and move buttons say it too). */
export const OFFLINE_MOVE_MESSAGE = 'You are offline. Moving an order needs the server, which checks it and may ask for approval again.';

export const MOVE_FAILED = 'Failed to move work order';

/** The toast after the server took a move. */
export function movedMessage(before: Pick<WorkOrderSummary, 'title' | 'status'>, after: Pick<WorkOrderSummary, 'status' | 'scheduledAt' | 'revertAt'>): string {
  const times = [after.scheduledAt && `starts ${formatDateTime(after.scheduledAt)}`, after.revertAt && `ends ${formatDateTime(after.revertAt)}`].filter(Boolean).join(' and ');
  const back = after.status === 'awaiting_approval' && before.status !== 'awaiting_approval' ? ' It waits for approval again.' : '';
  return `${before.title} now ${times}.${back}`;
}

/**
 * Whether the user may only bring a run order's end nearer: a member while the company requires
 * approval (contracts needsApproval). Until the user and the settings are read it is false; the
 * server decides either way (403).
 */
function useMoveOptions(): MoveOptions {
  const user = useCurrentUser().data;
  const member = user?.role === 'member';
  const settings = useApiQuery(COMPANY_SETTINGS_QUERY, getCompanySettings, { enabled: member }).data;
  const onlyNearer = member && !!user && !!settings && needsApproval(user.role, settings, planHasFeature(user.company.subscriptionPlan, 'approvals'));
  return useMemo(() => ({ onlyNearer }), [onlyNearer]);
}

export interface CalendarMoves {
  /** Orders on their way to a new place: where they go. */
  moved: ReadonlyMap<string, MovedTimes>;
  options: MoveOptions;
  online: boolean;
  /** Plans a move to these times (epoch ms) by contracts' rules. */
  plan: (order: WorkOrderSummary, to: { start?: number; end?: number }) => MovePlan;
  /** Sends a planned move; resolves true when the server took it. */
  send: (order: WorkOrderSummary, plan: MovePlan) => Promise<boolean>;
}

export function useCalendarMoves({ onMoved }: { onMoved: () => void }): CalendarMoves {
  const online = useOnline();
  const options = useMoveOptions();
  const [moved, setMoved] = useState<ReadonlyMap<string, MovedTimes>>(new Map());
  const plan = useCallback((order: WorkOrderSummary, to: { start?: number; end?: number }) => planMove(order, to, new Date(), options), [options]);

  const send = useCallback(async (order: WorkOrderSummary, planned: MovePlan) => {
    if (!planned.ok) {
      notifications.show({ color: 'red', title: 'Not moved', message: planned.message });
      return false;
    }
    if (!online) {
      notifications.show({ color: 'red', title: 'Not moved', message: OFFLINE_MOVE_MESSAGE });
      return false;
    }
    const settle = () => setMoved((m) => {
      const next = new Map(m);
      next.delete(order.id);
      return next;
    });
    setMoved((m) => new Map(m).set(order.id, planned.body));
    try {
      const updated = await moveWorkOrder(order.id, planned.body);
      await keepMovedOrder(updated).catch((err: unknown) => console.error('Keeping the moved order on this device failed', err));
      settle();
      notifications.show({ color: 'green', title: 'Work order moved', message: movedMessage(order, updated) });
      return true;
    } catch (err) {
      settle();
      notifications.show({ color: 'red', title: 'Not moved', message: getErrorMessage(err, MOVE_FAILED) });
      return false;
    } finally {
      onMoved();
    }
  }, [online, onMoved]);

  return { moved, options, online, plan, send };
}
