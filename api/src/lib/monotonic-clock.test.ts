import { describe, expect, it } from 'vitest';
import { monotonicNow } from './monotonic-clock';

describe('monotonicNow', () => {
  it('gives strictly increasing times close to the wall clock, even many in one millisecond', () => {
    const before = Date.now();
    const times = Array.from({ length: 1000 }, () => monotonicNow().getTime());
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]!);
    expect(times[0]).toBeGreaterThanOrEqual(before);
    expect(times.at(-1)! - Date.now()).toBeLessThanOrEqual(1000);
  });
});
