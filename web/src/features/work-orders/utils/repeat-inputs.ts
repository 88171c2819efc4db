/**
 * The create form's "Repeat" (issue 36, recurring sales): does not repeat, weekly or monthly until
 * a date, or on chosen dates. What the form keeps (local dates, like its other date inputs), the
 * rule the body sends (contracts' RepeatRule) with the contracts' own checks against the order's
 * start and end (repeatIssues, the API's too), and a draft's stored choice, read defensively.
 */
import { MAX_REPEAT_DATES, REPEAT_MESSAGES, repeatIssues, type RepeatRule } from '@catalog/contracts/work-orders';
import { fromDateTimeInputs } from './schedule-inputs';

export const REPEAT_CHOICES = ['none', 'week', 'month', 'dates'] as const;
export type RepeatChoice = (typeof REPEAT_CHOICES)[number];

/** The form's repeat fields; absent in forms and drafts from before them (they do not repeat). */
export interface RepeatFields {
  repeat?: RepeatChoice;
  /** 'yyyy-mm-dd' (local): weekly or monthly runs start up to the end of that day. */
  repeatUntil?: string;
  /** 'yyyy-mm-dd' (local), in order: the later runs' days, each at the first run's time. */
  repeatDates?: string[];
}

/** The chosen dates with `date` added (once, in order; at most MAX_REPEAT_DATES) or removed. */
export function withRepeatDate(dates: readonly string[] = [], date: string, add: boolean): string[] {
  const rest = dates.filter((d) => d !== date);
  return add ? [...rest, date].sort().slice(0, MAX_REPEAT_DATES) : rest;
}

/**
 * The rule the fields make for a scheduled order starting at `scheduledAt` (`time`: the form's
 * time of day) and ending at `revertAt`, or the first reason it cannot be sent. Null rule: it
 * does not repeat.
 */
export function buildRepeat(
  fields: RepeatFields, order: { scheduledAt: Date; time: string; revertAt: Date | null }, now: Date,
): { rule: RepeatRule | null; error?: string } {
  const choice = fields.repeat ?? 'none';
  if (choice === 'none') return { rule: null };
  let rule: RepeatRule;
  if (choice === 'dates') {
    const dates = (fields.repeatDates ?? []).map((d) => fromDateTimeInputs(d, order.time));
    if (dates.length === 0) return { rule: null, error: REPEAT_MESSAGES.noDates };
    if (dates.some((d) => d === null)) return { rule: null, error: REPEAT_MESSAGES.dateOrder };
    rule = { dates: dates.map((d) => d!.toISOString()) };
  } else {
    const until = fromDateTimeInputs(fields.repeatUntil ?? '', '23:59');
    if (!until) return { rule: null, error: REPEAT_MESSAGES.until };
    rule = { every: choice, until: until.toISOString() };
  }
  const issues = repeatIssues(rule, { executeImmediately: false, scheduledAt: order.scheduledAt.toISOString(), revertAt: order.revertAt?.toISOString() ?? null }, now.getTime());
  return issues.length > 0 ? { rule: null, error: issues[0]!.message } : { rule };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A stored draft's repeat fields: {} when it has none, null when they are not the form's. */
export function storedRepeat(form: Record<string, unknown>): RepeatFields | null {
  const { repeat, repeatUntil, repeatDates } = form;
  if (repeat === undefined) return {};
  if (!REPEAT_CHOICES.includes(repeat as RepeatChoice)) return null;
  if (repeatUntil !== undefined && (typeof repeatUntil !== 'string' || (repeatUntil !== '' && !DATE.test(repeatUntil)))) return null;
  if (repeatDates !== undefined && (!Array.isArray(repeatDates) || repeatDates.some((d) => typeof d !== 'string' || !DATE.test(d)))) return null;
  return { repeat: repeat as RepeatChoice, repeatUntil: (repeatUntil as string | undefined) ?? '', repeatDates: (repeatDates as string[] | undefined) ?? [] };
}
