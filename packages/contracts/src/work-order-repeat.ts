/**
 * A work order that repeats (issue 36, recurring sales): its rule (every week or month until a
 * date, or on chosen dates), the starts of its runs, the runs not made yet (plannedRuns), and the
 * rule's checks against the order's own start and end. The one statement of these: the create
 * body (work-order-bodies.ts), the API that makes each next run
 * (api/src/services/work-orders/series.ts), the form (web build-work-order.ts) and the calendar's
 * planned runs all read it. Part of @catalog/contracts/work-orders.
 *
 * Each run is an order of its own (its own id, history and undo), linked to the others by the
 * series' id and its run number. Starts are counted in UTC from the first run's: a weekly run is
 * 7 days after the one before; a monthly one falls on the first run's day of the month, or on the
 * month's last day when it has fewer days (31 January, 28 February, 31 March). Each run of an
 * order with an end ends as long after its start as the first run did.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { IsoDateTime } from './common';
import { isTooFarAhead } from './work-order-limits';

export const REPEAT_EVERY = ['week', 'month'] as const;
export type RepeatEvery = (typeof REPEAT_EVERY)[number];

/** Most chosen dates a series repeats on (a year of weeks). */
export const MAX_REPEAT_DATES = 52;
/** Most runs a series has, its first included: no valid rule reaches it (a year of weeks is 53). */
export const MAX_SERIES_RUNS = 60;

export const REPEAT_MESSAGES = {
  every: 'Repeat every week or every month',
  form: 'Repeat every week or month until a date, or on chosen dates, not both',
  until: 'Choose when the repeats end (until)',
  noDates: 'Choose at least one date to repeat on',
  tooManyDates: `A work order can repeat on at most ${MAX_REPEAT_DATES} dates`,
  immediate: 'Only a scheduled work order can repeat: choose Schedule for Later',
  untilAfterStart: 'The repeats must end (until) after the first run',
  secondRun: 'Until comes before a second run: choose a later date, or do not repeat',
  untilTooFar: 'The repeats can end (until) at most 366 days ahead',
  dateAfterStart: 'Each repeat date must come after the first run',
  dateOrder: 'Each repeat date must come after the one before it',
  dateTooFar: 'A repeat date can be at most 366 days ahead',
  endBeforeNext: 'Each run must end before the next one starts: bring the end (revert time) nearer, or repeat less often',
} as const;

/** How an order repeats: every week or month until a moment, or on chosen moments (after its first run's). */
export type RepeatRule = { every: RepeatEvery; until: string } | { dates: string[] };
/** The rule as a client may send it: one of the two forms, checked by the schema. */
export interface RepeatRuleInput {
  every?: RepeatEvery;
  until?: string;
  dates?: string[];
}

/**
 * `repeat` of a create body and of an order on the wire. Its checks against the order's start and
 * end are repeatIssues' (the body's schema asks it).
 */
export const RepeatRule = lazySchema(() =>
  z.object({
    every: z.enum(REPEAT_EVERY, { error: REPEAT_MESSAGES.every }).optional(),
    until: IsoDateTime.optional(),
    dates: z.array(IsoDateTime, { error: REPEAT_MESSAGES.noDates }).max(MAX_REPEAT_DATES, { error: REPEAT_MESSAGES.tooManyDates }).optional(),
  }).strict().superRefine((rule, ctx) => {
    if (rule.dates !== undefined) {
      if (rule.every !== undefined || rule.until !== undefined) ctx.addIssue({ code: 'custom', path: ['dates'], message: REPEAT_MESSAGES.form });
      else if (rule.dates.length === 0) ctx.addIssue({ code: 'custom', path: ['dates'], message: REPEAT_MESSAGES.noDates });
      return;
    }
    if (rule.every === undefined) ctx.addIssue({ code: 'custom', path: ['every'], message: REPEAT_MESSAGES.every });
    if (rule.until === undefined) ctx.addIssue({ code: 'custom', path: ['until'], message: REPEAT_MESSAGES.until });
    // The checks above leave one of the two forms: the type says so.
  }) as unknown as z.ZodType<RepeatRule, RepeatRuleInput>,
);

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first start's day of the month, `months` later (UTC), on the month's last day when it is shorter. */
function monthsLater(first: Date, months: number): Date {
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(first.getUTCDate(), lastDay),
    first.getUTCHours(), first.getUTCMinutes(), first.getUTCSeconds(), first.getUTCMilliseconds()));
}

/** Every run's start, the first one's (`first`) included, in order: at most MAX_SERIES_RUNS. */
export function seriesStarts(first: Date, rule: RepeatRule): Date[] {
  if ('dates' in rule) {
    const dates = rule.dates.map((d) => new Date(d)).filter((d) => d.getTime() > first.getTime());
    return [first, ...dates].slice(0, MAX_SERIES_RUNS);
  }
  const until = Date.parse(rule.until);
  const starts: Date[] = [];
  for (let k = 0; k < MAX_SERIES_RUNS; k += 1) {
    const start = rule.every === 'week' ? new Date(first.getTime() + k * 7 * DAY_MS) : monthsLater(first, k);
    if (start.getTime() > until) break;
    starts.push(start);
  }
  return starts;
}

/** The first start of the series after `after` (none: the series has run its last). */
export function nextRunStart(first: Date, rule: RepeatRule, after: Date): Date | null {
  return seriesStarts(first, rule).find((start) => start.getTime() > after.getTime()) ?? null;
}

/** What repeatIssues reads of the order. */
export interface RepeatingOrder {
  executeImmediately: boolean;
  scheduledAt?: string | null;
  revertAt?: string | null;
}

