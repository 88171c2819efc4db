/**
 * /accept-invitation against a stubbed API: the spec's error states, 'Sign In Required' for a
 * visitor (whose Sign In remembers the link), and the details for a signed-in user, looked up
 * without a bearer token.
 */
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../lib/session';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { AcceptInvitationPage } from './accept-invitation-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const DETAILS = {
  invitation: {
    email: 'ada@example.com', companyName: 'Acme Team', role: 'admin', inviterEmail: 'olive@example.com',
    status: 'pending', expiresAt: '2030-01-08T09:00:00.000Z',
  },
};

let rendered: Rendered | undefined;
let respond: () => Response;
const requests: Array<{ url: string; authorization: string | undefined }> = [];

beforeEach(() => {
  localStorage.clear();
  requests.length = 0;
  respond = () => json(DETAILS);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    requests.push({ url, authorization: (init.headers as Record<string, string>).Authorization });
    return respond();
  });
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
});

async function open(path: string, signedIn: { email: string; emailVerified?: boolean } | null = null) {
  const identity = fakeIdentity();
  const router = createMemoryRouter(
    [
      { path: '/accept-invitation', element: <AcceptInvitationPage /> },
      { path: '/login', element: <h1>Login</h1> },
    ],
    { initialEntries: [path] },
  );
  rendered = await render(
    <AuthProvider connect={identity.connect}>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  if (signedIn) {
    await waitFor(() => identity.connections() > 0);
    await act(async () => identity.emit(fakeUser({ email: signedIn.email, emailVerified: signedIn.emailVerified ?? true })));
  }
  return { container: rendered.container, router };
}

const text = (container: Element | null) => container?.textContent ?? '';

describe('AcceptInvitationPage', () => {
  it('says the link is invalid without a token, and asks nothing of the server', async () => {
    const { container } = await open('/accept-invitation');
    expect(text(container)).toContain('Invalid invitation link - no token provided');
    expect(requests).toEqual([]);
  });

  it("says 'Invitation not found or expired' for a 404 and 'Failed to load invitation details' otherwise", async () => {
    respond = () => json({ error: { code: 'NOT_FOUND', message: 'Invitation not found or expired' } }, 404);
    const missing = await open('/accept-invitation?token=gone');
    await waitFor(() => text(missing.container).includes('Invitation not found or expired'));
    rendered?.unmount();
    respond = () => json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } }, 500);
    const broken = await open('/accept-invitation?token=abc');
    await waitFor(() => text(broken.container).includes('Failed to load invitation details'));
  });

  it('says why a link is gone (410: accepted, cancelled or expired) and to ask for a new invitation, naming no one', async () => {
    for (const message of ['This invitation has already been accepted', 'This invitation was cancelled', 'This invitation has expired']) {
      respond = () => json({ error: { code: 'GONE', message } }, 410);
      const gone = await open('/accept-invitation?token=used');
      await waitFor(() => text(gone.container).includes(message));
      const alert = gone.container.querySelector('[role="alert"]');
      expect(text(alert)).toContain('ask the person who invited you to send a new invitation');
      expect(text(gone.container)).not.toContain('Failed to load invitation details');
      rendered?.unmount();
    }
    // A 410 with a message of its own (a proxy's page) still reads as a clear one.
    respond = () => new Response('Gone', { status: 410 });
    const bare = await open('/accept-invitation?token=used');
    await waitFor(() => text(bare.container).includes('This invitation is no longer valid'));
  });

  it("asks a visitor to sign in, and the Sign In button comes back to this link", async () => {
    const { container, router } = await open('/accept-invitation?token=tok123');
    await waitFor(() => container.querySelector('h1')?.textContent === 'Sign In Required');
    expect(text(container)).toContain('Acme Team');
    expect(requests).toEqual([{ url: '/api/invitations/tok123', authorization: undefined }]);
    const signIn = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Sign In')!;
    await act(async () => signIn.click());
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/accept-invitation?token=tok123' });
  });

  it('shows a signed-in user company, role, inviter, status and expiry, and links to the Team page', async () => {
    const { container } = await open('/accept-invitation?token=tok123', { email: 'ada@example.com' });
    await waitFor(() => container.querySelector('h1')?.textContent === 'Join Acme Team');
    const details = text(container.querySelector('table[aria-label="Invitation details"]'));
    for (const value of ['Acme Team', 'Admin', 'olive@example.com', 'Pending', 'Jan 8, 2030']) expect(details).toContain(value);
    expect(container.querySelector('a[href="/team"]')?.textContent).toBe('Go to Team page');
    expect(text(container)).not.toContain('you are signed in as');
    expect(requests.every((r) => r.authorization === undefined)).toBe(true);
  });

  it('tells an invitee whose address is not verified why they cannot accept yet, and offers the email again', async () => {
    const { container } = await open('/accept-invitation?token=tok123', { email: 'ada@example.com', emailVerified: false });
    await waitFor(() => text(container).includes('Verify your email address to see and accept invitations'));
    const buttons = [...container.querySelectorAll('button')].map((b) => b.textContent);
    expect(buttons).toEqual(expect.arrayContaining(['Resend email', "I've verified it"]));
  });

  it('warns a user signed in with another email', async () => {
    const { container } = await open('/accept-invitation?token=tok123', { email: 'someone@example.com' });
    await waitFor(() => text(container).includes('you are signed in as someone@example.com'));
  });
});
