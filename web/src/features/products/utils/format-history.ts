/**
 * Price history as the detail panel shows it: dates as 'MMM d, h:mm a' ("Mar 5, 3:07 PM") in
 * the browser's time zone, and the change type's label.
 */
import type { PriceChangeType } from '@catalog/contracts/products';
import { formatMonthDayTime } from '../../../lib/format-date-time';

/** 'Mar 5, 3:07 PM'; '' for a value that is not a date. */
export function formatHistoryDate(value: string | Date, timeZone?: string): string {
  return formatMonthDayTime(value, timeZone);
}

/** manual, work order, undo and a store change its webhook brought by name; anything else is the store's sync. */
export function changeTypeLabel(type: PriceChangeType | string): string {
  switch (type) {
    case 'manual':
      return 'Manual';
    case 'work_order':
      return 'Work order';
    case 'undo':
      return 'Undo';
    case 'webhook':
      return 'Store webhook';
    default:
      return 'Sync';
  }
}
