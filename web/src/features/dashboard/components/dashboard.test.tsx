import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearApiQueries } from '../../../lib/api-query';
import { AuthProvider } from '../../../lib/session';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { Dashboard } from './dashboard';

let rendered: Rendered | undefined;
let responses: Record<string, () => Response>;
const requests: Array<{ url: string; authorization: string | null }> = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const CURRENT_USER = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  profileImageUrl: null,
  role: 'owner',
  hasSeenWalkthrough: true,
  company: { name: "Ada's Company", subscriptionPlan: 'trial', productLimit: 5 },
};

beforeEach(() => {
  localStorage.clear();
  clearApiQueries();
  requests.length = 0;
  responses = {
    '/api/auth/user': () => json(CURRENT_USER),
    '/api/dashboard': () =>
      json({
        totalProducts: 1234,
        pendingOrders: 2,
        completedOrders: 5,
        lastSyncAt: new Date(Date.now() - 3.5 * 3600_000).toISOString(),
      }),
  };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const headers = init.headers as Record<string, string>;
    requests.push({ url: input, authorization: headers.Authorization ?? null });
    const respond = responses[input];
    return respond ? respond() : json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
});

async function renderDashboard() {
  const identity = fakeIdentity();
  rendered = await render(
    <AuthProvider connect={identity.connect}>
      <MemoryRouter>
        <Dashboard />
      </MemoryRouter>
    </AuthProvider>,
  );
  await waitFor(() => identity.connections() > 0);
  await act(async () => identity.emit(fakeUser()));
  return rendered.container;
}

const cardText = (container: HTMLElement, label: string) =>
  container.querySelector(`article[aria-label="${label}"]`)?.textContent ?? '';

describe('Dashboard', () => {
  it('greets the user by first name and shows the four stats', async () => {
    const container = await renderDashboard();
    await waitFor(() => container.querySelector('h1')?.textContent === 'Welcome back, Ada');
    await waitFor(() => cardText(container, 'Total Products').includes('1,234'));
    expect(cardText(container, 'Pending Orders')).toContain('2');
    expect(cardText(container, 'Completed Orders')).toContain('5');
    expect(cardText(container, 'Last Sync')).toContain('3h');
    expect(requests.every((r) => r.authorization === 'Bearer fake-token')).toBe(true);
  });

  it("says 'Never' before the first sync", async () => {
    responses['/api/dashboard'] = () =>
      json({ totalProducts: 0, pendingOrders: 0, completedOrders: 0, lastSyncAt: null });
    const container = await renderDashboard();
    await waitFor(() => cardText(container, 'Last Sync').includes('Never'));
  });

  it('shows skeletons while loading, then an error with a retry that works', async () => {
    let fail = true;
    let release: () => void = () => {};
    responses['/api/dashboard'] = () => {
      if (fail) return json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } }, 500);
      return json({ totalProducts: 3, pendingOrders: 0, completedOrders: 0, lastSyncAt: null });
    };
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (input === '/api/dashboard') await gate;
      return stubbed(input, init);
    });
    const container = await renderDashboard();
    await waitFor(() => container.textContent?.includes('Loading your stats...') ?? false);
    await act(async () => release());
    await waitFor(() => container.textContent?.includes('Could not load your stats') ?? false);
    expect(container.textContent).toContain('Something went wrong on our side. Please try again.');

    fail = false;
    const retry = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!;
    await act(async () => retry.click());
    await waitFor(() => cardText(container, 'Total Products').includes('3'));
  });
});
