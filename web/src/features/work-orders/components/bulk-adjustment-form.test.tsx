/** The bulk adjustment's messages (spec section 5) and what Apply hands to the form. */
import { Notifications } from '@mantine/notifications';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor, type Rendered } from '../../../testing/render';
import type { WorkOrderFormAction } from '../utils/work-order-form';
import type { LocalProduct } from '../../../local/catalog-query';
import { testProduct } from '../utils/test-fixtures';
import { BulkAdjustmentForm } from './bulk-adjustment-form';

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
});

async function renderForm(selectedCount: number, products: LocalProduct[] = []) {
  const dispatch = vi.fn<(action: WorkOrderFormAction) => void>();
  rendered = await render(
    <>
      <Notifications />
      <BulkAdjustmentForm selectedCount={selectedCount} products={products} dispatch={dispatch} />
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

  it('sets a margin over cost, rounded up to the merchant\'s own ending, and says how many items have no cost', async () => {
    const products = [
      testProduct(1, { costPrice: '10.00' }), testProduct(2), testProduct(3, { costPrice: null }),
    ];
    const { container, dispatch } = await renderForm(3, products);
    const select = async (label: string, option: string) => {
      await click(labelled(container, label));
      await click([...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === option));
    };
    await select('Adjust by', 'Margin over cost (cost + %)');
    expect(button(container, 'Increase')).toBeUndefined(); // no direction for a margin
    await select('Round to', 'My own ending');
    const up = [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) => r.value === 'up')!;
    await click(up);
    await type(labelled(container, 'Margin over cost'), '40');
    await type(labelled(container, 'Ending digits'), '123');
    await click(button(container, 'Apply'));
    await waitFor(() => bodyText().includes('Please enter an ending of one or two digits'));
    expect(dispatch).not.toHaveBeenCalled();
    await type(labelled(container, 'Ending digits'), '9');
    await click(button(container, 'Apply'));
    expect(dispatch).toHaveBeenCalledWith({
      type: 'bulk',
      adjustment: { field: 'regular', mode: 'marginOverCost', basisPoints: 4000, rounding: { kind: 'ending', ending: '9', direction: 'up' } },
    });
    await waitFor(() => bodyText().includes('Set the regular price to cost + 40% for 3 products, rounded up to x9.00'));
    expect(bodyText()).toContain('2 items have no cost and are left as they are.');
  }, 15_000);

  it('targets the retail price (MSRP) and rounds to an increment', async () => {
    const { container, dispatch } = await renderForm(1, [testProduct(1, { retailPrice: '50.00' })]);
    const retail = [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) => r.value === 'retail')!;
    await click(retail);
    await click(labelled(container, 'Round to'));
    await click([...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent?.startsWith('To an increment')));
    await click(labelled(container, 'Increment'));
    await click([...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === '0.25'));
    await type(labelled(container, 'Percentage'), '5');
    await click(button(container, 'Apply'));
    expect(dispatch).toHaveBeenCalledWith({
      type: 'bulk',
      adjustment: { field: 'retail', mode: 'percent', basisPoints: 500, rounding: { kind: 'increment', stepCents: 25, direction: 'nearest' } },
    });
  }, 15_000);
});
