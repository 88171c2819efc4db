/**
 * The create form's "Repeat" (issue 36) under a scheduled start: Does not repeat, Weekly or
 * Monthly until a date, or On dates (added one at a time, each removable), every later run at the
 * first run's time. Each run is a work order of its own, made when the one before starts; the
 * rule's checks and messages are utils/repeat-inputs.ts's (the contracts', as the API says them).
 */
import { Badge, Button, CloseButton, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState, type Dispatch } from 'react';
import { REPEAT_CHOICES, withRepeatDate, type RepeatChoice, type RepeatFields } from '../utils/repeat-inputs';
import type { WorkOrderFormAction } from '../utils/work-order-form';

const LABELS: Record<RepeatChoice, string> = { none: 'Does not repeat', week: 'Weekly', month: 'Monthly', dates: 'On dates' };
const OPTIONS = REPEAT_CHOICES.map((value) => ({ value, label: LABELS[value] }));

export interface RepeatInputsProps {
  state: RepeatFields;
  dispatch: Dispatch<WorkOrderFormAction>;
  /** Shown once the merchant has tried to create the order. */
  error?: string;
  /** The earliest date to offer: the first run's. */
  min: string;
}

export function RepeatInputs({ state, dispatch, error, min }: RepeatInputsProps) {
  const [date, setDate] = useState('');
  const choice = state.repeat ?? 'none';
  const dates = state.repeatDates ?? [];
  const set = (value: RepeatFields) => dispatch({ type: 'repeat', value });
  const add = () => {
    set({ repeatDates: withRepeatDate(dates, date, true) });
    setDate('');
  };
  return (
    <Stack gap="xs">
      <NativeSelect
        label="Repeat"
        data={OPTIONS}
        value={choice}
        onChange={(e) => set({ repeat: e.currentTarget.value as RepeatChoice })}
        description={choice === 'none' ? undefined : 'Each run is a work order of its own, with its own history and undo.'}
      />
      {(choice === 'week' || choice === 'month') && (
        <TextInput
          type="date"
          label="Until"
          required
          min={min}
          value={state.repeatUntil ?? ''}
          onChange={(e) => set({ repeatUntil: e.currentTarget.value })}
          error={error}
        />
      )}
      {choice === 'dates' && (
        <>
          <Group gap="xs" align="flex-end">
            <TextInput type="date" label="Repeat on" min={min} value={date} onChange={(e) => setDate(e.currentTarget.value)} error={error} />
            <Button variant="default" disabled={!date} onClick={add}>
              Add date
            </Button>
          </Group>
          {dates.length > 0 && (
            <Group gap="xs" role="list" aria-label="Repeat dates">
              {dates.map((d) => (
                <Badge
                  key={d}
                  role="listitem"
                  variant="light"
                  size="lg"
                  rightSection={<CloseButton size="xs" aria-label={`Remove ${d}`} onClick={() => set({ repeatDates: withRepeatDate(dates, d, false) })} />}
                >
                  {d}
                </Badge>
              ))}
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
