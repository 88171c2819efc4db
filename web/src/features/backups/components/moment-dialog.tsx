/** "Compare with a date and time": the moment, in the reader's time zone, as the work-order form asks for one. */
import { FUTURE_MOMENT_MESSAGE, isPastMoment } from '@catalog/contracts/backups';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';

const pad = (n: number) => String(n).padStart(2, '0');
const dateInput = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const timeInput = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** The moment a local date ('2030-03-05') and time ('15:07') name, or null. */
export function momentOf(date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const t = /^(\d{2}):(\d{2})$/.exec(time.trim());
  if (!d || !t) return null;
  const at = new Date(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), 59, 999);
  return Number.isNaN(at.getTime()) || at.getDate() !== Number(d[3]) ? null : at;
}

export interface MomentDialogProps {
  opened: boolean;
  onClose: () => void;
  onCompare: (at: Date) => void;
}

export function MomentDialog({ opened, onClose, onCompare }: MomentDialogProps) {
  const [date, setDate] = useState(() => dateInput(new Date(Date.now() - 86_400_000)));
  const [time, setTime] = useState(() => timeInput(new Date()));
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const at = momentOf(date, time);
    if (!at) return setError('Please enter a date and a time');
    // The API's rule (contracts backups.ts): not in the future, a minute of clock skew allowed.
    if (!isPastMoment(at)) return setError(FUTURE_MOMENT_MESSAGE);
    setError(null);
    onCompare(at);
  };
  return (
    <Dialog opened={opened} onClose={onClose} title="Compare with a date and time">
      <Stack gap="md">
        <Text size="sm">
          Your prices as they were at that moment, rebuilt from the backup before it and every price change since, are
          compared with your catalog now.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput type="date" label="Date" required value={date} max={dateInput(new Date())} onChange={(e) => setDate(e.currentTarget.value)} error={error} />
          <TextInput type="time" label="Time" required value={time} onChange={(e) => setTime(e.currentTarget.value)} error={!!error} />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit}>Compare</Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
