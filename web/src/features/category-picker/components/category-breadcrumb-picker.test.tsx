import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { CategoryBreadcrumbPicker } from './category-breadcrumb-picker';

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

const buttons = (name: RegExp) => [...document.body.querySelectorAll('button')].filter((b) => name.test(b.textContent ?? ''));

describe('CategoryBreadcrumbPicker', () => {
  it('drills down level by level, selecting each, and goes back up through the breadcrumb', async () => {
    const chosen: Array<string | null> = [];
    let value: string | null = null;
    const categories = ['Clothing > Shirts > Linen', 'Clothing > Hats', 'Garden'];
    const ui = () => <CategoryBreadcrumbPicker categories={categories} value={value} onChange={(v) => (chosen.push(v), (value = v))} />;
    rendered = await render(ui());
    const target = document.body.querySelector<HTMLButtonElement>('button[aria-label^="Category:"]')!;
    expect(target.getAttribute('aria-label')).toBe('Category: All categories');

    await act(async () => target.click());
    await waitFor(() => buttons(/^Clothing/).length > 0);
    await act(async () => buttons(/^Clothing/)[0]!.click());
    await waitFor(() => buttons(/^Shirts/).length > 0);
    expect(buttons(/^Hats/)).toHaveLength(1);
    await act(async () => buttons(/^Shirts/)[0]!.click());
    expect(chosen).toEqual(['Clothing', 'Clothing > Shirts']);

    // Back up: the breadcrumb's first step selects all categories again.
    const crumb = [...document.body.querySelectorAll('[role="dialog"] button')].find((b) => b.textContent === 'All categories') as HTMLButtonElement;
    await act(async () => crumb.click());
    expect(chosen.at(-1)).toBeNull();
  });
});
