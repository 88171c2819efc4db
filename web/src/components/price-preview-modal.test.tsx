/**
 * The preview's guardrails (issue 19): flags with counts per rule, "Only flagged", each flagged
 * row's flags as text, items up/down/unchanged and the list-price change, a "Why?" per row, and
 * a blocked order's confirm disabled with the rule and count named.
 */
import { orderGuardrails, previewPriceChanges, type PreviewLine } from '@catalog/contracts/bulk-adjustment-preview';
import type { AdjustmentExplanation } from '@catalog/contracts/bulk-adjustment';
import { DEFAULT_GUARDRAIL_SETTINGS, type GuardrailItem, type GuardrailSettings } from '@catalog/contracts/guardrails';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor, type Rendered } from '../testing/render';
import { PreviewModal, type OverlapsState } from './price-preview-modal';

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
});

const item = (before: number, after: number, cost: number | null = null): GuardrailItem => ({
  before: { regular: before, sale: null }, after: { regular: after, sale: null }, cost, retail: null,
});

const ORDER = [
  { target: 'p1', label: 'Linen Shirt', before: 2000, after: 900, cost: 1000 }, // below cost, large change
  { target: 'p2', label: 'Water Bottle', before: 1000, after: 0, cost: null }, // zero price, large change
  { target: 'p3', label: 'Blue Mug', before: 1000, after: 1100, cost: 500 }, // fine
  { target: 'p4', label: 'Tea Towel', before: 1000, after: 1000, cost: null }, // unchanged
];

async function show(settings: GuardrailSettings = DEFAULT_GUARDRAIL_SETTINGS, explain?: (line: PreviewLine) => AdjustmentExplanation | null, notes?: string[]) {
  const preview = previewPriceChanges(ORDER.map((o) => ({ target: o.target, label: o.label, field: 'regular' as const, oldCents: o.before, newCents: o.after })));
  const guardrails = orderGuardrails(ORDER.map((o) => ({ target: o.target, item: item(o.before, o.after, o.cost) })), settings);
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  rendered = await render(
    <PreviewModal opened preview={preview} scheduledAt={null} productCount={4} submitting={false} error={null}
      onConfirm={onConfirm} onClose={onClose} guardrails={guardrails} guardrailSettings={settings} explain={explain} notes={notes} />,
  );
  return { onConfirm, onClose };
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;
const text = () => dialog().textContent ?? '';
const rows = () => [...dialog().querySelectorAll('tbody tr')].map((r) => r.textContent ?? '');
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);

