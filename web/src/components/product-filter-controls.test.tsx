import type { ProductFilters } from '@catalog/contracts/product-filters';
import { act, useState } from 'react';
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

  it('picks stock, visibility and the SKU match from native selects, "any" clearing them', async () => {
    const changes: unknown[] = [];
    rendered = await render(<ProductFilterControls brands={[]} value={{ stock: 'low', visible: false }} onChange={(next) => changes.push(next)} />);
    const select = (label: string) =>
      [...rendered!.container.querySelectorAll('select')].find((el) => el.labels?.[0]?.textContent?.startsWith(label))!;
    expect([select('Stock').value, select('Visibility').value, select('SKU match').value]).toEqual(['low', 'false', 'contains']);
    const choose = async (label: string, value: string) =>
      act(async () => {
        const el = select(label);
        el.value = value;
        el.dispatchEvent(new Event('change', { bubbles: true }));
      });
    await choose('Stock', 'out');
    await choose('Stock', '');
    await choose('Visibility', 'true');
    await choose('SKU match', 'endsWith');
    expect(changes).toEqual([
      { stock: 'out', visible: false },
      { stock: undefined, visible: false },
      { stock: 'low', visible: true },
      { stock: 'low', visible: false, skuMatch: 'endsWith' },
    ]);
  });

  it('keeps a price being typed when another filter is applied, and follows the URL for the field that moved', async () => {
    let apply: (next: ProductFilters) => void = () => {};
    function Harness() {
      const [value, setValue] = useState<ProductFilters>({});
      apply = setValue;
      return <ProductFilterControls brands={['Harbor']} value={value} onChange={setValue} />;
    }
    rendered = await render(<Harness />);
    const input = (label: string) =>
      [...rendered!.container.querySelectorAll('input')].find((el) => el.labels?.[0]?.textContent?.startsWith(label))!;
    const type = async (label: string, text: string) =>
      act(async () => {
        const el = input(label);
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, text);
        el.dispatchEvent(new Event('input', { bubbles: true }));
      });
    // The maximum is typed while the minimum's Enter is still on its way to the URL.
    await type('Max price', '20');
    await act(async () => apply({ priceMin: 500 }));
    expect([input('Min price').value, input('Max price').value]).toEqual(['5.00', '20']);
    // Back: the maximum in force goes, and its field follows; the minimum's does too.
    await act(async () => apply({ priceMin: 500, priceMax: 2000 }));
    await act(async () => apply({}));
    expect([input('Min price').value, input('Max price').value]).toEqual(['', '']);
  });
});
