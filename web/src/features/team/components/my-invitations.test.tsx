/**
 * Your Invitations for an unverified address (the API would answer 403 EMAIL_NOT_VERIFIED): the
 * list is not asked for; the box says why with the API's message and offers the verification
 * email again; once the session's user is verified, the list is read and shows the invitation.
 */
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVITATION_ERRORS } from '@catalog/contracts/team';
import { clearApiQueries } from '../../../lib/api-query';
import { AuthProvider } from '../../../lib/session';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { json, stubApi, type StubbedRequest } from '../../../testing/stub-api';
import { MyInvitations } from './my-invitations';

let rendered: Rendered | undefined;
let verified = false;
const requests: StubbedRequest[] = [];
const INVITATION = {
  id: 'i1', email: 'new@example.com', role: 'member', status: 'pending', createdAt: '2030-01-01T09:00:00.000Z',
  expiresAt: '2030-01-08T09:00:00.000Z', companyName: 'Acme Team',
};

beforeEach(() => {
  localStorage.clear();
  clearApiQueries();
  requests.length = 0;
  verified = false;
  stubApi(() => ({
    'GET /api/my-invitations': () => (verified
      ? json({ invitations: [INVITATION], nextCursor: null })
      : json({ error: { code: 'EMAIL_NOT_VERIFIED', message: INVITATION_ERRORS.emailNotVerified } }, 403)),
  }), requests);
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
});

describe('MyInvitations', () => {
  it('says why an unverified address sees no invitations, offers the email again, and lists them once verified', async () => {
    const identity = fakeIdentity();
    const user = fakeUser({ email: 'new@example.com', emailVerified: false });
    rendered = await render(
      <AuthProvider connect={identity.connect}>
        <MemoryRouter>
          <MyInvitations reload={() => {}} />
        </MemoryRouter>
      </AuthProvider>,
    );
    await waitFor(() => identity.connections() > 0);
    await act(async () => identity.emit(user));
    const text = () => rendered!.container.textContent ?? '';
    await waitFor(() => text().includes(INVITATION_ERRORS.emailNotVerified));
    expect([...rendered!.container.querySelectorAll('button')].map((b) => b.textContent)).toContain('Resend email');
    // Not asked while unverified: the API would refuse it (403, an error in the browser's console).
    expect(requests.filter((r) => r.url === '/api/my-invitations')).toHaveLength(0);

    verified = true;
    await act(async () => identity.emit({ ...user, emailVerified: true }));
    await waitFor(() => text().includes('Acme Team'));
    expect(text()).not.toContain(INVITATION_ERRORS.emailNotVerified);
    expect(requests.filter((r) => r.url === '/api/my-invitations')).toHaveLength(1);
  });

  it("lists the invitations of a store's user from BigCommerce at once (their address is verified by BigCommerce)", async () => {
    verified = true;
    const identity = fakeIdentity();
    rendered = await render(
      <AuthProvider connect={identity.connect}>
        <MemoryRouter>
          <MyInvitations reload={() => {}} />
        </MemoryRouter>
      </AuthProvider>,
    );
    await waitFor(() => identity.connections() > 0);
    await act(async () => identity.emit(fakeUser({ uid: 'bc:abc123:1002', email: null, emailVerified: false })));
    const text = () => rendered!.container.textContent ?? '';
    await waitFor(() => text().includes('Acme Team'));
    expect(text()).not.toContain(INVITATION_ERRORS.emailNotVerified);
  });

  it('says the same when the API still refuses a verified user (a token from before), and asks again once', async () => {
    const identity = fakeIdentity();
    rendered = await render(
      <AuthProvider connect={identity.connect}>
        <MemoryRouter>
          <MyInvitations reload={() => {}} />
        </MemoryRouter>
      </AuthProvider>,
    );
    await waitFor(() => identity.connections() > 0);
    await act(async () => identity.emit(fakeUser({ email: 'new@example.com', emailVerified: true })));
    const text = () => rendered!.container.textContent ?? '';
    await waitFor(() => text().includes(INVITATION_ERRORS.emailNotVerified));
    await waitFor(() => requests.filter((r) => r.url === '/api/my-invitations').length === 2);
  });
});
