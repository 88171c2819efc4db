/**
 * Settings > Work orders > EU prior price (issue 36): an owner turns the mode on (30 days), chooses
 * the "was" price and publishing, makes the rule blocking and saves only what changed; days out of
 * range are refused on the device; turning it off saves null; members see it read-only.
 */
import { notifications } from '@mantine/notifications';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COMPANY_SETTINGS } from '@catalog/contracts/company-settings';
import { clearApiQueries } from '../../../lib/api-query';
import { waitFor, type Rendered } from '../../../testing/render';
import { json, stubApi, type ApiRoutes, type StubbedRequest } from '../../../testing/stub-api';
import { buttonNamed as button, fieldByLabel as input, renderWorkOrdersSettings, settingsUser } from './work-orders-settings-harness';

let rendered: Rendered | undefined;
let respond: ApiRoutes;
let requests: StubbedRequest[];
let toasts: Array<{ title?: unknown; message?: unknown; color?: unknown }>;

const user = settingsUser;

beforeEach(() => {
  localStorage.clear();
  clearApiQueries();
  requests = [];
  toasts = [];
  respond = {
    'GET /api/auth/user': () => json(user('owner')),
    'GET /api/company/settings': () => json(DEFAULT_COMPANY_SETTINGS),
  };
  vi.spyOn(notifications, 'show').mockImplementation((toast) => {
    toasts.push(toast);
    return 'toast';
  });
  stubApi(() => respond, requests);
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderSection() {
  rendered = await renderWorkOrdersSettings();
  return rendered.container;
}


const patches = () => requests.filter((r) => r.method === 'PATCH');

async function type(el: HTMLInputElement, value: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setValue.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('Work orders settings: the EU prior price', () => {
  const radio = (root: ParentNode, value: string) => [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) => r.value === value)!;

  it('turns the mode on at 30 days, with the MSRP as the "was" price, publishing and the rule blocking, and saves only those', async () => {
    respond['PATCH /api/company/settings'] = (body) => json({ ...DEFAULT_COMPANY_SETTINGS, ...(body as object) });
    const container = await renderSection();
    expect(container.querySelector('legend')?.textContent).toBe('EU prior price');
    expect(radio(container, 'msrp').disabled).toBe(true);
    await act(async () => input(container, 'Check sales against the lowest prior price').click());
    expect(input(container, 'Days before a sale').value).toBe('30');
    await act(async () => radio(container, 'msrp').click());
    await act(async () => input(container, 'Publish the lowest prior price to the storefront (a variant metafield)').click());
    await act(async () => input(container, 'EU prior price').click());
    await act(async () => button(container, 'Save work order settings')!.click());
    await waitFor(() => patches().length === 1);
    expect(patches()[0]!.body).toEqual({ priorPriceDays: 30, priorPriceShownAs: 'msrp', publishPriorPrice: true, blockingGuardrails: ['priorPrice'] });
    await waitFor(() => toasts.some((t) => t.title === 'Work order settings saved'));
  });

  it('refuses days out of range on the device, saves other days, and saves null when turned off', async () => {
    respond['GET /api/company/settings'] = () => json({ ...DEFAULT_COMPANY_SETTINGS, priorPriceDays: 30 });
    respond['PATCH /api/company/settings'] = (body) => json({ ...DEFAULT_COMPANY_SETTINGS, priorPriceDays: 30, ...(body as object) });
    const container = await renderSection();
    for (const bad of ['0', '366', '']) {
      await type(input(container, 'Days before a sale'), bad);
      await act(async () => button(container, 'Save work order settings')!.click());
      expect(container.textContent).toContain('Enter a whole number of days from 1 to 365');
    }
    expect(patches()).toEqual([]);
    await type(input(container, 'Days before a sale'), '14');
    await act(async () => button(container, 'Save work order settings')!.click());
    await waitFor(() => patches().length === 1);
    expect(patches()[0]!.body).toEqual({ priorPriceDays: 14 });
    await act(async () => input(container, 'Check sales against the lowest prior price').click());
    await act(async () => button(container, 'Save work order settings')!.click());
    await waitFor(() => patches().length === 2);
    expect(patches()[1]!.body).toEqual({ priorPriceDays: null });
  });

  it('shows members the mode read-only', async () => {
    respond['GET /api/auth/user'] = () => json(user('member'));
    respond['GET /api/company/settings'] = () => json({ ...DEFAULT_COMPANY_SETTINGS, priorPriceDays: 30, priorPriceShownAs: 'msrp' });
    const container = await renderSection();
    expect(input(container, 'Check sales against the lowest prior price').disabled).toBe(true);
    expect(input(container, 'Days before a sale').readOnly).toBe(true);
    expect(radio(container, 'msrp').checked).toBe(true);
    expect(radio(container, 'msrp').disabled).toBe(true);
  });
});
