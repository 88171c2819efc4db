/**
 * The end of an order (issue 18): set, move or remove the time its prices go back by
 * themselves ("Revert at"), for an order not run yet (pending or awaiting approval) or a completed
 * one not yet undone. Date and time in local time, checked by the server's own rule (contracts
 * endComesAfterStart: after the order's start, awaiting approval or not, and after now).
 */
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { planHasFeature } from '@catalog/contracts/plans';
import { MEMBER_END_CHANGE_MESSAGE, memberMayMoveEnd } from '@catalog/contracts/price-gate';
import { endComesAfterStart } from '@catalog/contracts/work-order-end';
import { needsApproval } from '@catalog/contracts/work-order-rules';
import { isTooFarAhead, WORK_ORDER_MESSAGES, type WorkOrderSummary } from '@catalog/contracts/work-orders';
import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { NeedsConnection } from '../../../components/needs-connection';
import { useApiQuery } from '../../../lib/api-query';
import { COMPANY_SETTINGS_QUERY, getCompanySettings } from '../../../lib/company-settings';
import { useCurrentUser } from '../../../lib/current-user';
import { fromDateTimeInputs, toDateTimeInputs } from '../utils/schedule-inputs';

/**
 * Why `date` `time` cannot be the order's end, or null with the moment it names. `onlyNearer`: a
 * member, while the company requires approval, may only bring nearer the end of an order that
 * has run (contracts memberMayMoveEnd, the rule the server applies).
 */
export function checkEnd(
  order: Pick<WorkOrderSummary, 'status' | 'executeImmediately' | 'scheduledAt' | 'revertAt'>, date: string, time: string, now: Date, onlyNearer = false,
) {
  const at = fromDateTimeInputs(date, time);
  if (!at) return { error: WORK_ORDER_MESSAGES.revertDate, at: null };
  if (!endComesAfterStart(at, order, now)) return { error: WORK_ORDER_MESSAGES.revertAfterStart, at: null };
  if (isTooFarAhead(at.toISOString(), now.getTime())) return { error: WORK_ORDER_MESSAGES.revertTooFar, at: null };
  if (onlyNearer && !memberMayMoveEnd(order.revertAt ? new Date(order.revertAt) : null, at)) return { error: MEMBER_END_CHANGE_MESSAGE, at: null };
  return { error: null, at };
}

export interface EndTimeDialogProps {
  order: WorkOrderSummary | null;
  running: boolean;
  onSave: (options: { revertAt: string | null }) => void;
  onClose: () => void;
}

/**
 * Whether the user may only bring the end nearer (see checkEnd): a member, the company requiring
 * approval, an order that has run. Until the user and the settings are read it is false; the
 * server decides either way (403).
 */
function useOnlyNearer(order: Pick<WorkOrderSummary, 'status'> | null): boolean {
  const user = useCurrentUser().data;
  const member = user?.role === 'member' && order?.status === 'completed';
  const settings = useApiQuery(COMPANY_SETTINGS_QUERY, getCompanySettings, { enabled: member }).data;
  if (!member || !user || !settings) return false;
  return needsApproval(user.role, settings, planHasFeature(user.company.subscriptionPlan, 'approvals'));
}

export function EndTimeDialog({ order, running, onSave, onClose }: EndTimeDialogProps) {
  const onlyNearer = useOnlyNearer(order);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const revertAt = order?.revertAt ?? null;

  useEffect(() => {
    const [d, t] = revertAt ? toDateTimeInputs(new Date(revertAt)) : ['', ''];
    setDate(d);
    setTime(t);
    setError(null);
  }, [order?.id, revertAt]);

  const save = () => {
    if (!order) return;
    const checked = checkEnd(order, date, time, new Date(), onlyNearer);
    setError(checked.error);
    if (checked.at) onSave({ revertAt: checked.at.toISOString() });
  };

  return (
    <Dialog opened={order !== null} onClose={onClose} busy={running} title={revertAt ? 'Change the end' : 'Set an end'} closeLabel="Close">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {order ? `“${order.title}”: ` : ''}at this time its prices go back by themselves, except those changed since (they are kept).
        </Text>
        {onlyNearer && (
          <Text size="sm" c="dimmed">
            {MEMBER_END_CHANGE_MESSAGE}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput id="end-date" type="date" label="Revert at (date)" required value={date} onChange={(e) => setDate(e.currentTarget.value)} error={error} />
          <TextInput
            type="time"
            label="Revert at (time)"
            required
            value={time}
            onChange={(e) => setTime(e.currentTarget.value)}
            error={!!error}
            aria-describedby={error ? 'end-date-error' : undefined}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          {revertAt && !onlyNearer && (
            <NeedsConnection>
              <Button variant="subtle" color="red.8" onClick={() => onSave({ revertAt: null })} disabled={running}>
                Remove end
              </Button>
            </NeedsConnection>
          )}
          <Button variant="default" onClick={onClose} disabled={running}>
            Cancel
          </Button>
          <NeedsConnection>
            <Button onClick={save} loading={running}>
              Save end
            </Button>
          </NeedsConnection>
        </Group>
      </Stack>
    </Dialog>
  );
}
