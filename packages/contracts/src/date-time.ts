/**
 * Dates as the product prints them (spec section 9): 'MMM d, yyyy at h:mm a', e.g.
 * "Mar 8, 2030 at 9:05 AM", and the price history's shorter 'MMM d, h:mm a', in the reader's
 * time zone or a named one. The web app formats in the reader's zone (web/src/lib/
 * format-date-time.ts re-exports these); the API formats what it writes for people (the title of
 * a restore's work order) in the zone the client names. The reader's own zone is read with
 * Date's getters: building an Intl.DateTimeFormat costs tens of milliseconds on a phone the first
 * time (locale and zone data), which landed in the first render of /products and of every
 * work-order card. A named zone goes through one cached Intl formatter per zone.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

interface DateParts {
  year: number;
  /** 0-11. */
  month: number;
  day: number;
  /** 0-23. */
  hour: number;
  minute: number;
  second: number;
}

const zoned = new Map<string, Intl.DateTimeFormat>();

function partsOf(date: Date, timeZone?: string): DateParts {
  if (!timeZone) {
    return { year: date.getFullYear(), month: date.getMonth(), day: date.getDate(), hour: date.getHours(), minute: date.getMinutes(), second: date.getSeconds() };
  }
  let format = zoned.get(timeZone);
  if (!format) {
    const options = { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' } as const;
    format = new Intl.DateTimeFormat('en-US', options);
    zoned.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(date)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month! - 1, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** '9:05 AM', or '9:05:07 AM' with seconds. */
function clock({ hour, minute, second }: DateParts, withSeconds = false): string {
  return `${hour % 12 || 12}:${pad(minute)}${withSeconds ? `:${pad(second)}` : ''} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** An ISO timestamp or Date as 'MMM d, yyyy at h:mm a'; '' for an unreadable value. */
export function formatDateTime(value: string | Date, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = partsOf(date, timeZone);
  return `${MONTHS[parts.month]} ${parts.day}, ${parts.year} at ${clock(parts)}`;
}

/** An ISO timestamp or Date as 'MMM d, h:mm a' ("Mar 5, 3:07 PM"); '' for an unreadable value. */
export function formatMonthDayTime(value: string | Date, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = partsOf(date, timeZone);
  return `${MONTHS[parts.month]} ${parts.day}, ${clock(parts)}`;
}

/** A time as 'h:mm:ss a' ("3:07:45 PM"), for what happens within the minute (an outbox retry). */
export function formatClockTime(value: number | Date, timeZone?: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : clock(partsOf(date, timeZone), true);
}

/** Whether `name` is a time zone this runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(name: string): boolean {
  if (name === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
