/**
 * The Team page against a stubbed API: the title with company and role, the members and the
 * invitations with their badges, which controls each role sees (and who can, on the ones it may
 * not use), the dialogs with the spec's messages and confirmations, the server's refusals in the
 * toast, and reload after accepting.
 */
import { Notifications, notifications } from '@mantine/notifications';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearApiQueries } from '../../../lib/api-query';
import { AuthProvider } from '../../../lib/session';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { expectWhoCan } from '../../../testing/who-can';
import { type ApiRoutes, json, type StubbedRequest, stubApi } from '../../../testing/stub-api';
import { TeamPage } from './team-page';

const forbidden = (message: string) => json({ error: { code: 'FORBIDDEN', message } }, 403);

const OWNER = { id: 'u1', email: 'olive@example.com', firstName: 'Olive', lastName: 'Owner', profileImageUrl: null, role: 'owner' };
const MEMBER = { id: 'u2', email: 'mia@example.com', firstName: 'Mia', lastName: null, profileImageUrl: null, role: 'member' };
const invitation = (id: string, email: string, status: string) => ({
  id, email, role: 'member', status, createdAt: '2030-01-01T09:00:00.000Z', expiresAt: '2030-01-08T09:00:00.000Z', companyName: 'Acme Team',
});

let rendered: Rendered | undefined;
let me: typeof OWNER | typeof MEMBER;
let routes: ApiRoutes;
const requests: StubbedRequest[] = [];

