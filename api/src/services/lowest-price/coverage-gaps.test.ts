/** The window's gaps (issue 36): the parts of it no followed span covers, whatever the spans' order, overlaps and ends. */
import { describe, expect, it } from 'vitest';
import { coverageGaps } from './coverage-gaps';

const d = (day: number) => new Date(Date.UTC(2030, 2, day));
const window = { from: d(1), to: d(31) };

describe('coverageGaps', () => {
  it('is the whole window without spans, and nothing when an open span began before it', () => {
    expect(coverageGaps(window, [])).toEqual([window]);
    expect(coverageGaps(window, [{ startedAt: d(0), endedAt: null }])).toEqual([]);
  });

  it('reports before the first span, between spans and after the last closed one; overlapping and touching spans leave none between them', () => {
    const spans = [
      { startedAt: d(20), endedAt: d(22) },
      { startedAt: d(5), endedAt: d(12) },
      { startedAt: d(10), endedAt: d(15) },
      { startedAt: d(15), endedAt: d(18) },
    ];
    expect(coverageGaps(window, spans)).toEqual([
      { from: d(1), to: d(5) }, { from: d(18), to: d(20) }, { from: d(22), to: d(31) },
    ]);
  });

  it('does not split a gap at an empty span (one closed where it began)', () => {
    expect(coverageGaps(window, [{ startedAt: d(3), endedAt: d(10) }, { startedAt: d(20), endedAt: d(20) }])).toEqual([{ from: d(1), to: d(3) }, { from: d(10), to: d(31) }]);
  });

  it('ignores spans ended before the window and clips spans reaching past it', () => {
    expect(coverageGaps(window, [{ startedAt: d(-10), endedAt: d(-5) }, { startedAt: d(25), endedAt: d(40) }])).toEqual([{ from: d(1), to: d(25) }]);
  });
});
