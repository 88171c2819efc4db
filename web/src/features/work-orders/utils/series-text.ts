/**
 * What an order's card says of its series (issue 36): "Run 2 · weekly until Dec 31, 2030 at
 * 11:59 PM", why the series ended when it did ("Series ended: run 3 was deleted before it ran."),
 * and, for a run still to start, that deleting it ends the series (its next run is made when it
 * starts).
 */
import { repeatText, type WorkOrderSummary } from '@catalog/contracts/work-orders';
import { formatDateTime } from '../../../lib/format-date-time';

type SeriesOrder = Pick<WorkOrderSummary, 'series' | 'repeat' | 'status'>;

/** "Run 2 · weekly until ...", or null for an order that does not repeat. */
export function seriesText(order: SeriesOrder): string | null {
  if (!order.series) return null;
  const rule = order.repeat ? ` · ${repeatText(order.repeat, (iso) => formatDateTime(iso))}` : '';
  return `Run ${order.series.run}${rule}`;
}

/** Why the series ended, or what ends it: null when there is nothing to say. */
export function seriesNote(order: SeriesOrder): string | null {
  if (!order.series) return null;
  if (order.series.endedReason) return `Series ended: ${order.series.endedReason}.`;
  if (order.status === 'pending' || order.status === 'awaiting_approval') return 'Deleting this run ends the series: the next run is made when this one starts.';
  return null;
}
