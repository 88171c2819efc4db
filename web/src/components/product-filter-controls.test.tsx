import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, waitFor, type Rendered } from '../testing/render';
import { ProductFilterControls } from './product-filter-controls';

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

const options = () => document.querySelectorAll('[role="option"]');

describe('ProductFilterControls', () => {
  it('renders no select options until a dropdown opens (the theme keeps closed dropdowns unmounted)', async () => {
    rendered = await render(<ProductFilterControls brands={['Harbor', 'Lumen']} value={{}} onChange={() => {}} />);
    // Mantine would keep each closed dropdown in the page, and position it as the screen mounts.
    expect(document.querySelectorAll('.mantine-Select-dropdown')).toHaveLength(0);
    expect(options()).toHaveLength(0);

    const brand = rendered.container.querySelector<HTMLInputElement>('input[placeholder="Any brand"]');
    await act(async () => brand?.click());
    await waitFor(() => options().length === 2);
    expect([...options()].map((o) => o.textContent)).toEqual(['Harbor', 'Lumen']);
  });
});