beforeEach(() => {
  localStorage.clear();
  clearApiQueries();
  requests.length = 0;
  me = OWNER;
  routes = {
    'GET /api/auth/user': () => json({ ...me, hasSeenWalkthrough: true, company: { name: 'Acme Team', subscriptionPlan: 'premium', productLimit: 1000 } }),
    'GET /api/company/users': () => json({ members: [OWNER, MEMBER], nextCursor: null }),
    'GET /api/invitations': () => json({
      invitations: [invitation('i1', 'pat@example.com', 'pending'), invitation('i2', 'old@example.com', 'expired'), invitation('i3', 'mia@example.com', 'accepted')],
      nextCursor: null,
    }),
    'GET /api/my-invitations': () => json({ invitations: [], nextCursor: null }),
  };
  stubApi(() => routes, requests);
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

async function renderTeam(reload = vi.fn()) {
  const identity = fakeIdentity();
  rendered = await render(
    <AuthProvider connect={identity.connect}>
      <Notifications />
      <MemoryRouter>
        <TeamPage reload={reload} />
      </MemoryRouter>
    </AuthProvider>,
  );
  await waitFor(() => identity.connections() > 0);
  await act(async () => identity.emit(fakeUser()));
  await waitFor(() => document.body.textContent?.includes('pat@example.com') ?? false);
  return reload;
}

const body = () => document.body.textContent ?? '';
const button = (name: string, root: ParentNode = document.body) =>
  [...root.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === name || b.textContent === name);
const dialog = () => document.querySelector('[role="dialog"]') ?? document.body;
const click = async (name: string, root?: ParentNode) => {
  const target = button(name, root);
  if (!target) throw new Error(`no button ${name}`);
  await act(async () => target.click());
};
async function type(label: string, value: string) {
  const labelled = () => [...document.body.querySelectorAll('label')].find((l) => l.textContent?.replace('*', '').trim() === label);
  await waitFor(() => labelled() !== undefined);
  const input = document.getElementById(labelled()!.htmlFor) as HTMLInputElement;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const submit = async (label: string) => {
  const form = button(label)!.closest('form')!;
  await act(async () => form.requestSubmit());
};

describe('TeamPage', () => {
  it('titles the page with the company and the role, and lists members and invitations with badges', async () => {
    await renderTeam();
    expect(document.querySelector('h1')?.textContent).toBe('Acme Team');
    expect(body()).toContain('Your role:Owner');
    const members = document.querySelector('section[aria-labelledby="team-members-title"]')!;
    expect(members.textContent).toContain('Olive OwnerYou');
    expect(members.textContent).toContain('mia@example.com');
    const invitations = document.querySelector('section[aria-labelledby="pending-invitations-title"]')!.textContent;
    expect(invitations).toContain('Sent Jan 1, 2030');
    for (const status of ['Pending', 'Expired', 'Accepted']) expect(invitations).toContain(status);
    // Owners rename and remove members (not themselves); accepted invitations cannot be cancelled.
    expect(button('Edit company name')).toBeDefined();
    expect(button('Remove Mia')).toBeDefined();
    expect(button('Remove Olive Owner')).toBeUndefined();
    expect(button('Cancel invitation to pat@example.com')).toBeDefined();
    expect(button('Cancel invitation to mia@example.com')).toBeUndefined();
  });

  it('shows a member invite and cancel disabled, saying who can, and no rename or remove', async () => {
    me = { ...MEMBER };
    await renderTeam();
    expect(button('Edit company name')).toBeUndefined();
    expect(button('Remove Olive Owner')).toBeUndefined();
    await expectWhoCan(button('Invite Member')!, 'Only owners and admins can invite team members');
    await expectWhoCan(button('Cancel invitation to pat@example.com')!, 'Only owners and admins can cancel invitations');
    await click('Invite Member');
    await click('Cancel invitation to pat@example.com');
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it("shows the server's refusal when the role changed behind the page's back", async () => {
    routes['DELETE /api/invitations/i1'] = () => forbidden('Only owners and admins can cancel invitations');
    await renderTeam();
    await click('Cancel invitation to pat@example.com');
    await waitFor(() => body().includes('Are you sure you want to cancel this invitation?'));
    await click('Cancel Invitation', dialog());
    await waitFor(() => body().includes('Only owners and admins can cancel invitations'));
  });

  it('invites with the default member role, checks the email first, then shows the link to copy', async () => {
    routes['POST /api/invitations'] = (sent) => {
      const { email, role } = sent as { email: string; role: string };
      return json({ invitation: { ...invitation('i9', email, 'pending'), role }, acceptUrl: 'http://localhost/accept-invitation?token=abc', emailSent: false }, 201);
    };
    await renderTeam();
    await click('Invite Member');
    await type('Email address', 'not-an-email');
    await submit('Send Invitation');
    expect(body()).toContain('Please enter a valid email address');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await type('Email address', ' New@Example.com ');
    await submit('Send Invitation');
    await waitFor(() => body().includes('Invitation Sent'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ email: 'new@example.com', role: 'member' });
    const link = [...document.querySelectorAll('input')].find((i) => i.value.includes('/accept-invitation?token=abc'));
    expect(link?.readOnly).toBe(true);
    expect(button('Copy link')).toBeDefined();
    await waitFor(() => requests.filter((r) => r.url === '/api/invitations').length >= 2);
  });

  it("says 'Company name cannot be empty' before asking the server, then renames", async () => {
    routes['PUT /api/company/name'] = (sent) => json({ name: (sent as { name: string }).name });
    await renderTeam();
    await click('Edit company name');
    await type('Company name', '   ');
    await submit('Save');
    expect(body()).toContain('Company name cannot be empty');
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    await type('Company name', ' Acme Outfitters ');
    await submit('Save');
    await waitFor(() => body().includes('Company Name Updated'));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ name: 'Acme Outfitters' });
  });

  it('asks before removing a member, with their name, and toasts Member Removed', async () => {
    routes['DELETE /api/company/users/u2'] = () => json({ message: 'Mia was removed from the team and moved to their own company' });
    await renderTeam();
    await click('Remove Mia');
    await waitFor(() => body().includes('Are you sure you want to remove Mia from the team? They will be moved to their own company.'));
    await click('Remove', dialog());
    await waitFor(() => body().includes('Member Removed'));
  });

  it("accepts the user's own invitation, toasts, then reloads", async () => {
    routes['GET /api/my-invitations'] = () => json({ invitations: [{ ...invitation('m1', 'ada@example.com', 'pending'), companyName: 'Globex' }], nextCursor: null });
    routes['POST /api/invitations/m1/accept'] = () => json({ message: "You've successfully joined the company!", companyName: 'Globex', role: 'member' });
    const reload = await renderTeam();
    await waitFor(() => body().includes('Globex'));
    await click('Accept invitation to Globex');
    await waitFor(() => body().includes("You've successfully joined the company!"));
    expect(body()).toContain('Invitation Accepted');
    await waitFor(() => reload.mock.calls.length === 1);
  });

  it('shows why accepting failed and stays on the page', async () => {
    routes['GET /api/my-invitations'] = () => json({ invitations: [{ ...invitation('m1', 'ada@example.com', 'pending'), companyName: 'Globex' }], nextCursor: null });
    routes['POST /api/invitations/m1/accept'] = () => new Response('', { status: 500 });
    const reload = await renderTeam();
    await waitFor(() => body().includes('Globex'));
    await click('Accept invitation to Globex');
    await waitFor(() => body().includes('500: '));
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('offline', () => {
  it('keeps invite, rename, remove and cancel from reaching the server, and says they need a connection', async () => {
    await renderTeam();
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    await act(async () => window.dispatchEvent(new Event('offline')));
    for (const name of ['Invite Member', 'Edit company name', 'Remove Mia', 'Cancel invitation to pat@example.com']) {
      const control = button(name)!;
      await waitFor(() => control.getAttribute('aria-disabled') === 'true');
      const described = control.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
      expect(described).toContain('You are offline. This needs a connection to the server.');
      await act(async () => control.click());
    }
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
    onLine.mockRestore();
  });

  it('shows the offline state instead of an error when the team cannot be read, and loads it when back online', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const saved = routes;
    routes = {};
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const identity = fakeIdentity();
    rendered = await render(
      <AuthProvider connect={identity.connect}>
        <MemoryRouter>
          <TeamPage reload={vi.fn()} />
        </MemoryRouter>
      </AuthProvider>,
    );
    await waitFor(() => identity.connections() > 0);
    await act(async () => identity.emit(fakeUser()));
    await waitFor(() => body().includes('Your team will load when the connection returns.'));
    expect(body()).not.toContain('Authentication failed');

    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const route = saved[`${init.method ?? 'GET'} ${url}`];
      return route ? route(undefined) : json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    });
    onLine.mockReturnValue(true);
    await act(async () => window.dispatchEvent(new Event('online')));
    await waitFor(() => body().includes('pat@example.com'));
    onLine.mockRestore();
  });

  it('loads more members, invitations and own invitations page by page (issue 31), each under its own list', async () => {
    const ADMIN = { id: 'u3', email: 'adam@example.com', firstName: 'Adam', lastName: 'Admin', profileImageUrl: null, role: 'admin' };
    routes['GET /api/company/users'] = () => json({ members: [OWNER, MEMBER], nextCursor: 'm2' });
    routes['GET /api/company/users?cursor=m2'] = () => json({ members: [ADMIN], nextCursor: null });
    routes['GET /api/invitations'] = () => json({ invitations: [invitation('i1', 'pat@example.com', 'pending')], nextCursor: 'i2' });
    routes['GET /api/invitations?cursor=i2'] = () => json({ invitations: [invitation('i4', 'lee@example.com', 'expired')], nextCursor: null });
    routes['GET /api/my-invitations'] = () => json({ invitations: [{ ...invitation('m1', 'ada@example.com', 'pending'), companyName: 'Globex' }], nextCursor: 'y2' });
    routes['GET /api/my-invitations?cursor=y2'] = () => json({ invitations: [{ ...invitation('m2', 'ada@example.com', 'pending'), companyName: 'Initech' }], nextCursor: null });
    await renderTeam();
    const section = (id: string) => document.querySelector(`section[aria-labelledby="${id}"]`)!;
    await waitFor(() => body().includes('Globex'));

    expect(section('team-members-title').textContent).not.toContain('adam@example.com');
    await click('Load more members', section('team-members-title'));
    await waitFor(() => section('team-members-title').textContent?.includes('adam@example.com') ?? false);
    expect(button('Remove Adam Admin')).toBeDefined();
    expect(button('Load more members')).toBeUndefined();

    await click('Load more invitations', section('pending-invitations-title'));
    await waitFor(() => section('pending-invitations-title').textContent?.includes('lee@example.com') ?? false);
    expect(button('Cancel invitation to lee@example.com')).toBeDefined();

    await click('Load more invitations', section('my-invitations-title'));
    await waitFor(() => body().includes('Initech'));
    expect(button('Accept invitation to Initech')).toBeDefined();
    expect(requests.filter((r) => r.url.includes('cursor=')).map((r) => r.url).sort()).toEqual([
      '/api/company/users?cursor=m2', '/api/invitations?cursor=i2', '/api/my-invitations?cursor=y2',
    ]);
  });
});
