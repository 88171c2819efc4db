import { describe, expect, it } from 'vitest';
import { changeTypeLabel, formatHistoryDate } from './format-history';

describe('price history formatting', () => {
  it("writes dates as 'MMM d, h:mm a'", () => {
    expect(formatHistoryDate('2025-03-05T15:07:00Z', 'UTC')).toBe('Mar 5, 3:07 PM');
    expect(formatHistoryDate('2025-12-31T00:05:00Z', 'UTC')).toBe('Dec 31, 12:05 AM');
    expect(formatHistoryDate('not a date')).toBe('');
  });

  it('labels manual, work order, undo and webhook changes, and treats anything else as a sync', () => {
    expect(changeTypeLabel('manual')).toBe('Manual');
    expect(changeTypeLabel('work_order')).toBe('Work order');
    expect(changeTypeLabel('undo')).toBe('Undo');
    expect(changeTypeLabel('sync')).toBe('Sync');
    expect(changeTypeLabel('webhook')).toBe('Store webhook');
    expect(changeTypeLabel('something-else')).toBe('Sync');
  });
});
