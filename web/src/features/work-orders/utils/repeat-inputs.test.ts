/** The create form's "Repeat" (issue 36): the rule it sends, the contracts' checks it shows, and a draft's stored choice. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPEAT_MESSAGES } from '@catalog/contracts/work-orders';
import { buildWorkOrder } from './build-work-order';
import { buildRepeat, storedRepeat, withRepeatDate } from './repeat-inputs';
import { parseDraftState, toStoredDraft } from './draft-state';
import { testProduct } from './test-fixtures';
import { initialFormState, workOrderFormReducer as reduce, type WorkOrderFormAction } from './work-order-form';

const NOW = new Date(2030, 5, 1, 12, 0);
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterAll(() => {
  vi.useRealTimers();
});

const local = (date: string, time: string) => new Date(`${date}T${time}:00`);
const first = { scheduledAt: local('2030-06-05', '09:30'), time: '09:30', revertAt: null };

describe('buildRepeat', () => {
  it('sends nothing for "Does not repeat", and weekly or monthly until the end of the chosen day', () => {
    expect(buildRepeat({}, first, NOW)).toEqual({ rule: null });
    expect(buildRepeat({ repeat: 'none', repeatUntil: '2030-12-31' }, first, NOW)).toEqual({ rule: null });
    expect(buildRepeat({ repeat: 'week', repeatUntil: '2030-12-31' }, first, NOW))
      .toEqual({ rule: { every: 'week', until: local('2030-12-31', '23:59').toISOString() } });
    expect(buildRepeat({ repeat: 'month', repeatUntil: '2030-12-31' }, first, NOW).rule).toMatchObject({ every: 'month' });
  });

  it('repeats on the chosen dates at the first run\u2019s time', () => {
    expect(buildRepeat({ repeat: 'dates', repeatDates: ['2030-06-12', '2030-07-01'] }, first, NOW))
      .toEqual({ rule: { dates: [local('2030-06-12', '09:30').toISOString(), local('2030-07-01', '09:30').toISOString()] } });
  });

  it('says what is missing or does not fit, in the contracts\u2019 words', () => {
    expect(buildRepeat({ repeat: 'week', repeatUntil: '' }, first, NOW).error).toBe(REPEAT_MESSAGES.until);
    expect(buildRepeat({ repeat: 'dates', repeatDates: [] }, first, NOW).error).toBe(REPEAT_MESSAGES.noDates);
    expect(buildRepeat({ repeat: 'dates', repeatDates: ['2030-06-05'] }, first, NOW).error).toBe(REPEAT_MESSAGES.dateAfterStart);
    expect(buildRepeat({ repeat: 'week', repeatUntil: '2030-06-10' }, first, NOW).error).toBe(REPEAT_MESSAGES.secondRun);
    const eightDays = { ...first, revertAt: local('2030-06-13', '09:30') };
    expect(buildRepeat({ repeat: 'week', repeatUntil: '2030-12-31' }, eightDays, NOW).error).toBe(REPEAT_MESSAGES.endBeforeNext);
  });

  it('keeps the chosen dates once each, in order', () => {
    expect(withRepeatDate(['2030-07-01'], '2030-06-12', true)).toEqual(['2030-06-12', '2030-07-01']);
    expect(withRepeatDate(['2030-06-12', '2030-07-01'], '2030-06-12', true)).toEqual(['2030-06-12', '2030-07-01']);
    expect(withRepeatDate(['2030-06-12', '2030-07-01'], '2030-06-12', false)).toEqual(['2030-07-01']);
  });
});

describe('the form with a repeat', () => {
  const mug = testProduct(101, { name: 'Mug', regularPrice: '10.00' });
  const form = (...more: WorkOrderFormAction[]) => ([
    { type: 'title', value: 'Weekend sale' },
    { type: 'select', products: [mug] },
    { type: 'price', target: 'p101', field: 'sale', value: '8.00' },
    { type: 'schedule', value: 'scheduled' },
    { type: 'date', value: '2030-06-05' },
    { type: 'time', value: '09:30' },
    ...more,
  ] satisfies WorkOrderFormAction[]).reduce(reduce, initialFormState('6f1c2a4e-8b7d-4c3e-9a1f-2b3c4d5e6f70'));

  it('sends the rule with a scheduled order, and stops at its error', () => {
    const weekly = buildWorkOrder(form({ type: 'repeat', value: { repeat: 'week', repeatUntil: '2030-12-31' } }), NOW);
    expect(weekly.body?.repeat).toEqual({ every: 'week', until: local('2030-12-31', '23:59').toISOString() });
    const missing = buildWorkOrder(form({ type: 'repeat', value: { repeat: 'week' } }), NOW);
    expect(missing).toMatchObject({ body: undefined, firstError: REPEAT_MESSAGES.until, errors: { repeat: REPEAT_MESSAGES.until } });
    // Switched back to Execute Immediately, the hidden choice is not sent.
    expect(buildWorkOrder(form({ type: 'repeat', value: { repeat: 'week' } }, { type: 'schedule', value: 'immediate' }), NOW).body?.repeat).toBeUndefined();
  });

  it('keeps the choice in a draft; a draft from before it does not repeat, a wrong one is refused', () => {
    const saved = form({ type: 'repeat', value: { repeat: 'dates', repeatDates: ['2030-06-12'] } });
    expect(parseDraftState(toStoredDraft(saved), saved.id)).toMatchObject({ repeat: 'dates', repeatDates: ['2030-06-12'] });
    expect(storedRepeat({})).toEqual({});
    expect(storedRepeat({ repeat: 'daily' })).toBeNull();
    expect(storedRepeat({ repeat: 'dates', repeatDates: ['12 June'] })).toBeNull();
  });
});
