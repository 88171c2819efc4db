import { describe, expect, it } from 'vitest';
import { fromDateTimeInputs, toDateTimeInputs } from './schedule-inputs';

describe('date and time inputs', () => {
  it('round-trips a local moment through the inputs', () => {
    const moment = new Date(2030, 0, 9, 7, 5);
    const [date, time] = toDateTimeInputs(moment);
    expect([date, time]).toEqual(['2030-01-09', '07:05']);
    expect(fromDateTimeInputs(date, time)?.getTime()).toBe(moment.getTime());
  });

  it('rejects missing or impossible dates and times', () => {
    expect(fromDateTimeInputs('', '10:00')).toBeNull();
    expect(fromDateTimeInputs('2030-01-09', '')).toBeNull();
    expect(fromDateTimeInputs('2030-02-30', '10:00')).toBeNull();
    expect(fromDateTimeInputs('2030-01-09', '24:30')).toBeNull();
  });
});
