/** The range's overlaps list (overlaps-section.tsx): what it names, how sure it is, and a crowded month. */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, type Rendered } from '../../../testing/render';
import { calendarOrder } from '../utils/calendar-fixtures';
import { OVERLAPS_SHOWN, OverlapsSection } from './overlaps-section';
import type { OverlapPairsState } from '../api/overlap-pairs';

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

const checked: OverlapPairsState = { pairs: [], status: 'checked', complete: true, checkedAt: null, reason: null };
const pair = (i: number) => ({
  a: calendarOrder({ title: `A${i}`, scheduledAt: '2030-03-05T10:00:00.000Z' }),
  b: calendarOrder({ title: `B${i}`, scheduledAt: '2030-03-06T10:00:00.000Z' }),
  shared: 1 + (i % 3),
});

async function show(count: number, check = checked) {
  const opened: string[] = [];
  rendered = await render(<OverlapsSection overlaps={Array.from({ length: count }, (_, i) => pair(i))} from={() => Date.parse('2030-03-06T10:00:00.000Z')} check={check} onOpen={(id) => opened.push(id)} />);
  return { text: () => rendered!.container.textContent ?? '', opened, items: () => rendered!.container.querySelectorAll('li').length };
}

describe('OverlapsSection', () => {
  it('names both orders of each pair and what they share, and opens either', async () => {
    const shown = await show(2);
    expect(shown.text()).toMatch(/A0\s*and\s*B0\s*share 1 product or variant from Mar 6, 2030/);
    expect(shown.text()).toMatch(/A1\s*and\s*B1\s*share 2 products or variants/);
    await act(async () => [...rendered!.container.querySelectorAll('button')].find((b) => b.textContent === 'B1')!.click());
    expect(shown.opened).toHaveLength(1);
  });

  it(`lists the first ${OVERLAPS_SHOWN} of a crowded month, then all on demand`, async () => {
    const shown = await show(OVERLAPS_SHOWN + 10);
    expect(shown.items()).toBe(OVERLAPS_SHOWN);
    await act(async () => [...rendered!.container.querySelectorAll('button')].find((b) => b.textContent === `Show all ${OVERLAPS_SHOWN + 10} overlaps`)!.click());
    expect(shown.items()).toBe(OVERLAPS_SHOWN + 10);
  });

  it('says when none overlap, and when the list is as last checked or incomplete', async () => {
    expect((await show(0)).text()).toContain('No two orders change the same prices at the same time here.');
    rendered!.unmount();
    expect((await show(0, { ...checked, complete: false })).text()).toContain('the server stopped counting');
    rendered!.unmount();
    const kept = await show(1, { ...checked, status: 'kept', reason: 'You are offline: the overlaps are as last checked.', checkedAt: Date.parse('2030-03-01T09:00:00.000Z') });
    expect(kept.text()).toMatch(/You are offline: the overlaps are as last checked\. \(checked Mar 1, 2030 at/);
  });
});
