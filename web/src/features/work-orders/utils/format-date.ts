/**
 * Work-order dates as the spec writes them, 'MMM d, yyyy at h:mm a' ("Mar 5, 2025 at 3:07 PM"),
 * in the browser's time zone, with Intl (no date library). The date and time inputs of a
 * scheduled order speak 'yyyy-mm-dd' and 'HH:mm' in local time.
 */

const OPTIONS: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
};
const LOCAL = new Intl.DateTimeFormat('en-US', OPTIONS);

/** 'Mar 5, 2025 at 3:07 PM'; '' for a value that is not a date. */
export function formatOrderDate(value: string | Date, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const format = timeZone ? new Intl.DateTimeFormat('en-US', { ...OPTIONS, timeZone }) : LOCAL;
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('year')} at ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local date and time inputs' values for a moment: ['2025-03-05', '15:07']. */
export function toDateTimeInputs(date: Date): [string, string] {
  return [
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
    `${pad(date.getHours())}:${pad(date.getMinutes())}`,
  ];
}

/** The moment that a local date ('2025-03-05') and time ('15:07') name, or null. */
export function fromDateTimeInputs(date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const t = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time.trim());
  if (!d || !t) return null;
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [hours, minutes] = [Number(t[1]), Number(t[2])];
  const result = new Date(year, month - 1, day, hours, minutes, 0, 0);
  // Reject dates that do not exist (2025-02-30 rolls over into March).
  if (result.getFullYear() !== year || result.getMonth() !== month - 1 || result.getDate() !== day) return null;
  if (hours > 23 || minutes > 59) return null;
  return result;
}
