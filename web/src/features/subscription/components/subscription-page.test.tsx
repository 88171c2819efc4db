/**
 * The subscription screen against a stubbed API: the banner, the three plans and their buttons,
 * upgrade (confirmation, checkout, redirect, and the two checkout failures), downgrade with the
 * product-limit warning, cancellation with the end-of-period notice, members' disabled buttons,
 * and the query parameters of the return from checkout and the pricing page, cleaned after.
 */
import { Notifications, notifications } from '@mantine/notifications';
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearApiQueries } from '../../../lib/api-query';
import { AuthProvider } from '../../../lib/session';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { expectWhoCan } from '../../../testing/who-can';
import { type ApiRoutes, json, type StubbedRequest, stubApi } from '../../../testing/stub-api';
import { SubscriptionPage } from './subscription-page';

const END = '2030-03-08T12:00:00.000Z';
const state = (overrides: Record<string, unknown> = {}) => ({
  plan: 'starter', productLimit: 100, status: 'active', currentPeriodEnd: END, cancelAtPeriodEnd: false,
  cancelledAt: null, productCount: 87, billingEnabled: true, ...overrides,
});

let rendered: Rendered | undefined;
let role: string;
let current: ReturnType<typeof state>;
let routes: ApiRoutes;
const requests: StubbedRequest[] = [];

