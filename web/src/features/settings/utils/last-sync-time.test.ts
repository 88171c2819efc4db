import { describe, expect, it } from 'vitest';
import { formatLastSync } from './last-sync-time';

describe('formatLastSync', () => {
  it("reads 'MMM d, yyyy at h:mm a' in local time", () => {
    const at = new Date(2025, 2, 3, 16, 5);
    expect(formatLastSync(at.toISOString())).toBe('Mar 3, 2025 at 4:05 PM');
  });

  it("says 'Never' before the first sync", () => {
    expect(formatLastSync(null)).toBe('Never');
    expect(formatLastSync('not a date')).toBe('Never');
  });
});
