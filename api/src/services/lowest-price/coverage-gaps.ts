/**
 * The gaps of a window (issue 36): the spans of `[from, to)` outside every span the company's
 * prices were followed (store_coverage: from a complete sync to a disconnect). Pure.
 */
import type { CoverageSpan } from '../../db/repositories';

export interface Span {
  from: Date;
  to: Date;
}

/** The parts of `[from, to)` no span covers, oldest first (spans may overlap or touch). */
export function coverageGaps(window: Span, spans: readonly CoverageSpan[]): Span[] {
  const gaps: Span[] = [];
  let cursor = window.from.getTime();
  const end = window.to.getTime();
  const sorted = [...spans].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  for (const s of sorted) {
    if (cursor >= end) break;
    const start = s.startedAt.getTime();
    const stop = s.endedAt?.getTime() ?? Infinity;
    // An empty span (one closed where it began: closeCoverage never ends one before its start) covers nothing.
    if (stop <= cursor || stop <= start) continue;
    if (start > cursor) gaps.push({ from: new Date(cursor), to: new Date(Math.min(start, end)) });
    cursor = Math.max(cursor, stop);
  }
  if (cursor < end) gaps.push({ from: new Date(cursor), to: new Date(end) });
  return gaps;
}
