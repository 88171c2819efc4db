/**
 * The bulk adjustment "set to the 30-day low" (issue 36): offered with the company's days only in
 * the EU mode, it asks the server for the selected products' lows at the order's moment and hands
 * them to the form with the adjustment, says how many items it leaves alone, and cannot be
 * applied offline.
 */
import { Notifications } from '@mantine/notifications';
import { DEFAULT_COMPANY_SETTINGS } from '@catalog/contracts/company-settings';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../lib/session';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { json, stubApi, type ApiRoutes, type StubbedRequest } from '../../../testing/stub-api';
import { forgetGuardrailSettings } from '../hooks/use-guardrail-settings';
import { bulkAdjust, initialFormState, type WorkOrderFormAction } from '../utils/work-order-form';
import { testProduct } from '../utils/test-fixtures';
import { BulkAdjustmentForm } from './bulk-adjustment-form';

let rendered: Rendered | undefined;
let respond: ApiRoutes;
let requests: StubbedRequest[];
const AT = new Date('2030-03-31T10:00:00.000Z');
const products = [testProduct(1, { baseVariantId: 11 }), testProduct(2, { baseVariantId: 12 })];

beforeEach(() => {
  forgetGuardrailSettings();
  requests = [];
  respond = {
    'GET /api/company/settings': () => json({ ...DEFAULT_COMPANY_SETTINGS, priorPriceDays: 14 }),
    'POST /api/products/lowest-prices': () => json({
      window: { from: '2030-03-17T10:00:00.000Z', to: AT.toISOString(), days: 14, gaps: [] },
      target: null,
      products: [
        { productId: 1, variants: [{ variantId: 11, lowest: { price: '17.50', from: '2030-03-17T10:00:00.000Z' }, current: '20.00' }] },
        { productId: 2, variants: [{ variantId: 12, lowest: null, current: '20.00' }] },
      ],
    }),
  };
  stubApi(() => respond, requests);
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderForm() {
  const dispatch = vi.fn<(action: WorkOrderFormAction) => void>();
  const identity = fakeIdentity();
  rendered = await render(
    <AuthProvider connect={identity.connect}>
      <Notifications />
      <BulkAdjustmentForm selectedCount={products.length} products={products} dispatch={dispatch} startsAt={AT} />
    </AuthProvider>,
  );
  await waitFor(() => identity.connections() > 0);
  await act(async () => identity.emit(fakeUser()));
  return { container: rendered.container, dispatch };
}

const button = (root: ParentNode, name: string) => [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
const labelled = (root: ParentNode, label: string) =>
  document.getElementById([...root.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)!.htmlFor) as HTMLInputElement;
const click = (el: HTMLElement | undefined) => act(async () => el!.click());
const option = (text: string) => [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === text);
const bodyText = () => document.body.textContent ?? '';

describe('BulkAdjustmentForm: the 30-day low', () => {
  it('reads the lows at the order\u2019s moment, hands them to the form, and counts the items with no known low', async () => {
    const { container, dispatch } = await renderForm();
    await click(labelled(container, 'Adjust by'));
    await waitFor(() => option('The 14-day low (EU prior price)') !== undefined);
    await click(option('The 14-day low (EU prior price)'));
    expect([...container.querySelectorAll('label')].map((l) => l.textContent?.trim())).not.toContain('Round to');
    expect(bodyText()).toContain('Sets each item\'s price to its lowest price of the 14 days before the order runs');
    await click(button(container, 'Apply'));
    await waitFor(() => dispatch.mock.calls.length > 0);
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ productIds: [1, 2], at: AT.toISOString() });
    const action = dispatch.mock.calls[0]![0] as Extract<WorkOrderFormAction, { type: 'bulk' }>;
    expect(action.adjustment).toEqual({ field: 'regular', mode: 'priorLow', days: 14, rounding: { kind: 'none' } });
    expect([...action.lows!.byVariant]).toEqual([[11, 1750], [12, null]]);
    await waitFor(() => bodyText().includes('Set the regular price to the 14-day low for 2 products'));
    expect(bodyText()).toContain('1 item has no known lowest price of the last 14 days and is left as it is.');
    // What the form does with them: product 1 at its low, product 2 as it was.
    const state = { ...initialFormState('x'), selectedIds: [1, 2], products: { 1: products[0]!, 2: products[1]! } };
    const { state: next, skipped } = bulkAdjust(state, action.adjustment, null, action.lows);
    expect(next.drafts).toEqual({ p1: { regular: '17.50' } });
    expect(skipped.noPriorLow).toBe(1);
    // Where part of the window was not followed, the lowest known price is taken (the preview says the rest is unknown).
    expect(bulkAdjust(state, action.adjustment, null, { ...action.lows!, gaps: true }).state.drafts).toEqual({ p1: { regular: '17.50' } });
  }, 15_000);

  it('is not offered outside the EU mode', async () => {
    respond['GET /api/company/settings'] = () => json(DEFAULT_COMPANY_SETTINGS);
    const { container } = await renderForm();
    await waitFor(() => requests.some((r) => r.url === '/api/company/settings'));
    await click(labelled(container, 'Adjust by'));
    await waitFor(() => option('Percentage') !== undefined);
    expect([...document.querySelectorAll('[role="option"]')].map((o) => o.textContent)).toEqual([
      'Percentage', 'Fixed amount', 'Set to price', 'Margin over cost (cost + %)', 'Percentage of MSRP',
    ]);
  });

  it('cannot be chosen offline, and says why', async () => {
    const { container, dispatch } = await renderForm();
    await click(labelled(container, 'Adjust by'));
    await waitFor(() => option('The 14-day low (EU prior price)') !== undefined);
    await click(option('The 14-day low (EU prior price)'));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await act(async () => window.dispatchEvent(new Event('offline')));
    await waitFor(() => bodyText().includes('The 14-day low is computed by the server from your price history: connect to the internet to apply it.'));
    await click(button(container, 'Apply'));
    await waitFor(() => bodyText().includes('connect to the internet to apply it') && container.querySelector('[role="alert"]') !== null);
    expect(dispatch).not.toHaveBeenCalled();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await click(labelled(container, 'Adjust by'));
    expect(option('The 14-day low (EU prior price)')?.getAttribute('data-combobox-disabled') ?? option('The 14-day low (EU prior price)')?.getAttribute('aria-disabled')).toBeTruthy();
  }, 15_000);
});