beforeEach(() => {
  localStorage.clear();
  clearApiQueries();
  requests.length = 0;
  role = 'owner';
  current = state();
  routes = {
    'GET /api/auth/user': () => json({ id: 'u1', email: 'olive@example.com', firstName: 'Olive', lastName: null, profileImageUrl: null, role, hasSeenWalkthrough: true, company: { name: 'Acme', subscriptionPlan: current.plan, productLimit: current.productLimit } }),
    'GET /api/subscription': () => json(current),
  };
  stubApi(() => routes, requests);
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

async function renderPage(path = '/subscription', redirect = vi.fn()) {
  const identity = fakeIdentity();
  rendered = await render(
    <AuthProvider connect={identity.connect}>
      <Notifications />
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/subscription" element={<><SubscriptionPage redirect={redirect} /><Where /></>} />
        </Routes>
      </MemoryRouter>
    </AuthProvider>,
  );
  await waitFor(() => identity.connections() > 0);
  await act(async () => identity.emit(fakeUser()));
  await waitFor(() => body().includes('Choose Your Plan') && body().includes('Current plan'));
  return redirect;
}

const body = () => document.body.textContent ?? '';
const where = () => document.querySelector('[data-testid="where"]')?.textContent;
const buttons = () => [...document.querySelectorAll('button')];
const button = (name: string, root: ParentNode = document.body) => [...root.querySelectorAll('button')].find((b) => b.textContent === name);
const dialog = () => document.querySelector('[role="dialog"]') ?? document.body;
const click = async (name: string) => {
  const target = button(name);
  if (!target) throw new Error(`no button ${name}: ${buttons().map((b) => b.textContent).join(' | ')}`);
  await act(async () => target.click());
};
/** Clicks a button of the open dialog, once the dialog has it. */
const confirmWith = async (name: string) => {
  const find = () => {
    const open = document.querySelector('[role="dialog"]');
    return open ? button(name, open) : undefined;
  };
  await waitFor(() => find() !== undefined);
  await act(async () => find()!.click());
};

describe('SubscriptionPage', () => {
  it('shows the current plan, its renewal and product count, the three plans, the cancel card and the FAQ', async () => {
    await renderPage();
    const banner = document.querySelector('section[aria-labelledby~="current-plan-title"]')!.textContent;
    expect(banner).toContain('Starter');
    expect(banner).toContain('Renews on Mar 8, 2030');
    expect(banner).toContain('You have 87 products; the Starter plan syncs up to 100.');
    expect(document.querySelectorAll('article')).toHaveLength(3);
    expect(button('Downgrade to Trial')?.disabled).toBe(false);
    expect(button('Current Plan')?.disabled).toBe(true);
    expect(button('Upgrade to Premium')?.disabled).toBe(false);
    expect(button('Cancel Subscription')).toBeDefined();
    expect(body()).toContain('30-day money-back guarantee');
    expect(body()).toContain('Plan changes take effect immediately');
  });

  it('asks before an upgrade, then starts checkout and sends the browser to it', async () => {
    routes['POST /api/subscription/checkout'] = () => json({ checkoutUrl: 'http://127.0.0.1:8789/checkout/cs_test_1' });
    const redirect = await renderPage();
    await click('Upgrade to Premium');
    await waitFor(() => body().includes('Upgrade to Premium?'));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await confirmWith('Continue to payment');
    await waitFor(() => redirect.mock.calls.length === 1);
    expect(redirect).toHaveBeenCalledWith('http://127.0.0.1:8789/checkout/cs_test_1');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ plan: 'premium' });
  });

  it('says when no checkout URL came back, and shows why the server refused a checkout', async () => {
    routes['POST /api/subscription/checkout'] = () => json({});
    const redirect = await renderPage();
    await click('Upgrade to Premium');
    await confirmWith('Continue to payment');
    await waitFor(() => body().includes('No checkout URL received from server'));
    routes['POST /api/subscription/checkout'] = () => json({ error: { code: 'UPSTREAM', message: 'The payment provider could not be reached. Please try again in a moment.' } }, 502);
    await confirmWith('Continue to payment');
    await waitFor(() => body().includes('The payment provider could not be reached'));
    expect(redirect).not.toHaveBeenCalled();
  });

  it('warns that a smaller plan syncs fewer products, then downgrades at once', async () => {
    current = state({ plan: 'premium', productLimit: 1000, productCount: 250 });
    routes['POST /api/subscription/change'] = () => {
      current = state({ plan: 'starter', productCount: 250 });
      return json(current);
    };
    await renderPage();
    await click('Downgrade to Starter');
    await waitFor(() => body().includes('Downgrade to Starter?'));
    expect(dialog().textContent).toContain('You have 250 products; the Starter plan syncs 100. Your products stay, but your next sync keeps only the first 100.');
    await confirmWith('Downgrade to Starter');
    await waitFor(() => body().includes('Plan Updated'));
    expect(requests.find((r) => r.url === '/api/subscription/change')?.body).toEqual({ plan: 'starter' });
    await waitFor(() => button('Current Plan')?.closest('article')?.textContent?.includes('Starter') ?? false);
  });

  it("shows the server's reason when a plan change fails", async () => {
    current = state({ plan: 'premium', productLimit: 1000 });
    routes['POST /api/subscription/change'] = () => json({ error: { code: 'UPSTREAM', message: 'The payment provider refused to change the plan: card declined' } }, 502);
    await renderPage();
    await click('Downgrade to Starter');
    await confirmWith('Downgrade to Starter');
    await waitFor(() => body().includes('card declined'));
  });

  it('cancels after asking, and then says when the subscription ends', async () => {
    routes['POST /api/subscription/cancel'] = () => {
      current = state({ cancelAtPeriodEnd: true, cancelledAt: '2030-02-10T10:00:00.000Z' });
      return json(current);
    };
    await renderPage();
    await click('Cancel Subscription');
    await waitFor(() => body().includes('Cancel your subscription?'));
    await confirmWith('Cancel Subscription');
    await waitFor(() => body().includes('Subscription Cancelled'));
    const banner = document.querySelector('section[aria-labelledby~="current-plan-title"]')!.textContent;
    expect(banner).toContain('Your subscription ends on Mar 8, 2030; you will move to the Trial plan then.');
  });

  it('shows members the plans with the buttons disabled, saying who can, and a note', async () => {
    role = 'member';
    await renderPage();
    await waitFor(() => body().includes('Only owners and admins can change the subscription. Ask one of them to upgrade or cancel.'));
    for (const name of ['Upgrade to Premium', 'Downgrade to Trial', 'Cancel Subscription']) {
      await expectWhoCan(button(name)!, 'Only owners and admins can change the subscription');
      await act(async () => button(name)!.click());
    }
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('confirms the plan on the return from checkout, toasts, offers the next steps and cleans the URL', async () => {
    routes['POST /api/subscription/change'] = () => json(state());
    await renderPage('/subscription?success=true&plan=starter&session_id=cs_test_42');
    await waitFor(() => body().includes('Payment Successful'));
    expect(requests.find((r) => r.url === '/api/subscription/change')?.body).toEqual({ plan: 'starter', sessionId: 'cs_test_42' });
    await waitFor(() => where() === '/subscription');
    expect(document.querySelector('a[href="/thank-you?plan=starter"]')?.textContent).toBe('See what to do next');
  });

  it("says 'Payment Canceled' after a cancelled checkout, and opens the upgrade the pricing page asked for", async () => {
    await renderPage('/subscription?canceled=true');
    await waitFor(() => body().includes('Payment Canceled'));
    await waitFor(() => where() === '/subscription');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    rendered?.unmount();
    rendered = undefined;
    clearApiQueries();

    current = state({ plan: 'trial', productLimit: 5, currentPeriodEnd: null, productCount: 0 });
    await renderPage('/subscription?upgrade=premium');
    await waitFor(() => body().includes('Upgrade to Premium?'));
    await waitFor(() => where() === '/subscription');
  });
});
