/**
 * Price history as the detail panel shows it: dates as 'MMM d, h:mm a' ("Mar 5, 3:07 PM") in
 * the browser's time zone, with Intl (no date library), and the change type's label.
 */
import type { PriceChangeType } from '@catalog/contracts/products';

const OPTIONS: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true };
const LOCAL = new Intl.DateTimeFormat('en-US', OPTIONS);

/** 'Mar 5, 3:07 PM'; '' for a value that is not a date. */
export function formatHistoryDate(value: string | Date, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const format = timeZone ? new Intl.DateTimeFormat('en-US', { ...OPTIONS, timeZone }) : LOCAL;
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
}

/** manual, work order and undo by name; anything else is the store's sync. */
export function changeTypeLabel(type: PriceChangeType | string): string {
  switch (type) {
    case 'manual':
      return 'Manual';
    case 'work_order':
      return 'Work order';
    case 'undo':
      return 'Undo';
    default:
      return 'Sync';
  }
}
