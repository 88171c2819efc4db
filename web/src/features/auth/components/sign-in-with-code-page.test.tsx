/**
 * /sign-in/code#code=... (issue 34), with the API's fetch and Firebase stood in for: the code is
 * read from the fragment, which leaves the address before anything else; it is posted once (also
 * under StrictMode), the custom token signs in to Firebase, and the app opens at "/" in place of
 * this page. A refused code shows the server's words, no answer or no code the fallback, each with
 * the way to the sign-in page.
 */
import { act, StrictMode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../lib/session';
import { onSignOut } from '../../../lib/sign-out-callbacks';
import { fakeIdentity, fakeUser, type FakeIdentity } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { json, stubApi, type ApiRoutes, type StubbedRequest } from '../../../testing/stub-api';
import { SIGN_IN_WITH_CODE_MESSAGES, SignInWithCodePage } from './sign-in-with-code-page';

const firebase = vi.hoisted(() => ({
  auth: { name: 'the app auth' },
  currentUser: null as { uid: string } | null,
  signInWithCustomToken: vi.fn<(auth: unknown, token: string) => Promise<{ user: { uid: string } }>>(),
}));
vi.mock('firebase/auth', () => ({ signInWithCustomToken: firebase.signInWithCustomToken }));
vi.mock('../../../lib/firebase', () => ({
  getFirebaseAuth: () => Object.assign(firebase.auth, { authStateReady: async () => {}, currentUser: firebase.currentUser }),
}));

const CODE = 'A'.repeat(40) + '_-9';
const BC_USER = fakeUser({ uid: 'bc:abc123:1001', email: null, displayName: null, emailVerified: false });

let rendered: Rendered | undefined;
let router: ReturnType<typeof createBrowserRouter> | undefined;
let identity: FakeIdentity;
let routes: ApiRoutes;
const requests: StubbedRequest[] = [];

beforeEach(() => {
  localStorage.clear();
  requests.length = 0;
  firebase.currentUser = null;
  identity = fakeIdentity();
  routes = { 'POST /api/bigcommerce/sign-in': () => json({ customToken: 'custom-token-1' }) };
  stubApi(() => routes, requests);
  // As Firebase does: the session hears of the new user (onIdTokenChanged) before the promise resolves.
  firebase.signInWithCustomToken.mockImplementation(async () => {
    await sessionListening();
    identity.emit(BC_USER);
    return { user: { uid: BC_USER.uid } };
  });
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  router?.dispose();
  router = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  firebase.signInWithCustomToken.mockReset();
  window.history.replaceState(null, '', '/');
});

async function open(address: string) {
  window.history.replaceState(null, '', address);
  router = createBrowserRouter([
    { path: '/sign-in/code', element: <SignInWithCodePage /> },
    { path: '/', element: <h1>Dashboard</h1> },
    { path: '/login', element: <h1>Sign in</h1> },
  ]);
  rendered = await render(
    <StrictMode>
      <AuthProvider connect={identity.connect}>
        <RouterProvider router={router} />
      </AuthProvider>
    </StrictMode>,
  );
  return rendered.container;
}

const text = () => rendered?.container.textContent ?? '';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The session has subscribed to the identity service (it starts it when the page is idle). */
async function sessionListening() {
  while (identity.connections() === 0) await sleep(10);
  await sleep(0);
}
const signInPosts = () => requests.filter((r) => r.url === '/api/bigcommerce/sign-in');

describe('SignInWithCodePage', () => {
  it('reads the code from the fragment, wipes it, signs in with the custom token and opens the app in its place', async () => {
    let release = () => {};
    firebase.signInWithCustomToken.mockImplementation(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      await sessionListening();
      identity.emit(BC_USER);
      return { user: { uid: BC_USER.uid } };
    });
    const length = window.history.length;
    const container = await open(`/sign-in/code#code=${CODE}`);

    // The code is out of the address before anything else happens.
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/sign-in/code');
    await waitFor(() => firebase.signInWithCustomToken.mock.calls.length > 0);
    expect(container.querySelector('[role="status"]')?.textContent).toContain(SIGN_IN_WITH_CODE_MESSAGES.working);

    expect(signInPosts()).toEqual([{ method: 'POST', url: '/api/bigcommerce/sign-in', body: { code: CODE } }]);
    expect(firebase.signInWithCustomToken).toHaveBeenCalledWith(firebase.auth, 'custom-token-1');

    await act(async () => release());
    await waitFor(() => container.querySelector('h1')?.textContent === 'Dashboard');
    expect(window.location.pathname).toBe('/');
    expect(window.location.href).not.toContain(CODE);
    // Replaced, not pushed: Back does not come to the code's page again.
    expect(window.history.length).toBe(length);
    // Once only, though StrictMode ran the effect twice: the code works once.
    expect(signInPosts()).toHaveLength(1);
    expect(firebase.signInWithCustomToken).toHaveBeenCalledTimes(1);
  });

  it("shows the server's reason for a refused code, and the way to the sign-in page", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused = 'This sign-in link is not valid any more: open the app again from your BigCommerce control panel (server)';
    routes = { 'POST /api/bigcommerce/sign-in': () => json({ error: { code: 'UNAUTHENTICATED', message: refused } }, 401) };
    const container = await open(`/sign-in/code#code=${CODE}`);

    await waitFor(() => container.querySelector('[role="alert"]') !== null);
    expect(container.querySelector('[role="alert"]')?.textContent).toContain(refused);
    expect(container.querySelector('h1')?.textContent).toBe(SIGN_IN_WITH_CODE_MESSAGES.failedTitle);
    expect(document.activeElement).toBe(container.querySelector('h1'));
    expect(window.location.hash).toBe('');
    expect(firebase.signInWithCustomToken).not.toHaveBeenCalled();

    const link = [...container.querySelectorAll('a')].find((a) => a.textContent === SIGN_IN_WITH_CODE_MESSAGES.signInLink);
    expect(link?.getAttribute('href')).toBe('/login');
    await act(async () => link!.click());
    await waitFor(() => window.location.pathname === '/login');
  });

  it('says the link is not valid any more when no answer comes (offline) or Firebase refuses the token', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    routes = {
      'POST /api/bigcommerce/sign-in': () => {
        throw new TypeError('Failed to fetch');
      },
    };
    let container = await open(`/sign-in/code#code=${CODE}`);
    await waitFor(() => container.querySelector('[role="alert"]') !== null);
    expect(container.querySelector('[role="alert"]')?.textContent).toContain(SIGN_IN_WITH_CODE_MESSAGES.fallback);

    rendered?.unmount();
    router?.dispose();
    routes = { 'POST /api/bigcommerce/sign-in': () => json({ customToken: 'custom-token-1' }) };
    firebase.signInWithCustomToken.mockRejectedValue(Object.assign(new Error('x'), { code: 'auth/invalid-custom-token' }));
    container = await open(`/sign-in/code#code=${CODE}`);
    await waitFor(() => container.querySelector('[role="alert"]') !== null);
    expect(container.querySelector('[role="alert"]')?.textContent).toContain(SIGN_IN_WITH_CODE_MESSAGES.fallback);
  });

  it('asks nothing when the address has no code (a code in the query is not read)', async () => {
    const container = await open(`/sign-in/code?code=${CODE}`);
    expect(container.querySelector('[role="alert"]')?.textContent).toContain(SIGN_IN_WITH_CODE_MESSAGES.fallback);
    await act(async () => sleep(50));
    expect(requests).toHaveLength(0);
    expect(text()).not.toContain(SIGN_IN_WITH_CODE_MESSAGES.working);
  });

  it("signs the device's previous user out of their data when the code is another user's", async () => {
    firebase.currentUser = { uid: 'user-1' };
    const signedOut: string[] = [];
    const stop = onSignOut((uid) => void signedOut.push(uid));
    try {
      const container = await open(`/sign-in/code#code=${CODE}`);
      await waitFor(() => container.querySelector('h1')?.textContent === 'Dashboard');
      expect(signedOut).toEqual(['user-1']);
    } finally {
      stop();
    }
  });
});
