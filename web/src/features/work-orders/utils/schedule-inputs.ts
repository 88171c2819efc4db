/**
 * The date and time inputs of a scheduled order: they speak 'yyyy-mm-dd' and 'HH:mm' in the
 * browser's time zone. (Dates are printed with lib/format-date-time.)
 */

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
