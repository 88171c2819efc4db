/**
 * The calendar's overlaps: the server is asked which orders share items (overlap-pairs.ts) about
 * the orders that meet another of the same target in time (contracts overlapPairCandidates, from
 * the orders as the device has them, so a drag in progress asks nothing); contracts
 * calendarOverlaps decides which of those pairs meet in time as the events now stand (a drag's
 * preview too). The range's overlaps are those whose shared time touches the days shown.
 *
 * A series' runs still to be made (planned-runs.ts) have no id the server knows: they change the
 * latest run's items, so the question names the latest run where one of its planned runs meets
 * another order (`ahead`: every planned run still to come, so the question stays the same from one
 * month to the next and the answer kept on the device covers them all offline), and its pairs
 * stand for the planned runs the screen shows (withPlannedPairs).
 */
import { calendarOverlaps, orderSpan, type CalendarOverlap } from '@catalog/contracts/work-order-overlaps';
import type { WorkOrderSummary } from '@catalog/contracts/work-orders';
import { useMemo } from 'react';
import { useOverlapPairs, type OverlapPairsState } from '../api/overlap-pairs';
import type { CalendarEvent } from '../utils/calendar-events';
import { overlapQuestion, withPlannedPairs, type PlannedRunOrder } from '../utils/planned-runs';

export type Overlap = CalendarOverlap<WorkOrderSummary>;

export interface CalendarOverlaps {
  check: OverlapPairsState;
  /** Every overlap among the events, then those whose shared time touches the range. */
  all: Overlap[];
  inRange: Overlap[];
  /** How many orders each order overlaps in the range. */
  countInRange: (id: string) => number;
  /** When the two orders of an overlap begin to meet (epoch ms). */
  from: (overlap: Overlap) => number;
}

/** The time two orders both hold: from the later start to the earlier end (a point's end is its start). */
function sharedTime(o: Overlap): { from: number; to: number } {
  const a = orderSpan(o.a);
  const b = orderSpan(o.b);
  return { from: Math.max(a.start, b.start), to: Math.min(a.end ?? a.start, b.end ?? b.start) };
}

export function useCalendarOverlaps(
  orders: readonly WorkOrderSummary[], events: readonly CalendarEvent[], range: { start: number; end: number }, ahead: readonly PlannedRunOrder[],
): CalendarOverlaps {
  const ids = useMemo(() => overlapQuestion(orders, ahead), [orders, ahead]);
  const check = useOverlapPairs(ids);
  const all = useMemo(() => {
    const planned = new Map<string, string[]>();
    for (const e of events) if (e.planned) planned.set(e.planned.latest.id, [...(planned.get(e.planned.latest.id) ?? []), e.id]);
    return calendarOverlaps(events.map((e) => e.order), withPlannedPairs(check.pairs, planned));
  }, [events, check.pairs]);
  const inRange = useMemo(() => all.filter((o) => {
    const { from, to } = sharedTime(o);
    return from < range.end && to >= range.start;
  }), [all, range.start, range.end]);
  const counts = useMemo(() => {
    const n = new Map<string, number>();
    for (const o of inRange) {
      n.set(o.a.id, (n.get(o.a.id) ?? 0) + 1);
      n.set(o.b.id, (n.get(o.b.id) ?? 0) + 1);
    }
    return n;
  }, [inRange]);
  return { check, all, inRange, countInRange: (id) => counts.get(id) ?? 0, from: (o) => sharedTime(o).from };
}
