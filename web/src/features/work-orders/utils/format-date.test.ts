import { describe, expect, it } from 'vitest';
import { formatOrderDate, fromDateTimeInputs, toDateTimeInputs } from './format-date';

describe('formatOrderDate', () => {
  it("writes 'MMM d, yyyy at h:mm a'", () => {
    expect(formatOrderDate('2025-03-05T15:07:00Z', 'UTC')).toBe('Mar 5, 2025 at 3:07 PM');
    expect(formatOrderDate('2025-12-25T00:05:00Z', 'UTC')).toBe('Dec 25, 2025 at 12:05 AM');
    expect(formatOrderDate('2025-07-01T12:00:00Z', 'America/New_York')).toBe('Jul 1, 2025 at 8:00 AM');
  });

  it('gives nothing for a value that is not a date', () => {
    expect(formatOrderDate('soon')).toBe('');
  });
});

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
