/**
 * The period of a price history export for audits (GET /api/price-history/export): the days
 * the merchant picks ("2025-03-01" to "2025-03-31", both included, in the browser's time zone)
 * as the API's range `[from, to)` in UTC, or what is wrong with them, by the API's rules
 * (contracts csv.ts: the start before the end, at most 366 days).
 */
import { MAX_HISTORY_RANGE_DAYS } from '@catalog/contracts/csv';

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight of a "YYYY-MM-DD" day, or null for anything else (an empty or half-typed field). */
function startOfDay(value: string): Date | null {
  const match = DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** A local day as the date field writes it. */
export function dayValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The period offered first: the 30 days before today, and today. */
export function defaultPeriod(today = new Date()): { from: string; to: string } {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 30);
  return { from: dayValue(from), to: dayValue(today) };
}

export type AuditPeriod =
  | { ok: true; from: string; to: string }
  | { ok: false; field: 'from' | 'to'; message: string };

/** The API's range for the days `from` to `to` (both included), or the field that is wrong. */
export function auditPeriod(fromDay: string, toDay: string): AuditPeriod {
  const from = startOfDay(fromDay);
  if (!from) return { ok: false, field: 'from', message: 'Pick the first day' };
  const last = startOfDay(toDay);
  if (!last) return { ok: false, field: 'to', message: 'Pick the last day' };
  if (last < from) return { ok: false, field: 'to', message: 'The last day must not be before the first' };
  const to = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
  if (to.getTime() - from.getTime() > MAX_HISTORY_RANGE_DAYS * DAY_MS) {
    return { ok: false, field: 'to', message: `A period is at most ${MAX_HISTORY_RANGE_DAYS} days` };
  }
  return { ok: true, from: from.toISOString(), to: to.toISOString() };
}
