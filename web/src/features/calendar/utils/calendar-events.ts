/**
 * What the calendar draws for each work order: its span (contracts orderSpan: a scheduled
 * order from its schedule to its end, a sale that ran from its run to its end, a point without an
 * end), its status's label and tone, and its target (the catalog, or one price list in one
 * currency), which the target filter chooses by. A move on its way to the server shows where
 * it goes (`moved`) until the device's copy has it. A repeating order's runs not made yet
 * (planned-runs.ts) are events too, marked `planned`: drawn apart, never moved, opening their
 * series' latest run.
 */
import { orderSpan } from '@catalog/contracts/work-order-overlaps';
import { targetName, targetPrefix, type PriceListTarget, type WorkOrderStatus, type WorkOrderSummary } from '@catalog/contracts/work-orders';
import { formatDateTime } from '../../../lib/format-date-time';
import type { PlannedRunOrder } from './planned-runs';

export interface CalendarEvent {
  id: string;
  order: WorkOrderSummary;
  /** Epoch ms; `end` null: a point. */
  start: number;
  end: number | null;
  status: string;
  /** Its target's key (contracts targetPrefix: '' for the catalog, 'l7:USD:' for a list). */
  targetKey: string;
  /** A run of a series not made yet: which run, and the series' latest run (what a click opens); null: a real order. */
  planned: { run: number; latest: WorkOrderSummary } | null;
}

/** The filter's value for every target. */
export const ALL_TARGETS = 'all';

/** The times of an order as a move sent to the server will make them. */
export type MovedTimes = Partial<Pick<WorkOrderSummary, 'scheduledAt' | 'revertAt'>>;

export const STATUS_LABELS: Readonly<Record<WorkOrderStatus, string>> = {
  awaiting_approval: 'Awaiting approval',
  pending: 'Pending',
  executing: 'Executing',
  completed: 'Completed',
  failed: 'Failed',
  undone: 'Undone',
  rejected: 'Rejected',
};

/** executing with executedAt set is an undo in progress (docs/decisions/008). */
export function statusLabel(order: Pick<WorkOrderSummary, 'status' | 'executedAt'>): string {
  return order.status === 'executing' && order.executedAt ? 'Undoing' : STATUS_LABELS[order.status];
}

export interface EventOptions {
  showArchived: boolean;
  /** ALL_TARGETS, or a target's key. */
  target: string;
  moved?: ReadonlyMap<string, MovedTimes>;
  /** The series' runs still to be made that the screen shows (plannedRunOrders). */
  planned?: readonly PlannedRunOrder[];
}

export function toCalendarEvents(orders: readonly WorkOrderSummary[], { showArchived, target, moved, planned = [] }: EventOptions): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  for (const listed of orders) {
    if (listed.archived && !showArchived) continue;
    const targetKey = targetPrefix(listed.target);
    if (target !== ALL_TARGETS && target !== targetKey) continue;
    const move = moved?.get(listed.id);
    const order = move ? { ...listed, ...move } : listed;
    const { start, end } = orderSpan(order);
    if (!Number.isFinite(start)) continue;
    events.push({ id: order.id, order, start, end, status: statusLabel(order), targetKey, planned: null });
  }
  for (const { order, run, latest } of planned) {
    const targetKey = targetPrefix(order.target);
    if (target !== ALL_TARGETS && target !== targetKey) continue;
    const { start, end } = orderSpan(order);
    events.push({ id: order.id, order, start, end, status: `Planned run ${run}`, targetKey, planned: { run, latest } });
  }
  return events.sort((a, b) => a.start - b.start || (b.end ?? b.start) - (a.end ?? a.start) || (a.id < b.id ? -1 : 1));
}

export interface TargetOption {
  value: string;
  label: string;
}

/** The filter's choices: every target, the catalog, and each list and currency the orders have, by name. */
export function targetOptions(orders: readonly WorkOrderSummary[], names: ReadonlyMap<number, string>): TargetOption[] {
  const lists = new Map<string, PriceListTarget>();
  for (const order of orders) if (order.target) lists.set(targetPrefix(order.target), order.target);
  const named = [...lists].map(([value, t]) => ({ value, label: targetName(t, names.get(t.priceListId)) }));
  named.sort((a, b) => a.label.localeCompare(b.label));
  return [{ value: ALL_TARGETS, label: 'All prices' }, { value: targetPrefix(null), label: 'Catalog' }, ...named];
}

/** 'Mar 5, 2030 at 3:00 PM to Mar 9, 2030 at 3:00 PM', or the start alone for a point. */
export function spanText(event: Pick<CalendarEvent, 'start' | 'end'>): string {
  const start = formatDateTime(new Date(event.start));
  return event.end === null ? start : `${start} to ${formatDateTime(new Date(event.end))}`;
}

/** What a planned run's tooltip says: it is not an order yet, and when it will be. */
export function plannedNote(run: number): string {
  return `Not created yet: it will be created when run ${run - 1} starts and passes its checks.`;
}

/**
 * What a screen reader hears for an event: its title, status, prices, span and overlaps; a
 * planned run is named as one ("Planned run 3 of the series 'Weekly sale'") and says when it
 * will be created.
 */
export function eventLabel(event: CalendarEvent, priceListName: string | null | undefined, overlapCount: number): string {
  const overlaps = overlapCount === 0 ? '' : `, overlaps ${overlapCount} other ${overlapCount === 1 ? 'order' : 'orders'}`;
  const prices = targetName(event.order.target, priceListName);
  if (event.planned) {
    return `Planned run ${event.planned.run} of the series '${event.order.title}': ${prices}, ${spanText(event)}${overlaps}. ${plannedNote(event.planned.run)}`;
  }
  return `${event.order.title}: ${event.status}, ${prices}, ${spanText(event)}${overlaps}`;
}
