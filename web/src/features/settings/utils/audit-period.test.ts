/** The period of the price history export: picked days as the API's UTC range, or the field that is wrong. */
import { describe, expect, it } from 'vitest';
import { auditPeriod, dayValue, defaultPeriod } from './audit-period';

describe('auditPeriod', () => {
  it('runs from the first day at local midnight to the midnight after the last day', () => {
    expect(auditPeriod('2030-03-01', '2030-03-31')).toEqual({
      ok: true, from: new Date(2030, 2, 1).toISOString(), to: new Date(2030, 3, 1).toISOString(),
    });
    // One day is a whole day.
    expect(auditPeriod('2030-03-05', '2030-03-05')).toEqual({ ok: true, from: new Date(2030, 2, 5).toISOString(), to: new Date(2030, 2, 6).toISOString() });
  });

  it('refuses a missing or impossible day, a last day before the first, and more than 366 days, naming the field', () => {
    expect(auditPeriod('', '2030-03-31')).toEqual({ ok: false, field: 'from', message: 'Pick the first day' });
    expect(auditPeriod('2030-02-30', '2030-03-31')).toEqual({ ok: false, field: 'from', message: 'Pick the first day' });
    expect(auditPeriod('2030-03-01', '')).toEqual({ ok: false, field: 'to', message: 'Pick the last day' });
    expect(auditPeriod('2030-03-02', '2030-03-01')).toEqual({ ok: false, field: 'to', message: 'The last day must not be before the first' });
    expect(auditPeriod('2028-01-01', '2028-12-31').ok).toBe(true);
    expect(auditPeriod('2028-01-01', '2029-01-01')).toEqual({ ok: false, field: 'to', message: 'A period is at most 366 days' });
  });

  it('offers the 30 days before today, and today, at first', () => {
    expect(defaultPeriod(new Date(2030, 2, 31, 15, 0))).toEqual({ from: '2030-03-01', to: '2030-03-31' });
    expect(dayValue(new Date(2030, 0, 5))).toBe('2030-01-05');
  });
});
