/**
 * /adopt-installation#code=...: the code is read from the fragment and cleared from the address,
 * sent once (StrictMode), and the owner lands on Settings with a toast; a refusal shows the
 * server's message in an alert, its heading focused.
 */
import { notifications } from '@mantine/notifications';
import { act, StrictMode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADOPT_INSTALLATION_PATH } from '@catalog/contracts/bigcommerce-app';
import { clearApiQueries } from '../../../lib/api-query';
import { AuthProvider } from '../../../lib/session';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { AdoptInstallationPage } from './adopt-installation-page';

let rendered: Rendered | undefined;
let requests: Array<{ url: string; body: unknown }>;
let answer: () => Response;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  clearApiQueries();
  requests = [];
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    requests.push({ url: input, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return answer();
  });
  window.history.replaceState(null, '', `${ADOPT_INSTALLATION_PATH}#code=v1:abc:def:ghi`);
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The page for a signed-in owner (the route requires a session: RequireAuth). */
async function show() {
  const identity = fakeIdentity();
  rendered = await render(
    <StrictMode>
      <AuthProvider connect={identity.connect}>
        <MemoryRouter initialEntries={[ADOPT_INSTALLATION_PATH]}>
          <Routes>
            <Route path={ADOPT_INSTALLATION_PATH} element={<AdoptInstallationPage />} />
            <Route path="/settings" element={<h1>Settings page</h1>} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </StrictMode>,
  );
  await waitFor(() => identity.connections() > 0);
  await act(async () => identity.emit(fakeUser()));
  return rendered.container;
}

describe('AdoptInstallationPage', () => {
  it('sends the code once, clears it from the address, and goes on to Settings', async () => {
    answer = () => json({ storeHash: 'acme' });
    const container = await show();
    await waitFor(() => container.textContent?.includes('Settings page') === true);
    expect(requests).toEqual([{ url: '/api/bigcommerce/adopt', body: { code: 'v1:abc:def:ghi' } }]);
    expect(window.location.hash).toBe('');
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', title: 'Store adopted' }));
  });

  it('shows why not, in an alert under a focused heading', async () => {
    answer = () => json({ error: { code: 'FORBIDDEN', message: 'Only the company\u2019s owner can adopt an installation from BigCommerce' } }, 403);
    const container = await show();
    await waitFor(() => container.querySelector('[role="alert"]') !== null);
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Only the company\u2019s owner can adopt');
    expect(document.activeElement?.textContent).toBe('The installation could not be adopted');
    expect(requests).toHaveLength(1);
  });
});
