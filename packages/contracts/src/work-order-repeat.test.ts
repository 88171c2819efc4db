/** A repeating order's rule (issue 36): its runs' starts, and the create body's checks naming each field. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateWorkOrderBody, MAX_REPEAT_DATES, nextRunStart, plannedRuns, repeatText, REPEAT_MESSAGES, runEnd, seriesStarts, type PlannedSeries, type RepeatRule } from './work-orders';

const iso = (d: Date) => d.toISOString();
const starts = (first: string, rule: RepeatRule) => seriesStarts(new Date(first), rule).map(iso);

describe('seriesStarts', () => {
  it('repeats weekly every 7 days in UTC, up to and including until', () => {
    expect(starts('2031-03-25T09:30:00.000Z', { every: 'week', until: '2031-04-15T09:30:00.000Z' })).toEqual([
      '2031-03-25T09:30:00.000Z', '2031-04-01T09:30:00.000Z', '2031-04-08T09:30:00.000Z', '2031-04-15T09:30:00.000Z',
    ]);
    expect(starts('2031-03-25T09:30:00.000Z', { every: 'week', until: '2031-04-15T09:29:59.999Z' })).toHaveLength(3);
  });

  it('repeats monthly on the first run\u2019s day, on the last day of shorter months, and back on the day after them', () => {
    expect(starts('2031-01-31T18:00:00.000Z', { every: 'month', until: '2031-05-31T18:00:00.000Z' })).toEqual([
      '2031-01-31T18:00:00.000Z', '2031-02-28T18:00:00.000Z', '2031-03-31T18:00:00.000Z', '2031-04-30T18:00:00.000Z', '2031-05-31T18:00:00.000Z',
    ]);
    // A leap year's February has its 29th; the 30th of a month lands on it too.
    expect(starts('2031-12-30T00:00:00.000Z', { every: 'month', until: '2032-03-30T00:00:00.000Z' })).toEqual([
      '2031-12-30T00:00:00.000Z', '2032-01-30T00:00:00.000Z', '2032-02-29T00:00:00.000Z', '2032-03-30T00:00:00.000Z',
    ]);
  });

  it('runs on the chosen dates after the first start', () => {
    const dates = ['2031-04-02T10:00:00.000Z', '2031-05-01T10:00:00.000Z'];
    expect(starts('2031-03-25T10:00:00.000Z', { dates })).toEqual(['2031-03-25T10:00:00.000Z', ...dates]);
  });

  it('gives the next start after a moment, skipping starts already past; none after the last', () => {
    const rule: RepeatRule = { every: 'week', until: '2031-04-15T09:30:00.000Z' };
    const first = new Date('2031-03-25T09:30:00.000Z');
    expect(nextRunStart(first, rule, first)?.toISOString()).toBe('2031-04-01T09:30:00.000Z');
    expect(nextRunStart(first, rule, new Date('2031-04-03T00:00:00.000Z'))?.toISOString()).toBe('2031-04-08T09:30:00.000Z');
    expect(nextRunStart(first, rule, new Date('2031-04-15T09:30:00.000Z'))).toBeNull();
  });

  it('ends each run as long after its start as the first run did', () => {
    expect(runEnd(new Date('2031-04-01T09:30:00.000Z'), 3_600_000)?.toISOString()).toBe('2031-04-01T10:30:00.000Z');
    expect(runEnd(new Date('2031-04-01T09:30:00.000Z'), null)).toBeNull();
  });

  it('names a rule for a screen', () => {
    const date = (s: string) => s.slice(0, 10);
    expect(repeatText({ every: 'week', until: '2031-12-31T23:59:00.000Z' }, date)).toBe('weekly until 2031-12-31');
    expect(repeatText({ every: 'month', until: '2031-12-31T23:59:00.000Z' }, date)).toBe('monthly until 2031-12-31');
    expect(repeatText({ dates: ['2031-05-01T10:00:00.000Z'] }, date)).toBe('on 1 more date');
  });
});

describe('plannedRuns', () => {
  const at = (s: string) => new Date(s);
  const ms = (s: string) => Date.parse(s);
  const plan = (series: PlannedSeries, latest: { run: number; start: string }, now: string, window: [string, string]) =>
    plannedRuns(series, { run: latest.run, start: at(latest.start) }, at(now), { start: ms(window[0]), end: ms(window[1]) })
      .map((r) => [r.run, iso(r.start), r.end && iso(r.end)]);
  // Weekly from Tuesday 1 April 2031 at 09:00 for two days, until the end of May.
  const weekly: PlannedSeries = { rule: { every: 'week', until: '2031-05-31T00:00:00.000Z' }, firstStart: at('2031-04-01T09:00:00.000Z'), firstEnd: at('2031-04-03T09:00:00.000Z') };
  const all: [string, string] = ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'];

  it('plans a weekly series’ runs after its latest one up to until, each as long as the first', () => {
    expect(plan(weekly, { run: 1, start: '2031-04-01T09:00:00.000Z' }, '2031-03-20T00:00:00.000Z', all)).toEqual([
      [2, '2031-04-08T09:00:00.000Z', '2031-04-10T09:00:00.000Z'],
      [3, '2031-04-15T09:00:00.000Z', '2031-04-17T09:00:00.000Z'],
      [4, '2031-04-22T09:00:00.000Z', '2031-04-24T09:00:00.000Z'],
      [5, '2031-04-29T09:00:00.000Z', '2031-05-01T09:00:00.000Z'],
      [6, '2031-05-06T09:00:00.000Z', '2031-05-08T09:00:00.000Z'],
      [7, '2031-05-13T09:00:00.000Z', '2031-05-15T09:00:00.000Z'],
      [8, '2031-05-20T09:00:00.000Z', '2031-05-22T09:00:00.000Z'],
      [9, '2031-05-27T09:00:00.000Z', '2031-05-29T09:00:00.000Z'],
    ]);
  });

  it('never plans past the window, and keeps a run that began before it and ends in it', () => {
    expect(plan(weekly, { run: 1, start: '2031-04-01T09:00:00.000Z' }, '2031-03-20T00:00:00.000Z', ['2031-04-16T00:00:00.000Z', '2031-04-23T00:00:00.000Z']))
      .toEqual([[3, '2031-04-15T09:00:00.000Z', '2031-04-17T09:00:00.000Z'], [4, '2031-04-22T09:00:00.000Z', '2031-04-24T09:00:00.000Z']]);
    // A run that ends as the window starts is before it; one that starts as it ends is after it.
    expect(plan(weekly, { run: 1, start: '2031-04-01T09:00:00.000Z' }, '2031-03-20T00:00:00.000Z', ['2031-04-10T09:00:00.000Z', '2031-04-15T09:00:00.000Z'])).toEqual([]);
    expect(plan(weekly, { run: 1, start: '2031-04-01T09:00:00.000Z' }, '2031-03-20T00:00:00.000Z', ['2031-03-01T00:00:00.000Z', '2031-04-01T00:00:00.000Z'])).toEqual([]);
  });

  it('numbers from the latest run, and skips the starts the executor would skip (past ones, when it runs late)', () => {
    expect(plan(weekly, { run: 4, start: '2031-04-22T09:00:00.000Z' }, '2031-04-01T00:00:00.000Z', ['2031-04-01T00:00:00.000Z', '2031-05-10T00:00:00.000Z']))
      .toEqual([[5, '2031-04-29T09:00:00.000Z', '2031-05-01T09:00:00.000Z'], [6, '2031-05-06T09:00:00.000Z', '2031-05-08T09:00:00.000Z']]);
    // Run 2 still waits to start on 8 April, and it is the 16th: its next is the first start after now.
    expect(plan(weekly, { run: 2, start: '2031-04-08T09:00:00.000Z' }, '2031-04-16T00:00:00.000Z', ['2031-04-01T00:00:00.000Z', '2031-04-30T00:00:00.000Z']))
      .toEqual([[3, '2031-04-22T09:00:00.000Z', '2031-04-24T09:00:00.000Z'], [4, '2031-04-29T09:00:00.000Z', '2031-05-01T09:00:00.000Z']]);
  });

  it('plans monthly runs on the first run’s day (the last day of shorter months), and points without an end', () => {
    const monthly: PlannedSeries = { rule: { every: 'month', until: '2031-05-31T18:00:00.000Z' }, firstStart: at('2031-01-31T18:00:00.000Z'), firstEnd: null };
    expect(plan(monthly, { run: 2, start: '2031-02-28T18:00:00.000Z' }, '2031-02-01T00:00:00.000Z', all)).toEqual([
      [3, '2031-03-31T18:00:00.000Z', null], [4, '2031-04-30T18:00:00.000Z', null], [5, '2031-05-31T18:00:00.000Z', null],
    ]);
  });

  it('plans the chosen dates after the latest run', () => {
    const dates: PlannedSeries = {
      rule: { dates: ['2031-04-05T10:00:00.000Z', '2031-04-19T10:00:00.000Z', '2031-06-07T10:00:00.000Z'] },
      firstStart: at('2031-04-01T10:00:00.000Z'), firstEnd: at('2031-04-01T22:00:00.000Z'),
    };
    expect(plan(dates, { run: 2, start: '2031-04-05T10:00:00.000Z' }, '2031-03-20T00:00:00.000Z', all)).toEqual([
      [3, '2031-04-19T10:00:00.000Z', '2031-04-19T22:00:00.000Z'], [4, '2031-06-07T10:00:00.000Z', '2031-06-07T22:00:00.000Z'],
    ]);
  });

  it('plans nothing after the last run', () => {
    expect(plan(weekly, { run: 9, start: '2031-05-27T09:00:00.000Z' }, '2031-03-20T00:00:00.000Z', all)).toEqual([]);
  });
});

describe('the create body\u2019s repeat', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-20T00:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  const order = (repeat: unknown, over: Record<string, unknown> = {}) => ({
    title: 'Weekend sale',
    productUpdates: [{ productId: 1, productName: 'Mug', newSalePrice: '5.00' }],
    executeImmediately: false,
    scheduledAt: '2031-03-25T09:30:00.000Z',
    repeat,
    ...over,
  });
  const issues = (body: unknown) => {
    const parsed = CreateWorkOrderBody.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  };

  it('accepts a weekly sale with an end, and chosen dates', () => {
    const weekly = CreateWorkOrderBody.parse(order({ every: 'week', until: '2031-12-31T23:59:00.000Z' }, { revertAt: '2031-03-27T09:30:00.000Z' }));
    expect(weekly.repeat).toEqual({ every: 'week', until: '2031-12-31T23:59:00.000Z' });
    expect(issues(order({ dates: ['2031-04-25T09:30:00.000Z', '2031-05-25T09:30:00.000Z'] }))).toEqual([]);
    expect(issues(order(null))).toEqual([]);
  });

  it('names the field of each mistake', () => {
    expect(issues(order({ every: 'week' }))).toEqual([{ path: 'repeat.until', message: REPEAT_MESSAGES.until }]);
    expect(issues(order({ until: '2031-12-31T23:59:00.000Z' }))).toEqual([{ path: 'repeat.every', message: REPEAT_MESSAGES.every }]);
    expect(issues(order({ every: 'day', until: '2031-12-31T23:59:00.000Z' }))).toEqual([{ path: 'repeat.every', message: REPEAT_MESSAGES.every }]);
    expect(issues(order({ every: 'week', until: '2031-12-31T23:59:00.000Z', dates: ['2031-04-25T09:30:00.000Z'] })))
      .toEqual([{ path: 'repeat.dates', message: REPEAT_MESSAGES.form }]);
    expect(issues(order({ dates: [] }))).toEqual([{ path: 'repeat.dates', message: REPEAT_MESSAGES.noDates }]);
    expect(issues(order({ every: 'week', until: '2031-12-31T23:59:00.000Z' }, { executeImmediately: true, scheduledAt: null })))
      .toEqual([{ path: 'repeat', message: REPEAT_MESSAGES.immediate }]);
  });

  it('wants until after the first run, with room for a second, within a year', () => {
    expect(issues(order({ every: 'week', until: '2031-03-25T09:30:00.000Z' }))).toEqual([{ path: 'repeat.until', message: REPEAT_MESSAGES.untilAfterStart }]);
    expect(issues(order({ every: 'month', until: '2031-04-20T00:00:00.000Z' }))).toEqual([{ path: 'repeat.until', message: REPEAT_MESSAGES.secondRun }]);
    expect(issues(order({ every: 'week', until: '2032-03-25T00:00:00.000Z' }))).toEqual([{ path: 'repeat.until', message: REPEAT_MESSAGES.untilTooFar }]);
  });

  it('wants chosen dates after the first run, strictly increasing, within a year, at most 52', () => {
    expect(issues(order({ dates: ['2031-03-24T09:30:00.000Z'] }))).toEqual([{ path: 'repeat.dates.0', message: REPEAT_MESSAGES.dateAfterStart }]);
    expect(issues(order({ dates: ['2031-05-01T09:30:00.000Z', '2031-05-01T09:30:00.000Z'] }))).toEqual([{ path: 'repeat.dates.1', message: REPEAT_MESSAGES.dateOrder }]);
    expect(issues(order({ dates: ['2031-05-01T09:30:00.000Z', '2032-04-01T09:30:00.000Z'] }))).toEqual([{ path: 'repeat.dates.1', message: REPEAT_MESSAGES.dateTooFar }]);
    const many = Array.from({ length: MAX_REPEAT_DATES + 1 }, (_, i) => new Date(Date.UTC(2031, 3, 1) + i * 86_400_000).toISOString());
    expect(issues(order({ dates: many }))).toEqual([{ path: 'repeat.dates', message: REPEAT_MESSAGES.tooManyDates }]);
  });

  it('wants each run to end before the next one starts', () => {
    const weekly = { every: 'week', until: '2031-12-31T23:59:00.000Z' };
    expect(issues(order(weekly, { revertAt: '2031-04-01T09:30:00.000Z' }))).toEqual([]);
    expect(issues(order(weekly, { revertAt: '2031-04-01T09:31:00.000Z' }))).toEqual([{ path: 'revertAt', message: REPEAT_MESSAGES.endBeforeNext }]);
    // Monthly from 31 January: February's run comes 28 days later, so a 30-day sale would overlap it.
    const monthly = { every: 'month', until: '2031-12-31T23:59:00.000Z' };
    const fromJan = { scheduledAt: '2031-01-31T09:30:00.000Z' };
    vi.setSystemTime(new Date('2031-01-20T00:00:00.000Z'));
    expect(issues(order(monthly, { ...fromJan, revertAt: '2031-02-28T09:30:00.000Z' }))).toEqual([]);
    expect(issues(order(monthly, { ...fromJan, revertAt: '2031-03-02T09:30:00.000Z' }))).toEqual([{ path: 'revertAt', message: REPEAT_MESSAGES.endBeforeNext }]);
  });
});
