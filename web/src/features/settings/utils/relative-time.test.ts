import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const NOW = new Date(Date.UTC(2030, 0, 10, 12));
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

describe('relativeTime', () => {
  it('says a moment near now in words, past and to come', () => {
    expect(relativeTime(at(-10_000), NOW)).toBe('just now');
    expect(relativeTime(at(10_000), NOW)).toBe('in a moment');
    expect(relativeTime(at(-50_000), NOW)).toBe('1 minute ago');
    expect(relativeTime(at(4 * 60_000), NOW)).toBe('in 4 minutes');
    expect(relativeTime(at(-59 * 60_000), NOW)).toBe('59 minutes ago');
    expect(relativeTime(at(2 * 3_600_000), NOW)).toBe('in 2 hours');
    expect(relativeTime(at(-26 * 3_600_000), NOW)).toBe('yesterday');
    expect(relativeTime(at(-3 * 86_400_000), NOW)).toBe('3 days ago');
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});