describe('PreviewModal guardrails', () => {
  it('counts the flags per rule and shows each flagged row its flags as text', async () => {
    await show();
    expect(text()).toContain('Guardrails: 2 items flagged');
    const flags = dialog().querySelector('[aria-label="Guardrail flags"]')!.textContent;
    expect(flags).toContain('Below cost: 1 item');
    expect(flags).toContain('Price of 0.00: 1 item');
    expect(flags).toContain('Change over 50%: 2 items');
    expect(rows()[0]).toContain('Below cost');
    expect(rows()[0]).toContain('Change over 50%');
    expect(rows()[1]).toContain('Price of 0.00');
    expect(rows()[2]).not.toMatch(/Below cost|Change over/);
  });

  it('shows items up, down and unchanged, the sum of list-price changes, and what the adjustments left alone', async () => {
    await show(DEFAULT_GUARDRAIL_SETTINGS, undefined, ['Regular price: 12 items have no cost and are left as they are.']);
    expect(text()).toContain('Regular price: 12 items have no cost and are left as they are.');
    expect(text()).toMatch(/Items going up\s*1/);
    expect(text()).toMatch(/Items going down\s*2/);
    expect(text()).toMatch(/Items unchanged\s*1/);
    expect(text()).toMatch(/List price change\s*-20\.00/);
  });

  it('filters to the flagged rows with "Only flagged"', async () => {
    await show();
    expect(rows()).toHaveLength(4);
    const only = [...dialog().querySelectorAll('label')].find((l) => l.textContent === 'Only flagged')!;
    await act(async () => (document.getElementById(only.htmlFor) as HTMLInputElement).click());
    expect(rows()).toHaveLength(2);
    expect(rows().join(' ')).not.toContain('Blue Mug');
  });

  it('disables Create Work Order while a blocking rule is broken, naming the rule and the count', async () => {
    const { onConfirm } = await show({ ...DEFAULT_GUARDRAIL_SETTINGS, blockingGuardrails: ['zeroPrice'] });
    expect(button('Create Work Order')!.disabled).toBe(true);
    expect(text()).toContain('This order breaks a blocking guardrail: Price of 0.00 (1 item)');
    expect(rows()[1]).toContain('Blocks: Price of 0.00');
    await act(async () => button('Create Work Order')!.click());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('lets an order with flags but nothing blocking be created', async () => {
    const { onConfirm } = await show({ ...DEFAULT_GUARDRAIL_SETTINGS, blockingGuardrails: ['belowRetailFloor'] });
    expect(button('Create Work Order')!.disabled).toBe(false);
    await act(async () => button('Create Work Order')!.click());
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('explains a row: rule, value before rounding, rounding, result; or that it was typed', async () => {
    const { onClose } = await show(DEFAULT_GUARDRAIL_SETTINGS, (line) => (line.target === 'p3'
      ? { skipped: null, rule: 'Cost 5.00 + 120%', beforeRounding: 1100, rounding: 'Rounded to the nearest .00', result: 1100 }
      : null));
    const why = (label: string) => dialog().querySelector<HTMLButtonElement>(`button[aria-label^="Why is the new regular price of ${label}"]`)!;
    await act(async () => why('Blue Mug').click());
    await waitFor(() => document.body.textContent!.includes('Rule: Cost 5.00 + 120%'));
    expect(document.body.textContent).toContain('Before rounding: 11.00');
    expect(document.body.textContent).toContain('Rounding: Rounded to the nearest .00');
    expect(document.body.textContent).toContain('Result: 11.00');
    // Escape closes the explanation, not the preview.
    await act(async () => why('Blue Mug').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    await waitFor(() => !document.body.textContent!.includes('Rule: Cost 5.00 + 120%'));
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => why('Water Bottle').click());
    await waitFor(() => document.body.textContent!.includes('Set to 0.00 by hand'));
  }, 15_000);
});

describe('PreviewModal overlaps (issue 31: the server checks them)', () => {
  async function showOverlaps(overlaps: OverlapsState) {
    const preview = previewPriceChanges(ORDER.map((o) => ({ target: o.target, label: o.label, field: 'regular' as const, oldCents: o.before, newCents: o.after })));
    rendered = await render(
      <PreviewModal opened preview={preview} scheduledAt={null} productCount={4} submitting={false} error={null}
        onConfirm={vi.fn()} onClose={vi.fn()} overlaps={overlaps} />,
    );
  }
  const other = {
    id: '5d6e7f80-9a1b-4c2d-8e3f-405162738495', title: 'Clearance', status: 'pending' as const, executeImmediately: false,
    scheduledAt: '2030-03-05T15:07:00.000Z', revertAt: null, executedAt: null,
  };

  it('says it is checking, then names the orders sharing items, how many more, and marks the shared rows', async () => {
    await showOverlaps({ state: 'checking' });
    expect(dialog().querySelector('[role="status"]')?.textContent).toBe('Checking other work orders for the same items...');
    rendered?.unmount();
    await showOverlaps({ state: 'checked', overlaps: [{ order: other, targets: ['p1'], shared: 2 }], more: 3, complete: true });
    expect(text()).toContain('Also in other work orders');
    expect(text()).toMatch(/“Clearance” \(scheduled for Mar 5, 2030 at .*\): 2 items of this order/);
    expect(text()).toContain('and 3 more orders');
    expect(rows()[0]).toContain('Also in “Clearance”');
    expect(rows()[1]).not.toContain('Also in');
    expect(text()).not.toContain('Not every order was checked');
    rendered?.unmount();
    await showOverlaps({ state: 'checked', overlaps: [{ order: other, targets: ['p1'] }], more: 3, complete: false });
    expect(text()).toContain('and at least 3 more orders');
    expect(text()).toContain('Not every order was checked');
  });

  it('says plainly when the overlaps could not be checked', async () => {
    await showOverlaps({ state: 'unchecked', reason: 'Overlaps with other work orders could not be checked: you are offline.' });
    const note = [...dialog().querySelectorAll('[role="status"]')].find((n) => n.textContent?.includes('Overlaps not checked'));
    expect(note?.textContent).toContain('could not be checked: you are offline.');
    expect(text()).not.toContain('Also in other work orders');
  });
});
