import { describe, expect, it } from 'vitest';
import { formatClockTime, formatDateTime } from './format-date-time';

describe('formatDateTime', () => {
  it("prints 'MMM d, yyyy at h:mm a'", () => {
    expect(formatDateTime('2030-03-08T09:05:00.000Z', 'UTC')).toBe('Mar 8, 2030 at 9:05 AM');
    expect(formatDateTime(new Date('2030-12-31T23:59:00.000Z'), 'UTC')).toBe('Dec 31, 2030 at 11:59 PM');
  });

  it('prints nothing for a value that is not a date', () => {
    expect(formatDateTime('soon')).toBe('');
  });
});

describe('formatDateTime in the reader\'s zone and a named one', () => {
  it('reads the same wall-clock time through Date getters as through Intl', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    for (const iso of ['2030-03-08T00:05:00.000Z', '2030-07-01T12:00:00.000Z', '2031-01-01T23:59:59.000Z']) {
      expect(formatDateTime(iso)).toBe(formatDateTime(iso, zone));
    }
  });

  it('prints midnight and noon as 12', () => {
    expect(formatDateTime('2030-03-08T00:00:00.000Z', 'UTC')).toBe('Mar 8, 2030 at 12:00 AM');
    expect(formatDateTime('2030-03-08T12:30:00.000Z', 'UTC')).toBe('Mar 8, 2030 at 12:30 PM');
    expect(formatDateTime('2030-03-08T12:30:00.000Z', 'Asia/Kolkata')).toBe('Mar 8, 2030 at 6:00 PM');
  });
});

describe('formatClockTime', () => {
  it("prints 'h:mm:ss a'", () => {
    expect(formatClockTime(Date.parse('2030-03-08T15:07:05.000Z'), 'UTC')).toBe('3:07:05 PM');
    expect(formatClockTime(new Date('2030-03-08T00:00:09.000Z'), 'UTC')).toBe('12:00:09 AM');
  });
});
