import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date-time';

describe('formatDateTime', () => {
  it("prints 'MMM d, yyyy at h:mm a'", () => {
    expect(formatDateTime('2030-03-08T09:05:00.000Z', 'UTC')).toBe('Mar 8, 2030 at 9:05 AM');
    expect(formatDateTime(new Date('2030-12-31T23:59:00.000Z'), 'UTC')).toBe('Dec 31, 2030 at 11:59 PM');
  });

  it('prints nothing for a value that is not a date', () => {
    expect(formatDateTime('soon')).toBe('');
  });
});
