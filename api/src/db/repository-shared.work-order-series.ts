/**
 * What both dialects' repositories share of repeating orders' series (issue 36): which earlier
 * create a new order replays (its client's idempotency key, or its series and run), which unique
 * index its insert yields to, the row of a new series and the conditions of its reads and its end.
 * The dialect files (sqlite/work-order-series.ts, pg/work-order-series.ts) run them.
 */
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { NewWorkOrder } from './repositories';
import type { Twin } from './repository-shared';
import { orderByIdempotencyKey } from './repository-shared.work-orders';

type WorkOrders = Twin<'workOrders'>;
type Series = Twin<'workOrderSeries'>;

/**
 * The order a create would repeat, if one was made before: the client's submission (its
 * idempotency key) or, for a series' later run made by the scheduler, that run of that series
 * (made once, whichever process starts the run before it: issue 36). Undefined: none can be.
 */
export function replayWhere(wo: WorkOrders, companyId: string, input: NewWorkOrder): SQL | undefined {
  if (input.idempotencyKey) return orderByIdempotencyKey(wo, companyId, input.idempotencyKey);
  if (input.series) return and(eq(wo.companyId, companyId), eq(wo.seriesId, input.series.id), eq(wo.seriesRun, input.series.run));
  return undefined;
}

/**
 * Whether an insert yields to the unique index of a series' runs (series_id, series_run) rather
 * than to the client's key (company_id, idempotency_key): see replayWhere.
 */
export function conflictsOnRun(input: NewWorkOrder): boolean {
  return input.series !== undefined && !input.idempotencyKey;
}

/** The row of the series a first run starts, or null (no series, or a later run of one). */
export function newSeriesRow(companyId: string, input: NewWorkOrder, now: Date) {
  const series = input.series;
  if (!series?.start || !input.scheduledAt) return null;
  return { id: series.id, companyId, rule: series.start.rule, firstStart: input.scheduledAt, firstEnd: input.revertAt ?? null, createdAt: now };
}

/** The company's series among `ids`. */
export function seriesOfCompanyWhere(s: Series, companyId: string, ids: readonly string[]): SQL | undefined {
  return and(eq(s.companyId, companyId), inArray(s.id, [...ids]));
}

/** The company's series `id` while it has not ended (its first end's reason stays). */
export function openSeriesWhere(s: Series, companyId: string, id: string): SQL | undefined {
  return and(eq(s.companyId, companyId), eq(s.id, id), isNull(s.endedAt));
}
