/**
 * The end of an order (issue 18): set, move or remove the time its prices go back by
 * themselves ("Revert at"), for a pending order or a completed one not yet undone. Date and
 * time in local time, checked as the server checks them (after the order runs).
 */
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { WORK_ORDER_MESSAGES, type WorkOrderSummary } from '@catalog/contracts/work-orders';
import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { NeedsConnection } from '../../../components/needs-connection';
import { fromDateTimeInputs, toDateTimeInputs } from '../utils/schedule-inputs';

/** Why `date` `time` cannot be the order's end, or null with the moment it names. */
export function checkEnd(order: Pick<WorkOrderSummary, 'status' | 'executeImmediately' | 'scheduledAt'>, date: string, time: string, now: Date) {
  const at = fromDateTimeInputs(date, time);
  if (!at) return { error: WORK_ORDER_MESSAGES.revertDate, at: null };
  const start = order.status === 'pending' && !order.executeImmediately && order.scheduledAt ? Date.parse(order.scheduledAt) : 0;
  if (at.getTime() <= Math.max(now.getTime(), start)) return { error: WORK_ORDER_MESSAGES.revertAfterStart, at: null };
  return { error: null, at };
}

export interface EndTimeDialogProps {
  order: WorkOrderSummary | null;
  running: boolean;
  onSave: (options: { revertAt: string | null }) => void;
  onClose: () => void;
}

export function EndTimeDialog({ order, running, onSave, onClose }: EndTimeDialogProps) {
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
    const checked = checkEnd(order, date, time, new Date());
    setError(checked.error);
    if (checked.at) onSave({ revertAt: checked.at.toISOString() });
  };

  return (
    <Dialog opened={order !== null} onClose={onClose} busy={running} title={revertAt ? 'Change the end' : 'Set an end'} closeLabel="Close">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {order ? `“${order.title}”: ` : ''}at this time its prices go back by themselves, except those changed since (they are kept).
        </Text>
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
          {revertAt && (
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
