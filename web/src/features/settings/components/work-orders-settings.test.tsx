/**
 * Settings > Work orders (issue 19): loads GET /api/company/settings, owners and admins save the
 * changed settings with PATCH (a toast; the server's field errors under their fields), members
 * see them read-only, and approvals are off and disabled with an upgrade hint on the Trial.
 */
import { notifications } from '@mantine/notifications';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COMPANY_SETTINGS } from '@catalog/contracts/company-settings';
import { clearApiQueries } from '../../../lib/api-query';
import { waitFor, type Rendered } from '../../../testing/render';
import { json, stubApi, type ApiRoutes, type StubbedRequest } from '../../../testing/stub-api';
import { settingsChanges } from './work-orders-settings';
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

describe('settingsChanges', () => {
  it('sends only what changed, rules compared as a set', () => {
    expect(settingsChanges(DEFAULT_COMPANY_SETTINGS, DEFAULT_COMPANY_SETTINGS)).toBeNull();
    const saved = { ...DEFAULT_COMPANY_SETTINGS, blockingGuardrails: ['zeroPrice', 'belowCost'] as const };
    expect(settingsChanges({ ...saved, blockingGuardrails: [...saved.blockingGuardrails] }, { ...saved, blockingGuardrails: ['belowCost', 'zeroPrice'] })).toBeNull();
    expect(settingsChanges(DEFAULT_COMPANY_SETTINGS, { ...DEFAULT_COMPANY_SETTINGS, retailFloor: true, guardrailThresholdPercent: 30 }))
      .toEqual({ retailFloor: true, guardrailThresholdPercent: 30 });
  });
});

describe('Work orders settings', () => {
  it('lets an owner turn approvals on, set the threshold and a blocking rule, and saves only those', async () => {
    respond['PATCH /api/company/settings'] = (body) => json({ ...DEFAULT_COMPANY_SETTINGS, ...(body as object) });
    const container = await renderSection();
    const approval = input(container, 'Work orders by members need approval');
    expect(approval.disabled).toBe(false);
    await act(async () => approval.click());
    await type(input(container, 'Large change threshold (%)'), '30');
    await act(async () => input(container, 'Price of 0.00').click());
    await act(async () => button(container, 'Save work order settings')!.click());
    await waitFor(() => patches().length === 1);
    expect(patches()[0]!.body).toEqual({ ordersNeedApproval: true, guardrailThresholdPercent: 30, blockingGuardrails: ['zeroPrice'] });
    await waitFor(() => toasts.some((t) => t.title === 'Work order settings saved'));
    // The label of largeChange follows the threshold.
    await waitFor(() => container.textContent?.includes('Change over 30%') ?? false);
  });

  it('refuses a threshold out of range on the device, and shows the server\u2019s field errors', async () => {
    respond['PATCH /api/company/settings'] = () =>
      json({ error: { code: 'VALIDATION', message: 'must name each rule at most once', fields: { blockingGuardrails: 'must name each rule at most once' } } }, 400);
    const container = await renderSection();
    await type(input(container, 'Large change threshold (%)'), '0');
    await act(async () => button(container, 'Save work order settings')!.click());
    expect(patches()).toEqual([]);
    expect(container.textContent).toContain('Enter a whole percentage from 1 to 1000');

    await type(input(container, 'Large change threshold (%)'), '60');
    await act(async () => button(container, 'Save work order settings')!.click());
    await waitFor(() => container.textContent?.includes('must name each rule at most once') ?? false);
    expect(toasts).toContainEqual(expect.objectContaining({ color: 'red', message: 'must name each rule at most once' }));
  });

  it('shows members the settings read-only, with no Save', async () => {
    respond['GET /api/auth/user'] = () => json(user('member'));
    respond['GET /api/company/settings'] = () => json({ ...DEFAULT_COMPANY_SETTINGS, ordersNeedApproval: true, blockingGuardrails: ['belowCost'] });
    const container = await renderSection();
    expect(container.textContent).toContain('Only owners and admins can change company settings.');
    expect(input(container, 'Work orders by members need approval').checked).toBe(true);
    expect(input(container, 'Work orders by members need approval').disabled).toBe(true);
    expect(input(container, 'Below cost').checked).toBe(true);
    expect(input(container, 'Below cost').disabled).toBe(true);
    expect(input(container, 'Large change threshold (%)').readOnly).toBe(true);
    expect(button(container, 'Save work order settings')).toBeUndefined();
  });

  it('keeps approvals off and disabled on the Trial, saying which plan has them', async () => {
    respond['GET /api/auth/user'] = () => json(user('owner', 'trial'));
    const container = await renderSection();
    await waitFor(() => container.textContent?.includes("Approvals of members' work orders are part of the Starter plan.") ?? false);
    const approval = input(container, 'Work orders by members need approval');
    expect(approval.disabled).toBe(true);
    expect(approval.getAttribute('aria-describedby')).toBeTruthy();
    expect(container.querySelector('a[href="/subscription"]')?.textContent).toBe('See plans');
  });
});
