/** The bulk adjustment's messages (spec section 5) and what Apply hands to the form. */
import { Notifications } from '@mantine/notifications';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor, type Rendered } from '../../../testing/render';
import type { WorkOrderFormAction } from '../utils/work-order-form';
import { BulkAdjustmentForm } from './bulk-adjustment-form';

// jsdom has no ResizeObserver; SegmentedControl's indicator measures itself with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
});

async function renderForm(selectedCount: number) {
  const dispatch = vi.fn<(action: WorkOrderFormAction) => void>();
  rendered = await render(
    <>
      <Notifications />
      <BulkAdjustmentForm selectedCount={selectedCount} dispatch={dispatch} />
    </>,
  );
  return { container: rendered.container, dispatch };
}

const button = (root: ParentNode, name: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);

function labelled(root: ParentNode, label: string): HTMLInputElement {
  const el = [...root.querySelectorAll('label')].find((l) => l.textContent?.replace('*', '').trim() === label);
  return document.getElementById(el!.htmlFor) as HTMLInputElement;
}

async function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const click = (el: HTMLElement | undefined) => act(async () => el!.click());
const bodyText = () => document.body.textContent ?? '';

describe('BulkAdjustmentForm', () => {
  it("says 'Please select products first' when nothing is selected", async () => {
    const { container, dispatch } = await renderForm(0);
    await type(labelled(container, 'Percentage'), '10');
    await click(button(container, 'Apply'));
    await waitFor(() => bodyText().includes('Please select products first'));
    expect(dispatch).not.toHaveBeenCalled();
  });

  it("says 'Please enter an adjustment value' for an empty value", async () => {
    const { container, dispatch } = await renderForm(2);
    await click(button(container, 'Apply'));
    await waitFor(() => bodyText().includes('Please enter an adjustment value'));
    expect(dispatch).not.toHaveBeenCalled();
  });

  it("says 'Please enter a valid number' for what is not one", async () => {
    const { container, dispatch } = await renderForm(2);
    await type(labelled(container, 'Percentage'), 'ten');
    await click(button(container, 'Apply'));
    await waitFor(() => bodyText().includes('Please enter a valid number'));
    expect(dispatch).not.toHaveBeenCalled();
  });

  it("applies a percentage and says 'Applied 10% increase to 2 products'", async () => {
    const { container, dispatch } = await renderForm(2);
    await type(labelled(container, 'Percentage'), '10');
    await click(button(container, 'Apply'));
    expect(dispatch).toHaveBeenCalledWith({
      type: 'bulk',
      adjustment: { field: 'regular', mode: 'percent', basisPoints: 1000, rounding: { kind: 'none' } },
    });
    await waitFor(() => bodyText().includes('Applied 10% increase to 2 products'));
  });

  it('discounts sale prices by default, and offers Remove All Sale Prices only for them', async () => {
    const { container, dispatch } = await renderForm(3);
    expect(button(container, 'Remove All Sale Prices')).toBeUndefined();
    const sale = [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) => r.value === 'sale')!;
    await click(sale);
    await type(labelled(container, 'Percentage'), '20');
    await click(button(container, 'Apply'));
    expect(dispatch).toHaveBeenLastCalledWith({
      type: 'bulk',
      adjustment: { field: 'sale', mode: 'percent', basisPoints: -2000, rounding: { kind: 'none' } },
    });
    await waitFor(() => bodyText().includes('Applied 20% discount to 3 products'));
    await click(button(container, 'Remove All Sale Prices'));
    expect(dispatch).toHaveBeenLastCalledWith({ type: 'removeSalePrices' });
  });
});
