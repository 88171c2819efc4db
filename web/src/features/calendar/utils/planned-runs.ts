/**
 * A repeating order's runs still to be made (issue 36, decision 067): only the next run exists
 * ahead of time, so the calendar plans the later ones from the device's copy of the series' latest
 * run (its rule, `repeat`, and its series' first start and end) with contracts' plannedRuns, the
 * executor's own rule, and only over the days a screen shows. Each planned run is drawn as an order
 * of its own (an id of its own, its series' title, target and items), so it takes part in the
 * overlaps as real orders do: it changes the same items as the latest run (each run carries the run
 * before's items), so the server's answer for the latest run (POST /api/work-orders/overlap-pairs
 * names orders by id; a planned run has none) stands for it (withPlannedPairs), and contracts'
 * calendarOverlaps decides in time.
 */
import { overlapPairCandidates, type OverlapPair } from '@catalog/contracts/work-order-overlaps';
import { plannedRuns, type WorkOrderSummary } from '@catalog/contracts/work-orders';

/** A run not made yet, as an order the calendar can draw (`order`: pending, at its planned times) and the run it follows from. */
export interface PlannedRunOrder {
  order: WorkOrderSummary;
  run: number;
  /** The series' latest existing run: what a click opens, and whose items the planned run will change. */
  latest: WorkOrderSummary;
}

const PLANNED_PREFIX = 'planned-';

/** No planned runs: one array, so a screen's memos over it hold while nothing is planned (the clock ticks every minute). */
const NONE: readonly PlannedRunOrder[] = [];

/** A planned run's id: its series and run ('planned-<series id>-<run>'), the same as the series' latest run changes. */
export function plannedId(seriesId: string, run: number): string {
  return `${PLANNED_PREFIX}${seriesId}-${run}`;
}

export function isPlannedId(id: string): boolean {
  return id.startsWith(PLANNED_PREFIX);
}

/** The series' latest run on the device, for each series whose runs go on: not ended, its latest run neither failed, rejected nor archived. */
function goingOn(orders: readonly WorkOrderSummary[]): WorkOrderSummary[] {
  const latest = new Map<string, WorkOrderSummary>();
  for (const order of orders) {
    if (!order.series) continue;
    const seen = latest.get(order.series.id);
    if (!seen || seen.series!.run < order.series.run) latest.set(order.series.id, order);
  }
  return [...latest.values()].filter((o) =>
    o.repeat !== null && o.series!.firstStart !== null && o.series!.endedReason === null && !o.archived && o.status !== 'failed' && o.status !== 'rejected' && o.scheduledAt !== null);
}

/**
 * The runs each series on the device will make after its latest that meet `window` (epoch ms,
 * start included, end not), by contracts' plannedRuns. None for a series that ended (its last run
 * started, a run was refused, deleted, rejected or archived) or whose copy lacks its first run's
 * times (kept before the server sent them: the next list read has them).
 */
export function plannedRunOrders(orders: readonly WorkOrderSummary[], window: { start: number; end: number }, now: Date): readonly PlannedRunOrder[] {
  const planned: PlannedRunOrder[] = [];
  for (const latest of goingOn(orders)) {
    const series = latest.series!;
    const runs = plannedRuns(
      { rule: latest.repeat!, firstStart: new Date(series.firstStart!), firstEnd: series.firstEnd === null ? null : new Date(series.firstEnd) },
      { run: series.run, start: new Date(latest.scheduledAt!) },
      now,
      window,
    );
    for (const { run, start, end } of runs) {
      const order: WorkOrderSummary = {
        ...latest,
        id: plannedId(series.id, run),
        clientId: null,
        status: 'pending',
        scheduledAt: start.toISOString(),
        revertAt: end?.toISOString() ?? null,
        executedAt: null,
        undoneAt: null,
        error: null,
        warning: null,
        needsAttention: false,
        undoTrigger: null,
        revertReport: null,
        series: { ...series, run },
      };
      planned.push({ order, run, latest });
    }
  }
  return planned.length === 0 ? NONE : planned;
}

/**
 * The orders to ask the server about (contracts overlapPairCandidates, as for real orders alone):
 * a planned run that meets another order in time is asked about as its series' latest run.
 */
export function overlapQuestion(orders: readonly WorkOrderSummary[], planned: readonly PlannedRunOrder[]): string[] {
  if (planned.length === 0) return overlapPairCandidates(orders);
  const latestOf = new Map(planned.map((p) => [p.order.id, p.latest.id]));
  const ids = overlapPairCandidates([...orders, ...planned.map((p) => p.order)]).map((id) => latestOf.get(id) ?? id);
  return [...new Set(ids)].sort();
}

/**
 * The server's pairs with each planned run standing where its series' latest run is: a pair of
 * the latest run with another order is also a pair of each of its planned runs with that order
 * (and with that order's planned runs). `planned` maps a latest run's id to its planned runs' ids.
 */
export function withPlannedPairs(pairs: readonly OverlapPair[], planned: ReadonlyMap<string, readonly string[]>): OverlapPair[] {
  if (planned.size === 0) return pairs as OverlapPair[];
  const out = [...pairs];
  for (const { a, b, shared } of pairs) {
    const as = planned.get(a);
    const bs = planned.get(b);
    if (!as && !bs) continue;
    for (const pa of [a, ...(as ?? [])]) {
      for (const pb of [b, ...(bs ?? [])]) if (pa !== a || pb !== b) out.push({ a: pa, b: pb, shared });
    }
  }
  return out;
}

/** How a list names an order: a planned run says which ("Weekly sale (planned run 3)"). */
export function orderName(order: Pick<WorkOrderSummary, 'id' | 'title' | 'series'>): string {
  return isPlannedId(order.id) && order.series ? `${order.title} (planned run ${order.series.run})` : order.title;
}