export interface RepeatIssue {
  /** Under the body: ['repeat', 'until'], ['repeat', 'dates', 2], ['revertAt']. */
  path: (string | number)[];
  message: string;
}

/**
 * Where a valid rule (RepeatRule's schema) does not fit its order: only a scheduled order
 * repeats; `until` after the first start with room for a second run; chosen dates strictly
 * increasing after the first start; every start within MAX_DAYS_AHEAD of `now`; and an order with
 * an end ends each run before the next one starts.
 */
export function repeatIssues(rule: RepeatRule, order: RepeatingOrder, now: number = Date.now()): RepeatIssue[] {
  if (order.executeImmediately) return [{ path: ['repeat'], message: REPEAT_MESSAGES.immediate }];
  if (!order.scheduledAt) return [];
  const first = Date.parse(order.scheduledAt);
  const issues: RepeatIssue[] = [];
  if ('dates' in rule) {
    rule.dates.forEach((date, i) => {
      const at = Date.parse(date);
      if (at <= first) issues.push({ path: ['repeat', 'dates', i], message: REPEAT_MESSAGES.dateAfterStart });
      else if (i > 0 && at <= Date.parse(rule.dates[i - 1]!)) issues.push({ path: ['repeat', 'dates', i], message: REPEAT_MESSAGES.dateOrder });
      else if (isTooFarAhead(date, now)) issues.push({ path: ['repeat', 'dates', i], message: REPEAT_MESSAGES.dateTooFar });
    });
  } else if (Date.parse(rule.until) <= first) {
    issues.push({ path: ['repeat', 'until'], message: REPEAT_MESSAGES.untilAfterStart });
  } else if (isTooFarAhead(rule.until, now)) {
    issues.push({ path: ['repeat', 'until'], message: REPEAT_MESSAGES.untilTooFar });
  } else if (seriesStarts(new Date(first), rule).length < 2) {
    issues.push({ path: ['repeat', 'until'], message: REPEAT_MESSAGES.secondRun });
  }
  if (issues.length === 0 && order.revertAt) {
    const length = Date.parse(order.revertAt) - first;
    const starts = seriesStarts(new Date(first), rule);
    if (starts.some((start, i) => i > 0 && start.getTime() - starts[i - 1]!.getTime() < length)) {
      issues.push({ path: ['revertAt'], message: REPEAT_MESSAGES.endBeforeNext });
    }
  }
  return issues;
}

/** A run's end: as long after its start as the first run's end was after the first start (`length` ms; null: no end). */
export function runEnd(start: Date, length: number | null): Date | null {
  return length === null ? null : new Date(start.getTime() + length);
}

/** What plannedRuns reads of a series: its rule and its first run's start and end (null: no end). */
export interface PlannedSeries {
  rule: RepeatRule;
  firstStart: Date;
  firstEnd: Date | null;
}

/** A run the rule implies that is not made yet: its number in the series, start and end (null: a point). */
export interface PlannedRun {
  run: number;
  start: Date;
  end: Date | null;
}

/**
 * The runs a series will make after its latest existing one (`latest`: its number and start), as
 * the executor makes them (api services/work-orders/series.ts): each next run starts at the rule's
 * first start after the later of the run before's start and `now` (missed starts skipped, the run
 * numbers consecutive) and ends as long after its start as the first run did. Only the runs that
 * meet `window` (epoch ms, from `start` up to, not including, `end`: what a screen shows) are
 * returned, so a long series costs no more than the window holds; a run ending at the window's
 * start is before it (as an order's span: contracts' spansMeet). Whether the series still goes on
 * (not ended, its latest run not failed) is the caller's to know.
 */
export function plannedRuns(series: PlannedSeries, latest: { run: number; start: Date }, now: Date, window: { start: number; end: number }): PlannedRun[] {
  const after = Math.max(latest.start.getTime(), now.getTime());
  const length = series.firstEnd === null ? null : series.firstEnd.getTime() - series.firstStart.getTime();
  const planned: PlannedRun[] = [];
  let run = latest.run;
  for (const start of seriesStarts(series.firstStart, series.rule)) {
    const at = start.getTime();
    if (at <= after) continue;
    run += 1;
    if (at >= window.end) break;
    const end = length !== null && length > 0 ? runEnd(start, length) : null;
    if (end === null ? at >= window.start : end.getTime() > window.start) planned.push({ run, start, end });
  }
  return planned;
}

/** "weekly until Dec 31, 2030", "monthly until ...", "on 3 more dates": how a screen names a rule (`date` prints a moment). */
export function repeatText(rule: RepeatRule, date: (iso: string) => string): string {
  if ('dates' in rule) return `on ${rule.dates.length} more ${rule.dates.length === 1 ? 'date' : 'dates'}`;
  return `${rule.every === 'week' ? 'weekly' : 'monthly'} until ${date(rule.until)}`;
}

/** Why a series stopped before its rule ran out (the series' record says it; the order's card shows it). */
export const SERIES_END_REASONS = {
  deleted: (run: number) => `run ${run} was deleted before it ran`,
  rejected: (run: number) => `run ${run} was rejected`,
  archived: (run: number) => `run ${run} was archived before it ran`,
  notRun: (run: number) => `run ${run} did not run`,
  refused: (run: number, why: string) => `run ${run} was refused: ${why}`,
  notMade: (run: number, why: string) => `run ${run} could not be made: ${why}`,
  storeChanged: 'the store connection changed',
  last: (run: number) => `run ${run} was its last`,
} as const;
