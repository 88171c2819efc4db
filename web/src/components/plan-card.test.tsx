/**
 * The plan card both screens use: an article named by the plan's heading (h2 on the pricing
 * page, h3 on the subscription screen), 'Most popular' unless the screen gives its own badge,
 * and the screen's action inside.
 */
import { PLANS } from '@catalog/contracts/plans';
import { Badge } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import { render, type Rendered } from '../testing/render';
import { PlanCard } from './plan-card';

let mounted: Rendered | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

const article = () => mounted!.container.querySelector('article')!;
const heading = () => document.getElementById(article().getAttribute('aria-labelledby') ?? '');

describe('PlanCard', () => {
  it('is an article named by its heading, with the plan, the popular badge and the action', async () => {
    mounted = await render(
      <PlanCard plan={PLANS.starter} place="pricing" highlighted>
        <button type="button">Choose Starter</button>
      </PlanCard>,
    );
    expect(heading()?.tagName).toBe('H2');
    expect(heading()?.textContent).toBe('Starter');
    expect(article().textContent).toContain('Most popular');
    expect(article().querySelector('button')?.textContent).toBe('Choose Starter');
  });

  it("shows the screen's badge instead of 'Most popular', under an h3 on the subscription screen", async () => {
    mounted = await render(
      <PlanCard plan={PLANS.starter} place="subscription" badge={<Badge>Your plan</Badge>}>
        <span />
      </PlanCard>,
    );
    expect(heading()?.tagName).toBe('H3');
    expect(article().textContent).toContain('Your plan');
    expect(article().textContent).not.toContain('Most popular');
  });
});
