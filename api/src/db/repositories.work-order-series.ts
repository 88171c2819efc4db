/**
 * The series of repeating orders (issue 36) in the data layer's contract: a series as stored, and
 * a new order's place in one. Re-exported (types) by repositories.work-orders.ts, whose repository
 * reads, makes and ends them.
 */
import type { RepeatRule } from '@catalog/contracts/work-orders';

/**
 * A repeating order's series (issue 36): its rule, stored once, and the first run's start and end
 * (every run's start and length follow from them: contracts' seriesStarts). `endedAt`,
 * `endReason`: it stopped (SERIES_END_REASONS), before its rule ran out or at its last run.
 */
export interface WorkOrderSeries {
  id: string;
  companyId: string;
  rule: RepeatRule;
  firstStart: Date;
  firstEnd: Date | null;
  endedAt: Date | null;
  endReason: string | null;
  createdAt: Date;
}
/**
 * A new order's place in a series: run `run` of series `id`; with `start`, the first run, whose
 * series is made with it (in the same transaction). A later run is made once: a second create of
 * the same run answers the first (created=false).
 */
export interface NewWorkOrderRun {
  id: string;
  run: number;
  start?: { rule: RepeatRule };
}
